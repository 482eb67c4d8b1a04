import Foundation

/// What to build and where.
public struct BuildOptions: Sendable {
    /// The content folder.
    public var content: URL
    /// The site folder that is replaced whole by a successful build.
    public var site: URL
    /// A folder whose templates override the built-in ones and those in `content/templates/`.
    public var templates: URL?
    /// The command line's word on question generation, over `deckgen.yml`.
    public var llm: LLMOverrides
    /// Where API keys are read from: the process environment, or a test's own.
    public var environment: [String: String]
    /// Whether Ctrl-C cancels the requests to a model (the command line) rather than ending the process.
    public var handlesInterrupt = false
    /// Whether a diary row that cannot be read fails the build (`--strict`) instead of being skipped and listed.
    public var strictDiaries = false

    public init(content: URL, site: URL, templates: URL? = nil, llm: LLMOverrides = LLMOverrides(),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.content = content.standardizedFileURL
        self.site = site.standardizedFileURL
        self.templates = templates?.standardizedFileURL
        self.llm = llm
        self.environment = environment
    }
}
