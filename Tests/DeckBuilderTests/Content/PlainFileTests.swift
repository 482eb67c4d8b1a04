@testable import DeckBuilder
import Foundation
import Testing

@Suite("PlainFile: bytes written and read with no Foundation file layer between")
struct PlainFileTests {
    @Test("a file reads back byte for byte, whatever its size; a missing file or a folder reads as nil")
    func readsWhatWasWritten() throws {
        let folder = try TemporaryFolder()
        for size in [0, 1, 4095, 4096, 4097, 200_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = folder.url.appendingPathComponent("file-\(size).bin").path
            #expect(bytes.withUnsafeBytes { PlainFile.write(bytes: $0, toPath: path) })
            #expect(PlainFile.read(path: path) == bytes, "\(size) bytes")
        }
        #expect(PlainFile.read(path: folder.url.appendingPathComponent("missing.md").path) == nil)
        #expect(PlainFile.read(path: folder.url.path) == nil)
    }
}
