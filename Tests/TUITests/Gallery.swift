import Flow
import TestSupport
import TUI

/// Scenes of every kind, built in code, for snapshots and pilot tests.
enum Gallery {
    static func cell(_ id: String, _ style: CellStyle, _ text: String, detail: String? = nil, accessory: AccessoryType = .none) -> CellSpec {
        CellSpec(id: id, style: style, accessoryType: accessory, text: text, detailText: detail)
    }

    static func tableScene(_ id: String, title: String, style: TableSpec.Style, sections: [TableSectionSpec], segues: [SegueSpec] = []) -> ControllerSpec {
        ControllerSpec(
            id: id, kind: .tableViewController, storyboardIdentifier: id, title: title,
            navigationItem: NavigationItemSpec(title: title),
            view: ViewSpec(id: id + ".view", kind: .table(TableSpec(id: id + ".table", dataMode: .staticCells, style: style, sections: sections))),
            segues: segues)
    }

    static var cellStyles: ControllerSpec {
        tableScene("Styles", title: "Cell Styles", style: .plain, sections: [
            TableSectionSpec(headerTitle: "Styles", cells: [
                cell("basic", .basic, "Basic", accessory: .disclosureIndicator),
                cell("value1", .value1, "Right Detail", detail: "Detail", accessory: .checkmark),
                cell("value2", .value2, "Left", detail: "Detail text"),
                cell("subtitle", .subtitle, "Subtitle", detail: "The detail below", accessory: .detailDisclosureButton),
                CellSpec(id: "custom", style: .custom, accessoryType: .detailButton, contentView: ViewSpec(id: "custom.content", kind: .view, subviews: [
                    ViewSpec(id: "c1", kind: .label(text: "Custom", alignment: .natural, isBold: true)),
                    ViewSpec(id: "c2", kind: .label(text: "right", alignment: .right, isBold: false)),
                ])),
            ]),
        ])
    }

    static var grouped: ControllerSpec {
        tableScene("Grouped", title: "Settings", style: .grouped, sections: [
            TableSectionSpec(headerTitle: "Account", footerTitle: "Signed in since 2012.", cells: [
                cell("name", .value1, "Name", detail: "Ada"), cell("mail", .value1, "Email", detail: "ada@example.com"),
            ]),
            TableSectionSpec(headerTitle: "About", cells: [cell("version", .value1, "Version", detail: "1.0")]),
        ])
    }

    static var inset: ControllerSpec {
        var spec = grouped
        spec.id = "Inset"
        spec.storyboardIdentifier = "Inset"
        if case .table(var table) = spec.view?.kind {
            table.style = .insetGrouped
            spec.view = ViewSpec(id: "Inset.view", kind: .table(table))
        }
        return spec
    }

    static var form: ControllerSpec {
        ControllerSpec(
            id: "Form", kind: .viewController, storyboardIdentifier: "Form", title: "Form",
            navigationItem: NavigationItemSpec(title: "Form", rightItems: [.item("save", .save)]),
            view: ViewSpec(id: "Form.view", kind: .view, subviews: [
                ViewSpec(id: "name", kind: .textField(text: "", placeholder: "Your name", isSecure: false), frameOrigin: (20, 10)),
                ViewSpec(id: "volL", kind: .label(text: "Volume", alignment: .natural, isBold: false), frameOrigin: (20, 50)),
                ViewSpec(id: "vol", kind: .slider(value: 0.25, minimum: 0, maximum: 1), frameOrigin: (100, 48)),
                ViewSpec(id: "wifiL", kind: .label(text: "Wi-Fi", alignment: .natural, isBold: false), frameOrigin: (20, 90)),
                ViewSpec(id: "wifi", kind: .toggle(isOn: true), frameOrigin: (200, 88)),
                ViewSpec(id: "count", kind: .stepper(value: 3, minimum: 0, maximum: 10, step: 1), frameOrigin: (20, 130)),
                ViewSpec(id: "mode", kind: .segmentedControl(segments: ["Day", "Night"], selectedIndex: 1), frameOrigin: (20, 170)),
                ViewSpec(id: "go", kind: .button(title: "Continue"), frameOrigin: (20, 210)),
            ]))
    }

}

/// Keeps an application alive as long as its pilot.
final class PilotFixture {
    let application: Application
    let storyboard: Storyboard
    let pilot: Pilot

    init(_ scenes: [ControllerSpec], initial: String, registry: ClassRegistry = ClassRegistry(), size: Size = Size(width: 60, height: 16)) {
        let (application, storyboard) = makeApplication(scenes, initial: initial, registry: registry)
        if let root = storyboard.instantiateInitialViewController() { application.setRootViewController(root) }
        self.application = application
        self.storyboard = storyboard
        pilot = Pilot(application: application, size: size)
    }
}
