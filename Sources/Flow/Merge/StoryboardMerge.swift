/// A three-way merge of storyboards and xibs by object identity: what `storyboard merge`, git's
/// merge driver, does.
///
/// Elements are matched by `id` wherever they are (so a view moved to another superview is
/// moved, never kept twice), scenes by `sceneID`, resources by name, keyed children by key, and
/// the rest by their place among siblings of their name. Attributes and texts merge one by
/// one; child lists merge in order; values Xcode writes by itself (frames under Auto Layout,
/// canvas locations, the header) never conflict. What is left untouched keeps the bytes it had.
/// After merging, every reference must resolve and no name two sides added may clash: what
/// does not is a conflict, and the file stays one Xcode opens (see ``MergeConflict``).
public enum StoryboardMerge {
    /// Merges `ours` and `theirs`, both made from `base`.
    ///
    /// `choices` decides conflicts by their ``MergeConflict/key`` (what `mergetool` sets);
    /// a conflict without one keeps what ``MergeConflict/kept`` says.
    public static func merge(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], names: (base: String, ours: String, theirs: String),
        choices: [String: MergeConflict.Choice] = [:]
    ) throws(MergeInputError) -> MergeResult {
        var baseSource = try MergeSource(bytes: base, name: names.base)
        var oursSource = try MergeSource(bytes: ours, name: names.ours)
        var theirsSource = try MergeSource(bytes: theirs, name: names.theirs)
        // A side that did not change gives the other back byte for byte.
        if ours == base || ours == theirs { return MergeResult(bytes: theirs == base ? ours : theirs, conflicts: []) }
        if theirs == base { return MergeResult(bytes: ours, conflicts: []) }
        if let choice = choices[wholeFileKey] {
            return MergeResult(bytes: choice == .theirs ? theirs : choice == .base ? base : ours, conflicts: [])
        }
        let legacy = MergeArchive.isArchive(oursSource) && MergeArchive.isArchive(theirsSource)
        if legacy {
            // Files saved in the older of the two formats are written in the keyed one, so
            // that all three pair up element by element.
            if let common = MergeArchiveFormat.common(base: baseSource, ours: oursSource, theirs: theirsSource) {
                (baseSource, oursSource, theirsSource) = common
            }
            // Base and theirs are given ours' ids for the objects a save renamed, and theirs'
            // clashing numbers are moved, in one edit of each file.
            let names = MergeRenamedObjects.names(base: baseSource, ours: oursSource, theirs: theirsSource)
            let theirsEdits =
                MergeRenamedObjects.edits(theirsSource, names.theirs)
                + MergeRenumbering.edits(theirs: theirsSource, ours: oursSource, base: baseSource, renamed: names.theirs)
            if !names.base.isEmpty { baseSource = try baseSource.edited(MergeRenamedObjects.edits(baseSource, names.base)) }
            if !theirsEdits.isEmpty { theirsSource = try theirsSource.edited(theirsEdits) }
        }
        // Archives still of two formats (a pair of versions other than the two above, or a
        // list the older format would not write) do not pair up element by element: merged
        // only where nothing clashes.
        // Nor does an archive against a document one side saved in Xcode's later format, which
        // names every object anew (by its record number): never merged element by element.
        let converted = MergeArchive.isArchive(oursSource) != MergeArchive.isArchive(theirsSource)
        let sameFormat = !converted && (!legacy || oursSource.root.attribute("version") == theirsSource.root.attribute("version"))
        // What is found of the files' elements holds for every pass, and for this first look.
        var hashes = MergeHashes()
        if !sameFormat {
            // A side whose changes are all values Interface Builder writes by itself gives the other back.
            let baseHash = hashes.semantic(baseSource.root, autoLayout: false)
            if hashes.semantic(theirsSource.root, autoLayout: false) == baseHash { return MergeResult(bytes: ours, conflicts: []) }
            if hashes.semantic(oursSource.root, autoLayout: false) == baseHash { return MergeResult(bytes: theirs, conflicts: []) }
            if converted { return wholeFileConflict(ours: oursSource, what: convertedFormats) }
        }
        var adjustments = MergeAdjustments()
        let locations = MergeEngine.locations(base: baseSource, ours: oursSource, theirs: theirsSource)
        // A merge that leaves a reference dangling or a name twice is done again with what
        // that finding decided (an object kept, a reference left out), until nothing changes.
        // Each pass starts from what the passes before found of the files' elements.
        for _ in 0..<8 {
            var engine = MergeEngine(
                base: baseSource, ours: oursSource, theirs: theirsSource, locations: locations, choices: choices, adjustments: adjustments,
                hashes: hashes, stopsAtConflict: !sameFormat)
            // The engine's copy is then the only one, and grows in place.
            hashes = MergeHashes()
            let bytes = engine.run()
            hashes = engine.hashes
            if !sameFormat && !engine.conflicts.isEmpty { break }
            guard let merged = try? MergeSource(bytes: bytes, name: names.ours, copies: engine.copies) else { break }
            let findings = MergeCheck(merged: merged, base: baseSource, ours: oursSource, theirs: theirsSource, choices: choices)
                .findings(adjustments: adjustments)
            if findings.contains(where: { if case .unresolved = $0 { true } else { false } }) { break }
            if findings.isEmpty {
                let conflicts = Self.placed(engine.conflicts + adjustments.conflicts, in: merged)
                if !sameFormat && !conflicts.isEmpty { break }
                return MergeResult(bytes: bytes, conflicts: conflicts)
            }
            adjustments.absorb(findings)
        }
        return wholeFileConflict(ours: oursSource, what: sameFormat ? "objects that clash again after every choice" : archiveFormats)
    }

    /// Why a merge of two archive format versions keeps ours whole.
    static let archiveFormats =
        "Interface Builder 3 archives (Xcode 4 and older) of two format versions, merged only where one side changed nothing but what Interface Builder writes"

    /// Why a merge of an archive and the document the other side converted it to keeps ours whole.
    static let convertedFormats =
        "one side is an Interface Builder 3 archive (Xcode 4 and older), the other the document a later Xcode converted it to, merged only where one side changed nothing but what Interface Builder writes"

    /// The key of the one conflict a merge reports when it keeps ours whole.
    public static let wholeFileKey = "file"

    /// Ours as it is, with one conflict for the whole file, named by a comment before the
    /// document element.
    private static func wholeFileConflict(ours: MergeSource, what: String) -> MergeResult {
        let conflict = MergeConflict(
            kind: .bothChanged, key: wholeFileKey, scene: nil, object: "the whole file", what: what,
            ours: "ours", theirs: "theirs", base: "base", kept: .ours, objectID: nil)
        var bytes = Array(ours.bytes[ours.prolog])
        let offset = bytes.count
        bytes += Array(conflict.comment.utf8) + [0x0A]
        bytes += ours.bytes[ours.prolog.upperBound...]
        var placed = conflict
        let (line, column) = MergeScanner.position(of: offset, lineStarts: MergeSource.lineStarts(of: bytes))
        placed.line = line
        placed.column = column
        return MergeResult(bytes: bytes, conflicts: [placed])
    }

    /// The conflicts with their lines and columns in the merged file: where the comment
    /// naming each one is.
    private static func placed(_ conflicts: [MergeConflict], in merged: MergeSource) -> [MergeConflict] {
        guard !conflicts.isEmpty else { return [] }
        let marker = Array("<!--storyboard merge conflict:".utf8)
        var index = 0
        let bytes = merged.bytes
        var order: [Int] = []
        while index + marker.count <= bytes.count {
            if bytes[index] == marker[0] && bytes[index..<(index + marker.count)].elementsEqual(marker) { order.append(index) }
            index += 1
        }
        // Comments are written in the order conflicts are found; match them up by their text.
        var byComment: [String: [Int]] = [:]
        for (index, conflict) in conflicts.enumerated() { byComment[conflict.comment, default: []].append(index) }
        var placedIndices = Set<Int>()
        var placed: [MergeConflict] = []
        for offset in order {
            guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: ">")) else { continue }
            let text = String(decoding: bytes[offset...end], as: UTF8.self)
            guard var candidates = byComment[text], !candidates.isEmpty else { continue }
            let found = candidates.removeFirst()
            byComment[text] = candidates
            placedIndices.insert(found)
            var conflict = conflicts[found]
            let (line, column) = merged.position(of: offset)
            conflict.line = line
            conflict.column = column
            // A conflict on what has no id (a whole scene, a list) is drawn by the scene of
            // the element its comment stands before.
            conflict.sceneID = element(leadBy: offset, in: merged).flatMap(MergeNames.controllerID(of:))
            placed.append(conflict)
        }
        let unplaced = conflicts.enumerated().filter { !placedIndices.contains($0.offset) }.map(\.element)
        for var conflict in unplaced {
            let element = conflict.objectID.flatMap { merged.byID[$0] }
            let (line, column) = merged.position(of: element?.startTag.lowerBound ?? merged.root.startTag.lowerBound)
            conflict.line = line
            conflict.column = column
            placed.append(conflict)
        }
        for index in placed.indices {
            if let element = placed[index].objectID.flatMap({ merged.byID[$0] }) {
                placed[index].sceneID = MergeNames.controllerID(of: element)
            }
        }
        return placed.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The element whose leading bytes (the indentation and comments before its start tag)
    /// hold `offset`.
    private static func element(leadBy offset: Int, in merged: MergeSource) -> MergeElement? {
        var element = merged.root
        while true {
            guard let child = element.children.first(where: { $0.leading.lowerBound <= offset && offset < $0.range.upperBound }) else {
                return nil
            }
            if child.leading.contains(offset) { return child }
            element = child
        }
    }
}

