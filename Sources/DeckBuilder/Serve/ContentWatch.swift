import CLinux
import Foundation

/// Wakes `serve` as soon as something changes in the content folder, through Linux's inotify: one watch per folder
/// the build reads (`InputFingerprint.folders`), a new folder watched as it appears. It only wakes: whether the
/// content really changed (and not just deckgen's own question store) is still the fingerprint's to say.
final class ContentWatch {
    /// What is watched for: a file written and closed, made, removed, renamed, or its times or mode changed.
    private static let events = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
        | IN_DELETE_SELF | IN_MOVE_SELF)

    private let descriptor: Int32
    /// The folder each watch is on, to watch the folders made inside it.
    private var folders = [Int32: String]()

    /// Watches `folders`; nil when inotify cannot be used or its watches run out (the system's
    /// `fs.inotify.max_user_watches`), and `serve` looks at the content every half second instead.
    init?(folders: [String]) {
        let opened = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard opened >= 0 else { return nil }
        var watched = [Int32: String]()
        // Closed here and `descriptor` left unset on failure: a failed initializer of a whole object runs `deinit`,
        // which would close it a second time, perhaps after another thread was given the same number.
        for folder in folders where !Self.add(folder, to: opened, into: &watched) {
            close(opened)
            return nil
        }
        descriptor = opened
        self.folders = watched
    }

    deinit { close(descriptor) }

    /// Waits up to `seconds` for a change; true when one came. Every event already queued is taken with it, so a
    /// save that touches several files wakes once.
    func waitForChange(seconds: Double) -> Bool {
        var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&wait, 1, Int32(seconds * 1000)) > 0 else { return false }
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            changed = true
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = bytes.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
                       let parent = folders[event.wd] {
                        let name = bytes[nameStart..<(nameStart + Int(event.len))].prefix { $0 != 0 }
                        watchNewFolder(parent + "/" + String(decoding: name, as: UTF8.self))
                    }
                    offset = nameStart + Int(event.len)
                }
            }
        }
        return changed
    }

    /// Watches a folder and everything in it: files may be put in it before its watch is in place.
    private func watchNewFolder(_ path: String) {
        let name = PathParts.split(path).name
        guard !name.hasPrefix(".") || name == ".deckgen", add(path) else { return }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            var info = stat()
            if stat(path + "/" + entry, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { watchNewFolder(path + "/" + entry) }
        }
    }

    /// Adds a watch on `folder`; false when the system has no more watches to give.
    private func add(_ folder: String) -> Bool {
        Self.add(folder, to: descriptor, into: &folders)
    }

    /// Adds a watch on `folder` to inotify instance `descriptor`, noting its folder in `watched`.
    private static func add(_ folder: String, to descriptor: Int32, into watched: inout [Int32: String]) -> Bool {
        let watch = inotify_add_watch(descriptor, folder, events)
        if watch >= 0 {
            watched[watch] = folder
            return true
        }
        // A folder gone since the walk is not a reason to stop watching the rest.
        return errno != ENOSPC
    }
}
