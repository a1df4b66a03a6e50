@_spi(Reflection) import Swift

// Known runtime SPI below the floors: must pass.
func fieldCount(of type: Any.Type) -> Int {
    var count = 0
    _ = _forEachField(of: type, options: []) { _, _, _, _ in count += 1; return true } // GUARDED(spi)
    return count
}

// A runtime entry point the gate's table does not know: reported ("add it to the table").
@_silgen_name("swift_fixtureUnknownEntryPoint") // PLANTED(spi)
func unknownEntryPoint() -> Int
