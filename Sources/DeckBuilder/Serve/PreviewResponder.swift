import Foundation

/// Answers the preview server's requests: files from the site with live reload added to pages, the build
/// generation for the reload script, and a refusal for anything else.
struct PreviewResponder: Sendable {
    /// The largest page read whole to add live reload; anything else is streamed. deckgen's own pages are far smaller,
    /// and each of the 64 connections answered at once may hold a few copies of one.
    static let pageLimit = 16 * 1024 * 1024

    /// The policy of everything under `files/`: the content's own files, which a stranger's notes folder may fill with
    /// HTML or SVG. Sandboxed, they run no script and reach nothing on this origin, whatever their type.
    static let attachmentPolicy = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'"

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
            return ServeResponse(status: 200, contentType: ContentTypes.plainText, body: .data(Data(String(shown.generation).utf8)))
        }
        let lookup = files.lookup(request.segments, endsWithSlash: request.endsWithSlash)
        // Asked for under files/, or led there by a link: either way it is the content's file, not deckgen's page.
        var attachment = request.segments.first == SiteFiles.attachmentFolder
        if case .file(let path, _) = lookup, path.hasPrefix(SiteFiles.attachmentFolder + "/") { attachment = true }
        var response = response(to: request, lookup: lookup, shown: shown, attachment: attachment)
        if attachment { response.extraHeaders.append(("Content-Security-Policy", Self.attachmentPolicy)) }
        return response
    }
}

// MARK: - Files

private extension PreviewResponder {
    func response(to request: ServeRequest, lookup: SiteFiles.Lookup, shown: PreviewState, attachment: Bool) -> ServeResponse {
        switch lookup {
        case .file(let path, let file):
            let type = ContentTypes.type(ofFileNamed: path)
            guard type == ContentTypes.html, !attachment else {
                return ServeResponse(status: 200, contentType: type, body: .file(file))
            }
            return page(path: path, file: file, shown: shown)
        case .folder:
            return .text(301, "301 Moved Permanently: \(request.rawPath)/", headers: [("Location", request.rawPath + "/")])
        case .notFound:
            return .text(404, "404 Not Found")
        case .outside:
            return .text(403, "403 Forbidden: the path leads outside the site folder")
        case .noSite:
            let page = FailureBanner.page(errors: shown.errors, generation: shown.generation)
            return ServeResponse(status: 503, contentType: ContentTypes.html, body: .data(Data(page.utf8)))
        }
    }

    /// One of deckgen's pages with live reload (and the banner of a failed rebuild) added.
    func page(path: String, file: OpenFile, shown: PreviewState) -> ServeResponse {
        guard file.size <= Self.pageLimit else {
            return .text(500, "500 Internal Server Error: \(path) is \(file.size) bytes, more than the \(Self.pageLimit / 1_048_576) MiB "
                + "the preview reads whole to add live reload; expected a page deckgen built (open the file itself instead)")
        }
        guard let data = file.contents() else { return .text(500, "500 Internal Server Error: \(path) cannot be read") }
        guard let html = String(data: data, encoding: .utf8) else {
            return ServeResponse(status: 200, contentType: ContentTypes.html, body: .data(data))
        }
        let page = PageInjection.inject(into: html, generation: shown.generation, errors: shown.errors)
        return ServeResponse(status: 200, contentType: ContentTypes.html, body: .data(Data(page.utf8)))
    }
}
