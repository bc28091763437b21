import GRDB

extension DemoStore {
    /// The palette in list order.
    public func colors() throws(StoreError) -> [PaletteColor] {
        try read("reading the palette") { db in
            try PaletteColor.order(Column("position"), Column("id")).fetchAll(db)
        }
    }

    /// The colour with this id, or nil.
    public func color(id: Int64) throws(StoreError) -> PaletteColor? {
        try read("reading a colour") { db in try PaletteColor.fetchOne(db, key: id) }
    }

    /// Appends a colour to the end of the palette and returns it once committed.
    @discardableResult
    public func addColor(name: String, red: Double, green: Double, blue: Double) throws(StoreError) -> PaletteColor {
        try Self.validateComponents(red: red, green: green, blue: blue)
        return try write("saving a colour") { db in
            let last = try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM color") ?? 0
            let (position, overflow) = last.addingReportingOverflow(1)
            if overflow {
                throw StoreError.invalidValue(field: "position", reason: "the palette order is exhausted")
            }
            try db.execute(
                sql: "INSERT INTO color (name, red, green, blue, position) VALUES (?, ?, ?, ?, ?)",
                arguments: [name, red, green, blue, position])
            return PaletteColor(
                id: db.lastInsertedRowID, name: name, red: red, green: green, blue: blue, position: position)
        }
    }

    /// Saves a changed name, components or position; throws `.notFound` if the colour was deleted.
    public func updateColor(_ color: PaletteColor) throws(StoreError) {
        try Self.validateComponents(red: color.red, green: color.green, blue: color.blue)
        try write("saving a colour") { db in
            do {
                try color.update(db)
            } catch RecordError.recordNotFound {
                throw StoreError.notFound(kind: "colour", id: color.id)
            }
        }
    }

    /// Deletes a colour; returns false if it was already gone.
    @discardableResult
    public func deleteColor(id: Int64) throws(StoreError) -> Bool {
        try write("deleting a colour") { db in try PaletteColor.deleteOne(db, key: id) }
    }

    static func validateComponents(red: Double, green: Double, blue: Double) throws(StoreError) {
        for (field, value) in [("red", red), ("green", green), ("blue", blue)] {
            // NaN fails this test too.
            guard value >= 0 && value <= 1 else {
                throw .invalidValue(field: field, reason: "must be between 0 and 1 (got \(value))")
            }
        }
    }
}
