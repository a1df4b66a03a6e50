//
//  Redux.swift
//
//  Seed 001, "How to make simple Redux for SwiftUI" (onmyway133, Issue #502): its store code as
//  published, in Samples/CombineSeeds. Combine comes through OpenCombine's shim (Apple's Combine
//  where it exists). Lines marked `// StoreScope` record the store (docs/GUIDE.md, section 2).
//

import OpenCombineShim  // port: was import Combine
import Foundation
import StoreScope  // StoreScope

public protocol Reducer {
    associatedtype State
    associatedtype Mutation
    func reduce(state: State, mutation: Mutation) -> State
}

public struct AnyReducer<State, Mutation> {
    public let reduce: (State, Mutation) -> State
    public init<R: Reducer>(reducer: R) where R.State == State, R.Mutation == Mutation {
        self.reduce = reducer.reduce
    }
}

public protocol Action {
    associatedtype Mutation
    func toMutation() -> AnyPublisher<Mutation, Never>
}

public final class Store<State: Sendable, Mutation: Sendable>: ObservableObject {  // StoreScope: Sendable
    @Published public private(set) var state: State
    public let reducer: AnyReducer<State, Mutation>
    public private(set) var cancellables = Set<AnyCancellable>()
    private let recording: StoreRecorder<State, Mutation>  // StoreScope

    public init(initialState: State, reducer: AnyReducer<State, Mutation>, recording: StoreRecorder<State, Mutation>) {
        self.state = initialState
        self.reducer = reducer
        self.recording = recording
    }

    public func send<A: Action>(action: A) where A.Mutation == Mutation {
        action
            .toMutation()
            .receive(on: DispatchQueue.main)
            .recorded("\(A.self)", by: recording, startedBy: nil)  // StoreScope
            .sink(receiveValue: update(mutation:))
            .store(in: &cancellables)
    }

    public func update(mutation: Mutation) {
        self.state = recording.reducer(reducer.reduce)(state, mutation)  // StoreScope: was reducer.reduce(state, mutation)
    }
}
