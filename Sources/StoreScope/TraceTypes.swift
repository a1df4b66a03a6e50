public import TraceFormat

// `import StoreScope` shows what an app needs and nothing of the wire format: TraceFormat (the
// codec, chunks, records, the reader and the listener's decoders) is not re-exported. The few
// trace types an app names through StoreScope's own API are given their names here; a program
// that reads traces imports TraceFormat, or TraceAnalysis, itself.

/// A recorded value: what capture makes of a state or an action, and what a
/// ``TraceValueConvertible`` type gives for itself.
public typealias TraceValue = TraceFormat.TraceValue

/// One step of a path into a recorded value: a field, an index, a key (a replay's divergence
/// names the path it differs at).
public typealias PathComponent = TraceFormat.PathComponent

/// One change between two recorded values (``capturePatch(from:to:options:)``, a replay's
/// divergence).
public typealias PatchOperation = TraceFormat.PatchOperation

/// Where an action was sent or an effect was made: a file and a line.
public typealias SourceLocation = TraceFormat.SourceLocation

/// How an effect ended: finished, cancelled, or failed with a message.
public typealias EffectOutcome = TraceFormat.EffectEnded.Outcome

/// The level of a note written with ``Recorder/log(_:level:)``.
public typealias LogLevel = TraceFormat.LogRecord.Level

/// How the recorder cuts, compresses and flushes the trace (``RecorderConfiguration/chunking``).
public typealias ChunkingOptions = TraceFormat.TraceWriter.Options

/// An IP address and port, for the TCP sinks (``RecordingSink/tcp(_:pairing:)``).
public typealias TCPAddress = TraceFormat.TCPAddress

/// The secret a phone and a Mac share to pair a TCP session (``RecordingSink/tcp(_:pairing:)``).
public typealias PairingSecret = TraceFormat.PairingSecret

/// Why a trace could not be opened, written or read.
public typealias TraceError = TraceFormat.TraceError
