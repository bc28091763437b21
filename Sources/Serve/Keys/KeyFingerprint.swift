import Crypto
import Foundation
import NIOSSH

/// A public key's SHA-256 fingerprint, as OpenSSH shows it (`SHA256:` and the unpadded
/// base64 of the digest of the key's wire blob), and the directory name made from it.
public struct KeyFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    public let digest: [UInt8]

    /// The fingerprint of a public key's wire blob (`string type, key data…`).
    public init(blob: some Sequence<UInt8>) {
        digest = Array(SHA256.hash(data: Array(blob)))
    }

    /// The fingerprint of `key`.
    public init(_ key: NIOSSHPublicKey) {
        self.init(blob: PublicKeyText.blob(of: key))
    }

    /// `SHA256:` and the digest in unpadded base64, as `ssh-keygen -l` and `ssh` print it.
    public var description: String {
        "SHA256:" + Self.unpadded(Data(digest).base64EncodedString())
    }

    /// A name safe for a file system: the base64 of the fingerprint with `+` and `/` as `-`
    /// and `_` (base64url, RFC 4648 §5), so an operator can find a key's directory from the
    /// fingerprint the logs show.
    public var directoryName: String {
        String(Self.unpadded(Data(digest).base64EncodedString()).map { character -> Character in
            switch character {
            case "+": "-"
            case "/": "_"
            default: character
            }
        })
    }

    private static func unpadded(_ text: String) -> String {
        var text = text
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}

/// The one-line OpenSSH text of public keys (`ssh-ed25519 AAAA… comment`).
public enum PublicKeyText {
    /// The key's wire blob: what the base64 field of its OpenSSH line holds.
    public static func blob(of key: NIOSSHPublicKey) -> [UInt8] {
        let text = String(openSSHPublicKey: key)
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let data = Data(base64Encoded: String(fields[1])) else { return [] }
        return Array(data)
    }

    /// The key's algorithm name (`ssh-ed25519`, `ecdsa-sha2-nistp256`).
    public static func type(of key: NIOSSHPublicKey) -> String {
        String(String(openSSHPublicKey: key).split(separator: " ").first ?? "")
    }
}
