import Testing
@testable import TraceAnalysis
