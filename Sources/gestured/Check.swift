import GestureCommandLine
import GestureConfig
import GestureCore
import GestureStrokes
import Glibc

struct Check: GesturedCommand {
    static let command = CommandTable.check
    let parsed: ParsedCommand

    func run() {
        let options = ConfigOption(parsed)
        let file: ConfigFile
        do { file = try options.loadFile() } catch { CLIError.exit(error) }
        let config = file.config
        for g in config.gestures { print(GestureSummary.line(g)) }
        let user = Array(config.templates.dropFirst(BuiltinTemplates.all.count))
        for c in TemplateReview.confusions(of: user, others: BuiltinTemplates.all) {
            Descriptor.write(STDERR_FILENO, TemplateWarning.text(c) + "\n")
        }
        print(
            "\(config.file): \(config.gestures.count) gesture\(config.gestures.count == 1 ? "" : "s"), touch-timeout \(Int(config.settings.touchTimeout)) ms, arrival-window \(Int(config.settings.arrivalWindow)) ms; held at most: \(config.holdText)"
        )
        // What loads but the daemon will refuse fails the check, as `doctor` says it.
        if let refused = file.refusedExecs { CLIError.exit(CLIError("\(config.file): \(refused)")) }
    }
}

enum GestureSummary {
    /// `next-desktop: swipe 3 fingers left, touchscreen+touchpad -> desktop next`: what the
    /// gesture is, with the declared defaults filled in, where it listens, and what it does.
    static func line(_ g: GestureBinding) -> String {
        var parts: [String] = [g.type.rawValue]
        func fingers(_ n: Int) -> String { "\(n) finger\(n == 1 ? "" : "s")" }
        let takes = Self.fingers(g)
        switch g.kind {
        case .tap(let t): parts += (t.taps > 1 ? ["\(t.taps) taps"] : []) + [fingers(t.fingers)]
        case .swipe(let s): parts += [fingers(s.fingers), s.direction.rawValue]
        case .pan(let p): parts += [takes, p.direction?.rawValue].compactMap { $0 }
        case .pinch(let p): parts += [takes, p.direction?.rawValue].compactMap { $0 }
        case .rotate(let p): parts += [takes, p.direction?.rawValue].compactMap { $0 }
        case .edge(let e): parts += [fingers(e.fingers), "from the \(e.edge.rawValue) edge"]
        case .press(let p):
            parts +=
                (p.taps > 0 ? ["after \(p.taps) tap\(p.taps == 1 ? "" : "s")"] : []) + [
                    fingers(p.fingers)
                ]
        case .stroke(let s):
            switch s.target {
            case .shape(let name): parts.append(name)
            case .directions(let sequence): parts.append(sequence.description)
            }
            if g.sources.contains(.pointer) { parts.append("button \(s.button)") }
        }
        var where_ = g.sources.map(\.rawValue).joined(separator: "+")
        if let app = g.app { where_ += ", app \(app)" }
        if let device = g.device { where_ += ", device \(device)" }
        let on = g.on == .end ? "" : " on \(g.on.rawValue)"
        return
            "\(g.name): \(parts.joined(separator: " ")), \(where_)\(on) -> \(g.actions.map(\.text).joined(separator: "; "))"
    }
}

extension GestureSummary {
    /// The finger counts a binding takes, with the defaults filled in: `3 fingers`, `2-5
    /// fingers`, or per source where they differ (`2-5 fingers on the touchscreen, 3-5 on the
    /// touchpad`); nil where no source has fingers (a pointer's stroke).
    static func fingers(_ g: GestureBinding) -> String? {
        let bySource = g.sources.filter { $0 != .pointer }.compactMap { s in
            g.fingers(from: s).map { (source: s, range: $0) }
        }
        guard let first = bySource.first else { return nil }
        func words(_ r: ClosedRange<Int>, _ unit: Bool = true) -> String {
            let count =
                r.lowerBound == r.upperBound ? "\(r.lowerBound)" : "\(r.lowerBound)-\(r.upperBound)"
            return unit ? "\(count) finger\(r == 1...1 ? "" : "s")" : count
        }
        if bySource.allSatisfy({ $0.range == first.range }) { return words(first.range) }
        return bySource.enumerated().map { i, s in
            "\(words(s.range, i == 0)) on the \(s.source.rawValue)"
        }.joined(separator: ", ")
    }
}

enum TemplateWarning {
    /// `template "zz" (variant 2 of 3) is closer to "x" (91 %) than to its other variants (80 %): ...`
    static func text(_ c: TemplateConfusion) -> String {
        let pct = { (m: StrokeMatch) in "\(Int((m.score * 100).rounded())) %" }
        return
            "warning: template \"\(c.name)\" (variant \(c.variant) of \(c.variants)) is closer to \"\(c.closest.name)\" (\(pct(c.closest))) "
            + "than to its other variants (\(pct(c.own))): strokes drawn like it may read as \"\(c.closest.name)\"; draw it again or leave it out"
    }
}
