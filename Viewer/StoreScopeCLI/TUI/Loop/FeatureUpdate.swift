/// What a feature's reducer returns (``ViewerReducer``, "Features"): the effects it asks of
/// the world, for ``ViewerEffectRunner``, and what it asks of the viewer outside the feature
/// (`Delegate`: a line for the message line, a prompt to open, an action to select), which
/// the viewer routes, as TCA's delegate actions and Elm's out-messages do.
struct FeatureUpdate<Delegate: Sendable & Equatable>: Sendable, Equatable {
    var effects: [ViewerEffect] = []
    var delegates: [Delegate] = []

    /// Nothing asked: the feature changed its own state only, or nothing.
    static var none: FeatureUpdate { FeatureUpdate() }

    /// An update that asks the viewer for `delegates`, in order.
    static func tell(_ delegates: Delegate...) -> FeatureUpdate {
        FeatureUpdate(delegates: delegates)
    }
}

extension ViewerReducer {
    /// Takes in what a feature's reducer returned: asks for its effects, then hands each of its
    /// delegates to `route`, in order.
    func take<Delegate>(_ update: FeatureUpdate<Delegate>, routing route: (Delegate) -> Void) {
        for effect in update.effects { ask(effect) }
        for delegate in update.delegates { route(delegate) }
    }
}
