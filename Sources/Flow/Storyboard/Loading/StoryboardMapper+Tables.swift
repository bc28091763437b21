/// Table and collection views and their cells.
extension StoryboardMapper {
    mutating func mapTable(_ element: ParsedElement) -> TableSpec {
        let prototypes = (element.child(named: "prototypes")?.children(named: "tableViewCell") ?? []).map {
            mapTableCell($0)
        }
        var sections: [TableSectionSpec] = []
        for section in element.child(named: "sections")?.children(named: "tableViewSection") ?? [] {
            let cells = (section.child(named: "cells")?.children(named: "tableViewCell") ?? []).map {
                mapTableCell($0)
            }
            sections.append(
                TableSectionSpec(
                    id: nonEmpty(section["id"]),
                    headerTitle: text(section, "headerTitle"),
                    footerTitle: text(section, "footerTitle"),
                    cells: cells))
        }
        return TableSpec(
            id: elementID(element),
            dataMode: element["dataMode"] == "static" ? .staticCells : .prototypes,
            style: element["style"].flatMap(TableSpec.Style.init(rawValue:)) ?? .plain,
            sections: sections,
            prototypes: prototypes)
    }

    /// A table cell. The content view is `<tableViewCellContentView>` from Xcode 5 on and a
    /// `<view key="contentView">` without id before; styled cells take their texts from the
    /// labels their `textLabel`/`detailTextLabel` attributes name.
    mutating func mapTableCell(_ element: ParsedElement) -> CellSpec {
        let id = elementID(element)
        let contentView = cellContentView(element)
        func labelText(_ labelID: String?) -> String? {
            guard let labelID else { return nil }
            return contentView.find(id: labelID)?.kind.labelText
        }
        var cell = CellSpec(
            id: id,
            style: CellStyle(xmlValue: element["style"]),
            reuseIdentifier: nonEmpty(element["reuseIdentifier"]),
            accessoryType: element["accessoryType"].flatMap(AccessoryType.init(rawValue:)) ?? .none,
            customClass: nonEmpty(element["customClass"]),
            text: labelText(element["textLabel"]),
            detailText: labelText(element["detailTextLabel"]),
            textLabelID: nonEmpty(element["textLabel"]),
            detailTextLabelID: nonEmpty(element["detailTextLabel"]),
            contentView: contentView,
            isSelectable: element["selectionStyle"] != "none",
            location: element.location)
        cell.accessibility = accessibility(of: element, runtime: contentView.runtimeAttributes)
        return cell
    }

    mutating func mapCollection(_ element: ParsedElement) -> CollectionSpec {
        let cells = (element.child(named: "cells")?.children(named: "collectionViewCell") ?? []).map { cell in
            let contentView = cellContentView(cell)
            var spec = CellSpec(
                id: elementID(cell),
                style: .custom,
                reuseIdentifier: nonEmpty(cell["reuseIdentifier"]),
                customClass: nonEmpty(cell["customClass"]),
                contentView: contentView,
                isSelectable: true,
                location: cell.location)
            spec.accessibility = accessibility(of: cell, runtime: contentView.runtimeAttributes)
            return spec
        }
        return CollectionSpec(id: elementID(element), prototypes: cells)
    }

    /// The cell's content view, carrying the cell's own outlets and runtime attributes too
    /// (custom cell classes wire their labels from the cell; the model has no place for them
    /// on the cell itself).
    private mutating func cellContentView(_ cell: ParsedElement) -> ViewSpec {
        var view: ViewSpec
        if let content = cell.child(key: "contentView") {
            view = mapView(content)
        } else {
            view = ViewSpec(id: elementID(cell) + ".content", kind: .view, location: cell.location)
        }
        view.outlets += outlets(of: cell)
        view.runtimeAttributes.merge(runtimeAttributes(of: cell)) { _, cellValue in cellValue }
        if view.backgroundColor == nil { view.backgroundColor = backgroundColor(of: cell) }
        return view
    }
}
