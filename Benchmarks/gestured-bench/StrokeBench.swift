import GestureCore
import X11TestSupport
import StrokeEvaluation

/// Stroke reading on generated strokes (Tests/StrokeEvaluation): the time one match takes against
/// every built-in template, and `gestured-bench strokes` the accuracy figures of docs/strokes.md.
enum StrokeBench {
    /// Strokes the figures are reported on; templates and decision rules are tuned on `tuningSeed` only.
    static let reportSeed: UInt64 = 13
    static let tuningSeed: UInt64 = 1
    /// Non-shapes of each kind and speed per shape stroke of each shape, variation and speed: 100,
    /// so 3,000 of each kind (1 % is 30 strokes; it was 10, 300 of each kind, until the heading rule).
    static let nonShapesPerShape = 100
    /// Strokes each shape's own minimum score is learned from (`sweep --floors`): neither the
    /// tuning strokes the rule is chosen on nor the report's.
    static let floorSeed: UInt64 = 2

    /// What fires, as gestured decides it, with the built-in templates.
    static var reader: StrokeEvaluation.Reader { StrokeEvaluation.bookReader(templates: BuiltinTemplates.all) }

    static func best(_ points: [Point]) -> String? { allTemplates.bestMatch(points)?.name }
    static let allTemplates = StrokeMatcher(templates: BuiltinTemplates.all)

    /// Median time of one match against every built-in template, in microseconds.
    static func matchMicroseconds(seed: UInt64 = reportSeed) -> (median: Double, strokes: Int, templates: Int) {
        var generator = StrokeGenerator(seed: seed)
        let strokes = generator.shapes(count: 4, variations: [.everything]).map(\.points)
        let matcher = StrokeMatcher(templates: BuiltinTemplates.all)
        var found = 0
        var runs: [Double] = []
        for _ in 0..<7 {
            let start = ContinuousClock.now
            for s in strokes where matcher.match(s) != nil { found += 1 }
            runs.append(Stopwatch.seconds(since: start) / Double(strokes.count) * 1_000_000)
        }
        precondition(found > 0)
        return (Table.percentile(runs, 0.5), strokes.count, matcher.templateCount)
    }

