import GestureConfig
import GestureCore
import GestureStrokes

/// The strokes page's model: a stroke of the user's own learned by drawing it a few times (as
/// `gestured learn` takes it from traces), its variants reviewed against every other template as
/// `gestured check` reviews them (`TemplateReview`), saved in the config's template file; and any
/// stroke drawn read as the daemon reads it (`StrokeBook`, with the same decision), in words.
public final class StrokeLab {
    /// What a drawn stroke reads as, and why it would or would not fire.
    public struct Reading: Equatable, Sendable {
        /// The best shape and its score; nil when no template is left.
        public let best: StrokeMatch?
        public let runnerUp: StrokeMatch?
        /// The least score that fires (lower when the stroke's corners confirm its shape).
        public let minimum: Double
        /// Whether the daemon would fire a binding of the best shape.
        public let fires: Bool
        /// "Reads as "zed": 91 %, the least that fires is 65 %; next "z" at 70 %", or why not.
        public let words: String
        /// Shapes the stroke cannot be, whatever they score ("round shapes: the stroke has corners").
        public let ruledOut: [String]
    }

    /// Names a template may have: letters, digits, - and _ (`gestured learn`'s rule).
    public static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// The fewest variants worth saving: one drawing is a template, three say how it varies.
    public static let suggestedVariants = 3

    public let document: SettingsDocument
    /// The variants drawn for the stroke being learned, in the area's pixels.
    public private(set) var variants: [[Point]] = []

    public init(document: SettingsDocument) { self.document = document }

    /// The config as the daemon reads it: its templates (built-in and the files'), or the
    /// built-in ones when it does not load.
    var config: Config? {
        let path = document.path
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return try? ConfigLoader.load(
            document.text, file: path,
            readFile: { name in
                let full = name.hasPrefix("/") ? name : folder + "/" + name
                return ((try? ConfigFile.read(full)) ?? nil).map { .success($0) }
                    ?? .failure(.missing)
            })
    }

    public var templates: [StrokeTemplate] { config?.templates ?? BuiltinTemplates.all }

    /// Adds a drawn variant; a stroke that does not move (a click) is not one.
    @discardableResult
    public func draw(_ points: [Point]) -> Bool {
        guard points.count > 1, points.contains(where: { $0 != points[0] }) else { return false }
        variants.append(points)
        return true
    }

    public func clear() { variants = [] }

    public func removeLast() { if !variants.isEmpty { variants.removeLast() } }

    /// Where the variants of `name` may be read as another shape: each variant closer to a
    /// template of another name than to its own other variants, in words.
    public func collisions(name: String) -> [String] {
        guard Self.isName(name), !variants.isEmpty else { return [] }
        let mine = variants.map { StrokeTemplate(name: name, points: $0) }
        let others = templates.filter { $0.name != name }
        var words: [String] = []
        if BuiltinTemplates.all.contains(where: { $0.name == name }) {
            words.append("\"\(name)\" is a built-in shape: your variants are added to it")
        }
        for c in TemplateReview.confusions(of: mine, others: others) {
            words.append(
                "Drawing \(c.variant) of \(c.variants) is closer to \"\(c.closest.name)\" (\(Self.percent(c.closest.score))) "
                    + "than to your other drawings (\(Self.percent(c.own.score))): it may be read as \"\(c.closest.name)\""
            )
        }
        // One drawing has no other of its own to be closer to: say what it reads as among the others.
        if mine.count == 1, let best = StrokeMatcher(templates: others).bestMatch(mine[0].points),
            best.score >= StrokeBook.Decision().minimumScore
        {
            words.append(
                "It looks like \"\(best.name)\" (\(Self.percent(best.score))): draw it a few more times to tell them apart"
            )
        }
        return words
    }

