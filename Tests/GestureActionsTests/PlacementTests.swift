import GestureActions
import Testing

/// `window tile` and `window to-monitor` as geometry: each monitor's own work area, the tiles,
/// and the second tile toward a monitor edge going on to the next monitor.
@Suite struct PlacementTests {
    typealias R = Placement.Rect
    static let left = R(x: 0, y: 0, width: 1024, height: 768)
    static let right = R(x: 1024, y: 0, width: 1024, height: 768)
    /// A 30 px panel along the top of the right monitor only.
    static let panel = Placement.Strut(
        [0, 0, 30, 0, 0, 0, 0, 0, 1024, 2047, 0, 0], screenWidth: 2048, screenHeight: 768)!

    func areas(_ monitors: [R], width: Int, height: Int, struts: [Placement.Strut]) -> [R] {
        monitors.map {
            Placement.workArea(of: $0, screenWidth: width, screenHeight: height, struts: struts)
        }
    }

    @Test func aPanelTakesItsStrutOffTheMonitorItIsOnOnly() {
        #expect(
            areas([Self.left, Self.right], width: 2048, height: 768, struts: [Self.panel])
                == [Self.left, R(x: 1024, y: 30, width: 1024, height: 738)])
    }

    @Test func onStackedMonitorsABottomPanelOnTheUpperOneLeavesTheLowerOneWhole() {
        let upper = R(x: 0, y: 0, width: 1920, height: 1080)
        let lower = R(x: 0, y: 1080, width: 1280, height: 1024)
        // A 40 px bottom panel on the upper monitor: 1024 + 40 from the screen's bottom edge.
        let strut = Placement.Strut(
            [0, 0, 0, 1064, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1919], screenWidth: 1920, screenHeight: 2104)!
        #expect(
            areas([upper, lower], width: 1920, height: 2104, struts: [strut])
                == [R(x: 0, y: 0, width: 1920, height: 1040), lower])
    }

    @Test func theOlderFourValueStrutSpansTheWholeEdge() {
        let strut = Placement.Strut([0, 0, 25, 0], screenWidth: 2048, screenHeight: 768)!
        #expect(
            areas([Self.left, Self.right], width: 2048, height: 768, struts: [strut]).map(\.y) == [
                25, 25,
            ])
    }

    @Test(arguments: [
        (Action.Tile.left, R(x: 1024, y: 30, width: 512, height: 738)),
        (.right, R(x: 1536, y: 30, width: 512, height: 738)),
        (.top, R(x: 1024, y: 30, width: 1024, height: 369)),
        (.bottom, R(x: 1024, y: 399, width: 1024, height: 369)),
        (.topLeft, R(x: 1024, y: 30, width: 512, height: 369)),
        (.bottomRight, R(x: 1536, y: 399, width: 512, height: 369)),
        (.center, R(x: 1195, y: 153, width: 682, height: 492)),
    ])
    func aTileTakesItsPartOfTheWorkAreaOfTheWindowsMonitor(tile: Action.Tile, expected: R) {
        let monitors = [Self.left, Self.right]
        let work = areas(monitors, width: 2048, height: 768, struts: [Self.panel])
        #expect(
            Placement.tiled(
                R(x: 1300, y: 200, width: 300, height: 200), tile, monitors: monitors,
                workAreas: work) == expected)
    }

    @Test func aSecondTileTowardAMonitorEdgeGoesToTheFacingSideOfTheNextMonitor() {
        let monitors = [Self.left, Self.right]
        let work = areas(monitors, width: 2048, height: 768, struts: [Self.panel])
        let leftOfRight = Placement.tiled(
            R(x: 1300, y: 200, width: 300, height: 200), .left, monitors: monitors, workAreas: work)
        #expect(
            Placement.tiled(leftOfRight, .left, monitors: monitors, workAreas: work)
                == R(x: 512, y: 0, width: 512, height: 768))
        // At the outer edge there is no monitor further: it stays.
        let leftOfLeft = R(x: 0, y: 0, width: 512, height: 768)
        #expect(
            Placement.tiled(leftOfLeft, .left, monitors: monitors, workAreas: work) == leftOfLeft)
    }

    @Test func toMonitorKeepsThePlaceInTheWorkAreaAndShrinksWhatDoesNotFit() {
        let monitors = [Self.left, Self.right]
        let work = areas(monitors, width: 2048, height: 768, struts: [Self.panel])
        #expect(
            Placement.moved(
                R(x: 100, y: 100, width: 300, height: 200), to: .next, monitors: monitors,
                workAreas: work)
                == R(x: 1124, y: 130, width: 300, height: 200))
        #expect(
            Placement.moved(
                R(x: 0, y: 0, width: 1024, height: 768), to: .number(2), monitors: monitors,
                workAreas: work)
                == R(x: 1024, y: 30, width: 1024, height: 738))
        #expect(
            Placement.moved(
                R(x: 1100, y: 100, width: 300, height: 200), to: .previous, monitors: monitors,
                workAreas: work)
                == R(x: 76, y: 70, width: 300, height: 200))
        #expect(
            Placement.moved(
                R(x: 100, y: 100, width: 300, height: 200), to: .number(1), monitors: monitors,
                workAreas: work) == nil)
        #expect(
            Placement.moved(
                R(x: 100, y: 100, width: 300, height: 200), to: .next, monitors: [Self.left],
                workAreas: [Self.left]) == nil)
    }
}

extension PlacementTests {
    /// `_NET_WM_STRUT_PARTIAL` read as the CARDINALs they are: up to 2^32 - 1.
    static let absurd = Placement.Strut(
        [Int](repeating: Int(UInt32.max), count: 12), screenWidth: 2048, screenHeight: 768)!

    @Test func aStrutOfTwoToTheThirtySecondIsKeptOnTheScreen() {
        let s = Self.absurd
        #expect([s.left, s.right, s.top, s.bottom] == [2048, 2048, 768, 768])
        #expect([s.leftStartY, s.leftEndY, s.topStartX, s.topEndX] == [767, 767, 2047, 2047])
    }

    @Test func aStrutThatWouldLeaveNothingIsNotHonouredAndTheOtherPanelsStillAre() {
        #expect(
            areas(
                [Self.left, Self.right], width: 2048, height: 768,
                struts: [Self.absurd, Self.panel])
                == [Self.left, R(x: 1024, y: 30, width: 1024, height: 738)])
        #expect(
            areas(
                [Self.left, Self.right], width: 2048, height: 768,
                struts: [Self.panel, Self.absurd])
                == [Self.left, R(x: 1024, y: 30, width: 1024, height: 738)])
    }
}
