/// What the sign-up steps collect.
struct Account: Equatable, Sendable {
    var name: String
    var email: String
}
