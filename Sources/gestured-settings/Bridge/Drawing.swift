import CAdwaita

/// Drawing areas: a stroke drawn with cairo, fitted to the area, and the points a drag draws
/// into it (a GtkGestureDrag, which takes the mouse, a pen or a finger alike).
enum Drawing {
    private final class Painter {
        var strokes: [[(Double, Double)]] = []
        /// Whether the points are the area's own (a drag drawn into it) or to be fitted.
        var fitted = true
        init() {}
    }

    private static let paint: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
        guard let cr else { return }
        let painter = Unmanaged<Painter>.fromOpaque(data!).takeUnretainedValue()
        let all = painter.strokes.flatMap { $0 }
        guard !all.isEmpty else { return }
        var (scale, dx, dy) = (1.0, 0.0, 0.0)
        if painter.fitted {
            let xs = all.map(\.0)
            let ys = all.map(\.1)
            let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
            let margin = 12.0
            scale = min(
                (Double(width) - 2 * margin) / max(maxX - minX, 1),
                (Double(height) - 2 * margin) / max(maxY - minY, 1), 4)
            dx = (Double(width) - (maxX - minX) * scale) / 2 - minX * scale
            dy = (Double(height) - (maxY - minY) * scale) / 2 - minY * scale
        }
        cairo_set_line_width(cr, 3)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for (i, stroke) in painter.strokes.enumerated() where !stroke.isEmpty {
            // The newest stroke strong, the earlier ones faint.
            let alpha = i == painter.strokes.count - 1 ? 1.0 : 0.35
            cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, alpha)
            cairo_move_to(cr, stroke[0].0 * scale + dx, stroke[0].1 * scale + dy)
            for p in stroke.dropFirst() { cairo_line_to(cr, p.0 * scale + dx, p.1 * scale + dy) }
            cairo_stroke(cr)
            // Where it began: a dot.
            cairo_arc(cr, stroke[0].0 * scale + dx, stroke[0].1 * scale + dy, 4, 0, 6.2832)
            cairo_fill(cr)
        }
    }

    private static let release: GDestroyNotify = { data in
        if let data { Unmanaged<Painter>.fromOpaque(data).release() }
    }

    /// A drawing area showing strokes; set them with the returned function (the last drawn strong).
    static func area(width: Int32, height: Int32, name: String, fitted: Bool = true) -> (
        Widget, ([[(Double, Double)]]) -> Void
    ) {
        let area = widget(gtk_drawing_area_new())
        gtk_drawing_area_set_content_width(cast(area), width)
        gtk_drawing_area_set_content_height(cast(area), height)
        setAccessibleName(area, name)
        let painter = Painter()
        painter.fitted = fitted
        gtk_drawing_area_set_draw_func(
            cast(area), paint, Unmanaged.passRetained(painter).toOpaque(), release)
        return (
            area,
            { strokes in
                painter.strokes = strokes
                gtk_widget_queue_draw(area)
            }
        )
    }

    // MARK: Drags

    private final class Drag {
        var points: [(Double, Double)] = []
        var start = (0.0, 0.0)
        let moved: ([(Double, Double)]) -> Void
        let ended: ([(Double, Double)]) -> Void
        init(
            moved: @escaping ([(Double, Double)]) -> Void,
            ended: @escaping ([(Double, Double)]) -> Void
        ) {
            self.moved = moved
            self.ended = ended
        }
    }

    private static let dragBegin:
        @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void =
            { _, x, y, data in
                let d = Unmanaged<Drag>.fromOpaque(data!).takeUnretainedValue()
                d.start = (x, y)
                d.points = [(x, y)]
                d.moved(d.points)
            }

    private static let dragUpdate:
        @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void =
            { _, x, y, data in
                let d = Unmanaged<Drag>.fromOpaque(data!).takeUnretainedValue()
                d.points.append((d.start.0 + x, d.start.1 + y))
                d.moved(d.points)
            }

    private static let dragEnd:
        @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void =
            { _, x, y, data in
                let d = Unmanaged<Drag>.fromOpaque(data!).takeUnretainedValue()
                d.points.append((d.start.0 + x, d.start.1 + y))
                d.ended(d.points)
            }

    private static let dragRelease: GClosureNotify = { data, _ in
        if let data { Unmanaged<Drag>.fromOpaque(data).release() }
    }

    /// Follows drags in `area` with the first button (a finger, a pen): `moved` with the points so
    /// far, `ended` with the whole stroke, in the area's pixels.
    static func onDrag(
        _ area: Widget, moved: @escaping ([(Double, Double)]) -> Void,
        ended: @escaping ([(Double, Double)]) -> Void
    ) {
        let gesture = gtk_gesture_drag_new()!
        let drag = Unmanaged.passRetained(Drag(moved: moved, ended: ended)).toOpaque()
        let object = UnsafeMutableRawPointer(gesture)
        g_signal_connect_data(
            object, "drag-begin", unsafeBitCast(dragBegin, to: GCallback.self), drag, dragRelease,
            GConnectFlags(rawValue: 0))
        g_signal_connect_data(
            object, "drag-update", unsafeBitCast(dragUpdate, to: GCallback.self), drag, nil,
            GConnectFlags(rawValue: 0))
        g_signal_connect_data(
            object, "drag-end", unsafeBitCast(dragEnd, to: GCallback.self), drag, nil,
            GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(area, gesture)
    }
}
