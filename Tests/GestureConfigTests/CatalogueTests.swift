import GestureCore
import GestureStrokes
import Testing

@testable import GestureConfig

/// The catalogue the daemon runs while the settings window listens: what it says of each gesture
/// it recognized is a binding that, written in a config, recognizes that gesture again.
struct CatalogueTests {
    static let catalogue = Catalogue.bindings(templates: BuiltinTemplates.all)

    @Test func eachBindingOfTheCatalogueWrittenAsItsKeysLoadsAsTheSameGesture() throws {
        for b in Self.catalogue {
            let source = b.sources[0]
            let keys = Catalogue.keys(of: b, source: source)
            let text =
                "[[gesture]]\nname = \"it\"\n"
                + keys.map { k, v in
                    Int(v) != nil ? "\(k) = \(v)" : "\(k) = \"\(v)\""
                }.joined(separator: "\n") + "\naction = \"show-desktop\"\n"
            let loaded = try #require(
                try ConfigLoader.load(text, file: "c.toml").gestures.first, "\(text)")
            #expect(loaded.sources == [source], "\(text)")
            // Pinches and rotations are written with one count, which the loader reads as a range of one.
            var kind = loaded.kind
            switch kind {
            case .pinch(var p):
                if case .between(let lo?, let hi?) = p.fingers, lo == hi {
                    p.fingers = .exactly(lo)
                }
                kind = .pinch(p)
            case .rotate(var r):
                if case .between(let lo?, let hi?) = r.fingers, lo == hi {
                    r.fingers = .exactly(lo)
                }
                kind = .rotate(r)
            default: break
            }
            #expect(kind == b.kind, "\(text)")
        }
    }

    @Test func theCatalogueHasEveryTypeOnEverySourceItTakesAndAStrokeOfEveryTemplate() {
        var pairs = Set<String>()
        for b in Self.catalogue {
            for s in b.sources { pairs.insert("\(b.type.rawValue) \(s.rawValue)") }
        }
        var expected = Set<String>()
        for type in GestureBinding.GestureType.available {
            for s in type.sources { expected.insert("\(type.rawValue) \(s.rawValue)") }
        }
        expected.remove("pan touchscreen")
        expected.remove("pan touchpad")
        #expect(pairs == expected)
        let shapes = Set(
            Self.catalogue.compactMap { b -> String? in
                if case .stroke(let s) = b.kind, case .shape(let name) = s.target,
                    b.sources == [.pointer]
                {
                    name
                } else {
                    nil
                }
            })
        #expect(shapes == Set(BuiltinTemplates.all.map(\.name)))
    }

    @Test func aSingleTapWaitsForTheDoubleTapAndATouchscreenStrokeForTheOneFingerSwipes() {
        let single = Self.catalogue.first { $0.name == "catalogue touchscreen tap 2 1" }
        #expect(single?.requireFailureOf == ["catalogue touchscreen tap 2 2"])
        let stroke = Self.catalogue.first { $0.name == "catalogue touchscreen stroke circle" }
        #expect(stroke?.requireFailureOf.count == 8 + 4)
        #expect(
            stroke?.requireFailureOf.allSatisfy {
                $0.hasPrefix("catalogue touchscreen swipe 1 ")
                    || $0.hasPrefix("catalogue touchscreen edge 1 ")
            } == true)
    }
}
