import Testing

/// Settings and actions the loader refuses, each with where it is written.
@Suite struct SettingsErrorTests {
    @Test func aModeOtherThanGrabOrObserveIsAnErrorThatSaysWhere() {
        #expect(
            loadErrors("[settings]\ntouchscreen-mode = \"watch\"\n") == [
                #"config.toml:2:20: settings: touchscreen-mode "watch" is not one of grab, observe (settings.touchscreen-mode)"#
            ])
    }

    @Test func aCommitScaleOfOneIsRefusedWithItsPlace() {
        #expect(loadErrors("[settings]\ncommit-scale = 1\n").count == 1)
    }

    @Test func aStreamActionWithoutTheToucheggStreamIsAnErrorThatSaysWhere() {
        #expect(
            loadErrors("[[gesture]]\nname = \"s\"\ntype = \"pan\"\naction = \"stream\"\n")
                == [
                    "config.toml:4:10: gesture \"s\": action \"stream\" needs touchegg-stream = true in [settings] (gesture[0].action)"
                ])
    }

    @Test func streamStandsAlone() {
        #expect(
            loadErrors(
                "[settings]\ntouchegg-stream = true\n[[gesture]]\ntype = \"pan\"\naction = [\"stream\", \"show-desktop\"]\n"
            ).count == 1)
    }
}
