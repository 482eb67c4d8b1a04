import Foundation

extension SiteManifest {
    /// The file as `data` writes it through `JSONEncoder`, written by hand: at the end of a build, with nothing
    /// else left to do, encoding thousands of page digests boxed held up the build on one core.
    var json: Data {
        var json = JSONText()
        json.object { json in
            json.field("complete") { $0.bool(complete) }
            json.field("decks") { $0.number(decks) }
            json.field("diagnostics") { json in json.array(diagnostics) { $0.diagnostic($1) } }
            json.field("files") { $0.number(files) }
            json.field("inputs") { $0.string(inputs) }
            json.field("pages") { json in
                json.object { json in
                    for (path, digest) in pages.sorted(by: { $0.key.precedesInUTF8Order($1.key) }) {
                        json.field(path) { $0.string(digest) }
                    }
                }
            }
            json.field("questions") { $0.number(questions) }
            json.field("reports") { $0.number(reports) }
            json.field("version") { $0.number(version) }
        }
        return ScriptJSON.safeData(json.bytes)
    }
}

extension JSONText {
    /// A diagnostic as the manifest and the deck records keep it.
    mutating func diagnostic(_ diagnostic: SiteManifest.StoredDiagnostic) {
        object { json in
            if let column = diagnostic.column { json.field("column") { $0.number(column) } }
            if let line = diagnostic.line { json.field("line") { $0.number(line) } }
            json.field("message") { $0.string(diagnostic.message) }
            json.field("path") { $0.string(diagnostic.path) }
            json.field("severity") { $0.string(diagnostic.severity) }
        }
    }
}
