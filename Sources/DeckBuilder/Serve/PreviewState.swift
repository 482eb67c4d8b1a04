/// What the preview shows, shared by the watcher that builds and the server that answers: which build it is,
/// and why the last one failed.
struct PreviewState: Equatable, Sendable {
    /// 1 after the first build, one more for every rebuild, failed or not, so open pages reload each time.
    var generation = 0
    /// The errors of the last build, one line each as printed; empty when it worked.
    var errors: [String] = []
}
