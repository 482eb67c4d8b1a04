import Foundation
import Testing
@testable import DeckBuilder

@Suite("Walking the content folder")
struct ContentWalkerTests {
    @Test("lists files in path order, skipping dot-folders but not .deckgen, and settings and templates")
    func listsFiles() throws {
        let folder = try TemporaryFolder([
            "b.md": "b", "a/z.md": "z", "a/img.png": "png", ".git/config": "x", ".hidden.md": "x",
            ".deckgen/questions/b.md": "q", "templates/base.mustache": "t", "deckgen.yml": "title: x",
        ])
        let (files, warnings) = try ContentWalker(root: folder.url).files()
        #expect(files.map(\.path) == [".deckgen/questions/b.md", "a/img.png", "a/z.md", "b.md"])
        #expect(files.map(\.kind) == [.internalData, .other, .note, .note])
        #expect(warnings.isEmpty)
    }

    @Test("a link leading outside the folder is skipped with a warning; a loop is entered once")
    func staysInside() throws {
        let outside = try TemporaryFolder(["secret.md": "secret"])
        let folder = try TemporaryFolder(["notes/a.md": "a"])
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("leak.md").path,
                                                   withDestinationPath: outside.url.appendingPathComponent("secret.md").path)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("outside").path,
                                                   withDestinationPath: outside.url.path)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("notes/loop").path,
                                                   withDestinationPath: folder.url.path)
        let (files, warnings) = try ContentWalker(root: folder.url).files()
        #expect(files.map(\.path) == ["notes/a.md"])
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.message.contains("outside the content folder") })
    }

    @Test("a link to a file already in the folder is kept once, under the file's own path")
    func aliases() throws {
        let folder = try TemporaryFolder(["notes/a.md": "a"])
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("alias.md").path,
                                                   withDestinationPath: folder.url.appendingPathComponent("notes/a.md").path)
        let (files, warnings) = try ContentWalker(root: folder.url).files()
        #expect(files.map(\.path) == ["notes/a.md"])
        #expect(warnings.map(\.path) == ["alias.md"])
    }

    @Test("a missing folder is an error")
    func missingFolder() {
        #expect(throws: Diagnostic.self) {
            try ContentWalker(root: URL(fileURLWithPath: "/nonexistent/deckgen-content")).files()
        }
    }
}
