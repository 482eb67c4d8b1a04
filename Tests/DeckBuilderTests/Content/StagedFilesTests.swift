import Foundation
import Testing
@testable import DeckBuilder

/// Staged files appear only on commit, all at once, and a failed commit leaves the old files and no temporaries.
@Suite("Staged files")
struct StagedFilesTests {
    @Test("a staged file keeps its old text until commit, then every file is in place and no temporary is left")
    func commitPutsFilesInPlace() throws {
        let folder = try TemporaryFolder(["store/a.md": "old a"])
        let staged = StagedFiles()
        try staged.write(Data("new a".utf8), toPath: folder.url.appendingPathComponent("store/a.md").path)
        try staged.write(Data("new b".utf8), toPath: folder.url.appendingPathComponent("store/deeper/b.md").path)
        #expect(try folder.read("store/a.md") == "old a")
        #expect(!folder.exists("store/deeper/b.md"))
        try staged.commit()
        #expect(try folder.read("store/a.md") == "new a")
        #expect(try folder.read("store/deeper/b.md") == "new b")
        #expect(folder.listing("store") == ["a.md", "deeper/b.md"])
        // A second commit has nothing left to do.
        try staged.commit()
    }

    @Test("hundreds of files in many folders are all put in place, and a file staged twice ends as its last version")
    func manyFilesAndTwice() throws {
        let folder = try TemporaryFolder()
        let staged = StagedFiles()
        let paths = (0..<300).map { "store/folder-\($0 % 7)/note-\($0).md" }
        for path in paths {
            try staged.write(Data("first \(path)".utf8), toPath: folder.url.appendingPathComponent(path).path)
        }
        try staged.write(Data("second".utf8), toPath: folder.url.appendingPathComponent(paths[5]).path)
        let written = try staged.commit()
        #expect(written.count == paths.count)
        #expect(try folder.read(paths[5]) == "second")
        #expect(written[folder.url.appendingPathComponent(paths[5]).path] == SHA256.hex("second"))
        for path in paths where path != paths[5] {
            #expect(try folder.read(path) == "first \(path)")
        }
        #expect(folder.listing("store").allSatisfy { !$0.contains(".tmp-") })
    }

    @Test("files staged without a sync are put in place the same way")
    func unsyncedCommit() throws {
        let folder = try TemporaryFolder(["store/a.md": "old a"])
        let staged = StagedFiles(syncs: false)
        #expect(!staged.syncs)
        #expect(StagedFiles().syncs)
        try staged.write(Data("new a".utf8), toPath: folder.url.appendingPathComponent("store/a.md").path)
        try staged.write(Data("new b".utf8), toPath: folder.url.appendingPathComponent("store/b.md").path)
        #expect(try folder.read("store/a.md") == "old a")
        let written = try staged.commit()
        #expect(written.count == 2)
        #expect(try folder.read("store/a.md") == "new a")
        #expect(try folder.read("store/b.md") == "new b")
        #expect(folder.listing("store") == ["a.md", "b.md"])
    }

    @Test("a commit that cannot rename a file says why and removes the temporaries")
    func failedCommitCleansUp() throws {
        let folder = try TemporaryFolder(["store/a.md": "old a"])
        let staged = StagedFiles()
        try staged.write(Data("new a".utf8), toPath: folder.url.appendingPathComponent("store/a.md").path)
        try staged.write(Data("new b".utf8), toPath: folder.url.appendingPathComponent("store/b.md").path)
        // A folder where a file should go: rename(2) cannot replace it with a file.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("store/b.md/inside"),
                                                withIntermediateDirectories: true)
        #expect(throws: StagedFiles.Failure.self) { try staged.commit() }
        #expect(folder.listing("store").allSatisfy { !$0.contains(".tmp-") })
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("store/.b.md.tmp-\(getpid())").path))
    }

    @Test("a file that cannot be written is reported at once and leaves nothing staged")
    func unwritableFile() throws {
        let folder = try TemporaryFolder(["store": "a file where a folder should be"])
        let staged = StagedFiles()
        #expect(throws: StagedFiles.Failure.self) {
            try staged.write(Data("x".utf8), toPath: folder.url.appendingPathComponent("store/a.md").path)
        }
        try staged.commit()
        #expect(try folder.read("store") == "a file where a folder should be")
    }
}
