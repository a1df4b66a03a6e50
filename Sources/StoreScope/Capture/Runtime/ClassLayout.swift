@_spi(Reflection) import Swift
import Foundation

/// The stored properties of a class whose instances cannot change once initialised, read
/// once per class; `nil` for every other class.
///
/// The recorder captures states on its own thread, after the store has moved on. A value
/// type's copy is the state as it was; a class instance is shared, and the app may be mutating
/// it right then. So only instances that cannot change are read: those whose stored
/// properties, their superclasses' included, are all strong `let`s (what the field
/// descriptors say, as the runtime's reflection reads them). Their fields may hold anything: a
/// mutable class among them is itself recorded by identity only. Every other class (a `var`,
/// a `weak` or `unowned` property, a noncopyable one such as a `Mutex` or an `Atomic`, an
/// `NSObject` subclass, whose Objective-C or Core Foundation parts the field descriptors do
/// not describe) is recorded as a reference: its type and its id, never its contents.
///
/// Such a class cannot form a cycle (a `let` is set before `self` can be handed out), so a
/// shared immutable instance is simply recorded in full wherever it occurs.
final class ClassLayout: @unchecked Sendable {
    // @unchecked: all `let`s; the fields hold pointers to immutable runtime metadata.
    /// The stored properties, the root class's first, at offsets from the instance's start.
    let fields: [StoredField]
    /// Which of them the redaction rule hides.
    let redaction: RedactedFields

    private init(fields: [StoredField]) {
        self.fields = fields
        redaction = RedactedFields(names: fields.map(\.name))
    }

    /// The layout of `type`, a class, when its instances cannot change; `nil` otherwise.
    static func make(for type: Any.Type) -> ClassLayout? {
        guard MetadataKind.of(type) == .class, let type = type as? AnyClass else { return nil }
        var ancestor: AnyClass? = type
        while let current = ancestor {
            if current == NSObject.self { return nil }
            ancestor = _getSuperclass(current)
        }
        var found: [(name: String, offset: Int, type: Any.Type)] = []
        for index in 0..<recursiveChildCount(type) {
            var metadata = FieldMetadata()
            let fieldType = recursiveChildMetadata(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeFunction?(metadata.name) }
            guard metadata.isStrong, !metadata.isVar, let name = metadata.name, !isNoncopyable(fieldType) else { return nil }
            found.append((String(cString: name), recursiveChildOffset(type, index: index), fieldType))
        }
        let recorded = ObservationStorage.recorded(found, name: \.name) { ($1, $0.offset, $0.type) }
        return ClassLayout(fields: recorded.map { StoredField(name: $0.name, offset: $0.offset, type: $0.type) })
    }

    /// Whether the type's value witnesses flag it noncopyable (`Mutex`, `Atomic`: state that
    /// changes behind a `let`).
    private static func isNoncopyable(_ type: Any.Type) -> Bool {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let word = MemoryLayout<UnsafeRawPointer>.size
        let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
        let isNonCopyable: UInt32 = 0x0080_0000
        return witnesses.load(fromByteOffset: 10 * word, as: UInt32.self) & isNonCopyable != 0
    }
}

/// What the runtime's reflection says about a stored property (layout of the runtime's
/// `FieldReflectionMetadata`).
private struct FieldMetadata {
    var name: UnsafePointer<CChar>?
    var freeFunction: NameFreeFunction?
    var isStrong = false
    var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func recursiveChildCount(_: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func recursiveChildMetadata(_: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldMetadata>) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func recursiveChildOffset(_: Any.Type, index: Int) -> Int