    /// `gestured-bench strokes sweep`: fires and false fires on the tuning strokes for a grid of
    /// thresholds and margins (the decision of `StrokeBook.decide`), for choosing the defaults.
    static func sweep(count: Int) {
        var generator = StrokeGenerator(seed: tuningSeed)
        let strokes = generator.shapes(count: count)
        let nonShapes = generator.nonShapes(count: count * nonShapesPerShape)
        let names = Set(ShapeDescriptions.names)
        let shapeTwos = strokes.map { ($0.name, allTemplates.bestTwo($0.points)) }
        let otherTwos = nonShapes.map { allTemplates.bestTwo($0.points) }
        print("tuning seed \(tuningSeed): \(strokes.count) shape strokes, \(nonShapes.count) non-shapes\n")
        if CommandLine.arguments.contains("--floors") {
            sweepFloors(strokes: strokes, nonShapes: nonShapes)
            return
        }
        if CommandLine.arguments.contains("--star") {
            sweepStar(strokes: strokes, nonShapes: nonShapes, shapeTwos: shapeTwos.map(\.1), otherTwos: otherTwos)
            return
        }
        if CommandLine.arguments.contains("--corners") {
            // Share of the total turning carried by the 4 sharpest turns of the 32-point resampled stroke.
            let share = { (points: [Point]) -> Double in
                let n = 32
                var length = 0.0
                for i in 1..<points.count { length += ((points[i].x - points[i-1].x) * (points[i].x - points[i-1].x) + (points[i].y - points[i-1].y) * (points[i].y - points[i-1].y)).squareRoot() }
                guard length > 0 else { return 0 }
                let step = length / Double(n - 1)
                var v = [points[0].x, points[0].y]
                var acc = 0.0, prev = points[0], i = 1
                while i < points.count && v.count < 2 * n {
                    let p = points[i], d = ((p.x - prev.x) * (p.x - prev.x) + (p.y - prev.y) * (p.y - prev.y)).squareRoot()
                    if acc + d >= step && d > 0 {
                        let t = (step - acc) / d
                        prev = Point(x: prev.x + t * (p.x - prev.x), y: prev.y + t * (p.y - prev.y))
                        v += [prev.x, prev.y]; acc = 0
                    } else { acc += d; prev = p; i += 1 }
                }
                while v.count < 2 * n { v += [points.last!.x, points.last!.y] }
                var turns: [Double] = []
                for i in 1..<(n - 1) {
                    let a = (v[2 * i] - v[2 * i - 2], v[2 * i + 1] - v[2 * i - 1]), b = (v[2 * i + 2] - v[2 * i], v[2 * i + 3] - v[2 * i + 1])
                    turns.append(abs(Angle.atan2(a.0 * b.1 - a.1 * b.0, a.0 * b.0 + a.1 * b.1)))
                }
                let total = turns.reduce(0, +)
                return total > 0 ? turns.sorted(by: >).prefix(4).reduce(0, +) / total : 0
            }
            let q = { (v: [Double]) in v.isEmpty ? "-" : [0.02, 0.1, 0.5, 0.9, 0.98].map { Table.fixed(Table.percentile(v, $0), 3) }.joined(separator: " / ") }
            let circles = zip(strokes, shapeTwos).filter { $0.0.name == "circle" }.map { share($0.0.points) }
            let rectAsCircle = zip(strokes, shapeTwos).filter { $0.0.name == "rectangle" && $0.1.1 != nil && ($0.1.1!.best.name == "circle" || $0.1.1!.runnerUp?.name == "circle") && ($0.1.1!.best.score - ($0.1.1!.runnerUp?.score ?? 0)) < 0.05 }.map { share($0.0.points) }
            let rects = zip(strokes, shapeTwos).filter { $0.0.name == "rectangle" }.map { share($0.0.points) }
            print("corner share p2/p10/p50/p90/p98: circle \(q(circles)) (n \(circles.count)); rectangle \(q(rects)); rectangle close to circle \(q(rectAsCircle)) (n \(rectAsCircle.count))")
            return
        }
        if CommandLine.arguments.contains("--ink") {
            // The decision's ink allowance: the stroke's ink ratio over the most of the best shape's templates.
            let excess = { (points: [Point], two: (best: StrokeMatch, runnerUp: StrokeMatch?)?) -> Double in
                guard let two, let ink = allTemplates.inkRatio(points), let most = allTemplates.maximumInkRatio(of: two.best.name) else { return 1 }
                return ink / most
            }
            let shapeExcess = zip(strokes, shapeTwos).map { excess($0.0.points, $0.1.1) }
            let otherExcess = zip(nonShapes, otherTwos).map { excess($0.0.points, $0.1) }
            print("| ink allowance | fires its binding (16 bound) | scribble | drag | selection rectangle | text zigzag | wander |")
            print("|---|---|---|---|---|---|---|")
            for allowance in [Double.infinity, 2.0, 1.6, 1.4, 1.3, 1.2, 1.1, 1.0] {
                var decision = StrokeBook.Decision()
                decision.inkAllowance = allowance
                let fires = { (two: (best: StrokeMatch, runnerUp: StrokeMatch?)?, x: Double) -> String? in
                    if case let .shape(name, _) = StrokeBook.decide(two, shapes: names, decision: decision, excessInk: x) { return name }
                    return nil
                }
                var hits = 0
                for (i, (name, two)) in shapeTwos.enumerated() where fires(two, shapeExcess[i]) == name { hits += 1 }
                var kinds: [StrokeGenerator.NonShape: (Int, Int)] = [:]
                for (i, (n, two)) in zip(nonShapes, otherTwos).enumerated() {
                    var k = kinds[n.kind, default: (0, 0)]
                    k.1 += 1
                    if fires(two, otherExcess[i]) != nil { k.0 += 1 }
                    kinds[n.kind] = k
                }
                let pct = { (a: Int, b: Int) in Table.fixed(Double(a) * 100 / Double(max(b, 1)), 2) + " %" }
                let cols = [StrokeGenerator.NonShape.scribble, .drag, .selection, .textZigzag, .wander].map { pct(kinds[$0]?.0 ?? 0, kinds[$0]?.1 ?? 0) }
                print("| \(allowance) | \(pct(hits, strokes.count)) | " + cols.joined(separator: " | ") + " |")
            }
            print("\nmost ink per shape: " + allTemplates.templateNames.sorted().map { "\($0) \(Table.fixed(allTemplates.maximumInkRatio(of: $0) ?? 0, 2))" }.joined(separator: ", "))
            return
        }
        if CommandLine.arguments.contains("--quantiles") {
            // Per shape: score and lead of strokes read right (2nd, 10th, 50th percentile), and the
            // best score of the non-shapes that read as it.
            print("| shape | score p2 / p10 / p50 | lead p2 / p10 / p50 | non-shapes read as it: n, score p50 / p90 / max |")
            print("|---|---|---|---|")
            let q = { (v: [Double]) in v.isEmpty ? "-" : [0.02, 0.1, 0.5].map { Table.fixed(Table.percentile(v, $0), 3) }.joined(separator: " / ") }
            for name in allTemplates.templateNames.sorted() {
                let right = shapeTwos.filter { $0.0 == name && $0.1?.best.name == name }.compactMap { $0.1 }
                let others = otherTwos.compactMap { $0 }.filter { $0.best.name == name }.map(\.best.score)
                var kinds: [String: Int] = [:]
                for (n, two) in zip(nonShapes, otherTwos) where two?.best.name == name && two!.best.score >= 0.7 { kinds[n.kind.rawValue, default: 0] += 1 }
                let o = others.isEmpty ? "0" : "\(others.count), " + [0.5, 0.9, 1].map { Table.fixed(Table.percentile(others, $0), 3) }.joined(separator: " / ") + " \(kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
                print("| \(name) | \(q(right.map(\.best.score))) | \(q(right.map { $0.best.score - ($0.runnerUp?.score ?? 0) })) | \(o) |")
            }
            return
        }
        print("| minimum score | margin | confidence (score + lead) | fires its binding (16 bound) | unbound shape fires (estimate) | scribble, drag, selection, zigzag fire (16 bound) | wander fires (16 bound) |")
        print("|---|---|---|---|---|---|---|")
        for minimum in [0.5, 0.6, 0.7] {
            for margin in [0.0, 0.01, 0.02, 0.03] {
                for confidence in [0.0, 0.8, 0.85, 0.9] {
                    var decision = StrokeBook.Decision()
                    (decision.minimumScore, decision.margin, decision.confidence) = (minimum, margin, confidence)
                    let fires = { (two: (best: StrokeMatch, runnerUp: StrokeMatch?)?) -> String? in
                        if case let .shape(name, _) = StrokeBook.decide(two, shapes: names, decision: decision) { return name }
                        return nil
                    }
                    var hits = 0, wrong = 0, listed = 0, listedCount = 0, wander = 0
                    for (name, two) in shapeTwos { if let r = fires(two) { if r == name { hits += 1 } else { wrong += 1 } } }
                    for (n, two) in zip(nonShapes, otherTwos) {
                        let f = fires(two) != nil
                        if n.kind == .wander { if f { wander += 1 } } else { listedCount += 1; if f { listed += 1 } }
                    }
                    // With half the shapes bound, a misreading fires when it lands on a bound shape: about half of them.
                    let pct = { (a: Int, b: Int) in Table.fixed(Double(a) * 100 / Double(b), 2) + " %" }
                    print("| \(minimum) | \(margin) | \(confidence) | \(pct(hits, strokes.count)) | \(pct(wrong, 2 * strokes.count)) | \(pct(listed, listedCount)) | \(pct(wander, nonShapes.count - listedCount)) |")
                }
            }
        }
    }

