extension HelpText {
    /// `deckgen serve --help`.
    static let serve = HelpText(
        commandName: "serve",
        overview: "Build the site and serve it, read-only, on 127.0.0.1 for previewing (not for publishing); rebuild when a content file changes and reload open pages. Ctrl-C stops it (exit 0).",
        usage: "deckgen serve [<content>] [--output <output>] [--port <port>] [--templates <templates>] [--llm <provider[:model]>] [--offline]",
        sections: [
            ("ARGUMENTS", [("<content>", "The folder of notes to build and watch. (default: content)")]),
            ("OPTIONS", [
                ("-o, --output <output>", "The site folder, built as 'deckgen build' builds it. (default: site)"),
                ("--port <port>", "The port on 127.0.0.1; 0 picks a free one. (default: 8000)"),
                ("--templates <templates>", "A folder of templates that override the built-in ones, file by file."),
                ("--strict", "Fail the build on a diary row that cannot be read, instead of skipping and listing it."),
            ] + LLMArguments.help + [
                ("-h, --help", "Show help information."),
            ]),
        ])
}
