import Glibc
import GestureCommandLine
import GestureConfig
import GestureCore

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
        print("\(config.file): \(config.gestures.count) gesture\(config.gestures.count == 1 ? "" : "s"), touch-timeout \(Int(config.settings.touchTimeout)) ms, arrival-window \(Int(config.settings.arrivalWindow)) ms")
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
        func fingers(_ count: GestureBinding.FingerCount) -> String? {
            switch count {
            case .exactly(let n): return fingers(n)
            case .between(nil, nil): return nil
            case let .between(lo, hi): return "\(lo ?? 1)-\(hi.map(String.init) ?? "any") fingers"
            }
        }
        switch g.kind {
        case .tap(let t): parts += (t.taps > 1 ? ["\(t.taps) taps"] : []) + [fingers(t.fingers)]
        case .swipe(let s): parts += [fingers(s.fingers), s.direction.rawValue]
        case .pan(let p): parts += [fingers(p.fingers), p.direction?.rawValue].compactMap { $0 }
        case .pinch(let p): parts += [fingers(p.fingers), p.way?.rawValue].compactMap { $0 }
        case .rotate(let p): parts += [fingers(p.fingers), p.way?.rawValue].compactMap { $0 }
        case .edge(let e): parts += [fingers(e.fingers), "from the \(e.edge.rawValue) edge"]
        case .press(let p): parts += (p.taps > 0 ? ["after \(p.taps) tap\(p.taps == 1 ? "" : "s")"] : []) + [fingers(p.fingers)]
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
        return "\(g.name): \(parts.joined(separator: " ")), \(where_)\(on) -> \(g.actions.map(\.text).joined(separator: "; "))"
    }
}

enum TemplateWarning {
    /// `template "zz" (variant 2 of 3) is closer to "x" (91 %) than to its other variants (80 %): ...`
    static func text(_ c: TemplateConfusion) -> String {
        let pct = { (m: StrokeMatch) in "\(Int((m.score * 100).rounded())) %" }
        return "warning: template \"\(c.name)\" (variant \(c.variant) of \(c.variants)) is closer to \"\(c.closest.name)\" (\(pct(c.closest))) "
            + "than to its other variants (\(pct(c.own))): strokes drawn like it may read as \"\(c.closest.name)\"; draw it again or leave it out"
    }
}
