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
        if bytes.starts(with: byteOrderMark) {
            start = bytes.index(start, offsetBy: byteOrderMark.count)
        }
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

extension TraceText {
    /// Cuts a trace given a chunk of bytes at a time into the lines `lines(of:)` gives, so that
    /// `gestured replay` reads a file in large reads instead of whole into a String: a line
    /// split across two chunks is put together, a BOM at the start of the first line skipped,
    /// and a CR before each line end dropped.
    public struct Splitter {
        private var carry: [UInt8] = []
        private var first = true
        /// The bytes of the line not yet ended: a reader stops it past its longest line.
        public var unfinished: Int { carry.count }

        public init() {}

        /// Calls `body` with every line that ends in `chunk`, without its LF.
        public mutating func feed<E: Error>(
            _ chunk: UnsafeBufferPointer<UInt8>,
            _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
        ) throws(E) {
            try feed(chunk, taking: { _ in nil }, body)
        }

        /// Calls `body` with every line that ends in `chunk`, without its LF, but first offers
        /// each line that starts in it (after the first line of the text) to `take`, with the
        /// rest of the chunk: `take` returns the length of the line it read there, its LF
        /// included, or nil to have the line cut and given to `body`. `gestured replay` reads
        /// the lines gestured writes so (`TraceReader.readWritten(startOf:length:into:)`), so that
        /// a line's bytes are not gone through twice.
        public mutating func feed<E: Error>(
            _ chunk: UnsafeBufferPointer<UInt8>,
            taking take: (UnsafeBufferPointer<UInt8>) -> Int?,
            _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
        ) throws(E) {
            var start = 0
            let n = chunk.count
            while true {
                if carry.isEmpty && !first && start < n,
                    let length = take(UnsafeBufferPointer(rebasing: chunk[start..<n]))
                {
                    start += length
                    continue
                }
                guard let i = Splitter.nextLineFeed(in: chunk, from: start) else { break }
                if carry.isEmpty {
                    try emit(UnsafeBufferPointer(rebasing: chunk[start..<i]), body)
                } else {
                    carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<i]))
                    let whole = carry
                    carry.removeAll(keepingCapacity: true)
                    try whole.withUnsafeBufferPointer { (line) throws(E) in try emit(line, body) }
                }
                start = i + 1
            }
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<n]))
        }

        /// The index of the first LF at or after `from`; nil when there is none. Eight bytes at a
        /// time.
        static func nextLineFeed(in chunk: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
            guard let base = chunk.baseAddress else { return nil }
            let n = chunk.count
            var i = from
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                // A byte of `x` is zero where the byte is LF; the lowest such byte sets the lowest
                // high bit of `found` (higher ones may be false, but are never looked at).
                let x =
                    UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
                    ^ (ones &* UInt64(TraceText.lineFeed))
                let found = (x &- ones) & ~x & highs
                if found != 0 { return i + found.trailingZeroBitCount / 8 }
                i += 8
            }
            while i < n {
                if base[i] == TraceText.lineFeed { return i }
                i += 1
            }
            return nil
        }

        /// Calls `body` with the last line, what follows the last LF (empty after a final LF).
        public mutating func finish<E: Error>(
            _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
        ) throws(E) {
            let last = carry
            carry = []
            try last.withUnsafeBufferPointer { (line) throws(E) in try emit(line, body) }
        }

        private mutating func emit<E: Error>(
            _ line: UnsafeBufferPointer<UInt8>,
            _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
        ) throws(E) {
            var from = 0
            var to = line.count
            if first {
                first = false
                if to >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { from = 3 }
            }
            if to > from, line[to - 1] == carriageReturn { to -= 1 }
            try body(UnsafeBufferPointer(rebasing: line[from..<to]))
        }
    }
}
