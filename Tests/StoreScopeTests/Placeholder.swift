import Testing
@testable import StoreScope
