import Foundation

// Foundation's common types, captured by what they mean. Reflected, most of them show their
// internals: Core Foundation objects with raw addresses (which leak into traces and differ
// between equal values), or derived fields such as a time zone's current offset (which change
// while the value does not).

extension TimeZone: _CapturedScalar {
    /// Its identifier (`Europe/Paris`).
    var _capturedScalar: TraceValue { .scalar(type: "TimeZone", text: identifier) }
}

extension Locale: _CapturedScalar {
    /// Its identifier (`fr_FR`).
    var _capturedScalar: TraceValue { .scalar(type: "Locale", text: identifier) }
}

extension Calendar: _CapturedScalar {
    /// Its identifier, locale, time zone and week rules.
    var _capturedScalar: TraceValue {
        .structure(type: "Calendar", fields: [
            .init("identifier", .scalar(type: "Calendar.Identifier", text: "\(identifier)")),
            .init("locale", locale.map { .some($0._capturedScalar) } ?? .none(type: "Locale")),
            .init("timeZone", timeZone._capturedScalar),
            .init("firstWeekday", .int(Int64(firstWeekday))),
            .init("minimumDaysInFirstWeek", .int(Int64(minimumDaysInFirstWeek))),
        ])
    }
}

extension IndexSet: _CapturedScalar {
    /// Its ranges (`0..<3, 5..<6`).
    var _capturedScalar: TraceValue {
        .scalar(type: "IndexSet", text: rangeView.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", "))
    }
}

extension IndexPath: _CapturedScalar {
    /// Its indexes, as an array.
    var _capturedScalar: TraceValue { .array(map { .int(Int64($0)) }) }
}

extension Measurement: _CapturedScalar {
    /// Its value and unit symbol (`3.0 m`).
    var _capturedScalar: TraceValue { .scalar(type: TypeNames.name(of: Self.self), text: "\(value) \(unit.symbol)") }
}

extension AttributedString: _CapturedScalar {
    /// Its text with its attribute runs, as `description` shows them.
    var _capturedScalar: TraceValue { .scalar(type: "AttributedString", text: description) }
}

extension CharacterSet: _CapturedScalar {
    /// The Unicode scalars it holds, as ranges (`U+0061-U+007A`); past 32 ranges, their count
    /// and a fingerprint of all of them, so two different sets never capture alike by chance.
    var _capturedScalar: TraceValue {
        let ranges = CharacterSetRanges(bitmap: bitmapRepresentation)
        return .scalar(type: "CharacterSet", text: ranges.text(showing: 32))
    }
}

/// The ranges of a `CharacterSet`'s bitmap representation: 8,192 bytes for the basic plane,
/// then for each other plane used, its number and 8,192 bytes; bit `i` of byte `j` is the
/// scalar `8 * j + i` of the plane.
private struct CharacterSetRanges {
    var ranges: [ClosedRange<UInt32>] = []
    var fingerprint: UInt64 = 0xCBF2_9CE4_8422_2325

    init(bitmap: Data) {
        let bytes = [UInt8](bitmap)
        let planeSize = 8192
        var offset = 0
        var plane: UInt32 = 0
        while offset + planeSize <= bytes.count {
            for index in 0..<planeSize where bytes[offset + index] != 0 {
                let byte = bytes[offset + index]
                for bit in 0..<8 where byte & (1 << bit) != 0 {
                    add(plane << 16 | UInt32(index * 8 + bit))
                }
            }
            offset += planeSize
            guard offset < bytes.count else { break }
            plane = UInt32(bytes[offset])
            offset += 1
        }
    }

