/// What a page shows while the content has errors: a banner over the last good page, or a page of its own
/// when no build has worked yet.
enum FailureBanner {
    /// The banner's heading, which tests and people look for.
    static let heading = "deckgen: the last rebuild failed"

    /// What the banner says of the page under it.
    static let staleNote = "this page is from the last build that worked; it reloads when you save a fix."

    /// The banner's stylesheet, allowed by hash like the site's own.
    static let style = """
        #deckgen-serve-error{position:sticky;top:0;z-index:1000;margin:0;padding:.75rem 1rem;background:#fdecea;color:#611a15;\
        border-bottom:3px solid #b3261e;font:15px/1.4 system-ui,sans-serif}\
        #deckgen-serve-error pre{margin:.5rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.4 ui-monospace,monospace}
        """

    /// The banner listing `errors`, each escaped: they quote notes, and a note must not write markup into the page.
    static func html(errors: [String], heading: String = heading,
                     note: String = FailureBanner.staleNote) -> String {
        "<div id=\"deckgen-serve-error\" role=\"alert\"><p><strong>\(HTML.escape(heading))</strong> — \(HTML.escape(note))</p>"
            + "<pre>\(errors.map(HTML.escape).joined(separator: "\n"))</pre></div>\n"
    }

    /// A whole page for when there is no site to show, with live reload, so it turns into the site once a build works.
    static func page(errors: [String], generation: Int) -> String {
        let policy = ContentSecurityPolicy(styles: []).headerValue
        let shell = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(HTML.escape(policy))">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>deckgen: the build failed</title>
            </head>
            <body>
            </body>
            </html>

            """
        let shown = errors.isEmpty ? ["The site folder holds no site that deckgen built."] : errors
        return PageInjection.inject(into: shell, generation: generation, errors: shown,
                                    heading: "deckgen: the build failed",
                                    note: "no site has been built yet. deckgen keeps watching the content folder and builds again when a file changes.")
    }
}
