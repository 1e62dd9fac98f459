import GestureCore

/// libinput-gestures' config (`~/.config/libinput-gestures.conf`): one gesture a line,
/// `gesture swipe|pinch|hold MOTION [FINGERS] COMMAND`, and the settings `device`,
/// `swipe_threshold` and `timeout`. See docs/import.md for the mapping.
enum LibinputGesturesImporter {
    /// A gesture line as libinput-gestures reads it.
    struct Line {
        let number: Int
        let text: String
        /// `swipe`, `pinch` or `hold`, lower-cased.
        let kind: String
        /// `up`, `left_up`, `in`, `clockwise`, `on`, `on+1.5`, lower-cased.
        let motion: String
        /// The finger count written, nil for "any".
        let fingers: Int?
        let command: String
    }

    static func read(
        _ bytes: [UInt8], file: String, name: String, knowsKey: @escaping (String) -> Bool
    ) throws(ImportError) -> ImportedConfig {
        let source = try SourceText(bytes, file: file)
        var config = ImportedConfig(format: .libinputGestures, file: file)
        var lines: [Line] = []
        var threshold = 0
        var timeout = 1.5
        var device: String?
        var refused: [(Int, ImportedConfig.SourceGesture)] = []
        for (number, raw) in source.lines {
            let line = raw.trimmed
            guard !line.isEmpty, line.first != "#" else { continue }
            let place = "\(name):\(number)"
            var (key, rest) = line.firstWord
            while key.hasSuffix(":") { key = key.dropLast() }
            switch key {
            case "gesture":
                let (kind, afterKind) = rest.firstWord
                let (motion, afterMotion) = afterKind.firstWord
                guard !kind.isEmpty, !motion.isEmpty, !afterMotion.isEmpty else {
                    refused.append(
                        (
                            number,
                            .init(
                                place: place, what: String(line),
                                outcome: .notImported(
                                    "not enough fields: libinput-gestures refuses the line, and the file with it"
                                ))
                        ))
                    continue
                }
                let (first, afterFirst) = afterMotion.firstWord
                let counted = first.count == 1 && first.first!.isASCII && first.first!.isNumber
                lines.append(
                    Line(
                        number: number, text: String(line), kind: kind.lowercased(),
                        motion: motion.lowercased(),
                        fingers: counted ? Int(first)! : nil,
                        command: String(counted ? afterFirst : afterMotion)))
            case "device":
                // The first device line counts; libinput-gestures ignores those after it.
                if device == nil { device = String(rest) }
            case "swipe_threshold":
                if let n = Int(rest), n >= 0 {
                    threshold = n
                } else {
                    config.notes.append(
                        "\(place): swipe_threshold \"\(rest)\" is not a whole number from 0: libinput-gestures refuses the file"
                    )
                }
            case "timeout":
                if let t = Double(rest), t >= 0, t.isFinite {
                    timeout = t
                } else {
                    config.notes.append(
                        "\(place): timeout \"\(rest)\" is not a number from 0: libinput-gestures refuses the file"
                    )
                }
            default:
                config.notes.append(
                    "\(place): \"\(key)\" is none of libinput-gestures' settings (gesture, device, swipe_threshold, timeout): libinput-gestures refuses the file"
                )
            }
        }
        guard lines.count + refused.count <= ImportLimits.gestures else {
            throw ImportError(
                file: file, line: nil, column: nil,
                message: "has more than \(ImportLimits.gestures) gestures")
        }
        let context = Context(
            lines: lines, threshold: threshold, timeout: timeout, device: device, knowsKey: knowsKey
        )
        config.notes += context.notes
        var sources = refused
        for line in lines {
            sources.append(
                (
                    line.number,
                    .init(
                        place: "\(name):\(line.number)", what: line.text,
                        outcome: context.outcome(of: line))
                ))
        }
        config.sources = sources.sorted { $0.0 < $1.0 }.map(\.1)
        return config
    }

    /// What holds for every line: the settings, which lines are overridden, which counts each
    /// motion has its own line for.
    struct Context {
        let lines: [Line]
        let threshold: Int
        let timeout: Double
        let device: String?
        let knowsKey: (String) -> Bool
        /// Swipes in eight directions (a diagonal is bound): each within 22.5 degrees.
        let diagonals: Bool
        /// A rotation is bound: libinput-gestures then takes a pinch that turned more than
        /// 15 degrees for a rotation.
        let rotations: Bool

        init(
            lines: [Line], threshold: Int, timeout: Double, device: String?,
            knowsKey: @escaping (String) -> Bool
        ) {
            self.lines = lines
            self.threshold = threshold
            self.timeout = timeout
            self.device = device
            self.knowsKey = knowsKey
            diagonals = lines.contains { $0.kind == "swipe" && $0.motion.contains("_") }
            rotations = lines.contains { $0.kind == "pinch" && $0.motion.contains("clock") }
        }

