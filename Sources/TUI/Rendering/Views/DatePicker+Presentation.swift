import Flow
import struct FoundationEssentials.Date

/// A date picker: its date, time, both, or count-down in text between arrows
/// (`‹ Fri 7 Oct 2022 16:00 ›`, in UTC); ← and → move it a step (a day, or the minute
/// interval), Page Up and Page Down a larger one (a week, an hour, or a day).
extension DatePicker: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(DisplayWidth.of(shownValue) + 4)) }
    var titleViewWidth: Int? { DisplayWidth.of(shownValue) + 4 }

    /// The value as text, as the picker's mode shows it.
    var shownValue: String {
        switch datePickerMode {
        case .date: CalendarText.day(date)
        case .time: CalendarText.time(date)
        case .dateAndTime: CalendarText.day(date) + " " + CalendarText.time(date)
        case .countDownTimer: CalendarText.duration(countDownDuration)
        }
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        frame.buffer.put(
            "‹ \(shownValue) ›", at: slot.origin, style: focused ? Theme.focused : Theme.button.merged(over: context.base),
            maxWidth: slot.width)
        if focused { frame.focusRect = slot }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [
            KeyBinding([.left], "←", "earlier", .decrease, pairedInFooterAs: ("←→", "adjust")),
            KeyBinding([.right], "→", "later", .increase, pairedInFooterAs: ("←→", "adjust")),
            KeyBinding([.pageDown], "PgDn", "earlier, a larger step", .decreaseMore, footer: false),
            KeyBinding([.pageUp], "PgUp", "later, a larger step", .increaseMore, footer: false),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        let direction: Int
        let large: Bool
        switch command {
        case .decrease: (direction, large) = (-1, false)
        case .increase: (direction, large) = (1, false)
        case .decreaseMore: (direction, large) = (-1, true)
        case .increaseMore: (direction, large) = (1, true)
        default: return false
        }
        step(direction, large: large)
        return true
    }

    /// Moves the value one step: the minutes onto the next mark of the minute interval
    /// (from a value between marks, onto the nearer mark that way), or by whole days.
    private func step(_ direction: Int, large: Bool) {
        let interval = Double(max(1, minuteInterval) * 60)
        switch (datePickerMode, large) {
        case (.countDownTimer, false):
            setCountDownDuration(Self.snapped(countDownDuration, step: interval, direction: direction))
        case (.countDownTimer, true):
            setCountDownDuration(countDownDuration + Double(direction) * 3_600)
        case (.date, false), (.dateAndTime, true):
            setDate(date.addingTimeInterval(Double(direction) * 86_400))
        case (.date, true):
            setDate(date.addingTimeInterval(Double(direction) * 7 * 86_400))
        case (.time, true):
            setDate(date.addingTimeInterval(Double(direction) * 3_600))
        case (.time, false), (.dateAndTime, false):
            let seconds = date.timeIntervalSinceReferenceDate
            setDate(Date(timeIntervalSinceReferenceDate: Self.snapped(seconds, step: interval, direction: direction)))
        }
    }

    /// The next multiple of `step` from `value` in `direction`.
    static func snapped(_ value: Double, step: Double, direction: Int) -> Double {
        let marks = value / step
        let next = direction > 0 ? marks.rounded(.down) + 1 : marks.rounded(.up) - 1
        return next * step
    }
}

extension DatePicker {
    /// `Arrival, date picker`.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? Announcement.formLabel(for: self)
        element.role = "date picker"
        return element
    }
}
