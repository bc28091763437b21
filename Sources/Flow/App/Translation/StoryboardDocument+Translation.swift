/// A text of a storyboard that a translation can replace, with the keys Xcode's `.strings`
/// files give it (`OBJECTID.property`).
public struct TranslatableText: Sendable, Equatable {
    /// The keys that translate it, preferred first: one for most texts; a button's title has
    /// two (`configuration.title` for Xcode 13's buttons, `normalTitle` before).
    public var keys: [String]
    /// The storyboard's own text.
    public var text: String
    /// The element it belongs to.
    public var location: SourceLocation
}

/// Translations: every text the terminal shows, found by the keys Xcode writes for it, and
/// replaced by a language's table.
extension StoryboardDocument {
    /// Every non-empty text the terminal shows and a translation can replace, in file order.
    public var translatableTexts: [TranslatableText] {
        var copy = self
        var found: [TranslatableText] = []
        copy.rewriteTexts { keys, text, location in
            if !text.isEmpty { found.append(TranslatableText(keys: keys, text: text, location: location)) }
            return nil
        }
        return found
    }

    /// This document with each text that `texts` has a key for replaced by its translation.
    public func translated(by texts: [String: String]) -> StoryboardDocument {
        guard !texts.isEmpty else { return self }
        var copy = self
        copy.rewriteTexts { keys, _, _ in
            for key in keys {
                if let translation = texts[key] { return translation }
            }
            return nil
        }
        return copy
    }

    /// Calls `rewrite` with every text's keys, text and place; a non-nil answer replaces it.
    mutating func rewriteTexts(_ rewrite: (_ keys: [String], _ text: String, _ location: SourceLocation) -> String?) {
        withoutActuallyEscaping(rewrite) { rewrite in
            let rewriter = TextRewriter(rewrite: rewrite)
            for index in controllers.indices { rewriter.controller(&controllers[index]) }
        }
    }
}

/// Walks a document's texts in file order; one walk serves both listing and translating.
private struct TextRewriter {
    let rewrite: ([String], String, SourceLocation) -> String?

    func text(_ value: inout String, _ keys: [String], _ location: SourceLocation) {
        if let replaced = rewrite(keys, value, location) { value = replaced }
    }

    func text(_ value: inout String?, _ keys: [String], _ location: SourceLocation) {
        guard let current = value else { return }
        if let replaced = rewrite(keys, current, location) { value = replaced }
    }

    func controller(_ spec: inout ControllerSpec) {
        text(&spec.title, [spec.id + ".title"], spec.location)
        if var item = spec.navigationItem {
            if let id = item.id {
                text(&item.title, [id + ".title"], spec.location)
                text(&item.backButtonTitle, [id + ".backButtonTitle"], spec.location)
            }
            for index in item.leftItems.indices { barButton(&item.leftItems[index]) }
            for index in item.rightItems.indices { barButton(&item.rightItems[index]) }
            if var titleView = item.titleView {
                view(&titleView)
                item.titleView = titleView
            }
            spec.navigationItem = item
        }
        for index in spec.toolbarItems.indices { barButton(&spec.toolbarItems[index]) }
        if var tab = spec.tabBarItem, let id = tab.id {
            text(&tab.title, [id + ".title"], spec.location)
            accessibility(&tab.accessibility, id, spec.location)
            spec.tabBarItem = tab
        }
        if var root = spec.view {
            view(&root)
            spec.view = root
        }
    }

    func barButton(_ item: inout BarButtonItemSpec) {
        text(&item.title, [item.id + ".title"], item.location)
        accessibility(&item.accessibility, item.id, item.location)
    }

    /// The label and hint a screen reader speaks, which Xcode's `.strings` files key as
    /// `OBJECTID.accessibilityLabel` and `OBJECTID.accessibilityHint`.
    func accessibility(_ value: inout Accessibility, _ id: String, _ location: SourceLocation) {
        text(&value.label, [id + ".accessibilityLabel"], location)
        text(&value.hint, [id + ".accessibilityHint"], location)
    }

    func view(_ spec: inout ViewSpec) {
        let id = spec.id
        let location = spec.location
        switch spec.kind {
        case .label(var value, let alignment, let isBold):
            text(&value, [id + ".text"], location)
            spec.kind = .label(text: value, alignment: alignment, isBold: isBold)
        case .textField(var value, var placeholder, let isSecure):
            text(&value, [id + ".text"], location)
            text(&placeholder, [id + ".placeholder"], location)
            spec.kind = .textField(text: value, placeholder: placeholder, isSecure: isSecure)
        case .textView(var value):
            text(&value, [id + ".text"], location)
            spec.kind = .textView(text: value)
        case .button(var title):
            text(&title, [id + ".configuration.title", id + ".normalTitle"], location)
            spec.kind = .button(title: title)
        case .searchBar(var value, var placeholder):
            text(&value, [id + ".text"], location)
            text(&placeholder, [id + ".placeholder"], location)
            spec.kind = .searchBar(text: value, placeholder: placeholder)
        case .toolbar(var items):
            for index in items.indices { barButton(&items[index]) }
            spec.kind = .toolbar(items: items)
        case .segmentedControl(var segments, let selected):
            for index in segments.indices { text(&segments[index], [id + ".segmentTitles[\(index)]"], location) }
            spec.kind = .segmentedControl(segments: segments, selectedIndex: selected)
        case .table(var table):
            for section in table.sections.indices {
                if let sectionID = table.sections[section].id {
                    text(&table.sections[section].headerTitle, [sectionID + ".headerTitle"], location)
                    text(&table.sections[section].footerTitle, [sectionID + ".footerTitle"], location)
                }
                for cell in table.sections[section].cells.indices { self.cell(&table.sections[section].cells[cell]) }
            }
            for cell in table.prototypes.indices { self.cell(&table.prototypes[cell]) }
            spec.kind = .table(table)
        case .collection(var collection):
            for cell in collection.prototypes.indices { self.cell(&collection.prototypes[cell]) }
            spec.kind = .collection(collection)
        case .element(var kind):
            kind.rewriteTexts { value, keys in text(&value, keys.map { id + "." + $0 }, location) }
            spec.kind = .element(kind)
        default:
            break
        }
        accessibility(&spec.accessibility, id, location)
        for index in spec.subviews.indices { view(&spec.subviews[index]) }
    }

    /// A cell's texts are its labels', so the cell's copies change with them; the label
    /// itself is listed once, from the content view.
    func cell(_ cell: inout CellSpec) {
        accessibility(&cell.accessibility, cell.id, cell.location)
        view(&cell.contentView)
        cell.text = cell.textLabelID.flatMap { Self.labelText(cell.contentView, $0) } ?? cell.text
        cell.detailText = cell.detailTextLabelID.flatMap { Self.labelText(cell.contentView, $0) } ?? cell.detailText
    }

    private static func labelText(_ content: ViewSpec, _ id: String) -> String? {
        guard let label = content.find(id: id), case .label(let text, _, _) = label.kind else { return nil }
        return text
    }
}