        var notes: [String] {
            var notes = [
                "libinput-gestures acts when the fingers lift, on the whole movement; so do these bindings (pans and swipes, pinches, rotations on the touchpad)."
            ]
            if diagonals {
                notes.append(
                    "A diagonal swipe is bound, so libinput-gestures tells eight directions apart, each within 22.5 degrees: the swipes are gestured swipes, which do the same, with no speed required and its timeout as their duration."
                )
            } else {
                notes.append(
                    "No diagonal swipe is bound, so libinput-gestures tells four directions apart, each within 45 degrees: the swipes are gestured pans with a direction, which do the same and fire when the fingers lift."
                )
            }
            notes.append(
                timeout == 0
                    ? "timeout 0: no time limit, as for gestured's pans, pinches and rotations."
                    : "libinput-gestures' timeout (\(NumberText.plain(timeout)) s from the fingers landing to their lift) "
                        + (diagonals
                            ? "is the swipes' duration; gestured's pinches and rotations have no time limit."
                            : "has no counterpart: gestured's pans, pinches and rotations have no time limit.")
            )
            if threshold > 0 {
                notes.append(
                    "swipe_threshold \(threshold): libinput's unaccelerated units, which are gestured's touchpad px: the swipes' distance is \(threshold)."
                )
            }
            if let device {
                if device.lowercased() == "all" {
                    notes.append(
                        "device all: every touchpad, as gestured listens to every touchpad.")
                } else if device.hasPrefix("/") {
                    notes.append(
                        "device \(device): a device path, which gestured cannot name (it matches devices by name, as `gestured devices` lists them): the bindings take every touchpad."
                    )
                } else {
                    notes.append(
                        "device \(device): the bindings take only the device of that name.")
                }
            } else {
                notes.append(
                    "Without a device line libinput-gestures listens to the first touchpad it finds; gestured listens to every touchpad."
                )
            }
            return notes
        }

        func outcome(of line: Line) -> ImportedConfig.SourceGesture.Outcome {
            let sameGesture = lines.filter {
                $0.kind == line.kind && $0.motion == line.motion && $0.fingers == line.fingers
            }
            if let last = sameGesture.last, last.number != line.number {
                return .notImported(
                    "line \(last.number) binds the same gesture again, and libinput-gestures keeps the last"
                )
            }
            switch line.kind {
            case "hold":
                return .notImported(
                    "gestured cannot recognize a touchpad hold: XInput 2.4 reports touchpad swipes and pinches, not holds"
                )
            case "swipe", "pinch":
                break
            default:
                return .notImported(
                    "\"\(line.kind)\" is none of libinput-gestures' gestures (swipe, pinch, hold): libinput-gestures refuses the file"
                )
            }
            let action: String
            switch self.action(line.command) {
            case .success(let a): action = a
            case .failure(let why): return .notImported(why.text)
            }
            var base: [(String, TOMLValue)]
            var nameWords: [String]
            let least: Int
            switch (line.kind, line.motion) {
            case ("swipe", let motion):
                guard let direction = LibinputGesturesImporter.swipeDirections[motion] else {
                    return .notImported(
                        "\"\(motion)\" is none of libinput-gestures' swipe motions: libinput-gestures refuses the file"
                    )
                }
                base =
                    diagonals
                    ? [
                        ("type", .string("swipe")), ("source", .string("touchpad")),
                        ("direction", .string(direction)), ("speed", .int(0)),
                        (
                            "duration",
                            .int(
                                timeout == 0
                                    ? 60_000 : min(60_000, max(1, Int((timeout * 1000).rounded()))))
                        ),
                    ]
                    : [
                        ("type", .string("pan")), ("source", .string("touchpad")),
                        ("direction", .string(direction)),
                    ]
                if threshold > 0 { base.append(("distance", .int(min(threshold, 100_000)))) }
                nameWords = ["swipe", direction]
                least = 3
            case ("pinch", "in"), ("pinch", "out"):
                base = [
                    ("type", .string("pinch")), ("source", .string("touchpad")),
                    ("direction", .string(line.motion)),
                ]
                nameWords = ["pinch", line.motion]
                least = 2
            case ("pinch", "clockwise"), ("pinch", "anticlockwise"):
                let way = line.motion == "clockwise" ? "cw" : "ccw"
                base = [
                    ("type", .string("rotate")), ("source", .string("touchpad")),
                    ("direction", .string(way)),
                ]
                nameWords = ["rotate", way]
                least = 2
            default:
                return .notImported(
                    "\"\(line.motion)\" is none of libinput-gestures' pinch motions: libinput-gestures refuses the file"
                )
            }
            if let device, device.lowercased() != "all", !device.hasPrefix("/") {
                base.append(("device", .string(GlobText.literal(device))))
            }
            let runs: [ClosedRange<Int>]
            if let n = line.fingers {
                guard n >= least else {
                    return .notImported(
                        n < 2 || line.kind == "pinch"
                            ? "libinput sends no touchpad gesture of \(n) finger\(n == 1 ? "" : "s")"
                            : "a touchpad swipe of two fingers is scrolling: XInput 2.4 sends touchpad swipes of three fingers or more, so gestured cannot see it"
                    )
                }
                runs = [n...n]
            } else {
                // A line with a count beats one without: "any" is every count no line names.
                let named = Set(
                    lines.filter { $0.kind == line.kind && $0.motion == line.motion }.compactMap(
                        \.fingers))
                runs =
                    diagonals && line.kind == "swipe"
                    ? FingerCounts.runs(from: least, without: named).flatMap { $0.map { $0...$0 } }
                        .filter { $0.lowerBound <= 5 }
                    : FingerCounts.runs(from: least, without: named)
                guard !runs.isEmpty else {
                    return .notImported("every finger count has a line of its own")
                }
            }
            return .imported(
                runs.map { run in
                    var keys = [base[0], base[1]] + FingerCounts.keys(run) + base.dropFirst(2)
                    keys.append(("action", .string(action)))
                    var notes: [String] = []
                    if line.fingers == nil {
                        notes.append(
                            run.count == 1 && diagonals && line.kind == "swipe"
                                ? "no finger count: any count; here \(run.lowerBound) (a swipe takes one count; 3 to 5 are bound)"
                                : "no finger count: any count without a line of its own")
                    }
                    return ImportedConfig.Binding(
                        nameParts: nameWords + [FingerCounts.word(run)], keys: keys, notes: notes)
                })
        }

