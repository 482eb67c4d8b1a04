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
                             ("init", "Create a starter content folder: notes, a scanned page, a diary, settings, a CI workflow."),
                             ("report", "Report a migraine diary as a page for a doctor, or its numbers as JSON."),
                             ("scan", "Print scanned (OCR) text cleaned into a Markdown note."),
                             ("serve", "Build, serve on 127.0.0.1 and rebuild on change, for previewing."),
                             ("help", "Show subcommand help information.")]),
        ])

    static let build = HelpText(
        commandName: "build",
        overview: "Build the site from a content folder.",
        usage: "deckgen build [<content>] [--output <output>] [--templates <templates>] [--llm <provider[:model]>] [--offline] [--json]",
        sections: [
            ("ARGUMENTS", [("<content>", "The folder of notes to build. (default: content)")]),
            ("OPTIONS", [
                ("-o, --output <output>", "The site folder, replaced whole when the build succeeds. (default: site)"),
                ("--templates <templates>", "A folder of templates that override the built-in ones, file by file."),
                ("--strict", "Fail the build on a diary row that cannot be read, instead of skipping and listing it."),
                ("--json", "Print one JSON object of counts and diagnostics to standard output (see README.md); messages stay on standard error."),
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

    static let report = HelpText(
        commandName: "report",
        overview: "Report a migraine diary: the day counts a doctor asks for, charts, and the recent attacks, as one self-contained page.",
        usage: "deckgen report <diary> [--output <file> | --pdf <file.pdf> [--paper a4|letter]] [--format html|json] [--from <date>] [--to <date>] [--name <name>] [--redact-notes] [--date-format <format>] [--strict]",
        sections: [
            ("ARGUMENTS", [("<diary>", "A diary as CSV or JSON, one attack a row (see README.md, \"Diary reports\").")]),
            ("OPTIONS", [
                ("-o, --output <file>", "The file to write; required for html. (default: standard output for json)"),
                ("--format <format>", "html (a printable page) or json (the numbers, as documented in README.md). (default: html)"),
                ("--pdf <file.pdf>", "Print the page to a PDF with headless Chromium (apt-get install chromium); text stays text."),
                ("--paper <paper>", "The PDF's paper: a4 or letter. (default: a4)"),
                ("--from <date>", "Count only days from this date (YYYY-MM-DD); a report spans at most 30 years. (default: the diary's first day, or 30 years before its last)"),
                ("--to <date>", "Count only days up to this date; an attack still going counts through it."),
                ("--name <name>", "The patient's name, shown in the header."),
                ("--redact-notes", "Leave the free-text notes out of the page."),
                ("--date-format <format>", "How slash dates are written: dd/mm/yyyy or mm/dd/yyyy."),
                ("--strict", "Fail on a row that cannot be read, instead of skipping and listing it."),
                ("-h, --help", "Show help information."),
            ]),
        ])

    static let scan = HelpText(
        commandName: "scan",
        overview: "Print scanned (OCR) text cleaned into a Markdown note: page numbers, running heads and broken lines undone.",
        usage: "deckgen scan <file> ... [--lang <tag>]",
        sections: [
            ("ARGUMENTS", [("<file>", "A .txt file of OCR text, an image (.png .jpg .tif) read with tesseract when installed, a scanned PDF (each page's text layer, else the page read with tesseract), or a page folder (chapter.pages/: its images and PDFs in order of their names). Standard error says how each page was read, and lists by line the words tesseract was unsure of.")]),
            ("OPTIONS", [
                ("--lang <tag>", "The text's language (BCP 47): zh and ja lines are joined without spaces. (default: en)"),
                ("-h, --help", "Show help information."),
            ]),
        ])

    static let subcommands: [String: HelpText] = ["build": build, "check": check, "export": export, "report": report, "scan": scan, "serve": serve, "init": initCommand, "help": root]

    /// The help for `name`, or the top level's for an unknown or empty name.
    static func command(named name: String) -> HelpText {
        subcommands[name] ?? root
    }
}
