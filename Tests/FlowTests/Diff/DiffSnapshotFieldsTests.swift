import Testing

@testable import Flow

/// An object's named values as the diff keeps them: in order of name, one value a name, and
/// what differs between two objects found in one walk.
@Suite struct DiffSnapshotFieldsTests {
    @Test func valuesStayInOrderOfNameWhateverTheOrderTheyCameIn() {
        var fields = DiffSnapshot.Fields()
        for (key, value) in [("title", "Sign in"), ("hidden", "YES"), ("text", "Hi"), ("accessibility label", "Go"), ("tag", "2")] {
            fields[key] = value
        }
        #expect(fields.keys == ["accessibility label", "hidden", "tag", "text", "title"])
        #expect(fields["text"] == "Hi" && fields["placeholder"] == nil)
        // A name set again keeps one value, the last; nil removes it.
        fields["text"] = "Hello"
        fields["hidden"] = nil
        fields["absent"] = nil
        #expect(fields.map { $0.key + "=" + $0.value } == ["accessibility label=Go", "tag=2", "text=Hello", "title=Sign in"])
    }

    @Test func equalWhenTheSameNamesHaveTheSameValuesInAnyOrderOfSetting() {
        var first = DiffSnapshot.Fields()
        first["b"] = "2"
        first["a"] = "1"
        var second = DiffSnapshot.Fields()
        second["a"] = "1"
        second["b"] = "2"
        #expect(first == second)
        second["b"] = "3"
        #expect(first != second)
    }

    @Test func differencesNameEachChangedAddedAndRemovedValueInOrder() {
        var old = DiffSnapshot.Fields()
        var new = DiffSnapshot.Fields()
        for (key, value) in [("a", "1"), ("c", "3"), ("d", "4"), ("f", "6")] { old[key] = value }
        for (key, value) in [("b", "2"), ("c", "3"), ("d", "5"), ("g", "7")] { new[key] = value }
        let found = DiffSnapshot.Fields.differences(old, new).map { "\($0.key): \($0.old ?? "-") → \($0.new ?? "-")" }
        #expect(found == ["a: 1 → -", "b: - → 2", "d: 4 → 5", "f: 6 → -", "g: - → 7"])
        #expect(DiffSnapshot.Fields.differences(old, old).isEmpty)
        #expect(DiffSnapshot.Fields.differences(DiffSnapshot.Fields(), new).count == 4)
    }

    @Test func mappedValuesKeepTheirNames() {
        var fields = DiffSnapshot.Fields()
        fields["destination"] = "x1"
        fields["firstItem"] = "x2"
        #expect(fields.mapValues { "new-" + $0 }.map(\.value) == ["new-x1", "new-x2"])
    }
}
