import DeckTemplates
import Foundation

/// The page templates: the built-in ones, overridden file by file from the user's folders.
public struct TemplateSet: Sendable {
    /// Every template and stylesheet name deckgen reads; overrides must use one of them.
    public static let names = EmbeddedTemplates.files.keys.sorted()

    /// Compiled Mustache templates by name (`base.mustache` → `base`, usable as a partial too).
    let templates: [String: MustacheTemplate]
    /// Plain files by name (`style.css`).
    let files: [String: String]
    /// Names of the files a user's folder replaced; the built-in ones may be compacted, a user's are inlined as written.
    let overridden: Set<String>
    /// Whether a page template came from the content folder, which may be a stranger's: its pages then get deckgen's
    /// policy ahead of anything the template writes (`enforcing`).
    let pagesFromContent: Bool
    /// Shared by the copies of this set that render pages on every core.
    private let unfinished = LockedBox<Set<String>>([])

    /// Loads the defaults, then `templates/` in `contentFolder` when it exists, then the folder given with
    /// `--templates`, which must exist. The content folder may be a stranger's: a template there that links out of it
    /// is not read (a warning in `warnings`), so no file elsewhere is published in every page.
    public init(contentFolder: URL? = nil, explicitTemplates: URL? = nil, warnings: inout [Diagnostic]) throws(Diagnostic) {
        if let explicitTemplates, !FileManager.default.fileExists(atPath: explicitTemplates.path) {
            throw .error("templates folder not found; expected a folder of .mustache files or style.css", path: explicitTemplates.path)
        }
        var sources = EmbeddedTemplates.files
        var origin = [String: String]()
        var pagesFromContent = false
        let boundary = contentFolder.map(ContentBoundary.init(contentFolder:))
        let folders = [contentFolder.map { $0.appendingPathComponent("templates") }, explicitTemplates]
        for (index, folder) in folders.enumerated() {
            guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                var url = folder.appendingPathComponent(name)
                guard sources[name] != nil else {
                    throw .error("unknown template; expected one of \(Self.names.joined(separator: ", "))", path: url.path)
                }
                if index == 0, name.hasSuffix(".js") {
                    // The one template that is script: a stranger's would run in the reader's browser.
                    warnings.append(.warning("a content folder's templates may not replace the page script, which would run in every reader's browser; the built-in \(name) is used; expected your own script given with --templates DIR",
                                             path: "templates/" + name))
                    continue
                }
                if index == 0, let boundary {
                    switch boundary.place(of: "templates/" + name) {
                    case .inside(let real): url = URL(fileURLWithPath: real, isDirectory: false)
                    case .missing: continue
                    case .outside(let target):
                        warnings.append(.warning("links to \(target), outside the content folder; not read, and the built-in \(name) is used; expected the template itself",
                                                 path: "templates/" + name))
                        continue
                    }
                }
                do {
                    sources[name] = try DecodedText(bytes: [UInt8](Data(contentsOf: url))).text
                    origin[name] = folder.appendingPathComponent(name).path
                    if index == 0 && name.hasSuffix(".mustache") { pagesFromContent = true }
                } catch let error as Diagnostic {
                    throw error.located(in: url.path)
                } catch {
                    throw .error("cannot be read (\(error.localizedDescription))", path: url.path)
                }
            }
        }
        var templates = [String: MustacheTemplate]()
        var files = [String: String]()
        for (name, source) in sources {
            guard name.hasSuffix(".mustache") else {
                files[name] = source
                continue
            }
            let shortName = String(name.dropLast(".mustache".count))
            do {
                templates[shortName] = try MustacheTemplate(source, name: origin[name] ?? "Templates/" + name)
            } catch {
                throw .error(error.message, path: error.name, line: error.line, column: error.column)
            }
        }
        self.templates = templates
        self.files = files
        overridden = Set(origin.keys)
        self.pagesFromContent = pagesFromContent
    }

    /// `page` with `policy` as the first thing in it when a page template came from the content folder: a template
    /// could leave its policy out or run script ahead of it, and a policy in force first binds everything after it.
    func enforcing(_ policy: String, on page: String) -> String {
        guard pagesFromContent else { return page }
        var rest = Substring(page).drop { $0.isWhitespace }
        if rest.prefix(15).lowercased() == "<!doctype html>" { rest = rest.dropFirst(15) }
        return "<!DOCTYPE html>\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTML.escape(policy))\">" + rest
    }

    /// Renders template `name` (without `.mustache`) with the other templates available as partials. A page that
    /// stops unfinished at the renderer's limits is noted in `unfinished`, for the build to refuse.
    func render(_ name: String, _ context: TemplateValue) -> String {
        guard let template = templates[name] else { return "" }
        let (output, overflowed) = template.rendering(context, partials: templates)
        if overflowed { _ = unfinished.withLock { $0.insert(template.name) } }
        return output
    }

    /// The templates whose pages stopped unfinished: bigger than any page, or nested past what can be rendered.
    var unfinishedTemplates: [String] {
        unfinished.withLock { $0.sorted() }
    }
}
