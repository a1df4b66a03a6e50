//
//  Store.swift
//
//  Seed 002, "Redux-like state container in SwiftUI" (Majid Jabrayilov, swiftwithmajid.com): its
//  store as published, in Samples/CombineSeeds. `binding(for:)` is compiled only where SwiftUI
//  exists, and Combine comes through OpenCombine's shim (Apple's Combine where it exists). Lines
//  marked `// StoreScope` record the store (docs/GUIDE.md, section 3).
//

#if canImport(SwiftUI)
import SwiftUI
#else
import Dispatch  // port: SwiftUI's import brings DispatchQueue on Apple platforms
#endif
import OpenCombineShim  // port: was import Combine
import StoreScope  // StoreScope

typealias Reducer<State, Action> = (inout State, Action) -> Void

final class Store<State: Sendable, Action: Sendable>: ObservableObject {  // StoreScope: Sendable
    typealias Effect = AnyPublisher<Action, Never>
    
    @Published private(set) var state: State

    private let reducer: Reducer<State, Action>
    private var cancellables: Set<AnyCancellable> = []
    private let recording: StoreRecorder<State, Action>  // StoreScope

    init(initialState: State, reducer: @escaping Reducer<State, Action>, recording: StoreRecorder<State, Action>) {
        self.state = initialState
        self.reducer = recording.reducer(reducer)  // StoreScope: was reducer
        self.recording = recording
    }

    func send(_ action: Action) {
        reducer(&state, action)
    }

    // StoreScope: begin Container effect
    func send(_ effect: Effect) {
        var cancellable: AnyCancellable?
        var didComplete = false

        cancellable = effect
            .receive(on: DispatchQueue.main)
            .recorded("effect", by: recording, startedBy: recording.lastSentSeq)  // StoreScope
            .sink(
                receiveCompletion: { [weak self] _ in
                    didComplete = true
                    if let effectCancellable = cancellable {
                        self?.cancellables.remove(effectCancellable)
                    }
                }, receiveValue: send)

        if !didComplete, let effectCancellable = cancellable {
            cancellables.insert(effectCancellable)
        }
    }
    // StoreScope: end Container effect
}

#if canImport(SwiftUI)
extension Store {
    func binding<Value>(
        for keyPath: KeyPath<State, Value>,
        _ action: @escaping (Value) -> Action
    ) -> Binding<Value> {
        Binding<Value>(
            get: { self.state[keyPath: keyPath] },
            set: { self.send(action($0)) }
        )
    }
}
#endif
