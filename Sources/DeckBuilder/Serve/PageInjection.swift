import Foundation

/// Adds live reload, and the banner of a failed rebuild, to an HTML page on its way to the browser. Only the
/// response changes: the file on disk stays as the build wrote it, ready to publish.
enum PageInjection {
    /// `html` with the reload script before `</body>`, the banner after `<body…>` when there are `errors`, and
    /// its Content-Security-Policy widened to allow exactly those.
    static func inject(into html: String, generation: Int, errors: [String],
                       heading: String = FailureBanner.heading,
                       note: String = FailureBanner.staleNote) -> String {
        let script = ReloadScript.source(generation: generation)
        var rewrite = PolicyRewrite(scripts: [hashSource(script)], connections: ["'self'"])
        if !errors.isEmpty { rewrite.styles = [hashSource(FailureBanner.style)] }
        var page = rewrite.rewritingMetaTags(in: html)
        if !errors.isEmpty {
            page = inserting("<style>\(FailureBanner.style)</style>\n", before: "</head>", in: page)
            page = inserting(FailureBanner.html(errors: errors, heading: heading, note: note), afterBodyTagIn: page)
        }
        return inserting("<script>\(script)</script>\n", before: "</body>", in: page)
    }

    /// `'sha256-…'`, the policy source that allows exactly `code`.
    static func hashSource(_ code: String) -> String {
        "'sha256-\(SHA256.base64(code))'"
    }
}

// MARK: - Insertion

private extension PageInjection {
    /// `text` inserted before the last `marker` (any case), or at the end when there is none.
    static func inserting(_ text: String, before marker: String, in page: String) -> String {
        guard let range = page.range(of: marker, options: [.caseInsensitive, .backwards]) else { return page + text }
        return page[..<range.lowerBound] + text + page[range.lowerBound...]
    }

    /// `text` inserted just after the opening `<body…>` tag, or at the start when there is none.
    static func inserting(_ text: String, afterBodyTagIn page: String) -> String {
        var searchStart = page.startIndex
        while let open = page.range(of: "<body", options: .caseInsensitive, range: searchStart..<page.endIndex) {
            // `<body>` or `<body class=…>`, not `<bodyfoo>`.
            if let next = page[open.upperBound...].first, next == ">" || next.isWhitespace,
               let close = page[open.upperBound...].firstIndex(of: ">") {
                let after = page.index(after: close)
                return page[..<after] + "\n" + text + page[after...]
            }
            searchStart = open.upperBound
        }
        return text + page
    }
}
