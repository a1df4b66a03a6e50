import Foundation
import Testing
@testable import StoreScope

/// Control is on by default in a debug build and off in a release build (the suite runs as
/// both in CI), with `STORESCOPE_CONTROL` overriding it.
@Suite("Control's default by build")
struct ControlDefaultTests {
    @Test("debug builds allow control unless STORESCOPE_CONTROL=off; release builds only with STORESCOPE_CONTROL=on")
    func defaultByBuild() {
        let variable = ProcessInfo.processInfo.environment["STORESCOPE_CONTROL"]
        #if DEBUG
        #expect(ControlSettings.enabledByDefault == (variable != "off"))
        #else
        #expect(ControlSettings.enabledByDefault == (variable == "on"))
        #endif
        #expect(ControlSettings().isEnabled == ControlSettings.enabledByDefault)
        #expect(RecorderConfiguration(appName: "t").control.isEnabled == ControlSettings.enabledByDefault)
    }
}
