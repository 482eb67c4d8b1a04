import Foundation

/// Answers the preview server's requests: files from the site with live reload added to pages, the build
/// generation for the reload script, and a refusal for anything else.
struct PreviewResponder: Sendable {
    let files: SiteFiles
    let state: LockedBox<PreviewState>

    /// The response to a request head, and whether to send it without its body (HEAD).
    func respond(to head: String) -> (response: ServeResponse, headOnly: Bool) {
        let request: ServeRequest
        do {
            request = try ServeRequest(head: head)
        } catch {
            return (.refusal(error), head.hasPrefix("HEAD "))
        }
        return (response(to: request), request.method == .head)
    }

    /// The response to a request already checked.
    func response(to request: ServeRequest) -> ServeResponse {
        let shown = state.withLock { $0 }
        if request.segments == ReloadScript.generationSegments && !request.endsWithSlash {
            return ServeResponse(status: 200, contentType: ContentTypes.plainText, body: Data(String(shown.generation).utf8))
        }
        switch files.lookup(request.segments, endsWithSlash: request.endsWithSlash) {
        case .file(let path, let data):
            let type = ContentTypes.type(ofFileNamed: path)
            guard type == ContentTypes.html, let html = String(data: data, encoding: .utf8) else {
                return ServeResponse(status: 200, contentType: type, body: data)
            }
            let page = PageInjection.inject(into: html, generation: shown.generation, errors: shown.errors)
            return ServeResponse(status: 200, contentType: type, body: Data(page.utf8))
        case .folder:
            return .text(301, "301 Moved Permanently: \(request.rawPath)/", headers: [("Location", request.rawPath + "/")])
        case .notFound:
            return .text(404, "404 Not Found")
        case .outside:
            return .text(403, "403 Forbidden: the path leads outside the site folder")
        case .noSite:
            let page = FailureBanner.page(errors: shown.errors, generation: shown.generation)
            return ServeResponse(status: 503, contentType: ContentTypes.html, body: Data(page.utf8))
        }
    }
}
