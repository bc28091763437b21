import Foundation
import Testing
@testable import Demos

@Suite("The store's request protocol")
struct StoreWireTests {
    static let requests: [StoreRequest] = [
        .coffees, .coffee(id: 7), .sessionCount, .sessions(offset: 64, limit: 64), .session(id: -1),
        .addSession(coffeeID: 3, temperatureF: 203, brewedAtMilliseconds: 1_764_000_000_123), .deleteSession(id: 9),
        .colors, .color(id: 2), .addColor(name: "Ünïcode \u{1B}[2J", red: 0.25, green: 1, blue: 0),
        .updateColor(PaletteColor(id: 4, name: "", red: 0, green: 0.5, blue: 1, position: Int64.max)), .deleteColor(id: 4),
        .setValue(Data([0, 1, 255]), key: "screens/Main.restoration.json"), .setValue(nil, key: "k"), .setValue(Data(), key: ""),
        .value(key: "k"),
    ]

    static let replies: [StoreReply] = [
        .coffees([Coffee(id: 1, name: "House", origin: nil), Coffee(id: 2, name: "Kenya AA", origin: "Kenya")]),
        .coffee(nil), .count(1_000_000),
        .rows([BrewSessionRow(id: 5, coffeeID: 1, coffeeName: "House", temperatureF: 200, brewedAt: Date(timeIntervalSince1970: 1.5))]),
        .row(nil), .session(BrewSession(id: 5, coffeeID: 1, temperatureF: 212, brewedAt: Date(timeIntervalSince1970: -86_400.25))),
        .done(true), .colors([]), .color(PaletteColor(id: 1, name: "Red", red: 1, green: 0, blue: 0, position: 1)), .saved,
        .value(Data("x".utf8)), .failure(.notFound(kind: "coffee", id: 3)),
        .failure(.databaseFailed(path: "postgres://u@h:5432/d", operation: "saving a brew session", reason: "gone")),
        .failure(.invalidValue(field: "temperature", reason: "too hot")),
    ]

    @Test(arguments: requests)
    func everyRequestReadsBackAsSent(request: StoreRequest) throws {
        let frame = request.encoded.frame
        let length = frame.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(length == frame.count - 4)
        #expect(try StoreRequest(decoding: Array(frame.dropFirst(4))) == request)
    }

    @Test(arguments: replies)
    func everyReplyReadsBackAsSent(reply: StoreReply) throws {
        #expect(try StoreReply(decoding: reply.encoded.bytes) == reply)
    }

    /// Every prefix of every message, and each with a byte too many, is refused without a crash.
    @Test func truncatedOrPaddedMessagesAreRefused() {
        for bytes in Self.requests.map(\.encoded.bytes) {
            for cut in 0..<bytes.count {
                #expect(throws: StoreWire.Malformed.self) { try StoreRequest(decoding: Array(bytes.prefix(cut))) }
            }
            #expect(throws: StoreWire.Malformed.self) { try StoreRequest(decoding: bytes + [0]) }
        }
        for bytes in Self.replies.map(\.encoded.bytes) {
            for cut in 0..<bytes.count {
                #expect(throws: StoreWire.Malformed.self) { try StoreReply(decoding: Array(bytes.prefix(cut))) }
            }
        }
    }

    @Test func unknownTagsAndLyingLengthsAreRefused() {
        #expect(throws: StoreWire.Malformed("unknown request 200")) { try StoreRequest(decoding: [200]) }
        #expect(throws: StoreWire.Malformed("unknown reply 0")) { try StoreReply(decoding: [0]) }
        // A list that claims four billion coffees in a few bytes.
        #expect(throws: StoreWire.Malformed.self) { try StoreReply(decoding: [1, 0xFF, 0xFF, 0xFF, 0xFF, 0]) }
        #expect(throws: StoreWire.Malformed("an optional's flag is neither 0 nor 1")) { try StoreReply(decoding: [2, 7]) }
    }

    /// A session's store whose server is gone reports the failed save; it never hangs or crashes.
    @Test func aStoreWhoseServerHungUpReportsEachCall() throws {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        close(pair[1])
        let store = RemoteStore(descriptor: pair[0], replyTimeout: 5)
        #expect {
            try store.addSession(coffeeID: 1, temperatureF: 200, brewedAt: Date())
        } throws: { error in
            guard case .databaseFailed("the shared store", "saving a brew session", _) = error as? StoreError else { return false }
            return true
        }
        #expect(throws: StoreError.databaseFailed(
            path: "the shared store", operation: "reading the palette", reason: "the connection to the server is closed")) {
            try store.colors()
        }
    }
}
