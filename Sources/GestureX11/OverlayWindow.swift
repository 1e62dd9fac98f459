import CXInput2
import GestureCore
import GestureOverlay

/// The debug overlay's window: full screen, override-redirect, raised above everything, with an
/// empty input shape so that every click and touch goes through to the application below. With
/// a compositor (a `_NET_WM_CM_Sn` owner) and a 32-bit visual it is translucent and fades;
/// without one its bounding shape is cut to what it draws, and what fades is drawn whole until
/// it is gone. Which of the two it is, is fixed when it is made: a translucent window that no
/// compositor blends shows its empty pixels black, over the whole screen, so its owner remakes
/// it when the compositor comes or goes (`followingCompositor`). It draws scenes and nothing else.
public final class OverlayWindow {
    /// The palette: red, green, blue and the opacity of a live item.
    static let inks: [OverlayScene.Ink: (r: UInt, g: UInt, b: UInt, a: Double)] = [
        .touch: (0x00, 0xC8, 0xFF, 0.85), .stroke: (0xFF, 0x8C, 0x00, 0.85),
        .gauge: (0x7C, 0xFC, 0x00, 0.85),
        .text: (0xFF, 0xFF, 0xFF, 1), .recognized: (0x7C, 0xFC, 0x00, 1),
        .failed: (0xFF, 0x60, 0x60, 1),
        .panel: (0x18, 0x18, 0x18, 0.6),
        .feedback: (0x33, 0x99, 0xFF, 0.9), .feedbackFill: (0x33, 0x99, 0xFF, 0.25),
    ]

    public let translucent: Bool
    public let window: Window
    /// Its class and title.
    public let name: String
    public private(set) var layout: OverlayModel.Layout
    private let x: XConnection
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let font: UnsafeMutablePointer<XFontStruct>?
    private var pixmap: Pixmap = 0
    private var mask: Pixmap = 0
    private var gc: GC?
    private var maskGC: GC?
    private var shownEmpty = true
    /// The translucent window's colormap, made for its visual; 0 for the screen's own.
    private var colormap: Colormap = 0

