extension StoryboardDiff {
    /// One comparison of two snapshots, collecting changes as it goes.
    struct Comparison {
        let old: DiffSnapshot
        let new: DiffSnapshot
        let storyboard: String
        let options: Options
        let matcher: DiffMatcher
        var changes: [StoryboardChange] = []

        init(old: DiffSnapshot, new: DiffSnapshot, storyboard: String, options: Options) {
            self.old = old
            self.new = new
            self.storyboard = storyboard
            self.options = options
            self.matcher = DiffMatcher(old: old, new: new)
        }

        mutating func run() {
            compareInitialScene()
            // Old scenes by the new id of their controller.
            var oldScenes: [String: Int] = [:]
            for (number, scene) in old.scenes.enumerated() {
                if let paired = matcher.new(for: scene.controllerID) { oldScenes[paired] = number }
            }
            for (number, scene) in new.scenes.enumerated() {
                if let before = oldScenes[scene.controllerID] {
                    compareScene(old: before, new: number)
                } else {
                    sceneAddedOrRemoved(number, in: new, .added)
                }
            }
            for (number, scene) in old.scenes.enumerated() where matcher.new(for: scene.controllerID) == nil {
                sceneAddedOrRemoved(number, in: old, .removed)
            }
        }

        private mutating func compareInitialScene() {
            let before = old.initialID
            let after = new.initialID
            guard paired(before) != after else { return }
            guard before != nil || after != nil else { return }
            changes.append(
                StoryboardChange(
                    kind: .initial, change: .changed, storyboard: storyboard, property: "initial scene", old: before, new: after,
                    oldName: old.sceneName(ofController: before) ?? before.map { _ in "nothing" },
                    newName: new.sceneName(ofController: after) ?? after.map { _ in "nothing" }))
        }

        private mutating func sceneAddedOrRemoved(_ number: Int, in snapshot: DiffSnapshot, _ change: StoryboardChange.Change) {
            guard let controller = snapshot.controller(of: number) else { return }
            let kind: StoryboardChange.Kind = controller.element == "viewControllerPlaceholder" ? .reference : .scene
            let name = snapshot.sceneName(number)
            let range = snapshot.scenes[number].objectRange
            let segues = snapshot.objects[range].filter { $0.role == .segue }
            let views = snapshot.objects[range].filter { $0.role == .view }.count
            var scene = StoryboardChange(
                kind: kind, change: change, storyboard: storyboard, scene: controller.id, sceneName: name, id: controller.id,
                object: name, count: views + segues.count, line: controller.line)
            scene.segues = segues.map { segue in
                let destination = segue.references["destination"]
                let isUnwind = segue.properties["kind"] == "unwind"
                return SceneSegue(
                    id: segue.id, kind: segue.properties["kind"] ?? "segue", relationship: segue.properties["relationship"],
                    identifier: segue.properties["identifier"], destination: isUnwind ? nil : destination,
                    destinationName: isUnwind ? nil : snapshot.sceneName(ofController: destination),
                    unwindAction: isUnwind ? segue.properties["unwindAction"] : nil, line: segue.line)
            }
            changes.append(scene)
        }

        /// A segue that comes or goes, with its destination (or its unwind action) and how
        /// that scene is named.
        private func segueAddedOrRemoved(
            _ object: DiffSnapshot.Object, in snapshot: DiffSnapshot, _ change: StoryboardChange.Change, _ context: SceneContext
        ) -> StoryboardChange {
            let destination = object.references["destination"]
            let isUnwind = object.properties["kind"] == "unwind"
            let value = isUnwind ? object.properties["unwindAction"] : destination
            let name = isUnwind ? nil : snapshot.sceneName(ofController: destination)
            var segue = self.change(
                .segue, change, object, in: snapshot, context, property: isUnwind ? "unwindAction" : "destination",
                old: change == .removed ? value : nil, new: change == .added ? value : nil)
            if change == .added { segue.newName = name } else { segue.oldName = name }
            return segue
        }

        // MARK: One scene

        private mutating func compareScene(old oldNumber: Int, new newNumber: Int) {
            let sceneID = new.scenes[newNumber].controllerID
            let sceneName = new.sceneName(newNumber)
            var context = SceneContext(scene: sceneID, sceneName: sceneName)
            // An id a broken file repeats names its first object only, as the index does.
            for number in new.scenes[newNumber].objectRange where new.objects[number].first == number {
                if let before = matcher.oldObject(for: number) {
                    compare(old.objects[before], new.objects[number], &context)
                } else {
                    added(new.objects[number], &context)
                }
            }
            for number in old.scenes[oldNumber].objectRange where old.objects[number].first == number && matcher.newObject(for: number) == nil {
                removed(old.objects[number], &context)
            }
            compareTabOrder(old: oldNumber, new: newNumber, &context)
            finish(&context)
            changes += context.changes
        }

