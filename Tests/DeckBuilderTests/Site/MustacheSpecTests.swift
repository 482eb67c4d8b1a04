import Foundation
import Testing
@testable import DeckBuilder

/// Runs the official Mustache spec (`Tests/Fixtures/spec/mustache/*.json`, as published) against the engine.
@Suite("Mustache spec")
struct MustacheSpecTests {
    @Test("spec test", arguments: try MustacheSpec.cases())
    func specTest(_ spec: MustacheSpecCase) throws {
        #expect(try spec.render() == spec.expected, "\(spec.description)")
    }

    @Test("runs every spec file and more than 100 tests")
    func count() throws {
        let cases = try MustacheSpec.cases()
        let files = Set(cases.map(\.file))
        #expect(files.isSuperset(of: MustacheSpec.coreFiles))
        #expect(cases.count > 100)
    }

    @Test("fails clearly when the spec folder is missing or a file was edited")
    func missingFolder() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("mustache-spec-\(UInt64.random(in: 0...UInt64.max))/clone")
        let specs = root.appendingPathComponent("Tests/Fixtures/spec")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try Data().write(to: root.appendingPathComponent("Package.swift"))
        let test = root.appendingPathComponent("Tests/SpecTests.swift").path
        let missing = #expect(throws: PackageFolders.Missing.self) { try PackageFolders.spec("mustache", file: test) }
        #expect(missing?.description.contains("Tests/Fixtures/spec/mustache is missing") == true)

        try FileManager.default.createDirectory(at: specs.appendingPathComponent("mustache"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: specs.appendingPathComponent("mustache/comments.json"))
        try Data("\(SHA256.hex(bytes: Data("{\"tests\": []}".utf8)))  mustache/comments.json\n".utf8)
            .write(to: specs.appendingPathComponent("SHA256SUMS"))
        let edited = #expect(throws: PackageFolders.Missing.self) { try PackageFolders.spec("mustache", file: test) }
        #expect(edited?.description.contains("mustache/comments.json differs from the published file") == true)
    }

    @Test("reads JSON booleans as booleans and 0/1 as numbers")
    func jsonBooleans() throws {
        let json = try JSONSerialization.jsonObject(with: Data(#"[true, false, 1, 0, 1.21]"#.utf8))
        #expect(try TemplateValue(json: json) == [true, false, 1, 0, 1.21])
    }

    @Test("reports the pass count")
    func summary() throws {
        let cases = try MustacheSpec.cases()
        let passed = cases.filter { (try? $0.render()) == $0.expected }.count
        print("Mustache spec: \(passed)/\(cases.count) passed")
        #expect(passed == cases.count)
    }
}

/// One test of the Mustache spec.
struct MustacheSpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let summary: String
    let template: String
    let data: TemplateValue
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    var description: String { "\(file): \(name) — \(summary)" }

    func render() throws -> String {
        let compiled = try MustacheTemplate(template, name: "\(file): \(name)")
        return compiled.render(data, partials: try MustacheTemplate.compile(partials))
    }
}

/// Finds and reads the spec files; every problem is an error, so a missing spec can never pass as zero tests.
enum MustacheSpec {
    static let coreFiles: Set<String> = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func cases() throws -> [MustacheSpecCase] {
        let folder = try specFolder()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        let missing = coreFiles.subtracting(files.map { String($0.dropLast(".json".count)) })
        guard missing.isEmpty else {
            throw Problem(description: "Mustache spec files missing in \(folder.path): \(missing.sorted())")
        }
        let cases = try files.flatMap { try read(folder.appendingPathComponent($0)) }
        guard !cases.isEmpty else { throw Problem(description: "no Mustache spec tests found in \(folder.path)") }
        return cases
    }

    /// `Tests/Fixtures/spec/mustache` in the package, checked against its published digests.
    static func specFolder() throws -> URL {
        try PackageFolders.spec("mustache")
    }

    static func read(_ url: URL) throws -> [MustacheSpecCase] {
        let file = url.deletingPathExtension().lastPathComponent
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let root = json as? [String: Any], let tests = root["tests"] as? [[String: Any]] else {
            throw Problem(description: "\(url.path): expected an object with a \"tests\" array")
        }
        return try tests.map { test in
            guard let name = test["name"] as? String,
                  let template = test["template"] as? String,
                  let expected = test["expected"] as? String,
                  let data = test["data"] else {
                throw Problem(description: "\(url.path): a test lacks name, template, expected or data")
            }
            return MustacheSpecCase(
                file: file,
                name: name,
                summary: test["desc"] as? String ?? "",
                template: template,
                data: try TemplateValue(json: data),
                partials: test["partials"] as? [String: String] ?? [:],
                expected: expected
            )
        }
    }
}

extension TemplateValue {
    /// Converts a `JSONSerialization` result.
    init(json: Any) throws {
        switch json {
        case is NSNull:
            self = .null
        case let text as String:
            self = .string(text)
        case let number as NSNumber:
            // JSON booleans arrive as NSNumber too, and on Linux `1 as? Bool` succeeds; only real booleans
            // carry the `char` type code ("c") — JSON numbers are never stored as chars.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let items as [Any]:
            self = .list(try items.map { try TemplateValue(json: $0) })
        case let fields as [String: Any]:
            self = .object(try fields.mapValues { try TemplateValue(json: $0) })
        default:
            throw MustacheSpec.Problem(description: "unexpected JSON value \(json) of type \(type(of: json))")
        }
    }
}
