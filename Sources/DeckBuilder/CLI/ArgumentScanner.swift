/// Reads a subcommand's arguments the way argument-parser does: options with `--name value` or
/// `--name=value`, short flags, `--` ending options, and positionals.
struct ArgumentScanner {
    private(set) var positionals: [String] = []
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []

    /// Scans `arguments`; `valueOptions` and `flagOptions` map each spelling (`-o`, `--output`) to a canonical name.
    init(_ arguments: [String], command: String,
         valueOptions: [String: String], flagOptions: [String: String]) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if let canonical = flagOptions[name] {
                guard inlineValue == nil else { throw UsageError("The option '\(name)' takes no value", command: command) }
                flags.insert(canonical)
            } else if let canonical = valueOptions[name] {
                if let inlineValue {
                    values[canonical] = inlineValue
                } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
                    values[canonical] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("Missing value for '\(name) <\(canonical)>'", command: command)
                }
            } else {
                throw UsageError("Unknown option '\(name)'", command: command)
            }
        }
    }
}
