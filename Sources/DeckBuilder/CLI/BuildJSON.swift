import Foundation

/// The one JSON object `deckgen build --json` prints on standard output, for CI and scripts (README, "Usage"):
/// counts, every diagnostic, the time taken and whether the site was written. Keys are sorted, on one line.
struct BuildJSON {
    let summary: BuildSummary
    /// Shows diagnostic paths as the human lines do, with the content folder as typed in front.
    let printer: DiagnosticPrinter

    /// The object and a newline.
    var text: String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    var object: [String: Any] {
        var object = counts
        if let estimate = summary.llmEstimate { object["llm_estimate"] = self.estimate(estimate) }
        return object
    }

    private var counts: [String: Any] {
        [
            "pages": summary.pages,
            "pages_written": summary.pagesWritten,
            "decks": summary.decks,
            "reports": summary.reports,
            "questions": summary.questions,
            "files": summary.files,
            "warnings": summary.warningCount,
            "errors": summary.errorCount,
            "diagnostics": summary.diagnostics.map(diagnostic),
            // Milliseconds are all a person reads, and fewer digits keep the line short.
            "seconds": (summary.seconds * 1000).rounded() / 1000,
            "site_written": summary.siteWritten,
            "up_to_date": summary.upToDate,
            "llm": summary.llm.map(llm) ?? NSNull(),
        ]
    }

    /// What asking a model cost, in total and note by note; null when no model was asked.
    private func llm(_ usage: LLMUsage) -> [String: Any] {
        [
            "generator": usage.generator.name,
            "model": usage.generator.model,
            "requests": usage.requests,
            "retries": usage.retries,
            "prompt_tokens": usage.promptTokens,
            "completion_tokens": usage.completionTokens,
            "questions_kept": usage.questionsKept,
            "questions_dropped": usage.questionsDropped,
            "notes_asked": usage.notesAsked,
            "notes_fell_back": usage.notesFellBack,
            "notes": usage.notes.map { note in
                ["path": note.path, "requests": note.requests, "prompt_tokens": note.promptTokens,
                 "completion_tokens": note.completionTokens, "questions": note.questions] as [String: Any]
            },
        ]
    }

    /// What a dry run found the model would be asked (only with `--dry-run` and a model).
    private func estimate(_ estimate: LLMEstimate) -> [String: Any] {
        [
            "generator": estimate.generator.name,
            "model": estimate.generator.model,
            "notes": estimate.notes,
            "requests": estimate.requests,
            "questions": estimate.questions,
            "prompt_tokens": estimate.promptTokens,
            "likely_completion_tokens": estimate.likelyCompletionTokens,
            "max_completion_tokens": estimate.maxCompletionTokens,
        ]
    }

    private func diagnostic(_ diagnostic: Diagnostic) -> [String: Any] {
        [
            "severity": diagnostic.severity.rawValue,
            "path": printer.shownPath(of: diagnostic),
            "line": diagnostic.line.map { $0 as Any } ?? NSNull(),
            "column": diagnostic.line == nil ? NSNull() : diagnostic.column.map { $0 as Any } ?? NSNull(),
            "message": diagnostic.message,
        ]
    }
}

extension DiagnosticPrinter {
    /// The diagnostic's path as its printed line shows it: `content/notes/a.md` for `notes/a.md`; absolute paths and
    /// an empty path as they are.
    func shownPath(of diagnostic: Diagnostic) -> String {
        guard !diagnostic.path.isEmpty, !diagnostic.path.hasPrefix("/") else { return diagnostic.path }
        let base = contentArgument.hasSuffix("/") ? String(contentArgument.dropLast()) : contentArgument
        return base == "." ? diagnostic.path : base + "/" + diagnostic.path
    }
}
