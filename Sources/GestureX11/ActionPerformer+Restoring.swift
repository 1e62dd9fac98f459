import CXInput2
import GestureActions
import GestureCore

/// Placing a maximized or fullscreen window: the window manager is asked to restore it, and the
/// placement waits for it with the run loop (`nextDeadline`, `advance`), never inside it, so that
/// a window manager that is slow, or a client that keeps maximizing itself, holds up no input.
extension ActionPerformer {
    typealias Extents = (left: Int, right: Int, top: Int, bottom: Int)

    /// A window asked to be restored, and what is done with it once it is.
    struct Restore {
        enum Then {
            /// `window tile` or `window to-monitor`.
            case place(Action, ActionContext, Placing)
            /// `window move` or `window resize`: the last motion since it was taken, and whether
            /// the gesture has let go of it.
            case take(last: (edge: Action.Edge?, dx: Int, dy: Int)?, letGo: Bool)
        }

        let window: Window
        /// The maximized frame's extents: the restored frame's differ (openbox).
        let maximizedExtents: Extents
        var wait = RestoreWait()
        var then: Then

        init(window: Window, maximizedExtents: Extents, then: Then) {
            self.window = window
            self.maximizedExtents = maximizedExtents
            self.then = then
        }

        var isTake: Bool { if case .take = then { true } else { false } }
    }

    /// Asks the window manager to take the maximized and fullscreen states off `w`, so that it
    /// lets the window be placed; returns the frame's extents while maximized, or nil when the
    /// window had none of those states and can be placed at once.
    func unmaximize(_ w: Window) -> Extents? {
        let vert = ask.atom("_NET_WM_STATE_MAXIMIZED_VERT")
        let horz = ask.atom("_NET_WM_STATE_MAXIMIZED_HORZ")
        let full = ask.atom("_NET_WM_STATE_FULLSCREEN")
        let states = Set(ask.atoms(of: w, ask.atom("_NET_WM_STATE")))
        guard !states.isDisjoint(with: [vert, horz, full]) else { return nil }
        if states.contains(vert) || states.contains(horz) {
            send("_NET_WM_STATE", to: w, [0, Int(vert), Int(horz), ActionPerformer.source])
        }
        if states.contains(full) {
            send("_NET_WM_STATE", to: w, [0, Int(full), 0, ActionPerformer.source])
        }
        return frameExtents(of: w)
    }

    /// When the next window being restored is due a look.
    public var nextDeadline: Double? { restoring.map(\.wait.nextLook).min() }

    /// Looks at the windows being restored whose look is due: those restored are placed or
    /// taken, those not restored in `RestoreWait.limit` ms are given up.
    public func advance(to time: Double) -> [Waited] {
        var done: [Waited] = []
        var waiting: [Restore] = []
        let restoringStates: Set<Atom> = [
            ask.atom("_NET_WM_STATE_MAXIMIZED_VERT"), ask.atom("_NET_WM_STATE_MAXIMIZED_HORZ"),
            ask.atom("_NET_WM_STATE_FULLSCREEN"),
        ]
        for var r in restoring {
            guard r.wait.nextLook <= time else {
                waiting.append(r)
                continue
            }
            let (states, extents) = XErrors.windowsMayVanish {
                (
                    Set(ask.atoms(of: r.window, ask.atom("_NET_WM_STATE"))),
                    frameExtents(of: r.window)
                )
            }
            let name = "window 0x\(String(r.window, radix: 16))"
            switch r.wait.look(
                at: time, stateRestored: states.isDisjoint(with: restoringStates),
                extentsChanged: extents != r.maximizedExtents)
            {
            case .waiting:
                waiting.append(r)
            case .restored:
                switch r.then {
                case .place(let action, let c, let placement):
                    done.append(Waited((action, c), placeNow(r.window, placement)))
                case .take(let last, let letGo):
                    if let e = takeNow(r.window) {
                        done.append(Waited(nil, .failure(e)))
                        continue
                    }
                    if let last { follow(last.edge, last.dx, last.dy) }
                    if letGo { taken = nil }
                }
            case .givenUp:
                let why =
                    "\(name) was not restored within \(Int(RestoreWait.limit)) ms of asking the window manager (something maximizes it again): "
                switch r.then {
                case .place(let action, let c, _):
                    done.append(
                        Waited((action, c), .failure(ActionError(message: why + "not placed"))))
                case .take:
                    done.append(Waited(nil, .failure(ActionError(message: why + "not moved"))))
                }
            }
        }
        restoring = waiting
        x.flush()
        return done
    }
}
