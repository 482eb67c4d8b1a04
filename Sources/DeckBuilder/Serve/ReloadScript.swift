/// The script the preview server adds to each page it sends: once a second it asks which build the server
/// shows, and reloads the page when that changes.
enum ReloadScript {
    /// Where the script asks for the generation: a path no site file can have, since the build writes no `_deckgen` folder.
    static let generationSegments = ["_deckgen", "generation"]

    /// The script for a page sent while build `generation` is shown.
    static func source(generation: Int) -> String {
        // The generation is written into the script, rather than fetched when the page opens, so a rebuild that
        // finishes while the page loads still reloads it. On a network error (the server stopped) it keeps asking.
        """
        (() => {
        const shown = '\(generation)';
        const check = () => fetch('/\(generationSegments.joined(separator: "/"))', { cache: 'no-store' })
          .then((response) => (response.ok ? response.text() : shown))
          .then((current) => { if (current.trim() !== shown) location.reload(); else setTimeout(check, 1000); })
          .catch(() => setTimeout(check, 1000));
        setTimeout(check, 1000);
        })();
        """
    }
}
