/// Random strings, for the tests that hold a fast path to the general one it stands in for.
extension SystemRandomNumberGenerator {
    /// Up to `maximumLength` characters drawn from `alphabet`.
    mutating func text(from alphabet: [Character], maximumLength: Int) -> String {
        String((0..<Int.random(in: 0...maximumLength, using: &self)).map { _ in alphabet.randomElement(using: &self)! })
    }
}
