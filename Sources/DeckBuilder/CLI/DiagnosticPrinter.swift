/// Shows diagnostics from where the user stands: content-relative paths get the content folder as typed.
struct DiagnosticPrinter {
    let contentArgument: String

    /// Writes every diagnostic of `summary` to standard error, one a line.
    func report(_ summary: BuildSummary, to console: Console) {
        for diagnostic in summary.diagnostics {
            console.standardError(line(for: diagnostic) + "\n")
        }
    }

    /// `content/notes/a.md:3: warning: …` for a diagnostic whose path is `notes/a.md`.
    func line(for diagnostic: Diagnostic) -> String {
        guard !diagnostic.path.isEmpty, !diagnostic.path.hasPrefix("/") else { return diagnostic.description }
        var shown = diagnostic
        let base = contentArgument.hasSuffix("/") ? String(contentArgument.dropLast()) : contentArgument
        shown.path = base == "." ? diagnostic.path : base + "/" + diagnostic.path
        return shown.description
    }
}
