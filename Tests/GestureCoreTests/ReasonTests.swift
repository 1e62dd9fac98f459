import GestureCore
import Testing

@Suite struct ReasonTests {
    @Test func aLiteralReadsAsWritten() {
        let r: Reason = "input ended before it was recognized"
        #expect(r.description == "input ended before it was recognized")
    }

    @Test func numbersAreWrittenPlainly() {
        let distance = 40.0
        let length = 3.0
        let r: Reason = "lifted after \(length) px < \(distance) px"
        #expect(r.description == "lifted after 3 px < 40 px")
    }

    @Test func textsReadInOrder() {
        let r: Reason = "moved \("left"), not \("up")"
        #expect(r.description == "moved left, not up")
    }

    // A short text is kept in the reason as its bytes, a long one as a String: both read back
    // whole.
    @Test func shortAndLongTextsReadBack() {
        for text in [
            "", "up", "à→é", "twelve bytes", "thirteen byte", "a much longer text than a word",
        ] {
            let r: Reason = "[\(text)]"
            #expect(r.description == "[\(text)]")
        }
    }

    // A reason of more pieces than fit in the value itself reads the same as a short one.
    @Test func aReasonOfManyPiecesReadsWhole() {
        let r: Reason = "\(2) of \(3) fingers arrived within \(60.5) ms, \("late") by \(7) ms"
        #expect(r.description == "2 of 3 fingers arrived within 60.5 ms, late by 7 ms")
        let words = (1...20).map { String($0) }
        var i = Reason.StringInterpolation(literalCapacity: 0, interpolationCount: words.count)
        for w in words {
            i.appendInterpolation(w)
            i.appendLiteral(" ")
        }
        #expect(Reason(stringInterpolation: i).description == words.joined(separator: " ") + " ")
    }

    // Every count of pieces reads back whole: those that fit in the value itself (up to
    // seven), and those one past it.
    @Test func reasonsOfEachCountOfPiecesReadWhole() {
        for count in 1...9 {
            var i = Reason.StringInterpolation(literalCapacity: 0, interpolationCount: count)
            var expected = ""
            let literals: [StaticString] = ["<a>", "<b>", "<c>", "<d>", "<e>"]
            for n in 0..<count {
                if n % 2 == 0 {
                    i.appendLiteral(literals[n / 2])
                    expected += literals[n / 2].description
                } else {
                    i.appendInterpolation(n)
                    expected += "\(n)"
                }
            }
            #expect(Reason(stringInterpolation: i).description == expected, "\(count) pieces")
        }
    }

    @Test func aReasonGivenAsTextReadsAsIt() {
        #expect(Reason("already words").description == "already words")
    }
}
