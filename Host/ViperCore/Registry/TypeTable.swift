/// A read-only table from a contract's type identity to its unnamed registration: what a
/// snapshot probes for the common resolve (no name). Open addressing with linear probing,
/// at most half full; a probe is a multiply, a shift and a comparison of two words, where a
/// dictionary of ``RegistryKey`` hashes the key and compares its optional name too, several
/// times the work.
package struct TypeTable<Value: AnyObject> {
    private struct Slot {
        var type: UInt = 0  // 0: empty (no type's identity is the null pointer)
        var value: Value?
    }

    private var slots: ContiguousArray<Slot>
    private let shift: Int

    /// A table of `entries`, whose types are distinct.
    package init(_ entries: [(type: ObjectIdentifier, value: Value)]) {
        var bits = 1
        while 1 << bits < entries.count * 2 { bits += 1 }
        shift = UInt.bitWidth - bits
        slots = ContiguousArray(repeating: Slot(), count: 1 << bits)
        for entry in entries {
            let type = UInt(bitPattern: entry.type)
            var index = Self.start(type, shift)
            while slots[index].type != 0 { index = (index + 1) & (slots.count - 1) }
            slots[index] = Slot(type: type, value: entry.value)
        }
    }

    @inline(__always)
    private static func start(_ type: UInt, _ shift: Int) -> Int {
        // A masking shift: `shift` is below the word's width, so `>>`'s check for a larger one
        // (and its answer 0) would never be taken.
        Int(truncatingIfNeeded: (type &* 0x9E37_79B9_7F4A_7C15) &>> UInt(shift))
    }

    /// The value registered for `type`, or nil.
    @inline(__always)
    package func find(_ type: ObjectIdentifier) -> Value? {
        findUnretained(type)?.takeUnretainedValue()
    }

    /// ``find(_:)`` without a retain: the value lives as long as this table.
    @inline(__always)
    package func findUnretained(_ type: ObjectIdentifier) -> Unmanaged<Value>? {
        let wanted = UInt(bitPattern: type)
        return slots.withUnsafeBufferPointer { slots in
            var index = Self.start(wanted, shift)
            while true {
                let found = slots[index].type
                if found == wanted { return slots[index].value.map { Unmanaged.passUnretained($0) } }
                if found == 0 { return nil }
                index = (index &+ 1) & (slots.count - 1)
            }
        }
    }
}