    /// `name` is its class and title: the debug overlay, or feedback's.
    public init(_ x: XConnection, name: String = "gestured-overlay") {
        self.x = x
        self.name = name
        let d = x.display
        let screen = XDefaultScreen(d)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0
        attributes.border_pixel = 0
        if let info = OverlayWindow.translucentVisual(x) {
            translucent = true
            visual = info.visual
            depth = 32
            attributes.colormap = XCreateColormap(d, x.root, info.visual, AllocNone)
            colormap = attributes.colormap
        } else {
            translucent = false
            visual = XDefaultVisual(d, screen)
            depth = XDefaultDepth(d, screen)
            attributes.colormap = XDefaultColormap(d, screen)
        }
        let width = XDisplayWidth(d, screen)
        let height = XDisplayHeight(d, screen)
        window = XCreateWindow(
            d, x.root, 0, 0, UInt32(width), UInt32(height), 0, depth, UInt32(InputOutput), visual,
            UInt(CWOverrideRedirect | CWBackPixel | CWBorderPixel | CWColormap), &attributes)
        XShapeCombineRectangles(d, window, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
        if !translucent {
            XShapeCombineRectangles(d, window, ShapeBounding, 0, 0, nil, 0, ShapeSet, Unsorted)
        }
        let created = window
        var hint = XClassHint()
        name.withCString { n in
            hint.res_name = UnsafeMutablePointer(mutating: n)
            hint.res_class = UnsafeMutablePointer(mutating: n)
            XSetClassHint(d, created, &hint)
        }
        XStoreName(d, created, String(name.map { $0 == "-" ? " " : $0 }))
        let fonts: [String] = [
            "-misc-fixed-bold-r-normal--18-*-*-*-*-*-iso10646-1", "9x15bold", "fixed",
        ]
        font = fonts.lazy.compactMap { name in XLoadQueryFont(d, name) }.first
        let charWidth = font.map { Double($0.pointee.max_bounds.width) } ?? 9
        let lineHeight = font.map { Double($0.pointee.ascent + $0.pointee.descent + 2) } ?? 18
        layout = .init(
            width: Double(width), height: Double(height), charWidth: charWidth,
            lineHeight: lineHeight)
        makeBuffers()
        XMapRaised(d, window)
        XFlush(d)
    }

    deinit { close() }

    /// The selection a compositor of the default screen owns (`_NET_WM_CM_Sn`): its owner
    /// coming and going is what a window follows.
    public static func compositorSelection(_ x: XConnection) -> Atom {
        x.atom("_NET_WM_CM_S\(XDefaultScreen(x.display))")
    }

    /// The 32-bit visual of a translucent window, while a compositor would blend it; nil when
    /// no compositor runs or the screen has no such visual.
    private static func translucentVisual(_ x: XConnection) -> XVisualInfo? {
        let d = x.display
        var info = XVisualInfo()
        guard XGetSelectionOwner(d, compositorSelection(x)) != 0,
            XMatchVisualInfo(d, XDefaultScreen(d), 32, TrueColor, &info) != 0
        else { return nil }
        return info
    }

    /// A window made anew, and this one closed, when a compositor came or went since this one
    /// was made (translucent without one shows black, shaped with one does not fade); nil
    /// while this one still fits, after one round trip. The new window shows nothing yet, and
    /// the server has shown it when this returns (a second round trip).
    public func followingCompositor() -> OverlayWindow? {
        guard (OverlayWindow.translucentVisual(x) != nil) != translucent else { return nil }
        close()
        let remade = OverlayWindow(x, name: name)
        x.sync()
        return remade
    }

    /// Takes the window away.
    public func close() {
        guard gc != nil else { return }
        let d = x.display
        freeBuffers()
        if let font { XFreeFont(d, font) }
        XDestroyWindow(d, window)
        if colormap != 0 { XFreeColormap(d, colormap) }
        XFlush(d)
    }

    /// Follows a change of screen size.
    public func resize(width: Double, height: Double) {
        guard width != layout.width || height != layout.height else { return }
        layout.width = width
        layout.height = height
        freeBuffers()
        XMoveResizeWindow(x.display, window, 0, 0, UInt32(width), UInt32(height))
        makeBuffers()
        shownEmpty = false
        draw(OverlayScene())
    }

    /// Shows `scene`, replacing what was shown.
    public func draw(_ scene: OverlayScene) {
        guard let gc else { return }
        let d = x.display
        if scene.items.isEmpty && shownEmpty { return }
        let w = UInt32(layout.width)
        let h = UInt32(layout.height)
        XSetForeground(d, gc, 0)
        XFillRectangle(d, pixmap, gc, 0, 0, w, h)
        if let maskGC {
            XSetForeground(d, maskGC, 0)
            XFillRectangle(d, mask, maskGC, 0, 0, w, h)
            XSetForeground(d, maskGC, 1)
        }
        for item in scene.items where item.alpha > 0 {
            XSetForeground(d, gc, pixel(item.ink, item.alpha))
            paint(item.shape, on: pixmap, gc)
            if let maskGC { paint(item.shape, on: mask, maskGC) }
        }
        if !translucent { XShapeCombineMask(d, window, ShapeBounding, 0, 0, mask, ShapeSet) }
        if shownEmpty { XRaiseWindow(d, window) }
        XClearWindow(d, window)
        XFlush(d)
        shownEmpty = scene.items.isEmpty
    }

    private func paint(_ shape: OverlayScene.Shape, on drawable: Drawable, _ gc: GC) {
        let d = x.display
        switch shape {
        case .dot(let c, let r):
            XFillArc(
                d, drawable, gc, Int32(c.x - r), Int32(c.y - r), UInt32(2 * r), UInt32(2 * r), 0,
                360 * 64)
        case .ring(let c, let r, let width):
            XSetLineAttributes(d, gc, UInt32(width), LineSolid, CapRound, JoinRound)
            XDrawArc(
                d, drawable, gc, Int32(c.x - r), Int32(c.y - r), UInt32(2 * r), UInt32(2 * r), 0,
                360 * 64)
        case .line(let points, let width):
            XSetLineAttributes(d, gc, UInt32(width), LineSolid, CapRound, JoinRound)
            var xs = points.map {
                XPoint(
                    x: Int16(clamping: Int($0.x.rounded())), y: Int16(clamping: Int($0.y.rounded()))
                )
            }
            XDrawLines(d, drawable, gc, &xs, Int32(xs.count), CoordModeOrigin)
        case .text(let s, let at):
            let bytes = Array(s.utf8).map { CChar(bitPattern: $0 < 0x80 ? $0 : UInt8(ascii: "?")) }
            XDrawString(d, drawable, gc, Int32(at.x), Int32(at.y), bytes, Int32(bytes.count))
        case .box(let origin, let width, let height):
            XFillRectangle(
                d, drawable, gc, Int32(origin.x), Int32(origin.y), UInt32(max(1, width)),
                UInt32(max(1, height)))
        }
    }

    /// The pixel value of `ink` at opacity `alpha`: premultiplied ARGB when translucent, the
    /// plain colour otherwise.
    func pixel(_ ink: OverlayScene.Ink, _ alpha: Double) -> UInt {
        let c = OverlayWindow.inks[ink] ?? (0xFF, 0xFF, 0xFF, 1)
        let v = visual.pointee
        func place(_ value: UInt, _ mask: UInt) -> UInt {
            guard mask != 0 else { return 0 }
            return (value << UInt(mask.trailingZeroBitCount)) & mask
        }
        guard translucent else {
            return place(c.r, v.red_mask) | place(c.g, v.green_mask) | place(c.b, v.blue_mask)
        }
        let a = max(0, min(1, alpha * c.a))
        let scaled = { (value: UInt) in UInt((Double(value) * a).rounded()) }
        let alphaMask = ~(v.red_mask | v.green_mask | v.blue_mask) & 0xFFFF_FFFF
        return place(UInt((a * 255).rounded()), alphaMask) | place(scaled(c.r), v.red_mask)
            | place(scaled(c.g), v.green_mask) | place(scaled(c.b), v.blue_mask)
    }

    private func makeBuffers() {
        let d = x.display
        let w = UInt32(layout.width)
        let h = UInt32(layout.height)
        pixmap = XCreatePixmap(d, window, w, h, UInt32(depth))
        gc = XCreateGC(d, pixmap, 0, nil)
        if let font, let gc { XSetFont(d, gc, font.pointee.fid) }
        if !translucent {
            mask = XCreatePixmap(d, window, w, h, 1)
            maskGC = XCreateGC(d, mask, 0, nil)
            if let font, let maskGC { XSetFont(d, maskGC, font.pointee.fid) }
        }
        XSetWindowBackgroundPixmap(d, window, pixmap)
    }

    private func freeBuffers() {
        let d = x.display
        if let gc { XFreeGC(d, gc) }
        if let maskGC { XFreeGC(d, maskGC) }
        gc = nil
        maskGC = nil
        XFreePixmap(d, pixmap)
        if mask != 0 { XFreePixmap(d, mask) }
        mask = 0
    }
}
