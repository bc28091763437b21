import Crypto
import Foundation

/// Ed25519 private keys in OpenSSH's own file format ("openssh-key-v1", PROTOCOL.key in
/// OpenSSH's sources), unencrypted: what `ssh-keygen -t ed25519 -N ''` writes, so
/// `ssh-keygen -l -f` and `ssh-keygen -y -f` read the server's host key, and a key made by
/// `ssh-keygen` can be used as the host key.
public enum OpenSSHPrivateKey {
    static let magic = Array("openssh-key-v1".utf8) + [0]
    static let begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
    static let end = "-----END OPENSSH PRIVATE KEY-----"
    static let ed25519 = "ssh-ed25519"

    /// The file's text for `key`, with `comment` stored inside it (as `ssh-keygen -C` does).
    ///
    /// - Parameter checkValue: the random number repeated in the private section so a wrong
    ///   passphrase is noticed on decryption; random by default, fixed only in tests.
    public static func encode(
        _ key: Curve25519.Signing.PrivateKey, comment: String, checkValue: UInt32 = .random(in: .min ... .max)
    ) -> String {
        let publicKey = Array(key.publicKey.rawRepresentation)
        var publicBlob = SSHWireWriter()
        publicBlob.write(string: ed25519)
        publicBlob.write(string: publicKey)

        var secret = SSHWireWriter()
        secret.write(checkValue)
        secret.write(checkValue)
        secret.write(string: ed25519)
        secret.write(string: publicKey)
        // OpenSSH keeps the 32-byte seed followed by the public key as the "private key".
        secret.write(string: Array(key.rawRepresentation) + publicKey)
        secret.write(string: comment)
        // Padded with 1, 2, 3… to the cipher's block size (8 for "none").
        var padding: UInt8 = 1
        while secret.bytes.count % 8 != 0 {
            secret.write(raw: [padding])
            padding += 1
        }

        var file = SSHWireWriter()
        file.write(raw: magic)
        file.write(string: "none")  // cipher
        file.write(string: "none")  // key derivation function
        file.write(string: [UInt8]())  // its options
        file.write(1)  // number of keys
        file.write(string: publicBlob.bytes)
        file.write(string: secret.bytes)

        let base64 = Data(file.bytes).base64EncodedString()
        var lines = [begin]
        var index = base64.startIndex
        while index < base64.endIndex {
            let next = base64.index(index, offsetBy: 70, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<next]))
            index = next
        }
        lines.append(end)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The key in a file's text, and its comment. Fails on anything but one unencrypted
    /// Ed25519 key whose halves agree.
    public static func decode(_ text: String) throws(KeyFormatError) -> (key: Curve25519.Signing.PrivateKey, comment: String) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.firstIndex(of: begin), let last = lines.lastIndex(of: end), first < last,
            let data = Data(base64Encoded: lines[(first + 1)..<last].joined())
        else { throw .notOpenSSHPrivateKey }
        var reader = SSHWireReader(Array(data))
        guard try reader.readRaw(count: magic.count) == magic else { throw .notOpenSSHPrivateKey }
        let cipher = String(decoding: try reader.readString(), as: UTF8.self)
        let kdf = String(decoding: try reader.readString(), as: UTF8.self)
        _ = try reader.readString()
        guard cipher == "none", kdf == "none" else { throw .encrypted }
        guard try reader.readUInt32() == 1 else { throw .inconsistent("more than one key in the file") }
        var publicBlob = SSHWireReader(try reader.readString())
        let publicType = String(decoding: try publicBlob.readString(), as: UTF8.self)
        guard publicType == ed25519 else { throw .unsupportedType(publicType) }
        let publicKey = try publicBlob.readString()

        var secret = SSHWireReader(try reader.readString())
        guard try secret.readUInt32() == (try secret.readUInt32()) else {
            throw .inconsistent("the check values differ")
        }
        let type = String(decoding: try secret.readString(), as: UTF8.self)
        guard type == ed25519 else { throw .unsupportedType(type) }
        let innerPublic = try secret.readString()
        let privateBytes = try secret.readString()
        let comment = String(decoding: try secret.readString(), as: UTF8.self)
        guard privateBytes.count == 64, innerPublic.count == 32, innerPublic == publicKey,
            Array(privateBytes[32...]) == publicKey
        else { throw .inconsistent("the public and private halves do not match") }
        let key: Curve25519.Signing.PrivateKey
        do {
            key = try Curve25519.Signing.PrivateKey(rawRepresentation: privateBytes[0..<32])
        } catch {
            throw .inconsistent("not a valid Ed25519 key")
        }
        guard Array(key.publicKey.rawRepresentation) == publicKey else {
            throw .inconsistent("the public key is not the private key's")
        }
        return (key, comment)
    }

    /// The public key's one line (`ssh-ed25519 AAAA… comment`), as in a `.pub` file.
    public static func publicLine(of key: Curve25519.Signing.PublicKey, comment: String) -> String {
        "\(ed25519) \(Data(publicBlob(of: key)).base64EncodedString())" + (comment.isEmpty ? "" : " \(comment)")
    }

    /// The public key's wire blob (`string "ssh-ed25519", string key`).
    public static func publicBlob(of key: Curve25519.Signing.PublicKey) -> [UInt8] {
        var blob = SSHWireWriter()
        blob.write(string: ed25519)
        blob.write(string: Array(key.rawRepresentation))
        return blob.bytes
    }
}
