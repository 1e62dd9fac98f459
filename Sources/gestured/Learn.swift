import GestureCommandLine
import GestureCore
import GestureStrokes
import GestureTrace
import Glibc

struct Learn: GesturedCommand {
    static let command = CommandTable.learn
    let parsed: ParsedCommand

    func run() {
        let name = parsed[CommandTable.templateName]
        let traces = parsed[CommandTable.strokeTraces]
        let output = parsed[CommandTable.output]
        guard Learn.isTemplateName(name) else {
            CLIError.exit(
                CLIError(
                    "gestured learn: \"\(name)\" is not a template name (letters, digits, - and _)")
            )
        }
        guard !traces.isEmpty else {
            CLIError.exit(CLIError("gestured learn: name at least one trace (- for stdin)"))
        }
        var strokes: [[Point]] = []
        for trace in traces {
            let found = Self.strokes(in: trace)
            guard !found.isEmpty else {
                CLIError.exit(
                    CLIError(
                        "\(trace): holds no stroke (a one-finger touch or a pointer drag that moves)"
                    ))
            }
            strokes += found
        }
        let path = output ?? "\(name).stroke"
        let templates = strokes.map { StrokeTemplate(name: name, points: $0) }
        switch NewFile.write(path, TemplateFile.serialize(templates)) {
        case .success: break
        case .failure(.exists):
            CLIError.exit(
                CLIError(
                    "\(path): already exists; gestured learn never overwrites a file (use --output)"
                ))
        case .failure(.cannot(let why)):
            CLIError.exit(CLIError("\(path): cannot write the template file: \(why)"))
        }
        print(
            "\(path): \(templates.count) variant\(templates.count == 1 ? "" : "s") of \"\(name)\"")
    }

    /// Letters, digits, - and _: a name that is also the file's (NAME.stroke), and so can
    /// neither name another folder (`../x`, `a/b`) nor hide the file (`.x`).
    static func isTemplateName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// The strokes of one trace file (- for stdin), or exits with why not.
    static func strokes(in trace: String) -> [[Point]] {
        let text: String
        if trace == "-" {
            text = String(decoding: Descriptor.readAll(STDIN_FILENO) ?? [], as: UTF8.self)
        } else {
            switch ConfigFiles.read(trace) {
            case .success(let t): text = t
            case .failure(let why):
                CLIError.exit(CLIError("\(trace): cannot read the trace (\(why.rawValue))"))
            }
        }
        var reader = TraceReader(file: trace == "-" ? "<stdin>" : trace)
        var collector = StrokeCollector()
        do throws(TraceError) {
            for line in TraceText.lines(of: text) {
                if case .event(let e)? = try reader.read(line) { collector.add(e) }
            }
        } catch {
            CLIError.exit(CLIError(error.description))
        }
        return collector.strokes.filter(Learn.moves)
    }

    /// Whether a stroke goes anywhere: a template whose points are all one (a click, a touch
    /// held still) matches nothing, and `check` refuses it.
    static func moves(_ points: [Point]) -> Bool {
        points.contains { $0 != points[0] }
    }
}

/// Cuts a trace into strokes: each sequence of a single touch, and each pointer drag.
struct StrokeCollector {
    private(set) var strokes: [[Point]] = []
    private var touch: (id: Int, points: [Point])?
    private var touchesDown = 0
    private var pointer: [Point]?

    mutating func add(_ e: InputEvent) {
        switch e.kind {
        case .touchBegin(let id, let at):
            touchesDown += 1
            touch = touchesDown == 1 ? (id, [at]) : nil
        case .touchMove(let id, let at):
            if touch?.id == id { touch!.points.append(at) }
        case .touchEnd(let id, let at):
            touchesDown = max(0, touchesDown - 1)
            if let t = touch, t.id == id {
                strokes.append(t.points + [at])
                touch = nil
            }
        case .touchCancel:
            touchesDown = max(0, touchesDown - 1)
            touch = nil
        case .buttonPress(_, let at):
            pointer = [at]
        case .motion(let at):
            pointer?.append(at)
        case .buttonRelease(_, let at):
            if let p = pointer { strokes.append(p + [at]) }
            pointer = nil
        default:
            break
        }
    }
}
