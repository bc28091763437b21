import Crypto
import Foundation
import Glibc
import NIOSSH
import Testing
import TestSupport
@testable import Serve

/// The host key: OpenSSH's file format both ways, created once with private modes, reused,
/// refused when others can read it; fingerprints as OpenSSH prints them.
@Suite struct HostKeyTests {
    let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("hostkey-\(UUID().uuidString.prefix(8))")

    @Test func aKeyRoundTripsThroughTheOpenSSHFormat() throws {
        let key = Curve25519.Signing.PrivateKey()
        let text = OpenSSHPrivateKey.encode(key, comment: "a comment", checkValue: 0x1234_5678)
        #expect(text.hasPrefix("-----BEGIN OPENSSH PRIVATE KEY-----\n"))
        #expect(text.hasSuffix("\n-----END OPENSSH PRIVATE KEY-----\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 70 })
        let (decoded, comment) = try OpenSSHPrivateKey.decode(text)
        #expect(decoded.rawRepresentation == key.rawRepresentation)
        #expect(comment == "a comment")
    }

    @Test func damagedOrForeignKeysAreRefusedWithAReason() throws {
        #expect(throws: KeyFormatError.notOpenSSHPrivateKey) { try OpenSSHPrivateKey.decode("hello") }
        let good = OpenSSHPrivateKey.encode(Curve25519.Signing.PrivateKey(), comment: "")
        var lines = good.split(separator: "\n").map(String.init)
        // Cut the base64 short: the data ends inside a field.
        lines[1] = String(lines[1].prefix(40))
        lines.removeSubrange(2..<(lines.count - 1))
        #expect(throws: KeyFormatError.self) { try OpenSSHPrivateKey.decode(lines.joined(separator: "\n")) }
    }

    @Test func theHostKeyIsCreatedPrivateAndReused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (first, created) = try HostKeyStore.loadOrCreate(in: directory)
        #expect(created)
        let file = directory.appendingPathComponent(HostKeyStore.fileName).path
        #expect(mode(of: file) == 0o600)
        #expect(mode(of: directory.path) == 0o700)
        #expect(mode(of: file + ".pub") == 0o644)
        let (second, createdAgain) = try HostKeyStore.loadOrCreate(in: directory)
        #expect(!createdAgain)
        #expect(second.rawRepresentation == first.rawRepresentation)
        let publicLine = try String(contentsOfFile: file + ".pub", encoding: .utf8)
        #expect(publicLine.hasPrefix(OpenSSHPrivateKey.publicLine(of: first.publicKey, comment: "")))
    }

    @Test func aHostKeyOthersCanReadIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try HostKeyStore.loadOrCreate(in: directory)
        let file = directory.appendingPathComponent(HostKeyStore.fileName).path
        chmod(file, 0o644)
        #expect(throws: HostKeyError.unprotected(path: file, mode: 0o644)) { try HostKeyStore.loadOrCreate(in: directory) }
    }

    @Test(.enabled(if: ServeProcess.isAvailable, "ssh-keygen is not installed (apt-get install openssh-client)"))
    func sshKeygenReadsOurKeyAndWeReadItsKeys() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (key, _) = try HostKeyStore.loadOrCreate(in: directory)
        let file = directory.appendingPathComponent(HostKeyStore.fileName).path
        let ours = KeyFingerprint(blob: OpenSSHPrivateKey.publicBlob(of: key.publicKey)).description
        // From the private file: ssh-keygen derives the public key from it.
        let listed = try Tmux.run(["ssh-keygen", "-l", "-f", file])
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output.contains("256 \(ours) ") && listed.output.contains("(ED25519)"), "\(listed.output) vs \(ours)")
        let derived = try Tmux.run(["ssh-keygen", "-y", "-f", file])
        #expect(derived.output.hasPrefix(OpenSSHPrivateKey.publicLine(of: key.publicKey, comment: "")), "\(derived.output)")

        // A key ssh-keygen made loads as a host key, and fingerprints agree.
        let theirs = directory.appendingPathComponent("theirs")
        #expect(try Tmux.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "made by ssh-keygen", "-f", theirs.path]).status == 0)
        let (loaded, comment) = try OpenSSHPrivateKey.decode(try String(contentsOf: theirs, encoding: .utf8))
        #expect(comment == "made by ssh-keygen")
        let printed = try Tmux.run(["ssh-keygen", "-l", "-f", theirs.path + ".pub"]).output
        let fingerprint = KeyFingerprint(blob: OpenSSHPrivateKey.publicBlob(of: loaded.publicKey))
        #expect(printed.contains(fingerprint.description), "\(printed) vs \(fingerprint)")
        // The same through the SSH library's key type.
        let publicText = try String(contentsOf: theirs.appendingPathExtension("pub"), encoding: .utf8)
        let libraryKey = try NIOSSHPublicKey(openSSHPublicKey: publicText.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(KeyFingerprint(libraryKey) == fingerprint)

        // An ECDSA key's fingerprint too (a different wire blob).
        let ecdsa = directory.appendingPathComponent("ecdsa")
        #expect(try Tmux.run(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", ecdsa.path]).status == 0)
        let ecdsaText = try String(contentsOf: ecdsa.appendingPathExtension("pub"), encoding: .utf8)
        let ecdsaKey = try NIOSSHPublicKey(openSSHPublicKey: ecdsaText.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try Tmux.run(["ssh-keygen", "-l", "-f", ecdsa.path + ".pub"]).output.contains(KeyFingerprint(ecdsaKey).description))
    }

    @Test func directoryNamesAreFingerprintsInBase64URL() {
        let fingerprint = KeyFingerprint(blob: Array("some key blob".utf8))
        let shown = fingerprint.description
        #expect(shown.hasPrefix("SHA256:") && !shown.hasSuffix("="))
        #expect(shown.count == 7 + 43)
        let name = fingerprint.directoryName
        #expect(name.count == 43)
        #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        let back = String(name.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        #expect("SHA256:" + back == shown)
    }

    private func mode(of path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o777
    }
}
