/// Cuts a trace file's text into the lines `TraceReader` reads: the one place that knows what a
/// line end is, so that `gestured replay`, `gestured learn` and the tests agree.
public enum TraceText {
    /// The lines of a trace, cut on its UTF-8 bytes: at every LF, with a CR before the LF dropped
    /// (a file saved with CRLF reads like one with LF), and a UTF-8 byte order mark at the start
    /// of the file skipped.
    ///
    /// `String.split(separator: "\n")` cannot do this: "\r\n" is one Character, so it is never
    /// equal to "\n", and a CRLF file would be one long line.
    public static func lines(of text: String) -> [Substring] {
        let bytes = text.utf8
        var start = bytes.startIndex
        if bytes.starts(with: byteOrderMark) { start = bytes.index(start, offsetBy: byteOrderMark.count) }
        var lines: [Substring] = []
        var i = start
        while i < bytes.endIndex {
            if bytes[i] == lineFeed {
                lines.append(line(text, from: start, to: i))
                start = bytes.index(after: i)
            }
            i = bytes.index(after: i)
        }
        lines.append(line(text, from: start, to: bytes.endIndex))
        return lines
    }

    /// `text[from..<to]` without a CR at its end. LF and CR are one byte each and never inside a
    /// multi-byte UTF-8 sequence, so the bounds are always on scalar boundaries.
    private static func line(_ text: String, from: String.Index, to: String.Index) -> Substring {
        var end = to
        if end > from {
            let before = text.utf8.index(before: end)
            if text.utf8[before] == carriageReturn { end = before }
        }
        return text[from..<end]
    }

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
