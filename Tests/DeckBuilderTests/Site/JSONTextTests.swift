import Foundation
import Testing
@testable import DeckBuilder

/// JSON written by hand is byte for byte what `JSONEncoder` writes with sorted keys and unescaped slashes.
@Suite("JSON text")
struct JSONTextTests {
    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    @Test("strings: every ASCII character, the separators, non-ASCII text, and random mixes")
    func strings() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) } + Array("\u{2028}\u{2029}é中\u{FEFF}😀/\\\"")
        let fixed = [String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }), "", "</script>", "a/b"]
        let samples = generator.samples(fixed, from: alphabet, maximumLength: 20, count: 500)
        for sample in samples {
            var json = JSONText()
            json.string(sample)
            #expect(json.bytes == (try Self.encoded(sample)), "\(sample.unicodeScalars.map(\.value))")
        }
    }

    @Test("a deck's page data, in every interface language", arguments: ["en", "zh-Hans", "ja", "ko", "de"])
    func deckPageData(lang: String) throws {
        let questions = [
            Question(prompt: "Which \"organelle\" makes <ATP>?\n", choices: ["Mitochondrion", "Ribosome\t", "a/b", "中文"],
                     answer: 2, explanation: "From “Cells”: \\ mitochondria \u{2028}"),
            Question(prompt: "Second", choices: ["x", "y"], answer: 0),
        ]
        let deck = RenderedDeck(slug: "biology-cells", sourcePath: "biology/cells.md", title: "Cells & \"walls\"", lang: lang,
                                tags: [], section: "biology", order: nil, html: "", assets: [], outline: NoteOutline(),
                                quizBlocks: [], questions: questions)
        let data = DeckPageData(deck, ids: ["a", "b"])
        #expect(data.json == (try Self.encoded(data)))
        #expect(ScriptJSON.safe(data.json) == ScriptJSON.encode(data))
        let empty = DeckPageData(RenderedDeck(slug: "e", sourcePath: "e.md", title: "", lang: lang, tags: [], section: "",
                                              order: nil, html: "", assets: [], outline: NoteOutline(), quizBlocks: [],
                                              questions: []), ids: [])
        #expect(empty.json == (try Self.encoded(empty)))
    }

    @Test("the index's data, in every interface language", arguments: ["en", "zh-Hans", "de"])
    func siteIndexData(lang: String) throws {
        var deck = RenderedDeck(slug: "biology/cells & <walls>", sourcePath: "biology/cells.md", title: "Cells \"1\"",
                                lang: lang, tags: ["exam", "a/b"], section: "biology", order: nil, html: "", assets: [],
                                outline: NoteOutline(), quizBlocks: [])
        deck.study = DeckStudy(questionIDs: ["q1", "q2 <\u{2028}"], pageData: "", searchWords: "")
        let bare = RenderedDeck(slug: "e", sourcePath: "e.md", title: "", lang: lang, tags: [], section: "", order: nil,
                                html: "", assets: [], outline: NoteOutline(), quizBlocks: [])
        for sections in [[IndexSection(title: "biology", decks: [deck, bare]), IndexSection(title: "", decks: [bare])], []] {
            let data = SiteIndexData(sections)
            #expect(data.json == (try Self.encoded(data)))
            #expect(ScriptJSON.safe(data.json) == ScriptJSON.encode(data))
        }
    }

    @Test("the deck records, as the site file writes them")
    func deckRecords() throws {
        let diagnostics = [
            SiteManifest.StoredDiagnostic(severity: "warning", message: "raw HTML `<b>` & \"quotes\"\n\u{2028}", path: "a.md", line: 3,
                                          column: nil),
            SiteManifest.StoredDiagnostic(severity: "error", message: "", path: "é.md", line: nil, column: 7),
        ]
        let record = DeckRecords.Record(key: "k", slug: "s/t", title: "T <1>", lang: "en", tags: ["a", "b&c"], section: "S",
                                        order: nil, assets: ["x.png"], linkDigest: "d",
                                        links: [.init(url: "../a b.md#x", image: false, line: 4), .init(url: "p\"q.png", image: true, line: nil)],
                                        questions: ["q"], data: "{\"deck\":\"s/t\",\"title\":\"T \\u003c1>\"}", words: "cells 細胞",
                                        renderDiagnostics: diagnostics, questionDiagnostics: [])
        var ordered = record
        ordered.order = 2
        ordered.questionDiagnostics = diagnostics.reversed()
        var records = DeckRecords()
        records.universe = "u<1>"
        // Paths whose byte order differs from Swift's string order and from UTF-16's.
        let paths = ["a10.md", "a9.md", "B.md", "a.md", "é.md", "z.md", "_x.md", "a/b.md", "a-b.md", "9.md", "ａ.md",
                     "e\u{301}x.md", "ex.md", "f.md", "😀.md", "\u{E000}.md"]
        for (index, path) in paths.enumerated() {
            records.decks[path] = index.isMultiple(of: 2) ? record : ordered
        }
        #expect(records.json == records.data)
        #expect(DeckRecords().json == DeckRecords().data)
        #expect(try JSONDecoder().decode(DeckRecords.self, from: records.json) == records)
    }

    @Test("the manifest, as the site file writes it", arguments: [true, false])
    func manifest(complete: Bool) throws {
        let diagnostics = [
            SiteManifest.StoredDiagnostic(severity: "warning", message: "raw HTML `<b>` & \"quotes\"\n\u{2028}", path: "a.md", line: 3,
                                          column: nil),
            SiteManifest.StoredDiagnostic(severity: "error", message: "", path: "é.md", line: nil, column: 7),
        ]
        // Paths whose byte order differs from Swift's string order and from UTF-16's.
        let paths = ["decks/a10.html", "decks/a9.html", "decks/B.html", "index.html", "decks/é.html", "reports/z.html",
                     "decks/ａ.html", "decks/e\u{301}x.html", "decks/😀.html", "decks/\u{E000}.html", "files/a b&c.png"]
        let pages = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, String(repeating: "0123456789abcdef", count: 4) + "\($0)") })
        for manifest in [SiteManifest(inputs: "in<1>", complete: complete, pages: pages, decks: 9, reports: 1, files: 1, questions: 45,
                                      diagnostics: diagnostics),
                         SiteManifest(inputs: "", complete: complete, pages: [:], decks: 0, reports: 0, files: 0, questions: 0, diagnostics: [])] {
            #expect(manifest.json == manifest.data)
            #expect(try JSONDecoder().decode(SiteManifest.self, from: manifest.json) == manifest)
        }
    }
}
