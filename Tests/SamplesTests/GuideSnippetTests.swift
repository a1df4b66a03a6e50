import Foundation
import Testing

/// docs/GUIDE.md's and the DocC articles' integration snippets are copied from the samples, so
/// they cannot drift: each block after `<!-- sample PATH "REGION" -->` is the region of PATH
/// between `// StoreScope: begin REGION` and `// StoreScope: end REGION` (indentation removed),
/// and each block after `<!-- sample-lines PATH -->` is PATH's lines marked `// StoreScope`,
/// trimmed. (DocC drops the HTML comments from the rendered articles.)
@Suite("The guide's snippets are the samples' code")
struct GuideSnippetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// A snippet the guide shows, and where it says it comes from.
    struct Snippet: CustomStringConvertible {
        var path: String
        var region: String?
        var shown: String
        var description: String { region.map { "\(path) \"\($0)\"" } ?? path }
    }

    /// The libraries' DocC articles (StoreScope's and StoreScopeTCA's catalogues), relative to
    /// the root.
    static func articles() throws -> [String] {
        try ["Sources/StoreScope/StoreScope.docc", "Sources/StoreScopeTCA/StoreScopeTCA.docc"].flatMap { catalogue in
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalogue).path)
                .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalogue)/\($0)" }
        }
    }

    /// The sample snippets of `document` (a path relative to the root).
    static func snippets(in document: String = "docs/GUIDE.md") throws -> [Snippet] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var snippets: [Snippet] = []
        for part in text.components(separatedBy: "<!-- sample").dropFirst() {
            let header = try #require(part.components(separatedBy: " -->").first)
            let body = try #require(part.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
            if header.hasPrefix("-lines ") {
                snippets.append(Snippet(path: String(header.dropFirst("-lines ".count)), region: nil, shown: body))
            } else {
                let words = header.trimmingCharacters(in: .whitespaces)
                let path = try #require(words.split(separator: " ").first.map(String.init))
                let region = words.dropFirst(path.count).trimmingCharacters(in: CharacterSet(charactersIn: " \""))
                snippets.append(Snippet(path: path, region: region, shown: body))
            }
        }
        return snippets
    }

    /// The lines of `text` between the region's begin and end markers, with their common
    /// indentation removed.
    static func region(_ name: String, of text: String) throws -> String {
        let lines = text.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// StoreScope: begin \(name)" })
        let end = try #require(lines[begin...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "// StoreScope: end \(name)" })
        let body = lines[(begin + 1)..<end]
        let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return body.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n") + "\n"
    }

    @Test("Every sample snippet in the guide is its sample's marked region or marked lines, character for character")
    func snippetsMatchTheSamples() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 15)
        try Self.expectSamplesHold(snippets)
    }

    @Test("Every sample snippet in the DocC articles is its sample's marked region or marked lines")
    func articleSnippetsMatchTheSamples() throws {
        let snippets = try Self.articles().flatMap { try Self.snippets(in: $0) }
        #expect(snippets.count >= 20)
        try Self.expectSamplesHold(snippets)
    }

    static func expectSamplesHold(_ snippets: [Snippet]) throws {
        for snippet in snippets {
            let source = try String(contentsOf: root.appendingPathComponent(snippet.path), encoding: .utf8)
            if let region = snippet.region {
                #expect(snippet.shown == (try Self.region(region, of: source)), "\(snippet)")
            } else {
                let marked = source.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { $0.hasSuffix("// StoreScope") || $0.contains("  // StoreScope:") }
                #expect(snippet.shown == marked.joined(separator: "\n") + "\n", "\(snippet)")
            }
        }
    }

    @Test("Each real-library sample and each Combine seed has its Package.swift lines and its store region in the guide")
    func everyLibraryIsShown() throws {
        let shown = Set(try Self.snippets().map(\.description))
        #expect(shown.contains("Samples/ReSwiftCart/Package.swift"))
        #expect(shown.contains("Samples/ReSwiftCart/Sources/ReSwiftCart/CartApp.swift \"ReSwift\""))
        #expect(shown.contains("Samples/ReSwiftCart/Sources/ReSwiftCart/CartApp.swift \"ReSwift thunk\""))
        #expect(shown.contains("Samples/OneWayCounter/Package.swift"))
        #expect(shown.contains("Samples/UnidirectionalFlowSearch/Package.swift"))
        #expect(shown.contains("Samples/UnidirectionalFlowSearch/Sources/UnidirectionalFlowSearch/SearchApp.swift \"swift-unidirectional-flow store\""))
        #expect(shown.contains("Samples/UnidirectionalFlowSearch/Sources/UnidirectionalFlowSearch/Recording.swift \"swift-unidirectional-flow helpers\""))
        #expect(shown.contains("Samples/OneWayCounter/Sources/OneWayCounter/CounterApp.swift \"OneWay store\""))
        #expect(shown.contains("Samples/OneWayCounter/Sources/OneWayCounter/CounterReducer.swift \"OneWay reducer\""))
        #expect(shown.contains("Samples/TCAStandups/Package.swift"))
        #expect(shown.contains("Samples/TCAStandups/Sources/TCAStandups/StandupsApp.swift \"TCA imports\""))
        #expect(shown.contains("Samples/TCAStandups/Sources/TCAStandups/StandupsApp.swift \"TCA store\""))
        #expect(shown.contains("Samples/TCAStandups/Sources/TCAStandups/StandupFeature.swift \"TCA cancellable effect\""))
        // The Combine seeds (sections 1-4): each store's lines, and where it is made.
        #expect(shown.contains("Samples/CombineSeeds/Package.swift"))
        for (store, app, region) in [
            ("ElmSeed/Store.swift", "ElmSeed/CounterApp.swift", "Elm store"),
            ("ReduxSeed/Redux.swift", "ReduxSeed/OnboardingApp.swift", "Redux store"),
            ("ContainerSeed/Store.swift", "ContainerSeed/UsersApp.swift", "Container store"),
            ("ReduxUISeed/ReduxUI.swift", "ReduxUISeed/FetchUsersApp.swift", "ReduxUI store"),
        ] {
            #expect(shown.contains("Samples/CombineSeeds/Sources/\(store)"))
            #expect(shown.contains("Samples/CombineSeeds/Sources/\(app) \"\(region)\""))
        }
        #expect(shown.contains("Samples/CombineSeeds/Sources/ContainerSeed/Store.swift \"Container effect\""))
    }
}
