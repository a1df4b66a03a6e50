/// FNV-1a 64 over the reflected names of a session's types, so traces of different app
/// versions can be told apart.
enum SchemaFingerprint {
    static func of(_ types: [Any.Type]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for type in types {
            for byte in String(reflecting: type).utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            hash ^= 0xFF
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