    /// `gestured-bench strokes [report|tuning|sweep] [count]`: the evaluation as markdown.
    static func main(_ arguments: [String]) {
        if arguments.first == "sweep" {
            sweep(count: arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10)
            return
        }
        let seed = arguments.first == "tuning" ? tuningSeed : reportSeed
        let count = arguments.count > 1 ? Int(arguments[1]) ?? 10 : 10
        var generator = StrokeGenerator(seed: seed)
        let strokes = generator.shapes(count: count)
        let nonShapes = generator.nonShapes(count: count * nonShapesPerShape)
        let e = StrokeEvaluation.run(strokes: strokes, nonShapes: nonShapes, splits: 10, seed: seed,
                                     best: best, reader: reader)
        let time = matchMicroseconds(seed: seed)
        print("seed \(seed), \(strokes.count) shape strokes (\(count) per shape, variation and speed), \(nonShapes.count) non-shapes, 10 splits of 8 bound shapes; \(BuiltinTemplates.all.count) built-in templates, \(Table.fixed(time.median, 1)) µs per match\n")
        print(e.markdown)
        print("\n" + heldOutReport())
    }

    /// Leave-one-person-out on the strokes of real people beside the clone (`../shared/strokes`),
    /// as the engine decides by default: each person read with the shipped templates, then with
    /// those and the other five people's strokes.
    static func heldOutReport() -> String {
        do {
            let strokes = try PeopleStrokes.load()
            let about = "\(strokes.count) strokes of \(Set(strokes.map(\.person)).count) people, \(PeopleStrokes.relabelled.count) read as the shape their source file holds; 10 splits of 8 bound shapes per person"
            let shipped = HeldOutEvaluation.run(strokes, others: false)
            let others = HeldOutEvaluation.run(strokes, others: true)
            return "Strokes of people, each read with the shipped templates (the \(BuiltinTemplates.all.count) built-in ones; \(about)):\n\n" + shipped.markdown
                + "\n\nThe same, each read with the built-in templates and the other five people's strokes (informational; not shipped):\n\n" + others.markdown
        } catch {
            return "Strokes of people: not measured (\(error))"
        }
    }

