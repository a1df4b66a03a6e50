import Testing
@testable import StoreScopeCLI
