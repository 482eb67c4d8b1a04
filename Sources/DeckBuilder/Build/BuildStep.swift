/// The named stages of a build, reported as `[i/n] step` while it runs.
public enum BuildStep: Int, CaseIterable, Sendable {
    case readSettings = 1
    case readContent
    case renderNotes
    case makeQuestions
    case writeSite

    /// What the step does, as progress shows it.
    public var title: String {
        switch self {
        case .readSettings: "Reading settings and templates"
        case .readContent: "Reading content"
        case .renderNotes: "Rendering notes"
        case .makeQuestions: "Making questions"
        case .writeSite: "Writing the site"
        }
    }
}
