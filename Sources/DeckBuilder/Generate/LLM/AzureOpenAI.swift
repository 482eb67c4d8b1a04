import Foundation

/// Azure OpenAI's two ways of being addressed, read off the base URL: a deployment
/// (`…/openai/deployments/NAME`, which needs `?api-version=`) or the v1 API (`…/openai/v1`, which does not).
/// Both take the key as an `api-key` header.
enum AzureOpenAI {
    /// The newest generally available `api-version` for deployment URLs (structured outputs included).
    static let defaultAPIVersion = "2024-10-21"
    /// The variable Azure's own tools read the key from.
    static let keyVariable = "AZURE_OPENAI_API_KEY"
    /// Hosts Azure serves OpenAI models from.
    static let hostSuffixes = [".openai.azure.com", ".cognitiveservices.azure.com", ".services.ai.azure.com"]

    /// Whether requests to `base` speak Azure's dialect.
    static func serves(_ base: URL) -> Bool {
        isDeployment(base) || base.path.hasSuffix("/openai/v1") || base.path.hasSuffix("/openai/v1/")
            || hostSuffixes.contains { base.host?.lowercased().hasSuffix($0) == true }
    }

    /// Whether `base` names one deployment, whose requests need an `api-version`.
    static func isDeployment(_ base: URL) -> Bool {
        base.path.contains("/openai/deployments/")
    }

    /// `path` after `base`, joined as text (`appendingPathComponent` would re-encode a model's `%` and `:`), keeping
    /// the base's query; a deployment URL without `api-version` gets the default, and a configured `apiVersion`
    /// wins over the URL's.
    static func endpoint(_ base: URL, path: String, apiVersion: String?) -> URL? {
        var text = base.absoluteString
        var items = [String]()
        if let mark = text.firstIndex(of: "?") {
            items = text[text.index(after: mark)...].split(separator: "&").map(String.init)
            text = String(text[..<mark])
        }
        while text.hasSuffix("/") { text.removeLast() }
        let isVersion = { (item: String) in item.hasPrefix("api-version=") }
        if let apiVersion {
            items.removeAll(where: isVersion)
            items.append("api-version=" + apiVersion)
        } else if isDeployment(base), !items.contains(where: isVersion) {
            items.append("api-version=" + defaultAPIVersion)
        }
        return URL(string: text + "/" + path + (items.isEmpty ? "" : "?" + items.joined(separator: "&")))
    }
}
