extension Duration {
    /// How long a test lets a recorder take to close (`Recorder.close(timeout:)`). Under the
    /// whole suite on two busy cores a recorder's worker can be starved for many seconds (one
    /// test of 11 actions took 89 s there); the tests assert that the worker finishes and what
    /// it wrote, not how fast. The library's own default (10 s) is for apps.
    public static let recorderCloseInTests = Duration.seconds(120)
}
