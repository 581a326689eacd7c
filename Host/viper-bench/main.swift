import Foundation
import ViperBench

// viper-bench: start-up, memory, registry and shell benchmarks. Build in release first:
//   swift build -c release && .build/release/viper-bench
exit(BenchmarkSuite.main(arguments: Array(CommandLine.arguments.dropFirst())))
