/// The Content-Security-Policy every page carries: nothing from the network, inline code only by hash.
struct ContentSecurityPolicy: Sendable {
    var styles: [String]
    var scripts: [String] = []

    /// The policy, for a `<meta http-equiv="Content-Security-Policy">` tag.
    var headerValue: String {
        let styleSources = styles.map { "'sha256-\(SHA256.base64($0))'" }
        let scriptSources = scripts.map { "'sha256-\(SHA256.base64($0))'" }
        return [
            "default-src 'none'",
            "img-src 'self' data:",
            "style-src " + (styleSources.isEmpty ? "'none'" : styleSources.joined(separator: " ")),
            "script-src " + (scriptSources.isEmpty ? "'none'" : scriptSources.joined(separator: " ")),
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }
}
