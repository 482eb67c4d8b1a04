import CJemalloc
import DeckBuilder
import Foundation

// Naming one of jemalloc's own functions pulls its allocator out of the static archive and into the executable;
// glibc's malloc made a tenth of a build's CPU time on notes parsed from many threads.
_ = mallctl
// Everything but argv and the exit status lives in DeckBuilder, where tests can reach it.
let status = CommandLineInterface(arguments: Array(CommandLine.arguments.dropFirst())).run()
exit(status)
