import DeckBuilder
import Foundation

// Everything but argv and the exit status lives in DeckBuilder, where tests can reach it.
let status = CommandLineInterface(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status)