        /// What is counted across a scene before it is reported, and the scene's changes.
        ///
        /// The scene's changes are gathered here, not in the comparison, so that comparing an
        /// object changes nothing but the context: the objects are then read where they lie in
        /// the snapshots, never copied.
        struct SceneContext {
            var scene: String
            var sceneName: String
            var changes: [StoryboardChange] = []
            /// Constraints added, removed and changed, by the view that holds them.
            var constraints: [String: (added: Int, removed: Int, changed: Int, line: Int, name: String)] = [:]
            var constraintOrder: [String] = []
            var framesMoved = 0
            var firstFrameLine: Int?
            /// Views added or removed, by id: their subviews are counted, not listed.
            var addedViews: [String: Int] = [:]
            var removedViews: [String: Int] = [:]
        }

        private func change(
            _ kind: StoryboardChange.Kind, _ change: StoryboardChange.Change, _ object: DiffSnapshot.Object, in snapshot: DiffSnapshot,
            _ context: SceneContext, property: String? = nil, old: String? = nil, new: String? = nil
        ) -> StoryboardChange {
            StoryboardChange(
                kind: kind, change: change, storyboard: storyboard, scene: context.scene, sceneName: context.sceneName, id: object.id,
                object: snapshot.objectName(object), property: property, old: old, new: new, line: object.line)
        }

        private func compare(_ before: DiffSnapshot.Object, _ after: DiffSnapshot.Object, _ context: inout SceneContext) {
            switch after.role {
            case .placeholder:
                return
            case .constraint:
                if before.properties != after.properties || translated(before.references) != after.references
                    || movedFromItsParent(before, after)
                {
                    countConstraint(after, in: new, isNew: true, \.changed, &context)
                    if options.layout { context.changes.append(change(.constraint, .changed, after, in: new, context, old: constraintText(before, in: old), new: constraintText(after, in: new))) }
                }
                return
            case .segue:
                compareSegue(before, after, &context)
                return
            case .connection:
                if paired(before.references["destination"]) != after.references["destination"] {
                    let destination = { (snapshot: DiffSnapshot, id: String?) in
                        id.map { id in snapshot.object(id).map(snapshot.objectName).map { "\($0) [\(id)]" } ?? "[\(id)]" }
                    }
                    context.changes.append(
                        change(.connection, .changed, after, in: new, context, property: "destination",
                            old: destination(old, before.references["destination"]), new: destination(new, after.references["destination"])))
                }
                if before.element != after.element {
                    context.changes.append(change(.connection, .changed, after, in: new, context, property: "element", old: before.element, new: after.element))
                }
                for (key, oldValue, newValue) in DiffSnapshot.Fields.differences(before.properties, after.properties) {
                    context.changes.append(change(.connection, .changed, after, in: new, context, property: key, old: oldValue, new: newValue))
                }
                return
            case .controller, .view:
                break
            }
            if after.role == .view, movedFromItsParent(before, after) {
                context.changes.append(
                    change(.view, .moved, after, in: new, context, property: "superview",
                        old: before.parent.map { old.label(of: $0) }, new: after.parent.map { new.label(of: $0) }))
            }
            if before.element != after.element {
                context.changes.append(change(after.role == .controller ? .scene : .view, .changed, after, in: new, context, property: "element", old: before.element, new: after.element))
            }
            for (key, oldValue, newValue) in DiffSnapshot.Fields.differences(before.texts, after.texts) {
                context.changes.append(change(.text, .changed, after, in: new, context, property: key, old: oldValue, new: newValue))
            }
            for (key, oldValue, newValue) in DiffSnapshot.Fields.differences(before.properties, after.properties) {
                let kind: StoryboardChange.Kind =
                    switch key {
                    case "customClass", "storyboardIdentifier", "restorationIdentifier": after.role == .controller ? .scene : .property
                    case "storyboardName", "referencedIdentifier": .reference
                    default: .property
                    }
                context.changes.append(change(kind, .changed, after, in: new, context, property: key, old: oldValue, new: newValue))
            }
            if before.frame != after.frame, after.role == .view {
                if options.layout {
                    context.changes.append(change(.layout, .moved, after, in: new, context, property: "frame", old: before.frame, new: after.frame))
                } else if !new.usesAutoLayout, !Self.framedByItsContainer(after) {
                    context.framesMoved += 1
                    context.firstFrameLine = context.firstFrameLine ?? after.line
                }
            }
        }

        /// Cells and a controller's own view are placed by their table, collection or
        /// container: the frame Interface Builder writes for them is only where it drew them.
        private static func framedByItsContainer(_ object: DiffSnapshot.Object) -> Bool {
            object.key == "view" || object.element.hasSuffix("Cell") || object.element.hasSuffix("CellContentView")
                || object.key == "contentView"
        }

