import Foundation

/// What to build and where.
public struct BuildOptions: Sendable {
    /// The content folder.
    public var content: URL
    /// The site folder that is replaced whole by a successful build.
    public var site: URL
    /// A folder whose templates override the built-in ones and those in `content/templates/`.
    public var templates: URL?

    public init(content: URL, site: URL, templates: URL? = nil) {
        self.content = content.standardizedFileURL
        self.site = site.standardizedFileURL
        self.templates = templates?.standardizedFileURL
    }
}
