import Foundation

/// A file found in the content folder.
public struct SourceFile: Sendable, Equatable {
    /// What deckgen does with a file, decided by its extension.
    public enum Kind: Sendable, Equatable {
        /// Markdown: becomes a deck page.
        case note
        /// deckgen's own data under `.deckgen/` (the question store), never a page.
        case internalData
        /// Anything else: copied to the site when a note links to it.
        case other
    }

    /// The path relative to the content folder, `/`-separated.
    public var path: String
    /// The absolute location on disk.
    public var url: URL
    public var kind: Kind
    public var size: Int

    /// The folder part of `path`, empty for files at the top.
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The file name without its extension.
    public var stem: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func kind(ofPath path: String) -> Kind {
        if path.hasPrefix(".deckgen/") { return .internalData }
        switch path.split(separator: ".").last?.lowercased() {
        case "md", "markdown": return .note
        default: return .other
        }
    }
}
