/// Whether a WebSocket may be opened from the page an `Origin` header names: only from this
/// server's own page (the origin's host and port are the request's `Host`) or from an origin
/// the operator allowed (`--allowed-origin`). Without the check any site a visitor has open
/// could start sessions in their name (cross-site WebSocket hijacking); a missing or `null`
/// origin is refused too, as browsers always send one.
public enum OriginPolicy {
    /// Whether `origin` may connect to a server reached as `host`.
    public static func allows(origin: String?, host: String?, allowed: [String] = []) -> Bool {
        guard let origin, let parsed = parse(origin) else { return false }
        for entry in allowed {
            if let other = parse(entry), other == parsed { return true }
        }
        guard let host, let authority = normalise(authority: host, scheme: parsed.scheme) else { return false }
        return authority == parsed.authority
    }

    /// `scheme://host[:port]` as scheme and a normalised `host:port`; nil for anything else
    /// (paths, `null`, other schemes).
    public static func parse(_ origin: String) -> (scheme: String, authority: String)? {
        let lowered = origin.lowercased()
        let scheme: String
        if lowered.hasPrefix("http://") {
            scheme = "http"
        } else if lowered.hasPrefix("https://") {
            scheme = "https"
        } else {
            return nil
        }
        let rest = String(lowered.dropFirst(scheme.count + 3))
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("@"), let authority = normalise(authority: rest, scheme: scheme) else {
            return nil
        }
        return (scheme, authority)
    }

    /// `host[:port]` with the scheme's default port written out, lower case.
    static func normalise(authority: String, scheme: String) -> String? {
        let text = authority.lowercased()
        guard !text.isEmpty, text.utf8.count <= 300,
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "/" })
        else { return nil }
        let defaultPort = scheme == "https" ? "443" : "80"
        // [v6]:port, [v6], host:port, host
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let host = text[...close]
            let rest = text[text.index(after: close)...]
            if rest.isEmpty { return host + ":" + defaultPort }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()), (1...65535).contains(port) else { return nil }
            return host + ":\(port)"
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return text + ":" + defaultPort
        case 2:
            guard !parts[0].isEmpty, let port = Int(parts[1]), (1...65535).contains(port) else { return nil }
            return "\(parts[0]):\(port)"
        default:
            return nil
        }
    }
}
