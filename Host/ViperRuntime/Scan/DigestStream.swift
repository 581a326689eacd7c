import CCrypto

/// SHA-256 of a sequence of fields, each fed with its length first so that no two
/// different field lists give the same stream ("ab","c" and "a","bc" differ). Used for
/// the key of the kept plugin graph and the checksum of its file.
final class DigestStream {
    private let context: OpaquePointer?
    private var failed = false

    init() {
        context = EVP_MD_CTX_new()
        if let context {
            failed = EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1
        } else {
            failed = true
        }
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds one field: its byte count, then its bytes.
    func add(_ bytes: UnsafeRawBufferPointer) {
        var count = UInt64(bytes.count).littleEndian
        withUnsafeBytes(of: &count) { feed($0) }
        feed(bytes)
    }

    func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    func add(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { add($0) }
    }

    func add(_ number: Int64) {
        var value = number.littleEndian
        withUnsafeBytes(of: &value) { add($0) }
    }

    private func feed(_ piece: UnsafeRawBufferPointer) {
        guard !failed, !piece.isEmpty, let context else { return }
        failed = EVP_DigestUpdate(context, piece.baseAddress, piece.count) != 1
    }

    /// The digest as lower-case hex, or nil when libcrypto failed (then nothing is reused).
    func finish() -> String? {
        guard !failed, let context else { return nil }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &output, &length) == 1, length == 32 else { return nil }
        failed = true  // a context gives one digest
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in output.prefix(32) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
