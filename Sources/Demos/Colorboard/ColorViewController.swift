import Flow

/// The colour editor: a name, three sliders, and the view's background showing the colour.
final class ColorViewController: ViewController {
    @Outlet var textField: TextField?
    @Outlet var redSlider: Slider?
    @Outlet var greenSlider: Slider?
    @Outlet var blueSlider: Slider?
    @Outlet var valueLabel: Label?

    /// Whether this edits a colour already in the palette (pushed) or a new one (presented).
    var existingColor = false
    /// The colour being edited.
    var colorDescription: PaletteColor?
    /// Set when Cancel discarded a new colour: nothing is saved on the way out.
    private var discarded = false
    /// Edits read back by state restoration, applied once the view has loaded.
    private var restoredEdits: (name: String, red: Double, green: Double, blue: Double)?

    private var store: (any Store)? { application?.store }

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("changeColor:", ColorViewController.changeColor)
        table.action("dismiss:", ColorViewController.done)
        table.action("cancel:", ColorViewController.cancel)
        return table
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        guard var color = colorDescription else { return }
        if let edits = restoredEdits {
            color.name = edits.name
            color.red = edits.red
            color.green = edits.green
            color.blue = edits.blue
        }
        redSlider?.value = color.red
        greenSlider?.value = color.green
        blueSlider?.value = color.blue
        textField?.text = color.name
        showColor()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if existingColor {
            // An existing colour is left with Back only.
            navigationItem.rightBarButtonItem = nil
            navigationItem.leftBarButtonItem = nil
        } else if navigationItem.leftBarButtonItem == nil {
            let cancel = BarButtonItem(id: "cancel", systemItem: .cancel)
            cancel.actionSelectors = ["cancel:"]
            navigationItem.leftBarButtonItem = cancel
        }
    }

    /// All three sliders send this, as in the chapter.
    func changeColor(_ sender: AnyObject?) {
        showColor()
    }

    /// The colour the sliders describe now.
    var currentColor: RGBColor {
        RGBColor(red: redSlider?.value ?? 0, green: greenSlider?.value ?? 0, blue: blueSlider?.value ?? 0)
    }

    private func showColor() {
        let color = currentColor
        view.backgroundColor = color
        valueLabel?.text = "R \(DecimalText.fixed(color.red, digits: 2))  G \(DecimalText.fixed(color.green, digits: 2))  B \(DecimalText.fixed(color.blue, digits: 2))   \(color.hex)"
    }

    func done() {
        dismiss()
    }

    /// Cancel on a new colour takes it out of the palette again.
    func cancel() {
        discarded = true
        if let color = colorDescription {
            do {
                _ = try store?.deleteColor(id: color.id)
            } catch {
                application?.warn(String(describing: error))
            }
        }
        dismiss()
    }

    /// The chapter saves name and colour as the editor goes away, whichever way it goes.
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        save()
    }

    override func applicationWillTerminate() {
        save()
    }

    private func save() {
        guard !discarded, var color = colorDescription, isViewLoaded else { return }
        color.name = textField?.text ?? color.name
        let rgb = currentColor
        color.red = rgb.red
        color.green = rgb.green
        color.blue = rgb.blue
        guard color != colorDescription else { return }
        do {
            try store?.updateColor(color)
            colorDescription = color
        } catch {
            application?.warn(String(describing: error))
        }
    }

    // MARK: State restoration

    override func encodeRestorableState(with coder: RestorationCoder) {
        guard let color = colorDescription else { return }
        coder.encode(Int(color.id), forKey: "colorID")
        coder.encode(existingColor, forKey: "existingColor")
        coder.encode(textField?.text ?? color.name, forKey: "name")
        let rgb = isViewLoaded ? currentColor : color.rgb
        coder.encode(rgb.red, forKey: "red")
        coder.encode(rgb.green, forKey: "green")
        coder.encode(rgb.blue, forKey: "blue")
    }

    override func decodeRestorableState(with coder: RestorationCoder) {
        guard let id = coder.decodeInt(forKey: "colorID") else { return }
        do {
            colorDescription = try store?.color(id: Int64(id))
        } catch {
            application?.warn(String(describing: error))
        }
        guard colorDescription != nil else {
            application?.warn("the colour being edited is no longer in the palette")
            return
        }
        existingColor = coder.decodeBool(forKey: "existingColor") ?? false
        if let name = coder.decodeString(forKey: "name"), let red = coder.decodeDouble(forKey: "red"),
            let green = coder.decodeDouble(forKey: "green"), let blue = coder.decodeDouble(forKey: "blue")
        {
            restoredEdits = (name, red, green, blue)
        }
    }
}
