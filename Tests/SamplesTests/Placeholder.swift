import Testing
@testable import StoreScopeSamples
