/// A key chord as `keys` writes it (`ctrl+alt+Left`), from a key pressed with modifiers held.
public enum KeyChordText {
    /// The modifiers held, in the order gestured writes them.
    public static func modifiers(
        ctrl: Bool, shift: Bool, alt: Bool, super: Bool, meta: Bool, hyper: Bool
    ) -> [String] {
        [
            ("ctrl", ctrl), ("shift", shift), ("alt", alt), ("super", `super`), ("meta", meta),
            ("hyper", hyper),
        ].filter(\.1).map(\.0)
    }

    /// nil for a modifier key itself (the chord is not finished).
    public static func chord(key: String, modifiers: [String]) -> String? {
        let modifierKeys = [
            "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Super_L", "Super_R",
            "Meta_L", "Meta_R",
            "Hyper_L", "Hyper_R", "ISO_Level3_Shift", "Caps_Lock", "Num_Lock",
        ]
        if modifierKeys.contains(key) { return nil }
        return (modifiers + [key]).joined(separator: "+")
    }
}
