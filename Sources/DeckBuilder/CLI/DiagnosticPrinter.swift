/// Shows diagnostics from where the user stands: content-relative paths get the content folder as typed.
struct DiagnosticPrinter {
    let contentArgument: String

    /// Writes every diagnostic of `summary` to standard error, one a line.
    func report(_ summary: BuildSummary, to console: Console) {
        for diagnostic in summary.diagnostics {
            console.standardError(line(for: diagnostic) + "\n")
        }
    }

    /// `content/notes/a.md:3: warning: …` for a diagnostic whose path is `notes/a.md`. Control characters a message
    /// quotes from the content (an escape sequence in a note) are shown as `\u{1B}`, never sent to the terminal.
    func line(for diagnostic: Diagnostic) -> String {
        guard !diagnostic.path.isEmpty, !diagnostic.path.hasPrefix("/") else { return Self.printable(diagnostic.description) }
        var shown = diagnostic
        let base = contentArgument.hasSuffix("/") ? String(contentArgument.dropLast()) : contentArgument
        shown.path = base == "." ? diagnostic.path : base + "/" + diagnostic.path
        return Self.printable(shown.description)
    }

    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: FolderNames.isControl) else { return text }
        return FolderNames.printable(Array(text.utf8))
    }
}
