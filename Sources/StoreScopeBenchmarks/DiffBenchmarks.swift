enum DiffBenchmarks {
    static func run() {}
}
