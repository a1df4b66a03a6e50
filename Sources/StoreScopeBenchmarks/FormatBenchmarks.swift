enum FormatBenchmarks {
    static func run() {}
}
