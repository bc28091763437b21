import FoundationEssentials

/// Checks between the storyboards of a folder, which no single file's load can make: names
/// two storyboards share, references to an identifier the other storyboard lacks, and apps
/// whose main storyboard is not there.
///
/// Like Xcode's build, which compiles each storyboard alone, none of these stops a run: each
/// is a warning, and at run time the missing scene becomes a stand-in. The one error is a
/// main storyboard with no initial view controller, which UIKit cannot launch.
public enum AppLinter {
    /// Every finding for the storyboards of `index`, given the documents that loaded (by
    /// their files' absolute paths).
    public static func lint(index: StoryboardIndex, documents: [String: StoryboardDocument]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        findings += duplicateNames(index)
        for app in index.apps {
            guard let main = app.manifest.mainStoryboard else { continue }
            if let file = index.resolve(main, from: app.manifest.plistURL).file {
                if let document = documents[StoryboardIndex.absolutePath(file.url)], document.initialControllerID == nil {
                    findings.append(
                        Diagnostic(
                            .error, file: document.fileName, location: .unknown,
                            "\(DiagnosticText.escaped(app.manifest.plistURL.relativePath)) names this storyboard as the app's main one, but it has no initial view controller: the app has no first screen"))
                }
                continue
            }
            findings.append(
                Diagnostic(
                    .warning, file: DiagnosticText.escaped(app.manifest.plistURL.relativePath), location: .unknown,
                    "the main storyboard \(DiagnosticText.quoted(main)) is not in this folder; the app opens on a stand-in"))
        }
        for file in index.storyboards {
            guard let document = documents[StoryboardIndex.absolutePath(file.url)] else { continue }
            findings += referenceIdentifiers(of: document, at: file.url, index: index, documents: documents)
        }
        return findings
    }

    /// A name shared by storyboards that are not localizations of one another: the build
    /// copies every storyboard into one bundle, where only one of them can be.
    static func duplicateNames(_ index: StoryboardIndex) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var reported: Set<String> = []
        for file in index.storyboards where !reported.contains(file.name) {
            let lookup = index.resolve(file.name, from: file.url)
            guard let chosen = lookup.file, !lookup.duplicates.isEmpty else { continue }
            reported.insert(file.name)
            for duplicate in lookup.duplicates {
                findings.append(
                    Diagnostic(
                        .warning, file: DiagnosticText.escaped(duplicate.url.relativePath), location: .unknown,
                        "another storyboard is also called \(DiagnosticText.quoted(file.name)) (\(DiagnosticText.escaped(chosen.relativePath))); references to the name open that one"))
            }
        }
        return findings
    }

    /// References from `document` that name an identifier the other storyboard has no scene for.
    public static func referenceIdentifiers(
        of document: StoryboardDocument, at url: URL, index: StoryboardIndex, documents: [String: StoryboardDocument]
    ) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for controller in document.controllers where controller.kind == .reference {
            guard let reference = controller.reference, let target = index.resolve(reference.storyboardName, from: url).file,
                let other = documents[StoryboardIndex.absolutePath(target.url)]
            else { continue }
            let name = DiagnosticText.quoted(reference.storyboardName)
            if let identifier = reference.referencedIdentifier, !identifier.isEmpty {
                if other.controller(storyboardIdentifier: identifier) == nil {
                    findings.append(
                        Diagnostic(
                            .warning, file: document.fileName, location: controller.location,
                            "storyboard reference \(DiagnosticText.quoted(controller.id)) names scene \(DiagnosticText.quoted(identifier)) of \(name), but no scene there has that storyboard identifier; following it shows a stand-in"))
                }
            } else if other.initialControllerID == nil {
                findings.append(
                    Diagnostic(
                        .warning, file: document.fileName, location: controller.location,
                        "storyboard reference \(DiagnosticText.quoted(controller.id)) opens \(name)'s initial scene, but it has none; following it shows a stand-in"))
            }
        }
        return findings
    }
}
