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

    static func kind(ofPath path: String) -> Kind {
        if path.hasPrefix(".deckgen/") { return .internalData }
        switch path.split(separator: ".").last?.lowercased() {
        case "md", "markdown": return .note
        default: return .other
        }
    }
}
