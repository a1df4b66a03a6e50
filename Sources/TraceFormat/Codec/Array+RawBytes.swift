extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for closures that throw ``TraceError`` (the standard library's is
    /// untyped `rethrows`).
    package func withRawBytes<R>(_ body: (UnsafeRawBufferPointer) throws(TraceError) -> R) throws(TraceError) -> R {
        let result: Result<R, TraceError> = withUnsafeBytes { raw in
            do throws(TraceError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
