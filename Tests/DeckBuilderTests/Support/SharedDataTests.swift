import Foundation
import Testing

/// The rule for tests that read `../shared/data`: skipped with a reason on a plain clone, never under CI.
@Suite("Shared data rule")
struct SharedDataTests {
    @Test("present data always runs; absent data runs only under CI, where it then fails")
    func runsRule() {
        #expect(SharedData.runs(present: true, environment: [:]))
        #expect(!SharedData.runs(present: false, environment: [:]))
        #expect(!SharedData.runs(present: false, environment: ["CI": "false"]))
        #expect(SharedData.runs(present: false, environment: ["CI": "true"]))
        #expect(SharedData.runs(present: false, environment: ["CI": "1"]))
    }

    @Test("a missing shared folder is an error naming it")
    func missingNamed() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("shared-data-\(UInt64.random(in: 0...UInt64.max))/clone")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        let error = #expect(throws: PackageFolders.Missing.self) {
            try PackageFolders.sharedData("notes", file: root.appendingPathComponent("Tests/X.swift").path)
        }
        #expect(error?.description.contains("/shared/data/notes is missing") == true)
    }

    @Test("says whether the real-data tests run here")
    func report() {
        let folder = (try? PackageFolders.sharedDataRoot().path) ?? "../shared/data"
        if SharedData.isPresent {
            print("Shared data: \(folder) found; the real-note and OCR-page tests run")
        } else if SharedData.runs() {
            print("Shared data: \(folder) is missing under CI=true; the real-note and OCR-page tests run and fail")
        } else {
            print("Shared data: \(folder) is missing; the real-note and OCR-page tests are skipped")
        }
    }
}
