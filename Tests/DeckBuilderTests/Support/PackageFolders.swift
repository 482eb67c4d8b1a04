import Foundation
import Testing
@testable import DeckBuilder

/// The package's own folder, the conformance suites it carries (`Tests/Fixtures/spec`), and the team's real
/// data beside its clone (`<parent>/shared/data`: real notes and OCR pages, which the repository may not carry).
enum PackageFolders {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The package root: the folder above this file that holds Package.swift.
    static func root(file: String = #filePath) throws -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        throw Missing(description: "no Package.swift above \(file)")
    }

    /// `Tests/Fixtures/spec/<suite>`: a suite copied as published, checked against the folder's `SHA256SUMS`
    /// so that an edited copy fails rather than passing against expectations of its own.
    static func spec(_ suite: String, file: String = #filePath) throws -> URL {
        let specs = try root(file: file).appendingPathComponent("Tests/Fixtures/spec")
        let folder = specs.appendingPathComponent(suite)
        guard isFolder(folder) else { throw Missing(description: "\(folder.path) is missing; expected the suite in the repository") }
        let sums = try String(contentsOf: specs.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
        for line in sums.split(separator: "\n") where line.contains("  \(suite)/") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let name = parts[1].trimmingCharacters(in: .whitespaces)
            let bytes = try Data(contentsOf: specs.appendingPathComponent(name))
            guard SHA256.hex(bytes: bytes) == parts[0] else {
                throw Missing(description: "\(specs.path)/\(name) differs from the published file (SHA256SUMS); restore it as published")
            }
        }
        return folder
    }

    /// `shared/data/<path>` beside the package root. Missing, it is an error naming the folder; tests that read it
    /// carry `SharedData.needed`, so they are skipped (with the reason) where it is absent, except under CI.
    static func sharedData(_ path: String, file: String = #filePath) throws -> URL {
        let folder = try sharedDataRoot(file: file).appendingPathComponent(path)
        guard isFolder(folder) else {
            throw Missing(description: "\(folder.path) is missing; expected the shared folder beside the package at \(try root(file: file).path)")
        }
        return folder
    }

    static func sharedDataRoot(file: String = #filePath) throws -> URL {
        try root(file: file).deletingLastPathComponent().appendingPathComponent("shared/data")
    }

    static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
    }
}

/// Whether tests that read the real data in `../shared/data` run here.
enum SharedData {
    /// The data is beside the clone.
    static let isPresent = (try? PackageFolders.sharedDataRoot()).map(PackageFolders.isFolder) ?? false

    /// Run where the data is, and always under CI (`CI=true`), where its absence must fail, never skip.
    static func runs(present: Bool = isPresent, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        present || environment["CI"].map { ["true", "1", "yes"].contains($0.lowercased()) } == true
    }

    /// The trait of a test or suite that reads `../shared/data`.
    static var needed: ConditionTrait {
        .enabled(if: runs(), "needs ../shared/data beside the clone (real notes and OCR pages the repository may not carry); under CI=true its absence fails")
    }
}
