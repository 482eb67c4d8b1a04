import Foundation

/// A path typed on the command line, taken from the folder deckgen was started in.
enum ArgumentPath {
    /// The absolute location `path` names, seen from `workingDirectory`.
    static func url(_ path: String, from workingDirectory: URL) -> URL {
        URL(fileURLWithPath: path, relativeTo: workingDirectory).standardizedFileURL
    }
}
