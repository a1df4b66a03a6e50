import ComposableArchitecture
import StoreScopeTCA  // StoreScope: for .recordedCancellable

/// One standup: its attendees and, while it runs, its meeting, whose timer is an effect that
/// ending the meeting cancels.
@Reducer
public struct StandupFeature {
    @ObservableState
    public struct State: Equatable, Identifiable, Sendable {
        public let id: Int
        public var title: String
        public var attendees: IdentifiedArrayOf<Attendee> = []
        public var meeting: Meeting?

        public init(id: Int, title: String) {
            self.id = id
            self.title = title
        }
    }

    public struct Attendee: Equatable, Identifiable, Sendable, Codable {
        public var id: Int
        public var name: String

        public init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }

    public struct Meeting: Equatable, Sendable, Codable {
        public var secondsElapsed = 0
        public var speaker = 0

        public init(secondsElapsed: Int = 0, speaker: Int = 0) {
            self.secondsElapsed = secondsElapsed
            self.speaker = speaker
        }
    }

    public enum Action: Equatable, Sendable {
        case addAttendee(name: String)
        case startMeeting
        case tick
        case endMeeting
    }

    enum CancelID { case meeting }

    @Dependency(\.continuousClock) var clock

    public init() {}

    public var body: some ReducerOf<Self> {
        Reduce { state, action in
            switch action {
            case let .addAttendee(name):
                state.attendees.append(Attendee(id: state.attendees.count + 1, name: name))
                return .none
            // StoreScope: begin TCA cancellable effect
            case .startMeeting:
                state.meeting = Meeting()
                return .run { [clock] send in
                    for _ in 1...StandupFeature.ticksBeforeWaiting { await send(.tick) }
                    try await clock.sleep(for: .seconds(3600))  // until the meeting is ended
                }
                .recordedCancellable(id: CancelID.meeting)  // StoreScope: was .cancellable(id: CancelID.meeting)
            case .endMeeting:
                state.meeting = nil
                return .cancel(id: CancelID.meeting)
            // StoreScope: end TCA cancellable effect
            case .tick:
                guard var meeting = state.meeting else { return .none }
                meeting.secondsElapsed += 1
                meeting.speaker = meeting.secondsElapsed % max(state.attendees.count, 1)
                state.meeting = meeting
                return .none
            }
        }
    }

    /// The ticks the meeting timer sends at once before it waits (to be cancelled).
    public static let ticksBeforeWaiting = 3
}
