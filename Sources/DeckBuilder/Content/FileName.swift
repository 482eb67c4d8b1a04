/// File names deckgen makes from a note's name (store files, temporary files, attachment pages), kept within what
/// every file system allows: a name at the limit would fail every build with "File name too long".
enum FileName {
    /// The longest file name, in bytes, that Linux, macOS and Windows file systems take.
    static let maximumBytes = 255

    /// `prefix + name + suffix`, or, when that is longer than `limit` bytes, with `name` cut on a character boundary
    /// and followed by `~` and a hash of the whole of it, so two long names stay two files.
    static func fitting(_ name: String, prefix: String = "", suffix: String = "", limit: Int = maximumBytes) -> String {
        let whole = prefix + name + suffix
        guard whole.utf8.count > limit else { return whole }
        let hash = "~" + SHA256.hex(name).prefix(16)
        let room = max(0, limit - prefix.utf8.count - suffix.utf8.count - hash.utf8.count)
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= room else { break }
            kept.append(character)
        }
        return prefix + kept + hash + suffix
    }
}
