import CXInput2
import GestureX11
import Testing
import X11TestSupport
import XServerSupport

/// Reading the class of the window under an event, on the test X server.
extension LiveTests {
    @Test func aWindowGoneBeforeItIsReadHasNoClassNorClientAndLogsNoError() throws {
        let x = try XConnection(name: server.displayName)
        let lines = xErrorsLogged {
            let gone = XCreateSimpleWindow(x.display, x.root, 0, 0, 10, 10, 0, 0, 0)
            XDestroyWindow(x.display, gone)
            x.sync()
            #expect(x.applicationClass(of: gone) == nil)
            #expect(x.clientWindow(gone) == nil)
            #expect(x.applicationClass(of: window.window) == "gestured-test")
            x.sync()
        }
        #expect(lines == [])
    }
}
