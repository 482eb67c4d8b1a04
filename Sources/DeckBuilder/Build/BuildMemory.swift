import Foundation

/// What `deckgen serve` keeps from one build for the next, so a rebuild after one saved note does not read back
/// what the last build wrote or hash files that have not changed: the deck records as written, and each content
/// file's digest with the size and times it had. Each is used only while the file on disk is still the one it
/// describes; anything else is read as `deckgen build` reads it.
public final class BuildMemory: Sendable {
    /// A file's identity on disk: what a write, a replacement or a rename changes.
    struct Stamp: Equatable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64
        var modified: Int64, changed: Int64

        /// The stamp of the file at `path`, nil when there is none.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        }
    }

    /// The records the last build wrote, and the stamp of the file it wrote them to.
    private let records = LockedBox<(records: DeckRecords, stamp: Stamp)?>(nil)
    /// The records the build under way will write, until its site is in place.
    private let pendingRecords = LockedBox<DeckRecords?>(nil)
    /// Digests of content files by standardized path, with the stamp each file had when it was hashed,
    /// and when the build that hashed them began reading.
    private let digests = LockedBox<(files: [String: (stamp: Stamp, digest: String)], start: Date)>(([:], .distantPast))

    /// Nothing remembered yet: the first build reads everything.
    public init() {}

    /// The last build's records, while its records file in `site` is the one it wrote.
    func records(site: URL) -> DeckRecords? {
        guard let kept = records.withLock({ $0 }),
              Stamp(path: site.appendingPathComponent(DeckRecords.fileName).path) == kept.stamp else { return nil }
        return kept.records
    }

    /// `records` are about to be written; they count once `siteWritten(site:)` says the site is in place.
    func willWrite(_ records: DeckRecords) {
        pendingRecords.withLock { $0 = records }
    }

    /// The site with the records of `willWrite` is in place in `site`.
    func siteWritten(site: URL) {
        let written = pendingRecords.withLock { pending in
            defer { pending = nil }
            return pending
        }
        records.withLock { kept in
            kept = written.flatMap { records in
                Stamp(path: site.appendingPathComponent(DeckRecords.fileName).path).map { (records, $0) }
            }
        }
    }

    /// The remembered digests of files unchanged since: the same stamp now, and modified well before the build that
    /// hashed them began. A file modified within `racyWindow` of that is hashed again: the clock the kernel stamps
    /// files with is coarse, and a second write of the same size in the same tick would leave its stamp as it was.
    func unchangedDigests() -> [String: String] {
        let (remembered, start) = digests.withLock { $0 }
        guard !remembered.isEmpty else { return [:] }
        let trustedBefore = Int64(max(0, start.timeIntervalSince1970 - Self.racyWindow) * 1_000_000_000)
        var found = [String: String](minimumCapacity: remembered.count)
        for (path, entry) in remembered where entry.stamp.modified < trustedBefore && entry.stamp.changed < trustedBefore {
            if Stamp(path: path) == entry.stamp { found[path] = entry.digest }
        }
        return found
    }

    /// Remembers the digests of a build that began reading at `start`, by standardized path, with the files' stamps as
    /// they are now. A file written after `start` has a later stamp than that, and is not trusted next time.
    func remember(digests taken: [String: String], buildStart start: Date) {
        var stamped = [String: (stamp: Stamp, digest: String)](minimumCapacity: taken.count)
        for (path, digest) in taken {
            if let stamp = Stamp(path: path) { stamped[path] = (stamp, digest) }
        }
        digests.withLock { $0 = (stamped, start) }
    }

    /// Seconds before a fingerprint within which a file's stamp is not trusted.
    static let racyWindow = 2.0
}
