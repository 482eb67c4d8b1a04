import Foundation
import Testing
@testable import DeckBuilder

/// The real study notes in `../shared/data/notes/` and the sample site's notes, as generation requests.
enum StudyNotes {
    /// One note ready for a generator, with its file's name for messages.
    struct Note: Sendable, CustomTestStringConvertible {
        var path: String
        var markdown: String
        var request: GenerationRequest
        var testDescription: String { path }
    }

    /// Every `.md` note in the real note folders and in `content/`, each asked on its own.
    static func all(count: Int = 5) throws -> [Note] {
        try notes(count: count, real: true)
    }

    /// The notes of `all` where the real notes run (`SharedData.runs`), else only the sample site's:
    /// for tests of the generator's logic, which need notes of some kind on every clone.
    static func available(count: Int = 5) throws -> [Note] {
        try notes(count: count, real: SharedData.runs())
    }

    private static func notes(count: Int, real: Bool) throws -> [Note] {
        let root = try PackageFolders.root()
        var folders = [URL]()
        if real {
            // Every folder of notes there, nested ones (`en-gcse-courses/biology`) included.
            let shared = try PackageFolders.sharedData("notes")
            // Hidden folders are skipped as a build skips them: a question store (`.deckgen/questions`) is no note.
            let found = FileManager.default.enumerator(at: shared, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            var sharedFolders = Set<String>()
            while let url = found?.nextObject() as? URL {
                if url.pathExtension == "md" { sharedFolders.insert(url.deletingLastPathComponent().path) }
            }
            folders += sharedFolders.sorted().map { URL(fileURLWithPath: $0) }
        }
        let content = root.appendingPathComponent("content")
        let walker = FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)
        var contentFolders = Set<String>()
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension == "md", !url.path.contains("/.deckgen/") { contentFolders.insert(url.deletingLastPathComponent().path) }
        }
        folders += contentFolders.sorted().map { URL(fileURLWithPath: $0) }
        var notes = [Note]()
        for folder in folders { notes += try self.notes(in: folder, root: root.deletingLastPathComponent(), count: count) }
        return notes
    }

    private static func notes(in folder: URL, root: URL, count: Int) throws -> [Note] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        let renderer = MarkdownRenderer(options: .site)
        let loaded = try files.map { name -> (String, String, String?, NoteOutline) in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let (body, lang) = strippingFrontMatter(text)
            return (name, body, lang, renderer.render(body).outline)
        }
        let prefix = folder.path.hasPrefix(root.path) ? String(folder.path.dropFirst(root.path.count + 1)) : folder.path
        return loaded.map { note in
            let request = GenerationRequest(notePath: "\(prefix)/\(note.0)", title: note.0, lang: note.2 ?? "en", count: count,
                                            markdown: note.1, outline: note.3)
            return Note(path: request.notePath, markdown: note.1, request: request)
        }
    }

    /// The Markdown after a leading `---` … `---` block, and the block's `lang:` if it has one.
    static func strippingFrontMatter(_ text: String) -> (String, String?) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
              let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }) else { return (text, nil) }
        let lang = lines[1..<end].first { $0.hasPrefix("lang:") }.map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) }
        return (lines[(end + 1)...].joined(separator: "\n"), lang)
    }

    /// Bold-term definitions counted straight from the Markdown, independently of the generator:
    /// a line opening with `**Term**` followed by a separator or a defining verb or particle.
    static func boldDefinitionCount(_ markdown: String) -> Int {
        let pattern = #"^\s*(?:[-*+]|\d+\.)?\s*\*\*([^*\n]{1,60})\*\*\s*(?:\([^)]*\)\s*)?(?:[:：—–-]|is |are |means |refers to |는 |은 |이란 |是|は)"#
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return 0 }
        let range = NSRange(markdown.startIndex..., in: markdown)
        return regex.matches(in: markdown, range: range).filter { match in
            guard let term = Range(match.range(at: 1), in: markdown) else { return false }
            let word = markdown[term].trimmingCharacters(in: .whitespaces).lowercased()
            return !["note", "example", "warning", "tl;dr", "tip", "참고", "주의", "注意", "例"].contains(word)
        }.count
    }
}
