import Flow

extension NavigationTrace {
    /// `calls(of:)` for scenes the tests name shortly: a scene the trace names
    /// `ViewController "A"` is asked for, and shown, as `A`; a class named alone stays as it
    /// is. The appearance-order tests then read as UIKit's table does.
    public func sceneCalls(_ scenes: [String]) -> [String] {
        var shortened: [String: String] = [:]
        for event in events {
            guard let controller = event.controller else { continue }
            let short = Self.shortName(controller)
            if scenes.contains(short) { shortened[controller] = short }
        }
        return calls(of: Set(shortened.keys)).map { line in
            for (name, short) in shortened where line.hasPrefix(name) {
                let rest = line.dropFirst(name.count)
                if rest.first == "." || rest.first == " " { return short + rest }
            }
            return line
        }
    }

    /// The quoted part of a trace name (`A` of `ViewController "A"`), else the name itself.
    public static func shortName(_ name: String) -> String {
        guard name.hasSuffix("\""), let open = name.firstIndex(of: "\""), open < name.index(before: name.endIndex) else {
            return name
        }
        return String(name[name.index(after: open)..<name.index(before: name.endIndex)])
    }
}