    private mutating func add(_ scalar: UInt32) {
        fingerprint = (fingerprint ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3
        if let last = ranges.last, last.upperBound + 1 == scalar {
            ranges[ranges.count - 1] = last.lowerBound...scalar
        } else {
            ranges.append(scalar...scalar)
        }
    }

    func text(showing limit: Int) -> String {
        func code(_ scalar: UInt32) -> String {
            let hex = String(scalar, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        var parts = ranges.prefix(limit).map { $0.count == 1 ? code($0.lowerBound) : code($0.lowerBound) + "-" + code($0.upperBound) }
        if ranges.count > limit {
            parts.append("… \(ranges.count) ranges, fingerprint \(String(fingerprint, radix: 16))")
        }
        return parts.joined(separator: " ")
    }
}

// MARK: - Objective-C-style objects

/// The node of a Foundation object that may change (`NSMutableString`, ...): its identity
/// only, as for any class that can mutate (see ``ClassLayout``).
private func mutableObjectNode(_ object: AnyObject) -> TraceValue {
    .reference(type: TypeNames.name(of: type(of: object)), id: ObjectIdentities.id(of: object))
}

extension NSNumber: _CapturedScalar {
    /// The number: `.bool` for a Boolean, `.int`, `.uint` or `.double` by its stored type, a
    /// `Decimal` scalar for an `NSDecimalNumber`.
    var _capturedScalar: TraceValue {
        if let decimal = self as? NSDecimalNumber { return .scalar(type: "Decimal", text: decimal.decimalValue.description) }
        switch String(cString: objCType) {
        case "c" where TypeNames.name(of: type(of: self)).contains("Boolean"): return .bool(boolValue)
        case "c", "s", "i", "l", "q": return .int(int64Value)
        case "C", "S", "I", "L", "Q": return .uint(uint64Value)
        default: return .double(doubleValue)
        }
    }
}

extension NSString: _CapturedScalar {
    /// The string; an `NSMutableString` by its identity only.
    var _capturedScalar: TraceValue {
        if self is NSMutableString { return mutableObjectNode(self) }
        return .string(description)
    }
}

extension NSData: _CapturedScalar {
    /// The bytes; an `NSMutableData` by its identity only.
    var _capturedScalar: TraceValue {
        if self is NSMutableData { return mutableObjectNode(self) }
        return .data([UInt8](Data(referencing: self)))
    }
}

extension NSDate: _CapturedScalar {
    var _capturedScalar: TraceValue { .date(timeIntervalSince1970) }
}

extension NSURL: _CapturedScalar {
    var _capturedScalar: TraceValue {
        let text: String? = absoluteString  // optional on Darwin only
        return .scalar(type: "URL", text: text ?? "")
    }

    /// As `URL`'s: matching query and fragment items hidden.
    func _capturedScalar(redacting redaction: Redaction) -> TraceValue {
        let text: String? = absoluteString
        return .scalar(type: "URL", text: redaction.redactingURL(text ?? ""))
    }
}

extension NSUUID: _CapturedScalar {
    var _capturedScalar: TraceValue { .scalar(type: "UUID", text: uuidString) }
}

extension NSNull: _CapturedScalar {
    var _capturedScalar: TraceValue { .scalar(type: "NSNull", text: "null") }
}

extension NSArray: _CapturedCollection {
    /// The elements, as an array; an `NSMutableArray` by its identity only.
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue {
        if self is NSMutableArray { return mutableObjectNode(self) }
        return .array(capturer.captureList(count, elementType: "Any", depth: depth) { self[$0] })
    }
}

extension NSDictionary: _CapturedCollection {
    /// The entries, as a dictionary; an `NSMutableDictionary` by its identity only.
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue {
        if self is NSMutableDictionary { return mutableObjectNode(self) }
        return .dictionary(capturer.captureEntries(map { (key: $0.key as Any, value: $0.value) }, valueType: "Any", depth: depth))
    }
}

extension NSSet: _CapturedCollection {
    /// The elements, as a set; an `NSMutableSet` by its identity only.
    func _capture(with capturer: inout ValueCapturer, depth: Int) -> TraceValue {
        if self is NSMutableSet { return mutableObjectNode(self) }
        return .set(capturer.captureUnordered(allObjects, elementType: "Any", depth: depth))
    }
}
