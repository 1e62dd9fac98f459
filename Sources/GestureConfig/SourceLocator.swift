/// Where a table or key of the config stands, for errors of meaning: the TOML reader keeps the
/// place of every key and value, so a lookup walks the parsed document, never the text.
struct SourceLocator {
    let root: TOMLTable

    /// The 1-based line and column of the value of `key` in the `index`th element of the array
    /// of tables `table` (or in the table `table` when index is nil, or at the top level when
    /// table is nil); the table's own place when the key is not written there.
    func locate(table: String?, index: Int?, key: String?) -> (line: Int, column: Int)? {
        var place: TOMLPosition?
        if let table {
            guard let value = root[table] else { return nil }
            var found = value.table
            if let index {
                found = value.array.flatMap { index < $0.count ? $0[index] : nil }?.table
                place = value.array.flatMap { index < $0.count ? $0[index].position : nil }
            }
            place =
                found.map { t in key.flatMap { t[$0]?.position } ?? t.position } ?? place
                ?? value.position
        } else if let key {
            place = root[key]?.position
        }
        return place.map { ($0.line, $0.column) }
    }
}
