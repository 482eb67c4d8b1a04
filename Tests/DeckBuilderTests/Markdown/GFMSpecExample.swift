import Foundation
import Testing

/// One example from the GFM spec files in `Tests/Fixtures/spec/gfm/`: Markdown in, expected HTML out.
struct GFMSpecExample: Sendable, CustomTestStringConvertible {
    /// `spec.txt` or `extensions.txt`.
    var file: String
    /// The example's number within its file, counting from 1, as the spec and cmark's spec_tests.py number them.
    var number: Int
    var section: String
    /// Extension names written after `example` on the opening fence, such as `table` or `autolink`.
    var extensions: [String]
    var markdown: String
    var html: String
    /// The line of the opening fence.
    var line: Int

    var testDescription: String { "\(file) #\(number) (\(section))" }
}

/// Reads the spec files' examples: a fence of 32 backticks and ` example`, the Markdown, a line
/// holding `.`, the HTML, and a closing fence of 32 backticks; `→` stands for a tab.
enum GFMSpec {
    static let coreFile = "spec.txt"
    static let extensionsFile = "extensions.txt"

    /// Both files' examples, loaded once; empty if the spec folder is missing (`specFilesFound` then fails).
    static let coreExamples: [GFMSpecExample] = (try? examples(in: coreFile)) ?? []
    static let extensionExamples: [GFMSpecExample] = (try? examples(in: extensionsFile)) ?? []

    struct MissingSpec: Error, CustomStringConvertible {
        var description: String
    }

    /// `Tests/Fixtures/spec/gfm` in the package, checked against its published digests.
    static func directory() throws -> URL {
        let spec = try PackageFolders.spec("gfm")
        guard FileManager.default.fileExists(atPath: spec.appendingPathComponent(coreFile).path) else {
            throw MissingSpec(description: "GFM spec not found at \(spec.path)")
        }
        return spec
    }

    static func examples(in file: String) throws -> [GFMSpecExample] {
        let url = try directory().appendingPathComponent(file)
        return parse(try String(contentsOf: url, encoding: .utf8), file: file)
    }

    static func parse(_ text: String, file: String) -> [GFMSpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [GFMSpecExample] = []
        var section = ""
        var current: (line: Int, extensions: [String], markdown: [Substring], html: [Substring])?
        var inHTML = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var example = current {
                if line == fence {
                    examples.append(GFMSpecExample(
                        file: file, number: examples.count + 1, section: section, extensions: example.extensions,
                        markdown: joined(example.markdown), html: joined(example.html), line: example.line))
                    current = nil
                } else if !inHTML, line == "." {
                    inHTML = true
                } else {
                    if inHTML { example.html.append(line) } else { example.markdown.append(line) }
                    current = example
                }
            } else if line.hasPrefix(fence + " example") {
                let names = line.dropFirst(fence.count + " example".count).split(separator: " ").map(String.init)
                current = (offset + 1, names, [], [])
                inHTML = false
            } else if line.hasPrefix("#") {
                section = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            }
        }
        return examples
    }

    private static func joined(_ lines: [Substring]) -> String {
        lines.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
    }
}
