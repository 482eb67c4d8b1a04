/// What a build did: counts, every diagnostic, and whether the new site replaced the old one.
public struct BuildSummary: Sendable {
    public var pages = 0
    public var decks = 0
    /// Diary report pages written.
    public var reports = 0
    public var files = 0
    public var questions = 0
    public var diagnostics: [Diagnostic] = []
    public var seconds = 0.0
    /// True when the new site is in place; false leaves the previous site untouched.
    public var siteWritten = false
    /// What asking a model cost; nil when no model was used.
    public var llm: LLMUsage?
    /// `--dry-run`: what asking the model would take; nil when no model would be asked.
    public var llmEstimate: LLMEstimate?
    /// True when Ctrl-C stopped the build while it waited for a model.
    public var interrupted = false
    /// True when nothing changed since the last build, so no page was touched.
    public var upToDate = false
    /// Pages written anew; the others were the previous build's, kept as they were.
    public var pagesWritten = 0
    /// False when the build left work for the next one: notes a model did not answer, images not read.
    var complete = true

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// True when the build found no error.
    public var succeeded: Bool { errorCount == 0 && siteWritten }
}
