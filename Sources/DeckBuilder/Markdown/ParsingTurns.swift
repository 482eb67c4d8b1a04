import CCmark
import CCmarkSharedParsing
import Foundation

/// Decides which cmark-gfm parses may run at once. cmark-gfm keeps its extensions' special characters in one
/// global table (see `shared_parsing.c`): parsers with the same extensions parse together and the table is
/// cleared when the last of them is done; a parser with other extensions waits for its turn.
final class ParsingTurns: @unchecked Sendable {
    /// Guards every stored property below.
    private let condition = NSCondition()
    /// The extensions of the parsers now parsing.
    private var extensions: [String] = []
    private var parsing = 0
    /// Parsers waiting for the group now parsing to finish, so that the group takes no newcomers meanwhile.
    private var waiting = 0
    /// False when cmark-gfm binds its calls to itself, so a parse's end clears the table whoever else is
    /// parsing: then every parse takes its turn alone.
    let parsersShare: Bool

    /// The process's turns, probed once before any parse.
    static let shared = ParsingTurns(parsersShare: probeSharing())

    init(parsersShare: Bool) {
        self.parsersShare = parsersShare
    }

    /// Runs `parse` for a parser with `extensions` when its turn comes; `lastOut` runs when it is the last of its
    /// group to finish and parsers share the table, to clear it.
    func parse<Result>(extensions: [String], _ parse: () -> Result, lastOut: () -> Void) -> Result {
        enter(extensions)
        let result = parse()
        leave(lastOut)
        return result
    }

    private func enter(_ key: [String]) {
        condition.lock()
        defer { condition.unlock() }
        var inLine = false
        // A newcomer joins a group only when no one waits for another; one already waiting joins a group of its own
        // extensions as it starts, so waiters with the same extensions do not go in one at a time.
        while parsing > 0 && !(parsersShare && key == extensions && (inLine || waiting == 0)) {
            if !inLine {
                waiting += 1
                inLine = true
            }
            condition.wait()
        }
        if inLine { waiting -= 1 }
        extensions = key
        parsing += 1
    }

    private func leave(_ lastOut: () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        parsing -= 1
        guard parsing == 0 else { return }
        // The table is the group's until now; the next parser may have other extensions.
        if parsersShare { lastOut() }
        condition.broadcast()
    }

    /// Parses `~~x~~` once: when cmark-gfm's calls to manage its special characters come through this process's
    /// own definition, parsers can share the table.
    private static func probeSharing() -> Bool {
        cmark_gfm_core_extensions_ensure_registered()
        let before = deck_cmark_special_character_calls()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { fatalError("cmark-gfm could not allocate a parser") }
        defer { cmark_parser_free(parser) }
        if let strikethrough = cmark_find_syntax_extension("strikethrough") {
            cmark_parser_attach_syntax_extension(parser, strikethrough)
        }
        cmark_parser_feed(parser, "~~x~~", 5)
        if let document = cmark_parser_finish(parser) { cmark_node_free(document) }
        guard deck_cmark_special_character_calls() > before else { return false }
        deck_cmark_remove_special_characters(UnsafeMutableRawPointer(parser))
        return true
    }
}
