import Flow
import Foundation
import NIOSSH

/// The public keys of an `authorized_keys` file (sshd(8), "AUTHORIZED_KEYS FILE FORMAT").
///
/// Each line is `[options] type base64 [comment]`. Keys of a type the server cannot check
/// (RSA, DSA, security keys, certificates) are skipped and reported. So are keys whose
/// options would restrict them in ways the server does not carry out (`from=`,
/// `command=`, `expiry-time=`…): using such a key as if unrestricted would let in what
/// sshd keeps out. Options that only forbid what the server never allows anyway
/// (forwarding, user rc files) are fine.
public struct AuthorizedKeys: Sendable {
    /// The keys that may log in.
    public private(set) var keys: Set<NIOSSHPublicKey> = []
    /// Lines that were skipped, and why, for the log.
    public private(set) var skipped: [SkippedLine] = []

    /// A line left out.
    public struct SkippedLine: Equatable, Sendable, CustomStringConvertible {
        /// Its line number, from 1.
        public var line: Int
        /// Why, in a few words; text from the file is escaped.
        public var reason: String

        /// `line N: reason`.
        public var description: String { "line \(line): \(reason)" }
    }

    /// The options that only forbid what the server never does, so a key with them is used.
    static let harmlessOptions: Set<String> = [
        "restrict", "no-agent-forwarding", "no-port-forwarding", "no-x11-forwarding", "no-user-rc", "pty",
    ]

    /// Key types the SSH library can verify.
    static let supportedTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]

    /// Parses the text of an `authorized_keys` file.
    public init(parsing text: String) {
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            switch Self.parse(line: line) {
            case .key(let key): keys.insert(key)
            case .skipped(let reason): skipped.append(SkippedLine(line: index + 1, reason: reason))
            }
        }
    }

    enum LineResult {
        case key(NIOSSHPublicKey)
        case skipped(String)
    }

    static func parse(line: String) -> LineResult {
        var fields = splitFields(line)
        guard !fields.isEmpty else { return .skipped("empty") }
        var options: [String] = []
        if !looksLikeKeyType(fields[0]) {
            options = splitOptions(fields.removeFirst())
        }
        guard fields.count >= 2 else { return .skipped("no key after the type") }
        let type = fields[0]
        guard looksLikeKeyType(type) else { return .skipped("not a key line") }
        guard supportedTypes.contains(type) else {
            return .skipped("\(DiagnosticNames.shown(type)) keys are not supported (Ed25519 and ECDSA are)")
        }
        let refused = options.map { $0.split(separator: "=", maxSplits: 1).first.map { String($0).lowercased() } ?? "" }
            .filter { !harmlessOptions.contains($0) }
        if let option = refused.first {
            return .skipped("option \(DiagnosticNames.shown(option)) is not carried out by this server, so the key is not used")
        }
        do {
            return .key(try NIOSSHPublicKey(openSSHPublicKey: "\(type) \(fields[1])"))
        } catch {
            return .skipped("the key data cannot be read")
        }
    }

    /// Whether `field` is a key type rather than options (types never hold `=`, `,` or `"`).
    static func looksLikeKeyType(_ field: String) -> Bool {
        let known = ["ssh-", "ecdsa-", "sk-", "rsa-"]
        return known.contains { field.hasPrefix($0) } && !field.contains(where: { $0 == "=" || $0 == "\"" || $0 == "," })
    }

    /// Splits on spaces and tabs outside double quotes (options may quote spaces).
    static func splitFields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quoted {
                current.append(character)
                escaped = true
            } else if character == "\"" {
                current.append(character)
                quoted.toggle()
            } else if (character == " " || character == "\t") && !quoted {
                if !current.isEmpty { fields.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { fields.append(current) }
        return fields
    }

    /// Splits an options field on commas outside double quotes.
    static func splitOptions(_ field: String) -> [String] {
        var options: [String] = []
        var current = ""
        var quoted = false
        for character in field {
            if character == "\"" { quoted.toggle() }
            if character == "," && !quoted {
                options.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        options.append(current)
        return options.filter { !$0.isEmpty }
    }
}

/// Short, escaped forms of names from files and clients, for messages and logs.
enum DiagnosticNames {
    /// `text` quoted, escaped (through the project's one escaping, `DiagnosticText`) and cut
    /// to `limit` characters.
    static func shown(_ text: String, limit: Int = 64) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return "\"" + DiagnosticText.escaped(cut) + "\""
    }
}