        private func compareSegue(_ before: DiffSnapshot.Object, _ after: DiffSnapshot.Object, _ context: inout SceneContext) {
            let oldDestination = before.references["destination"]
            let newDestination = after.references["destination"]
            if paired(oldDestination) != newDestination, after.properties["kind"] != "unwind" {
                var retargeted = change(.segue, .changed, after, in: new, context, property: "destination", old: oldDestination, new: newDestination)
                retargeted.oldName = old.sceneName(ofController: oldDestination)
                retargeted.newName = new.sceneName(ofController: newDestination)
                context.changes.append(retargeted)
            }
            if movedFromItsParent(before, after) {
                context.changes.append(
                    change(.segue, .moved, after, in: new, context, property: "source",
                        old: before.parent.map { old.label(of: $0) }, new: after.parent.map { new.label(of: $0) }))
            }
            for (key, oldValue, newValue) in DiffSnapshot.Fields.differences(before.properties, after.properties) {
                context.changes.append(change(.segue, .changed, after, in: new, context, property: key, old: oldValue, new: newValue))
            }
        }

        /// The order of a tab bar's (or page's) relationship segues is the order of its tabs.
        private func compareTabOrder(old oldNumber: Int, new newNumber: Int, _ context: inout SceneContext) {
            func order(_ snapshot: DiffSnapshot, _ number: Int, translate: (String) -> String?) -> [String] {
                var destinations: [String] = []
                for index in snapshot.scenes[number].objectRange
                where snapshot.objects[index].role == .segue && snapshot.objects[index].properties["relationship"] == "viewControllers" {
                    if let destination = snapshot.objects[index].references["destination"].flatMap(translate) { destinations.append(destination) }
                }
                return destinations
            }
            let matcher = self.matcher
            let before = order(old, oldNumber, translate: { matcher.new(for: $0) ?? $0 })
            let after = order(new, newNumber, translate: { $0 })
            let common = Set(before).intersection(after)
            let beforeCommon = before.filter(common.contains)
            let afterCommon = after.filter(common.contains)
            guard beforeCommon != afterCommon, let controller = new.controller(of: newNumber) else { return }
            let snapshot = new
            // A tab by its title, as the tab bar shows it; a scene by its name where it has none.
            let names = { (ids: [String]) in
                ids.map { snapshot.tabTitle(ofController: $0).map { "\"" + $0 + "\"" } ?? snapshot.sceneName(ofController: $0) ?? $0 }
                    .joined(separator: ", ")
            }
            context.changes.append(
                StoryboardChange(
                    kind: .segue, change: .moved, storyboard: storyboard, scene: context.scene, sceneName: context.sceneName,
                    id: controller.id, object: "tab order", property: "order", old: beforeCommon.joined(separator: " "),
                    new: afterCommon.joined(separator: " "), oldName: names(beforeCommon), newName: names(afterCommon), line: controller.line))
        }

        private func added(_ object: DiffSnapshot.Object, _ context: inout SceneContext) {
            switch object.role {
            case .placeholder:
                return
            case .constraint:
                // Part of a view added with it: counted in that view.
                if let parent = object.parent, let top = context.addedViews[parent] {
                    if context.changes.indices.contains(top) { context.changes[top].count = (context.changes[top].count ?? 0) + 1 }
                    return
                }
                countConstraint(object, in: new, isNew: true, \.added, &context)
                if options.layout { context.changes.append(change(.constraint, .added, object, in: new, context, new: constraintText(object, in: new))) }
            case .segue:
                context.changes.append(segueAddedOrRemoved(object, in: new, .added, context))
            case .connection:
                context.changes.append(change(.connection, .added, object, in: new, context, new: connectionText(object, in: new)))
            case .controller, .view:
                if let parent = object.parent, let top = context.addedViews[parent] {
                    context.addedViews[object.id] = top
                    if context.changes.indices.contains(top) { context.changes[top].count = (context.changes[top].count ?? 0) + 1 }
                    return
                }
                context.addedViews[object.id] = context.changes.count
                var added = change(.view, .added, object, in: new, context, property: "superview")
                added.new = object.parent.map { new.label(of: $0) }
                context.changes.append(added)
            }
        }

