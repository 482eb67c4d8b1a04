import Foundation
import Testing
@testable import DeckBuilder

@Suite("Content boundary")
struct ContentBoundaryTests {
    @Test("a path is inside when every link on the way stays inside; missing paths are missing")
    func places() throws {
        let folder = try TemporaryFolder(["content/a.md": "# A\n", "content/sub/b.md": "# B\n", "secret.txt": "token\n"])
        try folder.link("content/in.md", to: "sub/b.md")
        try folder.link("content/out.md", to: "../secret.txt")
        try folder.link("content/outdir", to: "..")
        let boundary = ContentBoundary(contentFolder: folder.url.appendingPathComponent("content"))
        #expect(boundary.place(of: "a.md") == .inside(boundary.root + "/a.md"))
        #expect(boundary.place(of: "in.md") == .inside(boundary.root + "/sub/b.md"))
        guard case .outside(let target) = boundary.place(of: "out.md") else { Issue.record("out.md is inside"); return }
        #expect(target.hasSuffix("/secret.txt"))
        guard case .outside = boundary.place(of: "outdir/secret.txt") else { Issue.record("outdir/secret.txt is inside"); return }
        #expect(boundary.place(of: "nothing.md") == .missing)
    }

    @Test("a folder of deckgen's own is held only while no part of it links out; one not made yet is inside")
    func folders() throws {
        let folder = try TemporaryFolder(["content/.deckgen/questions/a.md": "", "elsewhere/x": ""])
        try folder.link("content/.deckgen/questions/linked", to: "../../../elsewhere")
        try folder.link("content/.deckgen/questions/inner", to: "../../sub")
        try folder.write("", to: "content/sub/keep")
        let boundary = ContentBoundary(contentFolder: folder.url.appendingPathComponent("content"))
        #expect(boundary.holdsFolder(".deckgen/questions"))
        #expect(boundary.holdsFolder(".deckgen/questions/not-yet/deeper"))
        #expect(boundary.holdsFolder(".deckgen/questions/inner"))
        #expect(!boundary.holdsFolder(".deckgen/questions/linked"))
        #expect(!boundary.holdsFolder(".deckgen/questions/linked/deeper"))
        #expect(!boundary.holdsFolder(".deckgen/questions/a.md"), "a file is no folder")
    }

    @Test("deckgen's own files are read only as themselves: a link, even one inside, is an error naming it")
    func ownFiles() throws {
        let folder = try TemporaryFolder(["content/.deckgen/ocr/x.txt": "cached\n", "content/.deckgen/ocr/real.txt": "r\n", "secret.txt": "token\n"])
        try folder.link("content/.deckgen/ocr/out.txt", to: "../../../secret.txt")
        try folder.link("content/.deckgen/ocr/in.txt", to: "real.txt")
        let boundary = ContentBoundary(contentFolder: folder.url.appendingPathComponent("content"))
        #expect(try boundary.readOwnFile(".deckgen/ocr/x.txt").get() == Array("cached\n".utf8))
        #expect(try boundary.readOwnFile(".deckgen/ocr/none.txt").get() == nil)
        for name in ["out.txt", "in.txt"] {
            guard case .failure(let error) = boundary.readOwnFile(".deckgen/ocr/\(name)") else { Issue.record("\(name) was read"); continue }
            #expect(error.path == ".deckgen/ocr/\(name)" && error.message.contains("is a link"))
            #expect(!error.message.contains("token"))
        }
    }
}
