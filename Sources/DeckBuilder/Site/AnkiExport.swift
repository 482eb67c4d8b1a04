import Foundation

/// Every deck's questions as an Anki plain-text import file (Anki 2.1.55+ "Import File"; the format is in README.md).
///
/// One note per line, six tab-separated columns: a stable id first, which `#guid` makes the note's Anki id
/// (so importing again updates the notes instead of adding copies), the note type, the front, the back, the deck
/// and the tags. Multiple choice and recall cards are Anki's *Basic* notes (front, back); a cloze card is a *Cloze*
/// note (text, back extra), which is why the note type is a column and not one `#notetype` for the file.
/// Front and back are HTML; deck and tags are plain names, since Anki reads them as written.
struct AnkiExport {
    let decks: [RenderedDeck]
    /// The top of every deck's path in Anki, the site's title.
    let siteTitle: String

    /// The header lines Anki reads before the notes; `#separator` comes first because `#columns` is split by it.
    static let header = ["#separator:tab", "#html:true", "#guid column:1", "#notetype column:2", "#deck column:5",
                         "#tags column:6", "#columns:Id\tNote type\tFront\tBack\tDeck\tTags"]

    /// The file's text: decks in build order and questions in page order, so the same content gives the same bytes.
    var text: String {
        var lines = Self.header
        for deck in decks {
            let deckPath = Self.plain(deckPath(for: deck))
            let tags = Self.plain(Self.tags(for: deck))
            for question in deck.questions {
                lines.append([Self.field(Self.id(for: question, in: deck)), Self.noteType(of: question), Self.front(of: question),
                              Self.back(of: question), deckPath, tags].joined(separator: "\t"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the file to `file` through a temporary file and a rename.
    func write(to file: URL) throws(Diagnostic) {
        do {
            try AtomicFile.write(Data(text.utf8), to: file)
        } catch {
            throw .error("cannot write the export (\(error.localizedDescription)); expected a writable path", path: file.path)
        }
    }
}

// MARK: - Columns

extension AnkiExport {
    /// `deckgen-<slug>-<question id>`: stays the same while the question's text does, whatever its choice order.
    static func id(for question: Question, in deck: RenderedDeck) -> String {
        "deckgen-\(deck.slug)-\(question.id)"
    }

    /// Anki's stock note type for the question: `Cloze` for a cloze card, `Basic` for the rest.
    static func noteType(of question: Question) -> String {
        question.isCloze ? "Cloze" : "Basic"
    }

    /// The prompt and the choices, lettered A–F in the order the page shows them; a recall card's prompt alone;
    /// a cloze card's prompt with its blank made Anki's deletion, `{{c1::answer}}`. Texts are Anki HTML: their
    /// Markdown rendered as the page renders it (`QuestionMarkup`).
    static func front(of question: Question) -> String {
        let markup = QuestionMarkup(question)
        switch question.kind {
        case .recall where question.isCloze:
            let deletion = "{{c1::" + clozeText(markup.correctChoice(of: question)?.html ?? "", isAnswer: true) + "}}"
            return "<p>" + clozeText(markup.prompt.html, isAnswer: false).replacingOccurrences(of: Question.blank, with: deletion) + "</p>"
        case .recall:
            return "<p>\(field(markup.prompt.html))</p>"
        case .choice:
            break
        }
        let items = markup.choices.map { "<li>\(field($0.html))</li>" }.joined()
        return "<p>\(field(markup.prompt.html))</p><ol type=\"A\">\(items)</ol>"
    }

    /// The correct choice with its letter, then the explanation when there is one; a recall card's answer has no
    /// letter, and a cloze card's back (Anki's *Back Extra*) is the explanation alone, the answer being in the text.
    static func back(of question: Question) -> String {
        let markup = QuestionMarkup(question)
        let explanation = markup.explanation.isEmpty ? "" : "<p>\(markup.explanation.map { field($0.html) }.joined(separator: "<br>"))</p>"
        let correct = field(markup.correctChoice(of: question)?.html ?? "")
        if question.isCloze { return explanation }
        if question.kind == .recall { return "<p>\(correct)</p>" + explanation }
        let letter = letters.indices.contains(question.answer) ? letters[question.answer] : "?"
        return "<p><b>\(letter).</b> \(correct)</p>" + explanation
    }

    /// `<site title>::<folder>::…::<deck title>`: a deck per note, nested by folder as the index groups them.
    func deckPath(for deck: RenderedDeck) -> String {
        let folders = deck.section.split(separator: "/").map(String.init)
        // `::` separates levels in Anki; inside one name it would invent a level.
        return ([siteTitle] + folders + [deck.title])
            .map { name in
                String(name.map { $0.isNewline || $0 == "\t" ? " " : $0 })
                    .replacingOccurrences(of: "::", with: ":").trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty }
            .joined(separator: "::")
    }

    /// `deckgen` and the note's tags, each one word (Anki splits tags at spaces), without repeats.
    static func tags(for deck: RenderedDeck) -> String {
        var seen = Set<String>()
        return (["deckgen"] + deck.tags)
            .map { tag in String(tag.trimmingCharacters(in: .whitespacesAndNewlines).map { $0.isWhitespace ? "_" : $0 }) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
            .joined(separator: " ")
    }
}

// MARK: - Text

private extension AnkiExport {
    static let letters = ["A", "B", "C", "D", "E", "F"]

    /// A deck or tag name on one line of one column: control characters become spaces, `"` becomes `'` so
    /// that Anki's reader does not take it for a quoted field, and `<` `>` become `‹` `›` so that a card
    /// template showing `{{Deck}}` or `{{Tags}}` can never meet a tag.
    static func plain(_ text: String) -> String {
        String(text.map { character -> Character in
            if character == "\"" { return "'" }
            if character == "<" { return "‹" }
            if character == ">" { return "›" }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } || character.isNewline ? " " : character
        })
    }

    /// `field(html)` for a Cloze note's text, where Anki reads `{{c1::answer::hint}}` before the HTML: braces are
    /// written as character references so the note's own text cannot open or close a deletion, and in the answer
    /// colons too, which would otherwise cut a hint off it.
    static func clozeText(_ html: String, isAnswer: Bool) -> String {
        var result = ""
        for character in field(html) {
            switch character {
            case "{": result += "&#123;"
            case "}": result += "&#125;"
            case ":" where isAnswer: result += "&#58;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `html` kept on one line of one column: line breaks become `<br>`, tabs spaces.
    static func field(_ html: String) -> String {
        var result = ""
        for character in html {
            if character.isNewline {
                result += "<br>"
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                result += " "  // tabs above all: they would split the column
            } else {
                result.append(character)
            }
        }
        return result
    }
}
