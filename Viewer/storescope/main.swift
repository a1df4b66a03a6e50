import StoreScopeCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

LargeBlockReuse.enable()
exit(StoreScopeCLI.run(Array(CommandLine.arguments.dropFirst())))
