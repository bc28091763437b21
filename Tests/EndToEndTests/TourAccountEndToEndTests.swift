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

        /// The tour's list of examples, above the trace panel.
        static let examples = [
            "                                   Segue Tour",
            "────────────────────────────────────────────────────────────────────────────────",
            "  EXAMPLES",
            "  Events                                                                     ›",
            "    Passing data with prepare(for:sender:); the accessory segue",
            "  Account                                                                    ›",
            "    Unwind segues: Reset and Done go back to different places",
            "  Dungeon                                                                    ›",
            "    Code and storyboards together; manual segues; jumping by identifier",
            "  States                                                                     ›",
            "    A container view and an embed segue",
            "  Custom Segue                                                               ›",
            "    A segue class of its own that plays an effect first",
            "  Each example is a small storyboard flow from the 2012 talk.",
            "",
            "",
        ]

        @Test func signUpResetAndDoneWithTheKeys() throws {
            let tmux = try app.launch("run seguetour --fresh")
            try tmux.waitForScreen(Self.examples + [
                "┌ What just happened — t hides, T reads ───────────────────────────────────────┐",
                "│ root: TourViewController                                                     │",
                "│   NavigationController \"Segue Tour\".viewDidLoad                              │",
                "│   TourViewController.viewDidLoad                                             │",
                "│   NavigationController \"Segue Tour\".viewWillAppear                           │",
                "│ … 3 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " ↑↓  move   Enter  open   ?  help   q  quit",
            ])
            // Account is the second example.
            try tmux.send("Down", "Enter")
            try tmux.waitForScreen([
                "‹ Segue Tour                        Account",
                "────────────────────────────────────────────────────────────────────────────────",
                "",
                "  Sign up in three steps: name, email, confirmation.",
                "",
                "  No account yet.",
                "",
                "                               [ Create Account ]",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "┌ What just happened (2 of 2) — t hides, T reads ──────────────────────────────┐",
                "│ show \"ShowAccount\": TourViewController → AccountViewController               │",
                "│   TourViewController.shouldPerformSegue(ShowAccount) → true                  │",
                "│   TourViewController.prepare(ShowAccount)                                    │",
                "│   AccountViewController.viewDidLoad                                          │",
                "│ … 4 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " Esc  ‹ Segue Tour   Enter  press   ?  help",
            ])
            // The button is the screen's only control, so it has the focus: Enter presses it.
            // The presenter stays behind the form sheet.
            try tmux.send("Enter")
            let nameStep = [
                "‹ Segue Tour                        Account",
                "────────────────────────────────────────────────────────────────────────────────",
                "            ╭──────────────────────────────────────────────────────╮",
                "  Sign up in│ Cancel Esc              Name                         │",
                "            │ ──────────────────────────────────────────────────── │",
                "  No account│                                                      │",
                "            │   Step 1 of 3: your name.                            │",
                "            │                                                      │",
                "            │   Name                                               │",
                "            │                                                      │",
                "            │                       [ Next ]                       │",
                "            │                                                      │",
                "            │                                                      │",
                "            ╰──────────────────────────────────────────────────────╯",
                "",
                "",
                "┌ What just happened (3 of 3) — t hides, T reads ──────────────────────────────┐",
                "│ present \"CreateAccount\": AccountViewController → NavigationController \"Name\" │",
                "│   AccountViewController.shouldPerformSegue(CreateAccount) → true             │",
                "│   AccountViewController.prepare(CreateAccount)                               │",
                "│   NavigationController \"Name\".viewDidLoad                                    │",
                "│ … 5 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " Esc  Cancel   Enter  Next   Tab  next field",
            ]
            try tmux.waitForScreen(nameStep)

            // Each step: its field typed (the step's screen with the text in the field's row),
            // then Tab to its Next button and Enter; the trace panel below the sheet shows the push.
            try tmux.type("Ada")
            try tmux.waitForScreen(nameStep.replacing(row: 8, with: "            │   Ada                                                │"))
            try tmux.send("Tab", "Enter")
            let emailStep = [
                "‹ Segue Tour                        Account",
                "────────────────────────────────────────────────────────────────────────────────",
                "            ╭──────────────────────────────────────────────────────╮",
                "  Sign up in│ ‹ Name                 Email                         │",
                "            │ ──────────────────────────────────────────────────── │",
                "  No account│                                                      │",
                "            │   Step 2 of 3: your email address.                   │",
                "            │                                                      │",
                "            │   Email                                              │",
                "            │                                                      │",
                "            │                       [ Next ]                       │",
                "            │                                                      │",
                "            │                                                      │",
                "            ╰──────────────────────────────────────────────────────╯",
                "",
                "",
                "┌ What just happened (4 of 4) — t hides, T reads ──────────────────────────────┐",
                "│ show \"ShowEmailStep\": NameStepViewController → EmailStepViewController       │",
                "│   NameStepViewController.shouldPerformSegue(ShowEmailStep) → true            │",
                "│   NameStepViewController.prepare(ShowEmailStep)                              │",
                "│   EmailStepViewController.viewDidLoad                                        │",
                "│ … 4 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " Esc  ‹ Name   Enter  Next   Tab  next field",
            ]
            try tmux.waitForScreen(emailStep)
            try tmux.type("ada@example.com")
            try tmux.waitForScreen(emailStep.replacing(row: 8, with: "            │   ada@example.com                                    │"))
            try tmux.send("Tab", "Enter")
            let confirmStep = [
                "‹ Segue Tour                        Account",
                "────────────────────────────────────────────────────────────────────────────────",
                "            ╭──────────────────────────────────────────────────────╮",
                "  Sign up in│ ‹ Email  Reset ^R     Confirm                Done ^S │",
                "            │ ──────────────────────────────────────────────────── │",
                "  No account│   Step 3 of 3: confirm your email address.           │",
                "            │                                                      │",
                "            │   Ada, ada@example.com                               │",
                "            │                                                      │",
                "            │   Email again                                        │",
                "            │                                                      │",
                "            │                                                      │",
                "            │                                                      │",
                "            ╰──────────────────────────────────────────────────────╯",
                "",
                "",
                "┌ What just happened (5 of 5) — t hides, T reads ──────────────────────────────┐",
                "│ show \"ShowConfirmStep\": EmailStepViewController → ConfirmStepViewController  │",
                "│   EmailStepViewController.shouldPerformSegue(ShowConfirmStep) → true         │",
                "│   EmailStepViewController.prepare(ShowConfirmStep)                           │",
                "│   ConfirmStepViewController.viewDidLoad                                      │",
                "│ … 4 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " ^R  Reset   ^S  Done   Esc  ‹ Email   Enter  Done",
            ]
            try tmux.waitForScreen(confirmStep)
            try tmux.type("ada@example.com")
            try tmux.waitForScreen(confirmStep.replacing(row: 9, with: "            │   ada@example.com                                    │"))

            // Reset unwinds to the first step, which clears its field: the placeholder shows.
            try tmux.send("C-r")
            // The name step's sheet as first shown, under the unwind's trace.
            let resetStep = Array(nameStep.prefix(16)) + [
                "┌ What just happened (6 of 6) — t hides, T reads ──────────────────────────────┐",
                "│ unwind \"Reset\": ConfirmStepViewController → NameStepViewController           │",
                "│   ConfirmStepViewController.shouldPerformSegue(Reset) → true                 │",
                "│   ConfirmStepViewController.prepare(Reset)                                   │",
                "│   NameStepViewController.resetAccount:                                       │",
                "│ … 6 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " Esc  Cancel   Enter  press   Tab  next field   ?  help",
            ]
            try tmux.waitForScreen(resetStep)
            // The focus stayed on the step's Next button: Tab wraps round to the field.
            try tmux.send("Tab")
            try tmux.type("Bea")
            // The name typed, and the footer's Enter is the field's Next again.
            try tmux.waitForScreen(resetStep
                .replacing(row: 8, with: "            │   Bea                                                │")
                .replacing(row: 23, with: " Esc  Cancel   Enter  Next   Tab  next field"))
            // A new email step starts empty: the first one's screen, the trace panel counting on.
            try tmux.send("Tab", "Enter")
            let secondEmailStep = emailStep.replacing(
                row: 16, with: "┌ What just happened (7 of 7) — t hides, T reads ──────────────────────────────┐")
            try tmux.waitForScreen(secondEmailStep)
            try tmux.type("bea@example.com")
            try tmux.waitForScreen(secondEmailStep.replacing(row: 8, with: "            │   bea@example.com                                    │"))
            try tmux.send("Tab", "Enter")
            // The confirm step again, for Bea, the trace panel counting on.
            let secondConfirmStep = confirmStep
                .replacing(row: 7, with: "            │   Bea, bea@example.com                               │")
                .replacing(row: 16, with: "┌ What just happened (8 of 8) — t hides, T reads ──────────────────────────────┐")
            try tmux.waitForScreen(secondConfirmStep)
            try tmux.type("bea@example.com")
            try tmux.waitForScreen(secondConfirmStep.replacing(row: 9, with: "            │   bea@example.com                                    │"))

            // Done unwinds past the sheet to the presenter, which says who signed up.
            try tmux.send("C-s")
            try tmux.waitForScreen([
                "‹ Segue Tour                        Account",
                "────────────────────────────────────────────────────────────────────────────────",
                "",
                "  Sign up in three steps: name, email, confirmation.",
                "",
                "  Welcome, Bea! Your account bea@example.com is ready.",
                "",
                "                               [ Create Account ]",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "┌ What just happened (9 of 9) — t hides, T reads ──────────────────────────────┐",
                "│ unwind \"Done\": ConfirmStepViewController → AccountViewController             │",
                "│   ConfirmStepViewController.shouldPerformSegue(Done) → true                  │",
                "│   ConfirmStepViewController.prepare(Done)                                    │",
                "│   AccountViewController.doneCreatingAccount:                                 │",
                "│ … 8 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " Esc  ‹ Segue Tour   Enter  press   ?  help",
            ])
            try tmux.send("Escape")
            try tmux.waitForScreen(Self.examples + [
                "┌ What just happened (10 of 10) — t hides, T reads ────────────────────────────┐",
                "│ pop: AccountViewController → TourViewController                              │",
                "│   AccountViewController.viewWillDisappear                                    │",
                "│   TourViewController.viewWillAppear                                          │",
                "│   AccountViewController.viewDidDisappear                                     │",
                "│ … 2 more, T to read                                                          │",
                "└──────────────────────────────────────────────────────────────────────────────┘",
                " ↑↓  move   Enter  open   ?  help   q  quit",
            ])
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
        }
    }
}
