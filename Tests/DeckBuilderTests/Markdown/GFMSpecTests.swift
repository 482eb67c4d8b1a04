import Testing
@testable import DeckBuilder

/// Runs every example of the GFM spec (spec.txt) and its extension examples (extensions.txt) through
/// deckgen's renderer as deckgen uses it: safe mode, all extensions on. HTML is compared after
/// `SpecHTMLNormalizer`. Examples listed in `GFMSpecExpectations` must differ exactly as stated.
/// (The type name starts with `Markdown` so that `swift test --filter Markdown` runs it too.)
@Suite("GFM spec")
struct MarkdownGFMSpecTests {
    @Test("spec files are found and hold examples")
    func specFilesFound() throws {
        let directory = try GFMSpec.directory()
        #expect(!GFMSpec.coreExamples.isEmpty, "no examples read from \(directory.path)/spec.txt")
        #expect(!GFMSpec.extensionExamples.isEmpty, "no examples read from \(directory.path)/extensions.txt")
        for (expectations, examples) in [(GFMSpecExpectations.core, GFMSpec.coreExamples), (.extensions, GFMSpec.extensionExamples)] {
            let listed = Set(expectations.expectedDifferences.keys).union(expectations.libraryDifferences.keys)
            #expect(listed.allSatisfy { $0 <= examples.count }, "an expectation names an example the file does not have")
        }
    }

    @Test("spec.txt example", arguments: GFMSpec.coreExamples)
    func coreExample(_ example: GFMSpecExample) {
        if case .failure(let message) = SpecCheck.outcome(of: example, expectations: .core) {
            Issue.record(Comment(rawValue: message))
        }
    }

    @Test("extensions.txt example", arguments: GFMSpec.extensionExamples)
    func extensionExample(_ example: GFMSpecExample) {
        if case .failure(let message) = SpecCheck.outcome(of: example, expectations: .extensions) {
            Issue.record(Comment(rawValue: message))
        }
    }

    @Test("summary: at least 99% match, every difference explained")
    func summary() throws {
        let core = GFMSpec.coreExamples.map { SpecCheck.outcome(of: $0, expectations: .core) }
        let extensions = GFMSpec.extensionExamples.map { SpecCheck.outcome(of: $0, expectations: .extensions) }
        try #require(!core.isEmpty && !extensions.isEmpty, "the GFM spec examples could not be read")

        let all = core + extensions
        let differences = all.filter(\.isVerifiedDifference).count
        let library = all.filter(\.isLibraryDifference).count
        let unexplained = all.filter(\.isFailure).count
        print("GFM spec: \(core.filter(\.isMatch).count)/\(core.count) core + \(extensions.filter(\.isMatch).count)/\(extensions.count) "
            + "extension examples match in safe mode; \(differences) expected safe-mode differences, each verified; "
            + "\(library) known cmark-gfm 0.29.0.gfm.6 difference\(library == 1 ? "" : "s"); \(unexplained) unexplained")

        #expect(unexplained == 0)
        let rate = Double(all.filter { $0.isMatch || $0.isVerifiedDifference }.count) / Double(all.count)
        #expect(rate >= 0.99, "match rate \(rate)")
    }
}

// MARK: - Checking one example

/// How an example fared.
enum SpecOutcome: Sendable {
    case match
    case verifiedDifference(SafeModeDifference)
    case libraryDifference(String)
    case failure(String)

    var isMatch: Bool { if case .match = self { true } else { false } }
    var isVerifiedDifference: Bool { if case .verifiedDifference = self { true } else { false } }
    var isLibraryDifference: Bool { if case .libraryDifference = self { true } else { false } }
    var isFailure: Bool { if case .failure = self { true } else { false } }
}

enum SpecCheck {
    static let safeRenderer = MarkdownRenderer()
    /// extensions.txt marks an example that need only render, without crashing, with this expected HTML.
    static let ignoredOutput = "<IGNORE>\n"

    static func outcome(of example: GFMSpecExample, expectations: GFMSpecExpectations) -> SpecOutcome {
        let expected = SpecHTMLNormalizer.normalize(example.html)
        let safe = safeRenderer.render(example.markdown).html
        if example.html == ignoredOutput || SpecHTMLNormalizer.normalize(safe) == expected {
            if expectations.expectedDifferences[example.number] != nil || expectations.libraryDifferences[example.number] != nil {
                return .failure("\(example.testDescription) now matches the spec; remove it from GFMSpecExpectations")
            }
            return .match
        }
        if let reason = expectations.libraryDifferences[example.number] {
            let unsafe = MarkdownRenderer(options: MarkdownOptions.default.union(.unsafe)).render(example.markdown).html
            guard SpecHTMLNormalizer.normalize(unsafe) != expected else {
                return .failure("\(example.testDescription) matches in unsafe mode; it is not a library difference")
            }
            return .libraryDifference(reason)
        }
        guard let difference = expectations.expectedDifferences[example.number] else {
            return .failure("""
                \(example.testDescription), line \(example.line), differs from the spec
                --- markdown
                \(example.markdown)--- expected (normalised)
                \(expected)
                --- safe mode (normalised)
                \(SpecHTMLNormalizer.normalize(safe))
                """)
        }
        if let problem = verify(difference, of: example, safe: safe) {
            return .failure("\(example.testDescription): \(problem)")
        }
        let matching = MarkdownRenderer(options: difference.matchingOptions).render(example.markdown).html
        guard SpecHTMLNormalizer.normalize(matching) == expected else {
            return .failure("\(example.testDescription): listed as “\(difference.rawValue)” but does not match the spec "
                + "under \(difference.matchingOptions) either: \(SpecHTMLNormalizer.normalize(matching))")
        }
        return .verifiedDifference(difference)
    }

    /// Why the safe-mode output does not differ in the stated way, or nil if it does.
    private static func verify(_ difference: SafeModeDifference, of example: GFMSpecExample, safe: String) -> String? {
        switch difference {
        case .rawHTML:
            return safe.contains("<!-- raw HTML omitted -->") ? nil : "expected raw HTML omitted in safe mode: \(safe)"
        case .tagFilter:
            guard safe.contains("<!-- raw HTML omitted -->") else { return "expected raw HTML omitted in safe mode: \(safe)" }
            let filtered = MarkdownRenderer(options: MarkdownOptions.default.union(.unsafe)).render(example.markdown).html
            let escapedTags = ["&lt;script", "&lt;style", "&lt;textarea", "&lt;title", "&lt;xmp", "&lt;iframe", "&lt;plaintext"]
            return escapedTags.contains(where: filtered.contains) ? nil : "expected tagfilter to escape a tag in unsafe mode: \(filtered)"
        case .autolink:
            return count("<a ", in: safe) > count("<a ", in: example.html) ? nil : "expected an extra autolink in safe mode: \(safe)"
        }
    }

    private static func count(_ needle: String, in text: String) -> Int {
        text.split(separator: needle, omittingEmptySubsequences: false).count - 1
    }
}
