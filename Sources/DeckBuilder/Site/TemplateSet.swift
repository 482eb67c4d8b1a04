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

    /// Loads the defaults, then `templates/` in `contentFolder` when it exists, then the folder given with
    /// `--templates`, which must exist. The content folder may be a stranger's: a template there that links out of it
    /// is not read (a warning in `warnings`), so no file elsewhere is published in every page.
    public init(contentFolder: URL? = nil, explicitTemplates: URL? = nil, warnings: inout [Diagnostic]) throws(Diagnostic) {
        if let explicitTemplates, !FileManager.default.fileExists(atPath: explicitTemplates.path) {
            throw .error("templates folder not found; expected a folder of .mustache files or style.css", path: explicitTemplates.path)
        }
        var sources = EmbeddedTemplates.files
        var origin = [String: String]()
        let boundary = contentFolder.map(ContentBoundary.init(contentFolder:))
        let folders = [contentFolder.map { $0.appendingPathComponent("templates") }, explicitTemplates]
        for (index, folder) in folders.enumerated() {
            guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                var url = folder.appendingPathComponent(name)
                guard sources[name] != nil else {
                    throw .error("unknown template; expected one of \(Self.names.joined(separator: ", "))", path: url.path)
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
    }

    /// Renders template `name` (without `.mustache`) with the other templates available as partials.
    func render(_ name: String, _ context: TemplateValue) -> String {
        templates[name]?.render(context, partials: templates) ?? ""
    }
}