/// What a check of a merged file decided for the next pass.
struct MergeAdjustments {
    /// Objects one side deleted that stay, because something kept points at them.
    var restored: Set<String> = []
    /// Elements left out, because what they point at is gone; by id, with the comment left
    /// in their place.
    var leftOut: [String: MergeConflict] = [:]
    /// Theirs' copies of what both sides added alike, left out without a conflict.
    var duplicates: Set<String> = []
    /// Comments to write before an element, by id.
    var notes: [String: [MergeConflict]] = [:]
    /// Conflicts the check found, for the report.
    var conflicts: [MergeConflict] = []

    mutating func absorb(_ findings: [MergeCheck.Finding]) {
        for finding in findings {
            switch finding {
            case .restore(let id, let conflict):
                restored.insert(id)
                if let conflict { note(conflict, at: conflict.objectID ?? id) }
            case .leaveOut(let id, let conflict):
                leftOut[id] = conflict
                conflicts.append(conflict)
            case .note(let id, let conflict):
                note(conflict, at: id)
            case .duplicate(let id):
                duplicates.insert(id)
            case .unresolved:
                break
            }
        }
    }

    private mutating func note(_ conflict: MergeConflict, at id: String) {
        guard !conflicts.contains(where: { $0.key == conflict.key }) else { return }
        notes[id, default: []].append(conflict)
        conflicts.append(conflict)
    }
}

extension StoryboardMerge {
    /// A file's bytes for a merge, or why it cannot be read: measured before it is read and
    /// read no further than every command reads (``InputFile``).
    public static func read(path: String, shownAs name: String) throws(MergeInputError) -> [UInt8] {
        switch InputFile.read(path: path) {
        case .success(let bytes): return bytes
        case .failure(let error): throw MergeInputError(file: name, line: 0, column: 0, message: error.reason)
        }
    }
}