    /// How the daemon would read `points` among every template known and the variants drawn
    /// (as `name`, when given), every shape bound.
    public func read(_ points: [Point], learning name: String? = nil) -> Reading {
        var all = templates
        if let name, Self.isName(name) {
            all += variants.map { StrokeTemplate(name: name, points: $0) }
        }
        let book = StrokeBook(templates: all, shapes: Set(all.map(\.name)), sequences: [])
        let ruled = book.ruledOut(points).sorted()
        let two = book.matcher.bestTwo(
            points, among: ruled.isEmpty ? nil : book.matcher.templateNames.subtracting(ruled))
        let minimum = book.decision.minimumScore
        switch book.read(points, at: 0) {
        case .shape(let shape, let score):
            return Reading(
                best: StrokeMatch(name: shape, score: score), runnerUp: two?.runnerUp,
                minimum: minimum, fires: true,
                words:
                    "Reads as \"\(shape)\": \(Self.percent(score)), the least that fires is \(Self.percent(minimum))"
                    + (two?.runnerUp.map { "; next \"\($0.name)\" at \(Self.percent($0.score))" }
                        ?? ""),
                ruledOut: ruled)
        case .nothing(let best, let least):
            let words =
                best.map {
                    "Matches nothing: the best, \"\($0.name)\", scores \(Self.percent($0.score)), under the least that fires, \(Self.percent(least))"
                }
                ?? "Matches nothing: no template is left"
            return Reading(
                best: best, runnerUp: two?.runnerUp, minimum: least, fires: false, words: words,
                ruledOut: ruled)
        case .unsure(let best, let runnerUp):
            return Reading(
                best: best, runnerUp: runnerUp, minimum: minimum, fires: false,
                words:
                    "Unsure: \"\(best.name)\" \(Self.percent(best.score)) is too close to \"\(runnerUp.name)\" \(Self.percent(runnerUp.score)) to fire",
                ruledOut: ruled)
        case .unbound(let best):
            return Reading(
                best: best, runnerUp: two?.runnerUp, minimum: minimum, fires: false,
                words:
                    "Reads as \"\(best.name)\" (\(Self.percent(best.score))), which nothing binds",
                ruledOut: ruled)
        case .doubtful(let best, let shape, let evidence, let least):
            let words =
                shape.map {
                    "Unsure: it looks most like \"\($0)\", but only \(Self.percent(evidence)) sure, under the least that fires, \(Self.percent(least))"
                }
                ?? "Reads as no shape (the best template, \"\(best.name)\", scores \(Self.percent(best.score)))"
            return Reading(
                best: best, runnerUp: two?.runnerUp, minimum: minimum, fires: false, words: words,
                ruledOut: ruled)
        case .directions(let sequence):
            return Reading(
                best: nil, runnerUp: nil, minimum: minimum, fires: true,
                words: "Reads as the moves \(sequence)", ruledOut: ruled)
        }
    }

    static func percent(_ score: Double) -> String { "\(Int((score * 100).rounded())) %" }

    /// The template file the variants are saved in: the config's first `templates` file, or
    /// `strokes.stroke` beside the config (added to `templates`).
    public var templateFile: (written: String, path: String) {
        let written = config?.settings.templateFiles.first ?? "strokes.stroke"
        let folder = document.path.lastIndex(of: "/").map { String(document.path[..<$0]) } ?? "."
        return (written, written.hasPrefix("/") ? written : folder + "/" + written)
    }

    /// Writes the variants as `name` into the template file (replacing what it had of that
    /// name, keeping the rest), adds the file to the config's `templates` when it is not there,
    /// and saves the config, so that the daemon's reload reads them. Returns the file's path.
    @discardableResult
    public func save(name: String) throws(SaveError) -> String {
        guard Self.isName(name) else {
            throw SaveError("\"\(name)\" is not a template name: letters, digits, - and _")
        }
        guard !variants.isEmpty else { throw SaveError("draw the stroke first") }
        let file = templateFile
        var kept: [StrokeTemplate] = []
        do {
            if let text = try ConfigFile.read(file.path) {
                do { kept = try TemplateFile.parse(text).filter { $0.name != name } } catch {
                    throw SaveError("\(file.path): \(error); not written over")
                }
            }
            try ConfigFile.write(
                TemplateFile.serialize(
                    kept + variants.map { StrokeTemplate(name: name, points: $0) }), to: file.path)
        } catch let e as SaveError {
            throw e
        } catch {
            throw SaveError("\(file.path): \(error)")
        }
        let listed = config?.settings.templateFiles ?? []
        if !listed.contains(file.written) {
            do { try document.setSetting("templates", .strings(listed + [file.written])) } catch {
                throw SaveError("\(error)")
            }
        }
        do { try document.save() } catch { throw SaveError("\(error)") }
        return file.path
    }

    public struct SaveError: Error, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }
}
