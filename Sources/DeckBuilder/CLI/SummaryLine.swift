import Foundation

/// The closing line of a build: what was written, how many problems, how long it took.
struct SummaryLine {
    let summary: BuildSummary
    /// The site folder as the user named it.
    let site: String
    /// Whether a site from an earlier build is there to keep.
    let previousSiteExists: Bool

    var text: String {
        let problems = Self.problems(summary)
        let time = String(format: "%.2f s", summary.seconds)
        if summary.succeeded {
            let files = summary.files > 0 ? ", \(Self.count(summary.files, "file")) copied" : ""
            let questions = summary.questions > 0 ? ", \(Self.count(summary.questions, "question"))" : ""
            let warned = problems.isEmpty ? "" : " with " + problems
            let reports = summary.reports > 0 ? ", \(Self.count(summary.reports, "report"))" : ""
            let review = summary.pages > summary.decks + summary.reports + 1 ? ", 1 review page" : ""
            let contents = "\(Self.count(summary.pages, "page")) (\(Self.count(summary.decks, "deck"))\(reports), 1 index\(review)\(questions)\(files))"
            if summary.upToDate { return "Site is up to date: \(contents)\(warned), nothing changed since the last build, checked in \(time) → \(site)" }
            let unchanged = summary.pages - summary.pagesWritten
            let kept = unchanged > 0 ? "; \(summary.pagesWritten) written, \(unchanged) unchanged" : ""
            return "Built \(contents)\(kept)\(warned) in \(time) → \(site)"
        }
        let kept = previousSiteExists ? "the previous site in \(site) is unchanged" : "no site was written"
        return "Build failed with \(problems) in \(time); \(kept)."
    }

    /// `2 errors, 1 warning`, leaving out kinds there are none of; empty when there are no problems.
    static func problems(_ summary: BuildSummary) -> String {
        [count(summary.errorCount, "error"), count(summary.warningCount, "warning")]
            .filter { !$0.hasPrefix("0 ") }
            .joined(separator: ", ")
    }

    /// `LLM (openai, gpt-4o-mini): 12 requests, 9,876 tokens (8,000 in, 1,876 out), 1 retry; 40 questions kept, 3 dropped by the validator, 1 note fell back to the offline generator`.
    static func llm(_ usage: LLMUsage) -> String {
        let name = "LLM (\(usage.generator.name), \(usage.generator.model))"
        guard usage.notesAsked > 0 else { return "\(name): no requests; every note's questions were already stored" }
        let tokens = usage.promptTokens + usage.completionTokens
        return "\(name): \(count(usage.requests, "request")), \(grouped(tokens)) tokens (\(grouped(usage.promptTokens)) in, \(grouped(usage.completionTokens)) out), \(count(usage.retries, "retry", plural: "retries")); "
            + "\(count(usage.questionsKept, "question")) kept, \(usage.questionsDropped) dropped by the validator, "
            + (usage.answersUnusable > 0 ? "\(count(usage.answersUnusable, "unusable answer")), " : "")
            + "\(count(usage.notesFellBack, "note")) fell back to the offline generator"
    }

    /// What a dry run found the model would be asked, or that it would be asked nothing.
    static func estimate(_ estimate: LLMEstimate?) -> String {
        guard let estimate else {
            return "Dry run: no model would be asked (questions come from the store and the offline generator); expected --llm PROVIDER[:MODEL] to estimate a model's share"
        }
        let name = "LLM (\(estimate.generator.name), \(estimate.generator.model))"
        guard estimate.notes > 0 else { return "Dry run: \(name) would be asked nothing; every note's questions are stored" }
        return "Dry run: \(name) would be asked about \(count(estimate.notes, "note")) in \(count(estimate.requests, "request")) for "
            + "\(count(estimate.questions, "question")): about \(grouped(estimate.promptTokens)) tokens in, about "
            + "\(grouped(estimate.likelyCompletionTokens)) out (at most \(grouped(estimate.maxCompletionTokens))); repairs and follow-ups "
            + "add more. Nothing was sent or written"
    }

    /// `9876` as `9,876`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `1 deck`, `3 decks`.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