    /// Per shape, the score its own drawings reach: the `fraction` quantile of the best scores of the
    /// floor seed's strokes of that shape read as it (30 per shape, variation and speed), rounded down.
    /// `passing`: only strokes that pass the decision's other checks count.
    static func learnedFloors(_ fraction: Double, passing: ([Point]) -> Bool = { _ in true }) -> [String: Double] {
        var generator = StrokeGenerator(seed: floorSeed)
        var scores: [String: [Double]] = [:]
        for s in generator.shapes(count: 30) {
            if let best = allTemplates.bestMatch(s.points), best.name == s.name, passing(s.points) { scores[s.name, default: []].append(best.score) }
        }
        return scores.mapValues { (Table.percentile($0, fraction) * 100).rounded(.down) / 100 }
    }

    /// `gestured-bench strokes sweep --floors`: each shape's own minimum score, learned on the floor
    /// seed at several quantiles, and the whole evaluation on the tuning seed with each.
    static func sweepFloors(strokes: [StrokeGenerator.Stroke], nonShapes: [(kind: StrokeGenerator.NonShape, points: [Point])]) {
        let fractions = [0, 0.001, 0.002, 0.005, 0.01]
        let floors = fractions.map { learnedFloors($0) }
        print("Each shape's minimum score learned on seed \(floorSeed) (quantile of the best scores of its strokes read as it):\n")
        print("| shape | " + fractions.map { "q \($0)" }.joined(separator: " | ") + " |")
        print("|---|" + fractions.map { _ in "---|" }.joined())
        for name in ShapeDescriptions.names.sorted() { print("| \(name) | " + floors.map { Table.fixed($0[name] ?? 0, 2) }.joined(separator: " | ") + " |") }
        print("\n| minimum scores | fires its binding (16 bound) | slow | medium | fast | fires when not bound (8 bound) | scribble | drag | selection rectangle | text zigzag | wander | scribble, 8 bound | text zigzag, 8 bound |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for (label, shapeFloors) in [("none", [String: Double]())] + zip(fractions.map { "q \($0)" }, floors).map({ ($0, $1) }) {
            var decision = StrokeBook.Decision()
            decision.shapeMinimumScores = shapeFloors
            let e = StrokeEvaluation.run(strokes: strokes, nonShapes: nonShapes, splits: 10, seed: tuningSeed, best: best,
                                         reader: StrokeEvaluation.bookReader(templates: BuiltinTemplates.all, decision: decision))
            let speeds = StrokeGenerator.Speed.allCases.map { e.firesBy.speed[$0.rawValue].percent }
            let kinds = StrokeGenerator.NonShape.allCases.map { e.nonShapeBy.all[$0.rawValue].text }
            let half = [StrokeGenerator.NonShape.scribble, .textZigzag].map { e.nonShapeBy.half[$0.rawValue].percent }
            print("| \(label) | \(e.fires.text) | " + speeds.joined(separator: " | ") + " | \(e.unboundFires.text) | " + (kinds + half).joined(separator: " | ") + " |")
            if label == "q 0.002" { print("\nq 0.002: misreadings \(e.confusions.sorted { $0.key < $1.key }), non-shapes fired as \(e.nonShapeBy.firedAs.sorted { $0.key < $1.key })\n") }
        }
    }

