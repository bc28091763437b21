import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small blocking WebSocket client for the tests (RFC 6455, client side): it connects to a
/// loopback port, upgrades with the headers a browser sends, and sends and reads frames.
/// Enough to drive `storyboard serve --http` as a page would, and to misbehave on purpose.
public final class WebSocketClient {
    /// A frame as read: its opcode and payload.
    public struct Frame {
        public let opcode: UInt8
        public let payload: [UInt8]
    }

    private let descriptor: Int32
    private var buffered: [UInt8] = []
    /// The upgrade's response head.
    public private(set) var responseHead = ""

    /// Opens a TCP connection to `127.0.0.1:port`.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TmuxError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw TmuxError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: 15, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Sends raw bytes.
    public func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw TmuxError("send failed: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads until the end of an HTTP response head (and its body, when it has a length).
    public func readHTTPResponse() throws -> String {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffered[..<end], as: UTF8.self)
                var length = 0
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
                if head.hasPrefix("HTTP/1.1 101") { length = 0 }
                while buffered.count < end + 4 + length { try fill() }
                let body = String(decoding: buffered[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                buffered.removeFirst(end + 4 + length)
                return head + "\r\n\r\n" + body
            }
            try fill()
        }
    }

    /// Sends the upgrade request for `/ws`, as a page on `origin` would, and reads the answer.
    @discardableResult
    public func upgrade(origin: String?, host: String, extraHeaders: [String] = []) throws -> String {
        var lines = [
            "GET /ws HTTP/1.1", "Host: \(host)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13", "User-Agent: storyboard-test",
        ]
        if let origin { lines.append("Origin: \(origin)") }
        lines += extraHeaders
        try sendRaw(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        responseHead = try readHTTPResponse()
        return responseHead
    }

    /// Sends one frame, masked as a client's must be.
    public func send(opcode: UInt8 = 2, _ payload: [UInt8], fin: Bool = true) throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xFF)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try sendRaw(frame)
    }

    /// Reads the next frame; throws when the connection closes first.
    public func readFrame() throws -> Frame {
        while buffered.count < 2 { try fill() }
        var length = Int(buffered[1] & 0x7F)
        var offset = 2
        if length == 126 {
            while buffered.count < 4 { try fill() }
            length = Int(buffered[2]) << 8 | Int(buffered[3])
            offset = 4
        } else if length == 127 {
            while buffered.count < 10 { try fill() }
            length = buffered[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        while buffered.count < offset + length { try fill() }
        let frame = Frame(opcode: buffered[0] & 0x0F, payload: Array(buffered[offset..<(offset + length)]))
        buffered.removeFirst(offset + length)
        return frame
    }

    /// Whether the server closed the connection (a read returns end of file within `timeout`).
    public func waitForClose(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { return false }
            if poller.revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = recv(descriptor, &chunk, chunk.count, 0)
                if count <= 0 { return true }
                buffered += chunk[0..<count]
            }
        }
        return false
    }

    /// Closes the socket at once, as a tab that is closed or a network that drops.
    public func drop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { throw TmuxError(count == 0 ? "the server closed the connection" : "read failed: \(String(cString: strerror(errno)))") }
        buffered += chunk[0..<count]
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffered.count >= pattern.count else { return nil }
        for index in 0...(buffered.count - pattern.count) where Array(buffered[index..<(index + pattern.count)]) == pattern {
            return index
        }
        return nil
    }
}