        private func removed(_ object: DiffSnapshot.Object, _ context: inout SceneContext) {
            switch object.role {
            case .placeholder:
                return
            case .constraint:
                if let parent = object.parent, let top = context.removedViews[parent] {
                    if context.changes.indices.contains(top) { context.changes[top].count = (context.changes[top].count ?? 0) + 1 }
                    return
                }
                countConstraint(object, in: old, isNew: false, \.removed, &context)
                if options.layout { context.changes.append(change(.constraint, .removed, object, in: old, context, old: constraintText(object, in: old))) }
            case .segue:
                context.changes.append(segueAddedOrRemoved(object, in: old, .removed, context))
            case .connection:
                context.changes.append(change(.connection, .removed, object, in: old, context, old: connectionText(object, in: old)))
            case .controller, .view:
                if let parent = object.parent, let top = context.removedViews[parent] {
                    context.removedViews[object.id] = top
                    if context.changes.indices.contains(top) { context.changes[top].count = (context.changes[top].count ?? 0) + 1 }
                    return
                }
                context.removedViews[object.id] = context.changes.count
                var removed = change(.view, .removed, object, in: old, context, property: "superview")
                removed.old = object.parent.map { old.label(of: $0) }
                context.changes.append(removed)
            }
        }

        private func countConstraint(
            _ constraint: DiffSnapshot.Object, in snapshot: DiffSnapshot, isNew: Bool,
            _ field: WritableKeyPath<(added: Int, removed: Int, changed: Int, line: Int, name: String), Int>, _ context: inout SceneContext
        ) {
            // Counted under the view that holds it, as the new file names it.
            let holder = isNew ? constraint.parent : (matcher.new(for: constraint.parent) ?? constraint.parent)
            let key = holder ?? ""
            if context.constraints[key] == nil {
                let view = snapshot.object(constraint.parent)
                context.constraints[key] = (0, 0, 0, view?.line ?? constraint.line, view.map(snapshot.objectName) ?? "view")
                context.constraintOrder.append(key)
            }
            context.constraints[key]![keyPath: field] += 1
        }

        private func finish(_ context: inout SceneContext) {
            for key in context.constraintOrder {
                guard let counts = context.constraints[key] else { continue }
                for (change, count) in [(StoryboardChange.Change.added, counts.added), (.removed, counts.removed), (.changed, counts.changed)]
                where count > 0 {
                    context.changes.append(
                        StoryboardChange(
                            kind: .constraint, change: change, storyboard: storyboard, scene: context.scene, sceneName: context.sceneName,
                            id: key.isEmpty ? nil : key, object: counts.name, count: count, line: counts.line))
                }
            }
            if context.framesMoved > 0 {
                context.changes.append(
                    StoryboardChange(
                        kind: .layout, change: .moved, storyboard: storyboard, scene: context.scene, sceneName: context.sceneName,
                        property: "frame", count: context.framesMoved, line: context.firstFrameLine))
            }
        }

        /// Whether `after` has another parent than `before` had, in the new file's terms.
        private func movedFromItsParent(_ before: DiffSnapshot.Object, _ after: DiffSnapshot.Object) -> Bool {
            guard before.parentIndex >= 0 else { return after.parent != nil }
            return matcher.newID(ofOld: Int(before.parentIndex)) != after.parent
        }

        /// The new id of an id the old file names: its object's, when the object was paired;
        /// the id itself when it names nothing in the old file (a broken reference stays the
        /// same broken reference) or an object that is gone.
        private func paired(_ id: String?) -> String? {
            id.map { matcher.new(for: $0) ?? $0 }
        }

        // MARK: Values as text

        private func translated(_ references: DiffSnapshot.Fields) -> DiffSnapshot.Fields {
            references.mapValues { matcher.new(for: $0) ?? $0 }
        }

        private func connectionText(_ object: DiffSnapshot.Object, in snapshot: DiffSnapshot) -> String {
            let destination = object.references["destination"]
            let target = destination.map { id in snapshot.object(id).map(snapshot.objectName).map { "\($0) [\(id)]" } ?? "[\(id)]" } ?? "?"
            switch object.element {
            case "action":
                let event = object.properties["eventType"].map { " on \($0)" } ?? ""
                return "\(object.properties["selector"] ?? "?") → \(target)\(event)"
            default:
                return "\(object.properties["property"] ?? "?") → \(target)"
            }
        }

        private func constraintText(_ object: DiffSnapshot.Object, in snapshot: DiffSnapshot) -> String {
            let first = (object.references["firstItem"] ?? "self") + "." + (object.properties["firstAttribute"] ?? "?")
            let relation = ["lessThanOrEqual": "<=", "greaterThanOrEqual": ">="][object.properties["relation"] ?? ""] ?? "="
            var text = "\(first) \(relation)"
            if let second = object.properties["secondAttribute"] {
                text += " " + (object.references["secondItem"] ?? "self") + "." + second
                if let multiplier = object.properties["multiplier"] { text += " × " + multiplier }
                if let constant = object.properties["constant"] { text += " + " + constant }
            } else {
                text += " " + (object.properties["constant"] ?? "0")
            }
            if let priority = object.properties["priority"] { text += " @" + priority }
            return text
        }
    }
}
