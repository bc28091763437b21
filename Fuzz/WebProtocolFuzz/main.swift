// A libFuzzer entry point for the web page's protocol (Sources/Serve/Web/WebProtocol.swift):
// any message must decode or be refused with a reason, never crash; a decoded size is within
// the clamp; and a hello or resize made from what was decoded decodes to the same message.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let message: WebProtocol.ClientMessage
    do {
        message = try WebProtocol.decode(bytes)
    } catch {
        _ = error.description
        return 0
    }
    switch message {
    case .hello(let hello):
        guard (2...WebProtocol.maximumColumns).contains(hello.columns), (2...WebProtocol.maximumRows).contains(hello.rows) else {
            fatalError("hello size outside the clamp: \(hello)")
        }
        guard (try? WebProtocol.decode(WebProtocol.encode(hello))) == .hello(hello) else {
            fatalError("hello does not survive encoding: \(hello)")
        }
    case .resize(let columns, let rows):
        guard (2...WebProtocol.maximumColumns).contains(columns), (2...WebProtocol.maximumRows).contains(rows) else {
            fatalError("resize outside the clamp: \(columns)x\(rows)")
        }
        guard (try? WebProtocol.decode(WebProtocol.resize(columns: columns, rows: rows))) == .resize(columns: columns, rows: rows) else {
            fatalError("resize does not survive encoding")
        }
    case .input(let input):
        guard input.count == bytes.count - 1 else { fatalError("input lost bytes") }
    case .pause, .resume, .keepalive:
        break
    }
    return 0
}
