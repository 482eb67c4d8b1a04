import Foundation
import Testing
@testable import DeckBuilder

/// Cleanup on the real OCR pages in ../shared/data/ocr: it must never raise the word error rate.
@Suite("Scan real pages", SharedData.needed)
struct ScanRealPagesTests {
    struct Page: Sendable, CustomTestStringConvertible {
        var name: String
        var raw: String
        var truth: String
        var testDescription: String { name }
    }

    static func pages() throws -> [Page] {
        let folder = try PackageFolders.sharedData("ocr")
        var pages = [Page]()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("overproof").path).sorted()
        for name in files where name.hasSuffix(".txt") {
            let text = try String(contentsOf: folder.appendingPathComponent("overproof/\(name)"), encoding: .utf8)
            let rows = text.split(separator: "\n").dropFirst().map { $0.components(separatedBy: "||@@||") }.filter { $0.count >= 2 }
            // The truth with line-end hyphens joined: the corrected column keeps the original breaks.
            var truth = ""
            for line in rows.map({ $0[1].trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
                if truth.hasSuffix("-"), line.first?.isLowercase == true { truth.removeLast(); truth += line } else { truth += " " + line }
            }
            pages.append(Page(name: "overproof/\(name)", raw: rows.map { $0[0] }.joined(separator: "\n"), truth: truth))
        }
        for number in 1...10 {
            let text = try String(contentsOf: folder.appendingPathComponent("icdar2017/page-\(number).txt"), encoding: .utf8)
            var raw = ""
            var truth = ""
            for line in text.split(separator: "\n") {
                if line.hasPrefix("[OCR_toInput] ") { raw = String(line.dropFirst(14)) }
                if line.hasPrefix("[ GS_aligned] ") { truth = String(line.dropFirst(14).filter { $0 != "@" && $0 != "#" }) }
            }
            pages.append(Page(name: "icdar2017/page-\(number)", raw: raw, truth: truth))
        }
        return pages
    }

    @Test("the real pages are found")
    func found() throws {
        #expect(try Self.pages().count == 30)
    }

    @Test("cleaned WER is not above raw WER", arguments: (try? ScanRealPagesTests.pages()) ?? [])
    func werDoesNotRise(_ page: Page) {
        let cleaned = ErrorRates.plainText(ofMarkdown: ScanCleaner().clean(page.raw).markdown)
        let raw = ErrorRates.wordErrorRate(page.raw, truth: page.truth)
        let after = ErrorRates.wordErrorRate(cleaned, truth: page.truth)
        #expect(after <= raw, "\(page.name): WER \(raw) → \(after)")
    }
}