        /// The action for a command: `_internal ws_*` as a desktop action, anything else as the
        /// argument list libinput-gestures runs, quoted for the shell `exec` hands it to.
        func action(_ command: String) -> Result<String, Why> {
            let words: [String]
            do { words = try ShellWords.split(command) } catch {
                return .failure(
                    Why(
                        "the command cannot be split into words (\(error.message)): libinput-gestures refuses the file"
                    ))
            }
            guard let program = words.first else {
                return .failure(Why("no command: libinput-gestures refuses the file"))
            }
            if program == "_internal" {
                return LibinputGesturesImporter.internalAction(Array(words.dropFirst()))
            }
            return .success(
                "exec " + ShellWords.programWord(program)
                    + words.dropFirst().map { " " + ShellWords.quote($0) }.joined())
        }
    }

    struct Why: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    static let swipeDirections = [
        "up": "up", "down": "down", "left": "left", "right": "right",
        "left_up": "up-left", "right_up": "up-right", "left_down": "down-left",
        "right_down": "down-right",
    ]

    /// `_internal [-w|--wrap] [-c|--cols N] ws_up|ws_down|...`: libinput-gestures switches
    /// desktops with wmctrl over a grid of N columns (1 when not given). In one column, up is
    /// the next desktop and down the previous one; left and right without `--cols` are up and
    /// down. Grids of more columns have no gestured counterpart.
    static func internalAction(_ words: [String]) -> Result<String, Why> {
        var wrap = false
        var cols: Int?
        var legacy = false
        var action: String?
        var i = 0
        func refuse(_ why: String) -> Result<String, Why> {
            .failure(
                Why(
                    "_internal \(words.joined(separator: " ")): \(why): libinput-gestures refuses the file"
                ))
        }
        while i < words.count {
            let w = words[i]
            if w == "-w" || w == "--wrap" {
                wrap = true
            } else if w == "-c" || w == "--cols" || w == "--row" || w == "--col" {
                guard i + 1 < words.count, let n = Int(words[i + 1]) else {
                    return refuse("\(w) needs a number")
                }
                if w == "--row" || w == "--col" { legacy = legacy || n != 0 } else { cols = n }
                i += 1
            } else if w.hasPrefix("--cols="), let n = Int(w.dropFirst(7)) {
                cols = n
            } else if w.hasPrefix("-c"), let n = Int(w.dropFirst(2)) {
                cols = n
            } else if w.hasPrefix("ws_") && action == nil {
                action = w
            } else {
                return refuse("\"\(w)\" is not one of its arguments")
            }
            i += 1
        }
        guard let action,
            [
                "ws_up", "ws_down", "ws_left", "ws_right", "ws_left_up", "ws_left_down",
                "ws_right_up", "ws_right_down",
            ].contains(action)
        else {
            return refuse("it needs one of ws_up, ws_down, ws_left, ws_right and the diagonals")
        }
        if let cols, cols < 1 { return refuse("\"--cols\" must be 1 or more") }
        if legacy {
            return .failure(
                Why(
                    "_internal --row and --col (the old grid options) move within a grid whose size comes from the number of desktops, which gestured's desktop actions cannot follow"
                ))
        }
        let wrapWord = wrap ? " wrap" : ""
        switch (action, cols) {
        case ("ws_up", nil), ("ws_up", 1), ("ws_left", nil):
            return .success("desktop next" + wrapWord)
        case ("ws_down", nil), ("ws_down", 1), ("ws_right", nil):
            return .success("desktop prev" + wrapWord)
        case ("ws_left", 1), ("ws_right", 1):
            return .failure(
                Why(
                    "_internal --cols 1 \(action) moves along a row of one desktop: it never switches"
                ))
        case (_, nil):
            return refuse("\"--cols\" must be given for \(action)")
        default:
            return .failure(
                Why(
                    "_internal --cols \(cols!) \(action) moves in a grid of \(cols!) columns of desktops; gestured's desktop actions go one desktop on or back"
                ))
        }
    }
}
