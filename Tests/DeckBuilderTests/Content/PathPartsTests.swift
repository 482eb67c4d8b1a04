@testable import DeckBuilder
import Foundation
import Testing

@Suite("PathParts: a file's folder and name, cut at the last slash")
struct PathPartsTests {
    @Test("a path splits at its last slash, as deletingLastPathComponent and lastPathComponent do")
    func splitsLikeNSString() {
        for path in ["/site/.deckgen/questions/a/b.md", "/c.md", "folder/c.md", "c.md", "/a b/ü.md", "/x/.c.md.tmp-12"] {
            let (folder, name) = PathParts.split(path)
            let expectedFolder = (path as NSString).deletingLastPathComponent
            #expect(folder == (expectedFolder.isEmpty ? "." : expectedFolder), "\(path)")
            #expect(name == (path as NSString).lastPathComponent, "\(path)")
        }
    }

    @Test("a name that begins with a combining mark keeps it: the cut is at the slash's byte, as the kernel cuts")
    func combiningMarkAfterSlash() {
        // NSString takes the slash and the mark for one character and does not cut there.
        let (folder, name) = PathParts.split("/s/\u{301}x.md")
        #expect(folder == "/s")
        #expect(name == "\u{301}x.md")
        #expect(name != "x.md")
    }

    @Test("joining puts one slash between folder and name")
    func joins() {
        #expect(PathParts.join("/site", "a.md") == "/site/a.md")
        #expect(PathParts.join("/", "a.md") == "/a.md")
        #expect(PathParts.join(PathParts.split("/x/y/z.md").folder, "w.md") == "/x/y/w.md")
    }
}
