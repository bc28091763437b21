import Flow

/// A progress bar: filled and empty blocks across its slot (for a screen reader, the
/// percentage).
extension ProgressView: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        if context.screenReader {
            let percent = Int((min(max(progress.isFinite ? progress : 0, 0), 1) * 100).rounded())
            frame.buffer.put("\(percent)%", at: slot.origin, style: context.base, maxWidth: slot.width)
            return
        }
        let filled = Int((min(max(progress, 0), 1) * Double(slot.width)).rounded())
        frame.buffer.put(
            String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, slot.width - filled)),
            at: slot.origin, style: context.base, maxWidth: slot.width)
    }
}
