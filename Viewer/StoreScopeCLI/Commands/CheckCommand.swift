import TraceAnalysis

/// `storescope check FILE`: verifies every chunk of a trace and reports what is readable.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Verify a trace file: chunks, records, keyframes, gaps, torn tail and index.",
        arguments: [.init(name: "FILE", help: "The trace file to check.")],
        options: [.flag("json", help: "Print the report as one JSON object.")],
        discussion: """
            Every chunk is decoded and compared with what its header and the footer index claim
            (seq and time ranges, keyframe and dropped flags); the records are checked against
            each other (seqs unique and increasing, effects ending after they start and once,
            one 'session ended'). Each disagreement is damage, listed with where it is.

            Damage is a gap, a torn tail, a missing footer index, a header misstating its chunk
            or records breaking the format's rules. Values cut by capture limits are reported as
            a warning (how many, and the first record holding one) but do not change the status:
            the trace itself is intact.

            \(ExitStatus.discussion)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.positionals[0]
        guard let reader = console.openTrace(path) else { return ExitStatus.unreadable }
        var counts = RecordCounts()
        var stores = SessionStores(header: reader.header)
        var consistency = RecordConsistency()
        var badChunks = 0
        for chunk in reader.chunks {
            // Decoding a chunk whole compares it with its header (reader.headerMismatches).
            guard let records = try? reader.records(in: chunk) else {
                badChunks += 1
                continue
            }
            for record in records {
                counts.count(record)
                stores.note(record)
                consistency.add(record, in: chunk)
            }
        }
        let readableChunks = reader.chunks.count - badChunks
        let mismatches = reader.headerMismatches
        let clean = reader.gaps.isEmpty && reader.tornTail == nil && reader.indexSource == .footer
            && mismatches.isEmpty && consistency.count == 0
        let status: String
        if clean {
            // Intact as a file; whether the app ended its session is another question, which
            // `effects --running` answers too (issue 39, item 9: a SIGKILLed app's file was
            // just "clean").
            status = counts.sessionEnded ? "clean" : "clean, but the session did not end"
        } else if readableChunks == 0 && reader.chunks.count + reader.gaps.count > 0 {
            status = "damaged: no readable chunk"
        } else {
            status = "damaged but readable"
        }
        if arguments.has("json") {
            var json = JSONWriter()
            json.beginObject()
            json.field("file", path)
            json.field("status", clean ? "clean" : "damaged")
            json.field("formatVersion", reader.formatVersion)
            json.field("session", reader.header.sessionIDString)
            json.field("app", reader.header.appName)
            json.key("sessionEnded")
            json.bool(counts.sessionEnded)
            if let main = stores.main { json.field("store", main) }
            json.key("stores")
            json.beginArray()
            for name in stores.mainFirst { json.string(name) }
            json.endArray()
            json.field("index", reader.indexSource == .footer ? "footer" : "rebuilt")
            json.field("chunks", UInt64(reader.chunks.count))
            json.field("readableChunks", UInt64(readableChunks))
            counts.writeJSON(to: &json)
            json.field("truncatedValues", UInt64(counts.truncatedValues))
            if let first = counts.firstTruncated {
                json.field("firstTruncated", first.kind)
                json.field("firstTruncatedSeq", first.seq)
            }
            json.key("gaps")
            json.beginArray()
            for gap in reader.gaps {
                json.beginObject()
                json.field("start", gap.start)
                json.field("end", gap.end)
                json.field("reason", gap.reason)
                json.endObject()
            }
            json.endArray()
            json.key("misstatedHeaders")
            json.beginArray()
            for mismatch in mismatches {
                json.beginObject()
                json.field("start", mismatch.offset)
                json.field("end", mismatch.endOffset)
                json.key("problems")
                json.beginArray()
                for problem in mismatch.problems { json.string(problem) }
                json.endArray()
                json.endObject()
            }
            json.endArray()
            json.field("inconsistencies", UInt64(consistency.count))
            json.key("firstInconsistencies")
            json.beginArray()
            for problem in consistency.problems {
                json.beginObject()
                json.field("start", problem.chunkStart)
                json.field("end", problem.chunkEnd)
                json.field("problem", problem.message)
                json.endObject()
            }
            json.endArray()
            if let torn = reader.tornTail {
                json.key("tornTail")
                json.beginObject()
                json.field("start", torn.start)
                json.field("end", torn.end)
                json.endObject()
            }
            json.endObject()
            console.line(json.text)
        } else {
            let header = reader.header
            console.line("file:      \(path.sanitizedForTerminal) (\(reader.fileSize) bytes)")
            console.line("session:   \(header.sessionIDString), app \"\(header.appName.sanitizedForTerminal)\", \(stores.summary.sanitizedForTerminal)")
            console.line("format:    \(reader.formatVersion)")
            switch reader.indexSource {
            case .footer: console.line("index:     footer")
            case let .rebuilt(reason): console.line("index:     rebuilt by scanning: \(reason.sanitizedForTerminal)")
            }
            console.line("chunks:    \(reader.chunks.count) (\(readableChunks) readable)")
            console.line("records:   \(counts.total) (\(counted(counts.actions, "action"))\(counts.seqRangeText), \(counted(counts.patches, "patch", plural: "patches")), \(counted(counts.keyframes, "keyframe")), \(counted(counts.effects, "effect event")), \(counted(counts.logs, "log")))")
            if counts.dropped > 0 { console.line("dropped:   \(counted(Int(clamping: counts.dropped), "action")) lost by the recorder") }
            if counts.statesNotRecorded > 0 {
                console.line("states:    not recorded after \(counted(counts.statesNotRecorded, "action")) (the recorder coalesced them)")
            }
            if let text = counts.truncationText {
                console.line("truncated: \(text) (warning: the trace is intact, but those values are incomplete)")
            }
            console.line("gaps:      \(reader.gaps.count)")
            for gap in reader.gaps { console.line("  \(gap.description.sanitizedForTerminal)") }
            if !mismatches.isEmpty {
                console.line("headers:   \(mismatches.count) misstating their chunk's records (the records are used as they are)")
                for mismatch in mismatches { console.line("  \(mismatch.description.sanitizedForTerminal)") }
            }
            if consistency.count > 0 {
                console.line("records:   \(consistency.count) breaking the format's rules")
                for problem in consistency.problems { console.line("  \(problem.description.sanitizedForTerminal)") }
                if consistency.count > consistency.problems.count {
                    console.line("  (\(consistency.count - consistency.problems.count) more not listed)")
                }
            }
            if let torn = reader.tornTail {
                console.line("torn tail: \(TraceGap.bytes(from: torn.start, to: torn.end)) (\(torn.end - torn.start) bytes): an incomplete last chunk (the session was cut off)")
            }
            if clean, !counts.sessionEnded {
                // Damage says so already (a torn tail: "the session was cut off").
                console.line("ended:     no 'session ended' record: the app was killed, lost its listener, or is still recording")
            }
            console.line("status:    \(status)")
        }
        return ExitStatus.of(traceIntact: clean, answered: true)
    }
}
