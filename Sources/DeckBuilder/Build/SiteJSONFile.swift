import Foundation

/// A JSON file a build keeps in the site folder for the next build (the manifest, the deck records).
protocol SiteJSONFile: Codable {
    /// Its name in the site folder.
    static var fileName: String { get }
}

extension SiteJSONFile {
    /// The file in `site`, decoded; nil when there is none or it cannot be read.
    static func read(site: URL) -> Self? {
        guard let data = FileManager.default.contents(atPath: site.appendingPathComponent(fileName).path) else { return nil }
        return try? JSONDecoder().decode(Self.self, from: data)
    }

    /// The file as written: keys sorted, so equal values are equal bytes, and `<`, `>` and `&` escaped, since
    /// the warnings and questions it keeps may quote a note's markup and the file is published with the site.
    var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let json = try? encoder.encode(self) else { return Data() }
        return ScriptJSON.escaped(json)
    }
}
