import Foundation
@testable import StoreScope
import TraceFormat

/// A class the differential tests declare mutable: the reference records it by identity only.
protocol MutableFixture: AnyObject {}

/// The capture rules written plainly with `Mirror`, as the reference that ``captureValue(_:options:)``
/// (layouts, in-place reads, typed collections) and keyframe-plus-patches must reproduce exactly.
///
/// Leaves use the same definitions as capture (`_CapturedScalar`, `TraceValueConvertible`):
/// they say what a value means, which is not what is being checked. Only default limits are
/// modelled (nothing is truncated), with the default redaction: by field name, by case name
/// for a whole payload, and by the first string of a pair of strings.
enum MirrorReferenceCapture {
    static func capture(_ value: Any) -> TraceValue {
        let mirror = Mirror(reflecting: value)
        let typeName = _typeName(type(of: value), qualified: false)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else {
                return .none(type: optionalWrappedName(typeName))
            }
            return .some(capture(wrapped))
        }
        if let scalar = value as? any _CapturedScalar { return scalar._capturedScalar(redacting: .default) }
        if let custom = value as? any TraceValueConvertible { return custom.traceValue }
        if type(of: value) is AnyClass {
            let object = value as AnyObject
            let id = ObjectIdentities.id(of: object)
            if object is any MutableFixture { return .reference(type: typeName, id: id) }
            return .object(type: typeName, id: id, fields: fields(classMirrorChain(mirror)))
        }
        switch mirror.displayStyle {
        case .collection?:
            return .array(mirror.children.map { capture($0.value) })
        case .set?:
            return .set(mirror.children.map { capture($0.value) }.sorted(by: TraceValue.canonicalOrder))
        case .dictionary?:
            let entries = mirror.children.map { child -> TraceValue.DictionaryEntry in
                let pair = Array(Mirror(reflecting: child.value).children)
                let key = capture(pair[0].value)
                let redacted: Bool = if case let .string(name) = key { Redaction.default.redacts(field: name) } else { false }
                return .init(key: key, value: redacted ? .redacted(type: _typeName(type(of: pair[1].value), qualified: false)) : capture(pair[1].value))
            }
            return .dictionary(entries.sorted { TraceValue.canonicalOrder($0.key, $1.key) })
        case .enum?:
            guard let child = mirror.children.first else {
                return .enumeration(type: typeName, caseName: String(describing: value), payload: [])
            }
            let payloadMirror = Mirror(reflecting: child.value)
            let caseName = child.label ?? ""
            let wholeCase = Redaction.default.redacts(field: caseName)
            let payload: [TraceValue.Field] = payloadMirror.displayStyle == .tuple
                ? payloadMirror.children.map { element in
                    let label = element.label ?? ""
                    return field(label.hasPrefix(".") ? "" : label, element.value, redacted: wholeCase)
                }
                : [field("", child.value, redacted: wholeCase)]
            return .enumeration(type: typeName, caseName: caseName, payload: payload)
        case .tuple?:
            let children = Array(mirror.children)
            let hidesSecond = children.count == 2 && children[1].value is String
                && (children[0].value as? String).map(Redaction.default.redacts(field:)) == true
            return .structure(type: "(tuple)", fields: children.enumerated().map { index, child in
                let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(index)
                return field(label, child.value, redacted: hidesSecond && index == 1)
            })
        default:
            return .structure(type: typeName, fields: fields(Array(mirror.children)))
        }
    }

    private static func field(_ name: String, _ value: Any, redacted: Bool = false) -> TraceValue.Field {
        if redacted || Redaction.default.redacts(field: name) { return .init(name, .redacted(type: _typeName(type(of: value), qualified: false))) }
        return .init(name, capture(value))
    }

    private static func fields(_ children: [Mirror.Child]) -> [TraceValue.Field] {
        children.map { field($0.label ?? "", $0.value) }
    }

    private static func classMirrorChain(_ mirror: Mirror) -> [Mirror.Child] {
        var chain = [mirror]
        while let parent = chain.last?.superclassMirror { chain.append(parent) }
        return chain.reversed().flatMap { Array($0.children) }
    }

    /// `Optional<Wrapped>` → `Wrapped`.
    private static func optionalWrappedName(_ name: String) -> String {
        guard name.hasPrefix("Optional<"), name.hasSuffix(">") else { return name }
        return String(name.dropFirst("Optional<".count).dropLast())
    }
}
