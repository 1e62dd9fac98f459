import GestureX11

/// What the X error handler logs while `body` runs; the handler's log is put back after.
func xErrorsLogged(during body: () throws -> Void) rethrows -> [String] {
    var lines: [String] = []
    let before = XErrors.log
    XErrors.log = { lines.append($0) }
    defer { XErrors.log = before }
    try body()
    return lines
}
