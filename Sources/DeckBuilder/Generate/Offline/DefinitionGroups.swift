/// Which definitions of a note stand together, and so are the same kind of thing: the items of one list at one
/// depth (the items nested under one item are a group of their own, so a parent and its child never meet), or
/// the paragraphs of one section. Groups are named by the pools of their facts.
struct DefinitionGroups {
    private var section = 0
    /// The open list group at each depth, by number.
    private var lists: [Int: Int] = [:]
    private var made = 0

    /// A heading starts a new section, and ends every list.
    mutating func startSection() {
        section += 1
        lists = [:]
    }

    /// A table, or anything else that is not part of a list, ends every list.
    mutating func interrupt() {
        lists = [:]
    }

    /// The group of a paragraph: its section's.
    mutating func paragraph() -> String {
        lists = [:]
        return "definition:section\(section)"
    }

    /// The group of a list item at `depth` (from 1): its list's, where returning to a shallower item ends the lists
    /// nested below it.
    mutating func listItem(depth: Int) -> String {
        lists = lists.filter { $0.key <= depth }
        if lists[depth] == nil {
            made += 1
            lists[depth] = made
        }
        return "definition:list\(lists[depth] ?? made)"
    }
}