    /// `gestured-bench strokes sweep --star`: how stars read right and the non-shapes that fire as
    /// `star` turn (`StrokeMatcher.turning`), on the tuning seed.
    static func sweepStar(strokes: [StrokeGenerator.Stroke], nonShapes: [(kind: StrokeGenerator.NonShape, points: [Point])],
                          shapeTwos: [(best: StrokeMatch, runnerUp: StrokeMatch?)?], otherTwos: [(best: StrokeMatch, runnerUp: StrokeMatch?)?]) {
        let names = Set(ShapeDescriptions.names)
        let fires = { (two: (best: StrokeMatch, runnerUp: StrokeMatch?)?) -> String? in
            if case let .shape(name, _) = StrokeBook.decide(two, shapes: names, decision: StrokeBook.Decision()) { return name }
            return nil
        }
        let stars = zip(strokes, shapeTwos).filter { $0.0.name == "star" && fires($0.1) == "star" }.map { $0.0 }
        let fake = zip(nonShapes, otherTwos).filter { fires($0.1) == "star" }.map { $0.0 }
        let t = { (p: [Point]) in StrokeMatcher.turning(p, count: 32)! }
        let q = { (v: [Double]) in v.isEmpty ? "-" : [0, 0.02, 0.1, 0.5, 0.9, 0.98, 1].map { Table.fixed(Table.percentile(v, $0), 2) }.joined(separator: " / ") }
        print("stars firing: \(stars.count); non-shapes firing as star: \(fake.count)\n")
        print("| measure (p0 / p2 / p10 / p50 / p90 / p98 / p100) | stars | non-shapes as star |")
        print("|---|---|---|")
        print("| total turning | \(q(stars.map { t($0.points).total })) | \(q(fake.map { t($0.points).total })) |")
        print("| one way | \(q(stars.map { t($0.points).oneWay })) | \(q(fake.map { t($0.points).oneWay })) |")
        print("| corners | \(q(stars.map { Double(t($0.points).corners.count) })) | \(q(fake.map { Double(t($0.points).corners.count) })) |")
        let show = { (label: String, p: [Point]) in
            let x = t(p)
            print("\(label): score \(Table.fixed(allTemplates.bestMatch(p)?.score ?? 0, 2)) total \(Table.fixed(x.total, 2)) one way \(Table.fixed(x.oneWay, 2)) corners at \(x.corners)")
        }
        for s in fake { show("non-shape \(s.kind.rawValue)", s.points) }
        for s in stars where t(s.points).oneWay < 0.8 { show("star \(s.variation.rawValue) \(s.speed.rawValue)", s.points) }
        // The rule: a reading as a one-way shape needs this share of the turning to go one way;
        // with --relearn, also the star's own minimum score learned again on the floor seed among the
        // stars that pass it.
        print("\n| least one-way share for `star` | star's minimum score (seed \(floorSeed), q 0.005 of stars passing) | fires its binding (16 bound) | slow | medium | fast | star fires | fires when not bound (8 bound) | scribble | drag | selection rectangle | text zigzag | wander | scribble, 8 bound |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for minimum in [0.0, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85] {
            for relearn in CommandLine.arguments.contains("--relearn") && minimum > 0 ? [false, true] : [false] {
                var decision = StrokeBook.Decision()
                decision.minimumOneWay = minimum
                if relearn { decision.shapeMinimumScores["star"] = learnedFloors(0.005, passing: { t($0).oneWay >= minimum })["star"] }
                let e = StrokeEvaluation.run(strokes: strokes, nonShapes: nonShapes, splits: 10, seed: tuningSeed, best: best,
                                             reader: StrokeEvaluation.bookReader(templates: BuiltinTemplates.all, decision: decision))
                let speeds = StrokeGenerator.Speed.allCases.map { e.firesBy.speed[$0.rawValue].percent }
                let kinds = StrokeGenerator.NonShape.allCases.map { e.nonShapeBy.all[$0.rawValue].text }
                print("| \(minimum) | \(Table.fixed(decision.minimumScore(for: "star"), 2)) | \(e.fires.text) | " + speeds.joined(separator: " | ") + " | \(e.firesBy.shape["star"].text) | \(e.unboundFires.text) | " + kinds.joined(separator: " | ") + " | \(e.nonShapeBy.half[StrokeGenerator.NonShape.scribble.rawValue].percent) |")
            }
        }
    }
}
