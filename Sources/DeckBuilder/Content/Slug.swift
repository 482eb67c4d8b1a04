/// URL-safe page names derived from note paths, so a page keeps its address when its title changes.
public enum Slug {
    /// The slug for a path relative to the content folder: `Cell Biology/Mitosis.md` → `cell-biology-mitosis`.
    /// Letters and digits of any script are kept (lowercased); everything else becomes a single `-`.
    public static func make(fromPath path: String) -> String {
        var stem = path
        // On bytes: `contains` of a string goes through Foundation's search.
        if let dot = stem.lastIndex(of: "."), !stem[dot...].utf8.contains(UInt8(ascii: "/")) { stem = String(stem[..<dot]) }
        let slug = asciiSlug(stem) ?? characterSlug(stem)
        // 120 characters of a script written in three or four bytes each would be too long a file name for
        // `decks/<slug>.html`: cut to a length that leaves room for a collision's suffix, with a hash of the whole.
        guard slug.utf8.count > maximumBytes else { return slug }
        return FileName.fitting(slug, limit: maximumBytes).replacingOccurrences(of: "~", with: "-")
    }

    /// The most bytes a slug takes, leaving room in a file name for `-` and a hash, should two collide, and `.html`.
    static let maximumBytes = 200

    /// `make` for a stem in any script, on Characters.
    static func characterSlug(_ stem: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in stem.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "note" : String(slug.prefix(120))
    }

    /// `make` on the bytes of an ASCII stem, where letters and digits are `A-Z`, `a-z` and `0-9` and every
    /// character is one byte; nil for any other stem.
    static func asciiSlug(_ stem: String) -> String? {
        guard stem.isASCII else { return nil }
        return stem.withUTF8Bytes { bytes in
            var slug = [UInt8]()
            slug.reserveCapacity(bytes.count)
            var pendingDash = false
            for byte in bytes {
                let lower = byte.asciiLowercased
                if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) {
                    if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    slug.append(lower)
                } else {
                    pendingDash = true
                }
            }
            return slug.isEmpty ? "note" : String(decoding: slug.prefix(120), as: UTF8.self)
        }
    }

    /// Slugs for all `paths`, unique and the same on every build of the same folder.
    /// When two paths give one slug, the path that sorts first keeps it and the others get a suffix
    /// from a hash of their own path, so adding an unrelated note never renames a page.
    public static func unique(forPaths paths: [String]) -> [String: String] {
        // Most folders have no two notes with one slug: then each path keeps its own, with no grouping or sorting.
        let plain = paths.map(make(fromPath:))
        // Equal paths give equal slugs, so distinct slugs mean distinct paths too.
        if Set(plain).count == plain.count {
            // Paths that read alike were left out by the walker; should two meet here, the first stands, never a trap.
            return Dictionary(zip(paths, plain), uniquingKeysWith: { first, _ in first })
        }
        var byPath = [String: String]()
        var taken = Set<String>()
        let groups = Dictionary(grouping: paths.sorted(by: { $0.precedesInUTF8Order($1) }), by: make(fromPath:))
            .sorted(by: { $0.key.precedesInUTF8Order($1.key) })
        for (slug, group) in groups {
            taken.insert(slug)
            byPath[group[0]] = slug
        }
        for (slug, group) in groups {
            for path in group.dropFirst() {
                var candidate = slug + "-" + SHA256.hex(path).prefix(6)
                var length = 6
                while taken.contains(candidate) {
                    length += 2
                    candidate = slug + "-" + SHA256.hex(path).prefix(length)
                }
                taken.insert(candidate)
                byPath[path] = candidate
            }
        }
        return byPath
    }

    /// `unique(forPaths:)` and its `collisions(in:)` at once: each path's plain slug is made once, and when no two
    /// are alike, as in most folders, there is nothing more to work out.
    static func uniqueWithCollisions(forPaths paths: [String]) -> (slugs: [String: String], collisions: [Diagnostic]) {
        let plain = paths.map(make(fromPath:))
        if Set(plain).count == plain.count {
            return (Dictionary(zip(paths, plain), uniquingKeysWith: { first, _ in first }), [])
        }
        let slugs = unique(forPaths: paths)
        return (slugs, collisions(in: slugs))
    }

    /// A warning for each note whose slug was changed to avoid another's, naming both files,
    /// since its page address now depends on the other note staying where it is.
    public static func collisions(in slugs: [String: String]) -> [Diagnostic] {
        // A slug was changed only where the plain slugs of two paths are one.
        let plainSlugs = slugs.keys.map(make(fromPath:))
        guard Set(plainSlugs).count < plainSlugs.count else { return [] }
        var warnings = [Diagnostic]()
        let plain = Dictionary(grouping: slugs.keys, by: make(fromPath:))
        for (slug, paths) in plain where paths.count > 1 {
            let sorted = paths.sorted { $0.precedesInUTF8Order($1) }
            for path in sorted.dropFirst() {
                warnings.append(.warning(
                    "page name `\(slug)` is taken by \(sorted[0]), so this note is at decks/\(slugs[path] ?? slug).html; "
                        + "expected file names that differ in more than case and punctuation",
                    path: path))
            }
        }
        return warnings.sorted { $0.path.precedesInUTF8Order($1.path) }
    }
}
