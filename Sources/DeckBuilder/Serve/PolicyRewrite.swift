import Foundation

/// Widens a page's Content-Security-Policy by exactly what the preview server adds: its script and banner
/// style by hash, and `connect-src 'self'` so the script may ask for the generation. Nothing else changes.
struct PolicyRewrite: Sendable {
    /// Sources for `script-src`, such as `'sha256-…'`.
    var scripts: [String] = []
    /// Sources for `style-src`.
    var styles: [String] = []
    /// Sources for `connect-src`.
    var connections: [String] = []

    /// `policy` with the sources added.
    func apply(to policy: String) -> String {
        var directives = policy.split(separator: ";").compactMap { part -> [String]? in
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
            return words.isEmpty ? nil : words
        }
        let defaults = directives.first { $0[0].lowercased() == "default-src" }.map { Array($0.dropFirst()) }
        for (name, added) in [("script-src", scripts), ("style-src", styles), ("connect-src", connections)] where !added.isEmpty {
            if let index = directives.firstIndex(where: { $0[0].lowercased() == name }) {
                directives[index] = [directives[index][0]] + Self.sources(Array(directives[index].dropFirst()), adding: added)
            } else if let defaults {
                // A missing directive falls back to default-src: spell that out, then add to it.
                directives.append([name] + Self.sources(defaults, adding: added))
            }
            // With neither, the policy does not restrict this kind at all.
        }
        return directives.map { $0.joined(separator: " ") }.joined(separator: "; ")
    }

    /// The page with the policy of each `<meta http-equiv="Content-Security-Policy">` in its head rewritten.
    func rewritingMetaTags(in html: String) -> String {
        // A policy in a meta tag only counts in the head, so the body (where notes' text is) is never touched.
        let head = html.range(of: "<body", options: .caseInsensitive).map { html[..<$0.lowerBound] } ?? html[...]
        var result = ""
        var rest = head
        while let tagStart = rest.range(of: "<meta", options: .caseInsensitive)?.lowerBound,
              let tagEnd = rest[tagStart...].firstIndex(of: ">") {
            result += rest[..<tagStart]
            result += rewritingPolicy(inMetaTag: String(rest[tagStart...tagEnd]))
            rest = rest[rest.index(after: tagEnd)...]
        }
        return result + rest + html[head.endIndex...]
    }
}

// MARK: - Sources

private extension PolicyRewrite {
    /// `sources` without `'none'`, with `added` appended.
    static func sources(_ sources: [String], adding added: [String]) -> [String] {
        // A hash turns `'unsafe-inline'` off; where it is on and no hash or nonce is, the inline code is allowed already.
        let inlineAllowed = sources.contains { $0.lowercased() == "'unsafe-inline'" }
            && !sources.contains { $0.lowercased().hasPrefix("'sha") || $0.lowercased().hasPrefix("'nonce-") }
        if inlineAllowed && added.allSatisfy({ $0.hasPrefix("'sha") }) { return sources }
        let kept = sources.filter { $0.lowercased() != "'none'" }
        return kept + added.filter { !kept.contains($0) }
    }

    /// `tag` with its `content` attribute rewritten, when it is a Content-Security-Policy meta tag.
    func rewritingPolicy(inMetaTag tag: String) -> String {
        guard tag.range(of: #"\shttp-equiv\s*=\s*["']?content-security-policy["'\s>]"#, options: [.regularExpression, .caseInsensitive]) != nil,
              let attribute = tag.range(of: #"\scontent\s*=\s*("[^"]*"|'[^']*')"#, options: [.regularExpression, .caseInsensitive]),
              let valueStart = tag[attribute].firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return tag }
        let quoted = tag[valueStart..<attribute.upperBound]
        let policy = Self.unescaped(String(quoted.dropFirst().dropLast()))
        return tag.replacingCharacters(in: valueStart..<attribute.upperBound, with: "\"" + HTML.escape(apply(to: policy)) + "\"")
    }

    /// An attribute value with the entities a template writes for quotes and ampersands read back.
    static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&#x27;", with: "'")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
