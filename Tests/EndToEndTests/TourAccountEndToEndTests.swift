import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The tour's Account flow with the keys a person would press: the sign-up sheet's
    /// three steps, Reset back to the first, then Done back to the presenter.
    @Suite struct TourAccountEndToEndTests {
        let app: TerminalApp

        init() throws {
            app = try TerminalApp()
        }

        /// The row of the sheet's navigation bar (the first row inside its rounded border).
        static func sheetBar(_ screen: String) -> String? {
            let lines = TerminalApp.lines(of: screen)
            guard let top = lines.firstIndex(where: { $0.contains("╭") }), top + 1 < lines.count else { return nil }
            return lines[top + 1]
        }

        /// What the sheet shows on the row of its text field: the text between the borders,
        /// two rows below the step's heading.
        static func fieldText(_ screen: String, below heading: String) -> String? {
            let lines = TerminalApp.lines(of: screen)
            guard let row = lines.firstIndex(where: { $0.contains(heading) }), row + 2 < lines.count else { return nil }
            let parts = lines[row + 2].split(separator: "│", omittingEmptySubsequences: false)
            guard parts.count >= 3 else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }

        /// Types a step's field, then Tab to its Next button and Enter; returns the next
        /// step's screen once the trace panel below the sheet shows the push.
        @discardableResult
        func fillStep(_ tmux: Tmux, heading: String, with text: String, next: String, segue: String) throws -> String {
            try tmux.type(text)
            try tmux.waitFor("\(text) in the field") { Self.fieldText($0, below: heading) == text }
            try tmux.send("Tab", "Enter")
            return try tmux.waitFor("\(next), after the segue \(segue)") { $0.contains(next) && $0.contains("show \"\(segue)\"") }
        }

        @Test func signUpResetAndDoneWithTheKeys() throws {
            let tmux = try app.launch("run seguetour --fresh")
            try tmux.waitFor(text: "Segue Tour")
            // Account is the second example.
            try tmux.send("Down", "Enter")
            let account = try tmux.waitFor("the Account screen") { $0.contains("[ Create Account ]") }
            #expect(account.contains("No account yet."))
            // The button is the screen's only control, so it has the focus: Enter presses it.
            try tmux.send("Enter")
            let sheet = try tmux.waitFor("the sign-up sheet") { $0.contains("Step 1 of 3") }
            #expect(Self.sheetBar(sheet)?.contains("Cancel Esc") == true, "\(sheet)")
            // The presenter stays behind the form sheet.
            #expect(sheet.contains("No account"))

            try fillStep(tmux, heading: "Step 1 of 3", with: "Ada", next: "Step 2 of 3", segue: "ShowEmailStep")
            try fillStep(tmux, heading: "Step 2 of 3", with: "ada@example.com", next: "Step 3 of 3", segue: "ShowConfirmStep")
            let confirm = try tmux.waitFor("the summary") { $0.contains("Ada, ada@example.com") }
            let bar = Self.sheetBar(confirm) ?? ""
            #expect(bar.contains("‹ Email") && bar.contains("Reset ^R") && bar.contains("Done ^S"), "\(confirm)")
            try tmux.type("ada@example.com")
            try tmux.waitFor("the confirmation typed") { Self.fieldText($0, below: "Ada, ada@example.com") == "ada@example.com" }

            // Reset unwinds to the first step, which clears its field.
            // The trace panel, at the bottom, is drawn after the sheet: wait for it.
            try tmux.send("C-r")
            let reset = try tmux.waitFor("the first step again, and the unwind in the trace") {
                $0.contains("Step 1 of 3") && $0.contains(#"unwind "Reset": ConfirmStepViewController → NameStepViewController"#)
            }
            #expect(!reset.contains("Ada"), "\(reset)")
            #expect(Self.fieldText(reset, below: "Step 1 of 3") == "Name", "the placeholder shows: \(reset)")
            #expect(Self.sheetBar(reset)?.contains("Cancel Esc") == true, "\(reset)")
            // The focus stayed on the step's Next button: Tab wraps round to the field.
            try tmux.send("Tab")
            let email = try fillStep(tmux, heading: "Step 1 of 3", with: "Bea", next: "Step 2 of 3", segue: "ShowEmailStep")
            #expect(Self.fieldText(email, below: "Step 2 of 3") == "Email", "a new email step starts empty: \(email)")
            try fillStep(tmux, heading: "Step 2 of 3", with: "bea@example.com", next: "Step 3 of 3", segue: "ShowConfirmStep")
            try tmux.waitFor(text: "Bea, bea@example.com")
            try tmux.type("bea@example.com")
            try tmux.waitFor("the confirmation typed") { Self.fieldText($0, below: "Bea, bea@example.com") == "bea@example.com" }

            // Done unwinds past the sheet to the presenter, which says who signed up.
            try tmux.send("C-s")
            let done = try tmux.waitFor("the success message, and the unwind in the trace") {
                $0.contains("Welcome, Bea!") && $0.contains(#"unwind "Done": ConfirmStepViewController → AccountViewController"#)
            }
            #expect(done.contains("Welcome, Bea! Your account bea@example.com is ready."), "\(done)")
            #expect(!done.contains("╭"), "the sheet is gone: \(done)")
            #expect(!done.contains("No account yet."))
            try tmux.send("Escape")
            try tmux.waitFor("the tour's list") { TerminalApp.lines(of: $0).first?.contains("Segue Tour") == true && !$0.contains("‹") }
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }
    }
}
