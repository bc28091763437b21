import struct FoundationEssentials.Date

/// A date picker (UIKit's `UIDatePicker`): a date, a time, both, or the length of a count-down,
/// kept between its bounds and on its minute step.
public final class DatePicker: Control {
    /// What the picker chooses.
    public typealias Mode = DatePickerSpec.Mode

    public var datePickerMode: Mode
    /// The earliest and latest dates it offers, when it has bounds.
    public var minimumDate: Date?
    public var maximumDate: Date?
    /// The step of the minutes (1 to 30, a divisor of 60).
    public var minuteInterval: Int
    /// The date chosen, always within the bounds.
    public var date: Date {
        didSet { date = clamped(date) }
    }
    /// The length of a count-down, in seconds: from 0 to 23 h 59 min.
    public var countDownDuration: Double {
        didSet { countDownDuration = min(max(countDownDuration.isFinite ? countDownDuration : 0, 0), 86_340) }
    }

    /// A picker set up as the storyboard sets it; one without a date starts at `now`, as
    /// UIKit's does.
    public init(id: String, spec: ViewSpec? = nil, setup: DatePickerSpec = DatePickerSpec(), now: Date = Date.now) {
        datePickerMode = setup.mode
        minimumDate = setup.minimumDate
        maximumDate = setup.maximumDate
        minuteInterval = setup.minuteInterval
        date = setup.date ?? now
        countDownDuration = setup.countDownDuration
        super.init(id: id, spec: spec)
        date = clamped(date)
    }

    public override var primaryEvent: ControlEvent { .valueChanged }

    /// Changes the date as a user would, sending `valueChanged` when it changes.
    public func setDate(_ newDate: Date) {
        let old = date
        date = newDate
        if date != old { sendActions(for: .valueChanged) }
    }

    /// Changes the count-down as a user would, sending `valueChanged` when it changes.
    public func setCountDownDuration(_ seconds: Double) {
        let old = countDownDuration
        countDownDuration = seconds
        if countDownDuration != old { sendActions(for: .valueChanged) }
    }

    private func clamped(_ candidate: Date) -> Date {
        var result = candidate
        if let minimumDate, result < minimumDate { result = minimumDate }
        if let maximumDate, result > maximumDate { result = max(maximumDate, minimumDate ?? maximumDate) }
        return result
    }
}
