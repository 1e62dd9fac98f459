import ArgumentParser
import Foundation

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the gesture daemon on the X display (the default command).")

    @OptionGroup var options: ConfigOption

    func run() throws {
        do { _ = try options.load() } catch let e as CLIError { CLIError.exit(e) }
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            CLIError.exit(CLIError("gestured: no X display: DISPLAY is not set. Run it inside an X11 session, or use `gestured replay` on a trace."))
        }
        CLIError.exit(CLIError("gestured: DISPLAY=\(display), but this build has no X11 listener yet; `gestured replay` and `gestured check` work without one."))
    }
}
