/// Random strings, for the tests that hold a fast path to the general one it stands in for.
extension SystemRandomNumberGenerator {
    /// Up to `maximumLength` characters drawn from `alphabet`.
    mutating func text(from alphabet: [Character], maximumLength: Int) -> String {
        String((0..<Int.random(in: 0...maximumLength, using: &self)).map { _ in alphabet.randomElement(using: &self)! })
    }
}

extension SystemRandomNumberGenerator {
    /// `fixed`, then `count` random strings of up to `maximumLength` characters from `alphabet`: the inputs on
    /// which a fast path is held to the general one.
    mutating func samples(_ fixed: [String], from alphabet: [Character], maximumLength: Int, count: Int = 2_000) -> [String] {
        fixed + (0..<count).map { _ in text(from: alphabet, maximumLength: maximumLength) }
    }
}
