@_exported import TraceFormat
