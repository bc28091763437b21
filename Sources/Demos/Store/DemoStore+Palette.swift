extension DemoStore {
    /// The columns of a `PaletteColor`, in the order `PaletteColor(row:)` reads them.
    static let colorSelect = "SELECT id, name, red, green, blue, position FROM color"

    /// The palette in list order.
    public func colors() throws(StoreError) -> [PaletteColor] {
        try read("reading the palette") { connection in
            try connection.statement(Self.colorSelect + " ORDER BY position, id").rows(reading: PaletteColor.init(row:))
        }
    }

    /// The colour with this id, or nil.
    public func color(id: Int64) throws(StoreError) -> PaletteColor? {
        try read("reading a colour") { connection in
            try connection.statement(Self.colorSelect + " WHERE id = ?").firstRow([id], reading: PaletteColor.init(row:))
        }
    }

    /// Appends a colour to the end of the palette and returns it once committed.
    @discardableResult
    public func addColor(name: String, red: Double, green: Double, blue: Double) throws(StoreError) -> PaletteColor {
        try Self.validateComponents(red: red, green: green, blue: blue)
        return try write("saving a colour") { connection in
            let last = try connection.statement("SELECT MAX(position) FROM color").scalar(as: Int64?.self) ?? nil
            let (position, overflow) = (last ?? 0).addingReportingOverflow(1)
            if overflow {
                throw StoreError.invalidValue(field: "position", reason: "the palette order is exhausted")
            }
            try connection.statement("INSERT INTO color (name, red, green, blue, position) VALUES (?, ?, ?, ?, ?)")
                .execute([name, red, green, blue, position])
            return PaletteColor(
                id: connection.lastInsertedRowID, name: name, red: red, green: green, blue: blue, position: position)
        }
    }

    /// Saves a changed name, components or position; throws `.notFound` if the colour was deleted.
    public func updateColor(_ color: PaletteColor) throws(StoreError) {
        try Self.validateComponents(red: color.red, green: color.green, blue: color.blue)
        try write("saving a colour") { connection in
            try connection.statement("UPDATE color SET name = ?, red = ?, green = ?, blue = ?, position = ? WHERE id = ?")
                .execute([color.name, color.red, color.green, color.blue, color.position, color.id])
            if connection.changes == 0 {
                throw StoreError.notFound(kind: "colour", id: color.id)
            }
        }
    }

    /// Deletes a colour; returns false if it was already gone.
    @discardableResult
    public func deleteColor(id: Int64) throws(StoreError) -> Bool {
        try write("deleting a colour") { connection in
            try connection.statement("DELETE FROM color WHERE id = ?").execute([id])
            return connection.changes > 0
        }
    }

    public static func validateComponents(red: Double, green: Double, blue: Double) throws(StoreError) {
        for (field, value) in [("red", red), ("green", green), ("blue", blue)] {
            // NaN fails this test too.
            guard value >= 0 && value <= 1 else {
                throw .invalidValue(field: field, reason: "must be between 0 and 1 (got \(value))")
            }
        }
    }
}

extension PaletteColor {
    /// A row of `DemoStore.colorSelect`.
    init(row: SQLiteRow) throws(SQLiteError) {
        self.init(
            id: try row.column(0), name: try row.column(1),
            red: try row.column(2), green: try row.column(3), blue: try row.column(4),
            position: try row.column(5))
    }
}
