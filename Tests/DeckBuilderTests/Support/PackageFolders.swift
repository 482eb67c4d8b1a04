import Foundation

/// The package's own folder and the team's shared folder beside its clone (`<parent>/shared`: the spec suites,
/// the real notes and the OCR pages), found from this file wherever the repository is checked out.
enum PackageFolders {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The package root: the folder above this file that holds Package.swift.
    static func root(file: String = #filePath) throws -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        throw Missing(description: "no Package.swift above \(file)")
    }

    /// The folder `shared/<path>` beside the package root; the error names the folder when it is not there,
    /// since the suites are run as they are from outside the repository.
    static func shared(_ path: String, file: String = #filePath) throws -> URL {
        let root = try root(file: file)
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared").appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Missing(description: "\(folder.path) is missing; expected the shared folder beside the package at \(root.path)")
        }
        return folder
    }
}
