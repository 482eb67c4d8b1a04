/// The help screens, laid out as argument-parser lays them out.
struct HelpText: Sendable {
    var commandName: String
    var overview: String
    var usage: String
    var sections: [(title: String, rows: [(String, String)])]

    var usageLine: String { "Usage: \(usage)" }
    var helpCommand: String { commandName.isEmpty ? "deckgen --help" : "deckgen \(commandName) --help" }

    var text: String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(usage)", ""]
        for section in sections {
            lines.append("\(section.title):")
            for (name, about) in section.rows {
                let padded = name.count < 24 ? name.padding(toLength: 24, withPad: " ", startingAt: 0) : name + "\n" + String(repeating: " ", count: 26)
                lines.append("  " + padded + about)
            }
            lines.append("")
        }
        if commandName.isEmpty { lines.append("  See 'deckgen help <subcommand>' for detailed help."); lines.append("") }
        return lines.joined(separator: "\n")
    }

    static let root = HelpText(
        commandName: "",
        overview: "Build a website of study decks from a folder of notes.",
        usage: "deckgen <subcommand>",
        sections: [
            ("OPTIONS", [("--version", "Show the version."), ("-h, --help", "Show help information.")]),
            ("SUBCOMMANDS", [("build", "Build the site from a content folder."),
                             ("check", "Check notes, quiz blocks and stored questions without writing anything."),
                             ("export", "Export every deck's questions for other tools."),
                             ("help", "Show subcommand help information.")]),
        ])

    static let build = HelpText(
        commandName: "build",
        overview: "Build the site from a content folder.",
        usage: "deckgen build [<content>] [--output <output>] [--templates <templates>] [--llm <provider[:model]>] [--offline]",
        sections: [
            ("ARGUMENTS", [("<content>", "The folder of notes to build. (default: content)")]),
            ("OPTIONS", [
                ("-o, --output <output>", "The site folder, replaced whole when the build succeeds. (default: site)"),
                ("--templates <templates>", "A folder of templates that override the built-in ones, file by file."),
            ] + LLMArguments.help + [
                ("-h, --help", "Show help information."),
            ]),
        ])

    static let check = HelpText(
        commandName: "check",
        overview: "Check notes, quiz blocks and stored questions without writing anything; exits 1 on any error.",
        usage: "deckgen check [<content>] [--templates <templates>]",
        sections: [
            ("ARGUMENTS", [("<content>", "The folder of notes to check. (default: content)")]),
            ("OPTIONS", [
                ("--templates <templates>", "A folder of templates that override the built-in ones, file by file."),
                ("--llm <provider[:model]>", "Judge stored questions as a build with this model would: those another generator made are stale."),
                ("--offline", "Accept questions any model made from the current note, as an offline build does."),
                ("-h, --help", "Show help information."),
            ]),
        ])

    static let export = HelpText(
        commandName: "export",
        overview: "Export every deck's questions for other tools.",
        usage: "deckgen export <format> [<content>] [--output <output>]",
        sections: [
            ("ARGUMENTS", [("<format>", "json (as described in README.md) or anki (an Anki text import file)."),
                           ("<content>", "The folder of notes. (default: content)")]),
            ("OPTIONS", [
                ("-o, --output <output>", "The file to write. (default: standard output)"),
            ] + LLMArguments.help + [
                ("-h, --help", "Show help information."),
            ]),
        ])

    static let subcommands: [String: HelpText] = ["build": build, "check": check, "export": export, "help": root]

    /// The help for `name`, or the top level's for an unknown or empty name.
    static func command(named name: String) -> HelpText {
        subcommands[name] ?? root
    }
}
