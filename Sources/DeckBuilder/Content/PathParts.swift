/// A file's path cut at its last slash, with plain string operations: bridging to `NSString` or making a `URL` for
/// each of thousands of store files cost more than writing them.
enum PathParts {
    /// The folder and the name of the file at `path`, which names a file (no trailing slash): `a/b/c.md` →
    /// (`a/b`, `c.md`); `/c.md` → (`/`, `c.md`); `c.md` → (`.`, `c.md`).
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        // One byte on, not one Character: a name may begin with a combining mark, which a Character would take in.
        let name = String(path[path.utf8.index(after: slash)...])
        return (slash == path.startIndex ? "/" : String(path[..<slash]), name)
    }

    /// The path of `name` in `folder`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
