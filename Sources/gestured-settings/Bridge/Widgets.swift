import CAdwaita

/// Builders for the widgets the pages use, each a Swift function over one or two C calls.
enum UI {
    static func label(_ text: String, wrap: Bool = false, css: [String] = [], xalign: Float = 0)
        -> Widget
    {
        let l = widget(gtk_label_new(text))
        if wrap {
            gtk_label_set_wrap(cast(l), 1)
            gtk_label_set_wrap_mode(cast(l), PANGO_WRAP_WORD_CHAR)
        }
        gtk_label_set_xalign(cast(l), xalign)
        gtk_label_set_selectable(cast(l), 0)
        for c in css { gtk_widget_add_css_class(l, c) }
        return l
    }

    static func button(_ text: String, css: [String] = [], _ action: @escaping () -> Void) -> Widget
    {
        let b = widget(gtk_button_new_with_label(text))
        for c in css { gtk_widget_add_css_class(b, c) }
        on(b, "clicked", action)
        return b
    }

    /// A button with only an icon: `name` is what a screen reader says and the tooltip shows.
    static func iconButton(
        _ icon: String, name: String, css: [String] = ["flat"], _ action: @escaping () -> Void
    ) -> Widget {
        let b = widget(gtk_button_new_from_icon_name(icon))
        gtk_widget_set_tooltip_text(b, name)
        setAccessibleName(b, name)
        gtk_widget_set_valign(b, GTK_ALIGN_CENTER)
        for c in css { gtk_widget_add_css_class(b, c) }
        on(b, "clicked", action)
        return b
    }

    static func box(_ vertical: Bool, spacing: Int32 = 6, _ children: [Widget] = []) -> Widget {
        let b = widget(
            gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing))
        for c in children { gtk_box_append(cast(b), c) }
        return b
    }

    static func icon(_ name: String, tooltip: String? = nil) -> Widget {
        let i = widget(gtk_image_new_from_icon_name(name))
        if let tooltip {
            gtk_widget_set_tooltip_text(i, tooltip)
            setAccessibleName(i, tooltip)
        }
        return i
    }

    /// A switch centred in a row, named for screen readers; `changed` gets the new state.
    static func toggle(_ on: Bool, name: String, _ changed: @escaping (Bool) -> Void) -> Widget {
        let s = widget(gtk_switch_new())
        gtk_switch_set_active(cast(s), on ? 1 : 0)
        gtk_widget_set_valign(s, GTK_ALIGN_CENTER)
        setAccessibleName(s, name)
        onNotify(s, "active") { changed(gtk_switch_get_active(cast(s)) != 0) }
        return s
    }

    static func preferencesGroup(_ title: String, description: String? = nil) -> Widget {
        let g = widget(adw_preferences_group_new())
        adw_preferences_group_set_title(cast(g), escaped(title))
        if let description { adw_preferences_group_set_description(cast(g), escaped(description)) }
        return g
    }

    static func add(_ row: Widget, to group: Widget) { adw_preferences_group_add(cast(group), row) }

    /// An AdwActionRow: title and subtitle are markup in libadwaita, so they are escaped.
    static func actionRow(_ title: String, subtitle: String? = nil) -> Widget {
        let r = widget(adw_action_row_new())
        adw_preferences_row_set_title(cast(r), escaped(title))
        if let subtitle { adw_action_row_set_subtitle(cast(r), escaped(subtitle)) }
        return r
    }

    static func suffix(_ row: Widget, _ child: Widget) {
        adw_action_row_add_suffix(cast(row), child)
    }

    static func escaped(_ text: String) -> String {
        guard let e = g_markup_escape_text(text, -1) else { return text }
        defer { g_free(e) }
        return String(cString: e)
    }

    /// A GtkStringList of `items`, for a combo row's model.
    static func stringList(_ items: [String]) -> OpaquePointer {
        let list = gtk_string_list_new(nil)!
        for item in items { gtk_string_list_append(list, item) }
        return list
    }

    static func text(of editable: Widget) -> String {
        String(cString: gtk_editable_get_text(cast(editable)))
    }

    /// A modal dialog over `parent` that Escape closes. Its content is set by the caller.
    static func dialog(over parent: Widget, title: String? = nil, width: Int32, height: Int32)
        -> Widget
    {
        let dialog = widget(adw_window_new())
        gtk_window_set_transient_for(cast(dialog), cast(parent))
        gtk_window_set_modal(cast(dialog), 1)
        gtk_window_set_destroy_with_parent(cast(dialog), 1)
        if let title { gtk_window_set_title(cast(dialog), title) }
        gtk_window_set_default_size(cast(dialog), width, height)
        onKeyPressed(dialog) { keyval, _, _ in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            gtk_window_close(cast(dialog))
            return true
        }
        return dialog
    }
}
