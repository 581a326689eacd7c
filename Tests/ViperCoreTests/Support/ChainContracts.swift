import Contracts

// A chain of three contracts: Top is adapted from Middle, Middle from Bottom; only Bottom is provided.
protocol ChainTop: AnyObject { var top: String { get } }
protocol ChainMiddle: AnyObject { var middle: String { get } }
protocol ChainBottom: AnyObject { var bottom: String { get } }
/// Adapted from each other: a cycle.
protocol ChainPing: AnyObject {}
protocol ChainPong: AnyObject {}
