extension HelpText {
    /// `deckgen init --help`.
    static let initCommand = HelpText(
        commandName: "init",
        overview: "Create a starter content folder: two notes (one with a quiz block), a scanned page as OCR text, a migraine diary, a commented deckgen.yml, a .gitignore and a CI workflow that publishes the site. Writes nothing when any of these files already exists.",
        usage: "deckgen init [<folder>]",
        sections: [
            ("ARGUMENTS", [("<folder>", "The folder to create the starter in, made when missing. (default: .)")]),
            ("OPTIONS", [
                ("-h, --help", "Show help information."),
            ]),
        ])
}
