import Foundation
import GestureConfig
import GestureTrace
import TestSupport
import Testing

/// Mutated configs and traces through the loader and replay: nothing may trap, hang, or print a
/// line that is not JSON. The seeds in Corpus/ are the hostile cases found so far; every input
/// is made from them by a seeded generator, so a failure names the input to replay.
///
/// `make test` runs a few thousand inputs; `make fuzz` (GESTURED_FUZZ_INPUTS) runs as many as
/// asked, and GESTURED_FUZZ_SEED starts elsewhere.
@Suite struct FuzzTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Corpus")
    static let environment = ProcessInfo.processInfo.environment
    static let inputs = environment["GESTURED_FUZZ_INPUTS"].flatMap(Int.init) ?? 3_000
    static let seed = environment["GESTURED_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x6765_7374

    static func seeds(_ suffix: String) throws -> [[UInt8]] {
        try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter {
            $0.hasSuffix(suffix)
        }.sorted()
            .map { Array(try Data(contentsOf: corpus.appendingPathComponent($0))) }
    }

    @Test func theCorpusHoldsConfigsAndTracesWithEveryHostileCase() throws {
        let configs = try Self.seeds(".toml").map { String(decoding: $0, as: UTF8.self) }
        #expect(configs.count >= 4)
        for word in [
            "repeat", "require-failure-of", "exec", "keys", "click", "scroll", "desktop", "window",
            "show-desktop", "pass",
        ] {
            #expect(configs.contains { $0.contains(word) }, "no seed config uses \(word)")
        }
        #expect(try Self.seeds(".jsonl").count >= 5)
    }

    @Test(.timeLimit(.minutes(30)))
    func mutatedConfigsAndTracesNeverTrapHangOrPrintAnythingButJSON() throws {
        let configs = try Self.seeds(".toml")
        let traces = try Self.seeds(".jsonl")
        var random = SeededRandom(state: Self.seed)
        var loaded = 0
        var replayed = 0
        for n in 0..<Self.inputs {
            let configBytes =
                random.bool()
                ? Mutator.mutate(configs.randomElement(using: &random)!, among: configs, &random)
                : configs.randomElement(using: &random)!
            let trace = traces.randomElement(using: &random)!
            let traceBytes =
                random.next() % 4 == 0 ? trace : Mutator.mutate(trace, among: traces, &random)
            let config: Config
            do {
                config = try ConfigLoader.load(
                    String(decoding: configBytes, as: UTF8.self), file: "fuzz.toml")
                loaded += 1
            } catch {
                #expect(error.errors.allSatisfy { !$0.description.isEmpty }, "input \(n)")
                config = DefaultConfig.load()
            }
            var out: [String] = []
            do {
                try Replay(config: config, options: .init(decisions: true)) { out.append($0) }
                    .run(file: "fuzz.jsonl", text: String(decoding: traceBytes, as: UTF8.self))
                replayed += 1
            } catch {
                #expect(error.line >= 1, "input \(n)")
            }
            for line in out {
                #expect(throws: Never.self, "input \(n): \(line)") {
                    _ = try JSONValue.parse(Substring(line))
                }
            }
        }
        // The generator must reach past the parsers, or it tests nothing but their errors.
        #expect(
            loaded > Self.inputs / 4 && replayed > Self.inputs / 4,
            "\(loaded) configs loaded, \(replayed) traces replayed")
    }
}

/// Byte mutations in the manner of libFuzzer's: flip, insert, erase, repeat a chunk, splice
/// with another seed, and put an extreme number where a number stood.
enum Mutator {
    static let numbers = [
        "1e308", "-1e308", "1.7976931348623157e308", "1e16", "9223372036854775807", "-0", "0",
        "0.001", "1e-320", "4294967296", "1e400", "NaN", "-1", "65", "100000",
    ].map { Array($0.utf8) }

    static func mutate(_ seed: [UInt8], among seeds: [[UInt8]], _ r: inout SeededRandom) -> [UInt8]
    {
        var b = seed
        for _ in 0..<Int.random(in: 1...4, using: &r) {
            let at = b.isEmpty ? 0 : Int.random(in: 0..<b.count, using: &r)
            switch Int.random(in: 0..<7, using: &r) {
            case 0 where !b.isEmpty: b[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &r)
            case 1: b.insert(UInt8.random(in: 0...255, using: &r), at: at)
            case 2 where !b.isEmpty:
                b.removeSubrange(at..<min(b.count, at + Int.random(in: 1...16, using: &r)))
            case 3 where !b.isEmpty:
                let chunk = b[at..<min(b.count, at + Int.random(in: 1...64, using: &r))]
                b.insert(contentsOf: chunk, at: Int.random(in: 0...b.count, using: &r))
            case 4:
                let other = seeds.randomElement(using: &r)!
                guard !other.isEmpty else { continue }
                let from = Int.random(in: 0..<other.count, using: &r)
                b.insert(
                    contentsOf: other[
                        from..<min(other.count, from + Int.random(in: 1...200, using: &r))], at: at)
            default:
                // The next number in the text, swapped for an extreme one.
                guard let start = b[at...].firstIndex(where: { (0x30...0x39).contains($0) }) else {
                    continue
                }
                let end =
                    b[start...].firstIndex {
                        !(0x30...0x39).contains($0) && $0 != 0x2E && $0 != 0x65
                    } ?? b.count
                b.replaceSubrange(start..<end, with: numbers.randomElement(using: &r)!)
            }
        }
        return b
    }
}

extension SeededRandom {
    mutating func bool() -> Bool { next() & 1 == 1 }
}
