enum RecorderBenchmarks {
    static func run() {}
}
