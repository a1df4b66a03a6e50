/// Store names numbered 0, 1, 2, ... in the order they were first seen, so that what a
/// whole-session pass keeps per store can live in arrays.
///
/// A trace's records name one of a few stores, most often the same one as the record before:
/// the last name looked up is remembered, so most look-ups compare one string instead of
/// hashing it (`stats` looks a store up several times per action).
struct StoreNumbers: Sendable {
    /// The names, by number.
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]
    private var last: (name: String, number: Int)?

    /// The number of `name`, given the next one when it is new.
    ///
    /// - Returns: its number, and whether it was new.
    mutating func number(of name: String) -> (number: Int, isNew: Bool) {
        if let last, last.name == name { return (last.number, false) }
        if let known = numbers[name] {
            last = (name, known)
            return (known, false)
        }
        let number = names.count
        names.append(name)
        numbers[name] = number
        last = (name, number)
        return (number, true)
    }

    /// The number of `name`, or `nil` when it has none yet.
    mutating func existingNumber(of name: String) -> Int? {
        if let last, last.name == name { return last.number }
        guard let known = numbers[name] else { return nil }
        last = (name, known)
        return known
    }
}
