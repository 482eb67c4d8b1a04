import Testing
@testable import DeckBuilder

@Suite("Front matter")
struct NoteSourceTests {
    @Test("reads every setting and keeps the body's first line")
    func readsSettings() throws {
        let source = try NoteSource(text: """
            ---
            title: "Cells: the basics"
            tags: [biology, cells, biology]
            questions: 8
            lang: en-GB
            order: 2
            date: 2024-01-01
            ---
            # Body
            """)
        #expect(source.frontMatter.title == "Cells: the basics")
        #expect(source.frontMatter.tags == ["biology", "cells"])
        #expect(source.frontMatter.questions == .count(8))
        #expect(source.frontMatter.lang == "en-GB")
        #expect(source.frontMatter.order == 2)
        #expect(source.body == "# Body")
        #expect(source.bodyFirstLine == 9)
    }

    @Test("tags may be one comma-separated line; questions may be false")
    func acceptsShortForms() throws {
        let source = try NoteSource(text: "---\ntags: a, b\nquestions: false\n---\nx")
        #expect(source.frontMatter.tags == ["a", "b"])
        #expect(source.frontMatter.questions == .none)
    }

    @Test("no front matter leaves the text as the body")
    func withoutFrontMatter() throws {
        let source = try NoteSource(text: "# Title\n\n---\nnot: yaml")
        #expect(source.body == "# Title\n\n---\nnot: yaml")
        #expect(source.bodyFirstLine == 1)
    }

    @Test("malformed front matter is an error at its line", arguments: [
        ("---\ntitle: [unclosed\n---\nbody", 2),
        ("---\ntitle: ok\n  bad: indent\n---\nbody", 3),
        ("---\ntitle: a\ntitle: b\n---\n", 3),
        ("---\ntitle: {a: 1}\n---\n", 2),
        ("---\norder: first\n---\n", 2),
        ("---\nquestions: lots\n---\n", 2),
        ("---\nlang: English please\n---\n", 2),
        ("---\n- just\n- a list\n---\n", 2),
        ("---\ntitle: never closed\n", 1),
        ("---\ntags: [a, *ref]\n---\n", 2),
    ])
    func malformed(text: String, line: Int) {
        do {
            _ = try NoteSource(text: text)
            Issue.record("expected an error for \(text.debugDescription)")
        } catch {
            #expect(error.severity == .error)
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains("expected"), "\(error)")
        }
    }

    @Test("an API key in front matter is refused, by its name or its shape; other tools' keys are not", arguments: [
        ("---\nopenai_api_key: abc\n---\n", true),
        ("---\nsecret: hunter2\n---\n", true),
        ("---\nnotes: sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\n---\n", true),
        ("---\nkey: C major\ndate: 2024-01-01\nauthor: Ann\n---\n", false),
    ])
    func refusesSecrets(text: String, refused: Bool) {
        do {
            _ = try NoteSource(text: text)
            #expect(!refused)
        } catch {
            #expect(refused)
            #expect(error.message.contains("looks like an API key") && error.line == 2)
            #expect(!error.message.contains("sk-proj") && !error.message.contains("hunter2"))
        }
    }
}

/// The source hash, worked on bytes, normalises a note's text as the Character version did.
@Suite("Note source hash on bytes")
struct NoteSourceHashBytesTests {
    /// The Character version the byte version replaced.
    static func byCharacters(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var trimmed = Substring(line)
            while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
            return trimmed
        }
        var joined = lines.joined(separator: "\n")
        while joined.hasSuffix("\n") { joined.removeLast() }
        return joined
    }

    @Test("agrees with the Character version", arguments: [
        "", "\n", "\n\n\n", "a", "a  \t\nb \n\n", "# Title \n\nText.\t\t\n  \n", "crlf \r\nline\t\r\n\r\n", "mixed\r\n\n\n",
        "space then mark \u{301}\nnext", "tab\t\u{301}", "中文 \n日本語\t\n", "trailing\n \n\t\n", " \n", "a\r\n",
    ])
    func agrees(_ text: String) {
        #expect(Note.normalisedForHash(text) == Array(Self.byCharacters(text).utf8))
    }
}

/// The whitespace test on scalars answers ASCII without a property lookup, and the same as the lookup.
@Suite("Scalar whitespace")
struct ScalarWhitespaceTests {
    @Test("agrees with Unicode's property for every ASCII scalar and some others")
    func agrees() {
        let others: [UInt32] = [0x85, 0xA0, 0x1680, 0x2000, 0x200B, 0x2028, 0x3000, 0xFEFF, 0x301, 0x4E2D]
        for value in Array(0..<0x80) + others {
            let scalar = Unicode.Scalar(value)!
            #expect(scalar.isWhitespace == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }
}
