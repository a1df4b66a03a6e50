import Testing
import TraceFormat

@Suite("Control: the note that a store allows control")
struct ControlAllowedNoteTests {
    @Test("a note reads back from its own message, whatever the store's name; an info line only")
    func roundTrip() throws {
        let notes = [
            ControlAllowedNote(store: "inbox", commands: [.pause, .lock, .jump, .dispatch]),
            ControlAllowedNote(store: "main", commands: [.dispatch, .pause]),
            ControlAllowedNote(store: #"odd" allows jump"#, commands: [.jump]),
            ControlAllowedNote(store: "", commands: []),
        ]
        #expect(notes[0].message == #"control: store "inbox" allows pause/resume, lock/unlock, jump, dispatch"#)
        #expect(notes[1].message == #"control: store "main" allows pause/resume, dispatch"#)
        #expect(notes[3].message == #"control: store "" allows nothing"#)
        for note in notes {
            #expect(ControlAllowedNote(message: note.message) == note)
            guard case let .log(log) = note.record(at: 5, seq: 2) else {
                Issue.record("not a log record")
                continue
            }
            #expect(log.level == .info && log.seq == 2 && ControlAllowedNote(log) == note)
            #expect(ControlAllowedNote(LogRecord(level: .warning, message: note.message, monotonicNanos: 5, seq: 2)) == nil)
        }
    }

    @Test("lines that only look like a note are not one", arguments: [
        #"control: store "main" allows"#, #"control: store "main" allows "#, #"control: store "main" allows pause"#,
        #"control: store "main" allows dispatch, jump"#, #"control: store "main" allows jump, jump"#,
        #"control: store "main" allows jump,dispatch"#, #"control: store main allows jump"#, #"control: store ""#,
        #"app: control: store "main" allows jump"#,
    ])
    func lookalikes(message: String) {
        #expect(ControlAllowedNote(message: message) == nil)
    }
}
