import CFixture

// FixtureApp imports a C module: its symbol graph can be extracted only with that module's map.
func fixtureCValue() -> Int32 {
    cfixture_value()
}
