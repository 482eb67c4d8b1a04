import Foundation

/// A server's refusal of a request longer than its context, and the context it names: llama-cpp-python, vLLM and
/// OpenAI say "maximum context length is 2048 tokens"; llama-cpp-python also "exceed context window of 2048";
/// llama.cpp's server answers `exceed_context_size_error` with `"n_ctx": 2048`.
enum ContextOverflow {
    private static let patterns = [
        #"maximum context length is (\d+) tokens"#,
        #"exceed context window of (\d+)"#,
        #"exceed_context_size_error.*"n_ctx"\s*:\s*(\d+)"#,
        #""n_ctx"\s*:\s*(\d+).*exceed_context_size_error"#,
    ].compactMap { try? NSRegularExpression(pattern: $0, options: [.dotMatchesLineSeparators]) }

    /// The context size the server names in `message`, when the message says a request was too long for it.
    static func limit(in message: String) -> Int? {
        let range = NSRange(message.startIndex..., in: message)
        for pattern in patterns {
            guard let match = pattern.firstMatch(in: message, range: range), let found = Range(match.range(at: 1), in: message),
                  let tokens = Int(message[found]), tokens >= 256 else { continue }
            return tokens
        }
        return nil
    }
}
