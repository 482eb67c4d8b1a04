extension IndexSection {
    /// Decks grouped by folder: top-level notes first, then folders by path; within one, by `order`, title, path.
    static func grouping(_ decks: [RenderedDeck]) -> [IndexSection] {
        let byFolder = Dictionary(grouping: decks, by: \.section)
        return byFolder.keys.sorted { $0.precedesInUTF8Order($1) }.map { folder in
            let sorted = (byFolder[folder] ?? []).sorted { left, right in
                let leftOrder = left.order ?? Int.max, rightOrder = right.order ?? Int.max
                if leftOrder != rightOrder { return leftOrder < rightOrder }
                let leftTitle = left.title.lowercased(), rightTitle = right.title.lowercased()
                if leftTitle != rightTitle { return leftTitle.precedesInUTF8Order(rightTitle) }
                return left.sourcePath.precedesInUTF8Order(right.sourcePath)
            }
            return IndexSection(title: sectionTitle(folder), decks: sorted)
        }
    }

    /// `cell-biology/plants` → `Cell biology › Plants`: the same words on the index and on each deck page.
    static func sectionTitle(_ folder: String) -> String {
        folder.split(separator: "/")
            .map { name in
                let words = String(name.map { $0 == "-" || $0 == "_" ? " " : $0 }).trimmingWhitespace
                return words.isEmpty ? String(name) : words.prefix(1).uppercased() + words.dropFirst()
            }
            .joined(separator: " › ")
    }
}
