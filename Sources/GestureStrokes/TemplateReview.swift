import GestureCore

/// A user's template that is closer to another shape than to its own name's other variants:
/// strokes drawn like it may read as that shape. `gestured check` warns of each.
public struct TemplateConfusion: Equatable, Sendable {
    public let name: String
    /// Which of the templates of that name, from 1, in file order.
    public let variant: Int
    public let variants: Int
    /// The best template of another name, and the best other variant of its own.
    public let closest: StrokeMatch
    public let own: StrokeMatch

    public init(name: String, variant: Int, variants: Int, closest: StrokeMatch, own: StrokeMatch) {
        (self.name, self.variant, self.variants, self.closest, self.own) = (
            name, variant, variants, closest, own
        )
    }
}

public enum TemplateReview {
    /// Each of `user`'s templates, left out and matched against every other template known
    /// (`others`, then the rest of `user`). A template with no other variant of its name has
    /// nothing to be closer to, and is not reported.
    public static func confusions(of user: [StrokeTemplate], others: [StrokeTemplate])
        -> [TemplateConfusion]
    {
        let names = Set((others + user).map(\.name))
        var seen: [String: Int] = [:]
        var out: [TemplateConfusion] = []
        for (i, template) in user.enumerated() {
            seen[template.name, default: 0] += 1
            var rest = user
            rest.remove(at: i)
            let matcher = StrokeMatcher(templates: others + rest)
            guard let own = matcher.bestMatch(template.points, among: [template.name]),
                let closest = matcher.bestMatch(
                    template.points, among: names.subtracting([template.name])),
                closest.score > own.score
            else { continue }
            out.append(
                TemplateConfusion(
                    name: template.name, variant: seen[template.name]!,
                    variants: user.count { $0.name == template.name }, closest: closest, own: own))
        }
        return out
    }
}
