/// An event of the tour's list: where it is, who posted it, and when.
struct Event: Equatable, Sendable {
    var name: String
    var place: String
    var author: String
    var date: String
    /// The event's cell on the town map (see ``EventMapViewController``).
    var mapX: Int
    var mapY: Int

    /// The events the list shows; the talk reads them from a database.
    static let samples: [Event] = [
        Event(name: "Harbor Concert", place: "Pier 7", author: "Mina Ortiz", date: "2012-06-11", mapX: 17, mapY: 4),
        Event(name: "Book Swap", place: "Central Library", author: "Tom Becker", date: "2012-06-12", mapX: 9, mapY: 2),
        Event(name: "Night Market", place: "Old Town Square", author: "Ana Lima", date: "2012-06-13", mapX: 4, mapY: 3),
        Event(name: "Chess in the Park", place: "Elm Park", author: "Ravi Shah", date: "2012-06-14", mapX: 12, mapY: 0),
        Event(name: "Science Fair", place: "North School", author: "Jo Kim", date: "2012-06-15", mapX: 2, mapY: 0),
    ]
}
