import Crypto
import Foundation
import Logging
import NIOSSH
import Testing
@testable import Serve

/// Reading `authorized_keys` as sshd does, skipping what the server cannot honour.
@Suite struct AuthorizedKeysTests {
    let ed25519 = Self.line(for: NIOSSHPrivateKey(ed25519Key: .init()).publicKey)
    let ecdsa = Self.line(for: NIOSSHPrivateKey(p256Key: .init()).publicKey)

    static func line(for key: NIOSSHPublicKey) -> String { String(openSSHPublicKey: key) }

    @Test func keysCommentsAndBlankLines() throws {
        let text = """
            # the team
            \(ed25519) alice@laptop

            \(ecdsa)
            """
        let keys = AuthorizedKeys(parsing: text)
        #expect(keys.keys.count == 2)
        #expect(keys.skipped.isEmpty)
        #expect(keys.keys.contains(try NIOSSHPublicKey(openSSHPublicKey: ed25519)))
    }

    @Test func optionsThatOnlyForbidWhatIsNeverDoneAreFine() {
        let keys = AuthorizedKeys(parsing: "restrict,no-port-forwarding,no-agent-forwarding,pty \(ed25519) bob")
        #expect(keys.keys.count == 1 && keys.skipped.isEmpty, "\(keys.skipped)")
    }

    @Test(arguments: [
        #"from="10.0.0.0/8""#, #"command="/bin/date""#, #"expiry-time="20250101""#, "no-pty", #"environment="A=b c""#,
    ])
    func optionsTheServerDoesNotCarryOutLeaveTheKeyOut(option: String) {
        let keys = AuthorizedKeys(parsing: "\(option) \(ed25519) carol")
        #expect(keys.keys.isEmpty)
        #expect(keys.skipped.count == 1)
        #expect(keys.skipped.first?.reason.contains("not carried out") == true, "\(keys.skipped)")
    }

    @Test func unsupportedTypesAreSkippedAndNamed() {
        let text = """
            ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 rsa@host
            sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29t x
            \(ed25519)
            """
        let keys = AuthorizedKeys(parsing: text)
        #expect(keys.keys.count == 1)
        #expect(keys.skipped.map(\.line) == [1, 2])
        #expect(keys.skipped[0].reason.contains("\"ssh-rsa\" keys are not supported"), "\(keys.skipped)")
    }

    @Test func garbageNeverCrashesAndIsReported() {
        let text = "ssh-ed25519 !!!notbase64\nnot a key at all\nssh-ed25519\n\u{1B}[31m ssh-ed25519 AAAA"
        let keys = AuthorizedKeys(parsing: text)
        #expect(keys.keys.isEmpty)
        #expect(keys.skipped.count == 4)
        #expect(keys.skipped.allSatisfy { !$0.reason.contains("\u{1B}") })
    }

    @Test func aDeviceIsNotAFileOfKeysAndSaysSo() throws {
        #expect(throws: AuthorizedKeysError.notRegularFile(path: "/dev/null")) {
            _ = try AuthorizedKeysFile(path: "/dev/null", logger: Logger(label: "test"))
        }
        let text = AuthorizedKeysError.notRegularFile(path: "/dev/null").description
        #expect(text.contains("/dev/null") && text.contains("not a regular file") && text.contains("empty one lets no one log in"), "\(text)")
    }

    @Test func anEmptyFileLetsNoOneIn() throws {
        let path = NSTemporaryDirectory() + "authorized-empty-\(UUID().uuidString.prefix(8))"
        FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try AuthorizedKeysFile(path: path, logger: Logger(label: "test"))
        #expect(file.keyCount == 0)
    }
}
