import Testing
@testable import DeckBuilder

@Suite("Page renderer")
struct PageRendererTests {
    @Test("explanation lines are what splitting Characters at a line feed gives")
    func explanationLines() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab \n\n\r\u{301}é中😀")
        let fixed = ["", "\n", "one", "one\ntwo", "one\n\ntwo\n", "crlf\r\nstays whole", "\n\u{301}accent after a break"]
        for sample in generator.samples(fixed, from: alphabet, maximumLength: 16) {
            #expect(PageRenderer.explanationLines(sample) == sample.split(separator: "\n").map(String.init),
                    "\(sample.unicodeScalars.map(\.value))")
        }
    }
}
