"""A small ctypes binding of libIndexStore (the C API of clang/include/indexstore/indexstore.h).

Only what the availability gate reads: units (one per compiled file), the records they depend
on, and each record's occurrences with their symbols and relations. The library ships with the
toolchain (/opt/swift/usr/lib/libIndexStore.so); its header does not, so the declarations below
restate the few functions used, from the API as documented in the LLVM/Swift sources.
"""

import ctypes
import os

# indexstore_symbol_role_t (bit values of the C enum)
ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_READ = 1 << 3
ROLE_WRITE = 1 << 4
ROLE_CALL = 1 << 5
ROLE_DYNAMIC = 1 << 6
ROLE_ADDRESSOF = 1 << 7
ROLE_IMPLICIT = 1 << 8
REL_CHILDOF = 1 << 9
REL_BASEOF = 1 << 10
REL_OVERRIDEOF = 1 << 11
REL_RECEIVEDBY = 1 << 12
REL_CALLEDBY = 1 << 13
REL_EXTENDEDBY = 1 << 14
REL_ACCESSOROF = 1 << 15
REL_CONTAINEDBY = 1 << 16
REL_IBTYPEOF = 1 << 17
REL_SPECIALIZATIONOF = 1 << 18

ROLE_NAMES = {
    ROLE_DECLARATION: "decl", ROLE_DEFINITION: "def", ROLE_REFERENCE: "ref", ROLE_READ: "read",
    ROLE_WRITE: "write", ROLE_CALL: "call", ROLE_DYNAMIC: "dyn", ROLE_ADDRESSOF: "addr",
    ROLE_IMPLICIT: "implicit", REL_CHILDOF: "childOf", REL_BASEOF: "baseOf",
    REL_OVERRIDEOF: "overrideOf", REL_RECEIVEDBY: "receivedBy", REL_CALLEDBY: "calledBy",
    REL_EXTENDEDBY: "extendedBy", REL_ACCESSOROF: "accessorOf", REL_CONTAINEDBY: "containedBy",
    REL_IBTYPEOF: "ibTypeOf", REL_SPECIALIZATIONOF: "specializationOf",
}

# indexstore_symbol_kind_t
SYMBOL_KINDS = {
    0: "unknown", 1: "module", 2: "namespace", 3: "namespace-alias", 4: "macro", 5: "enum",
    6: "struct", 7: "class", 8: "protocol", 9: "extension", 10: "union", 11: "typealias",
    12: "function", 13: "variable", 14: "field", 15: "enum-constant", 16: "instance-method",
    17: "class-method", 18: "static-method", 19: "instance-property", 20: "class-property",
    21: "static-property", 22: "constructor", 23: "destructor", 24: "conversion-function",
    25: "parameter", 26: "using", 1000: "comment-tag",
}

# indexstore_unit_dependency_kind_t
DEPENDENCY_UNIT = 1
DEPENDENCY_RECORD = 2
DEPENDENCY_FILE = 3

DEFAULT_LIBRARY = "/opt/swift/usr/lib/libIndexStore.so"


def role_names(roles):
    return ",".join(name for bit, name in sorted(ROLE_NAMES.items()) if roles & bit)


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def text(self):
        if not self.data or not self.length:
            return ""
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace")


_p = ctypes.c_void_p
_UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, _p, StringRef)
_POINTER_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, _p, _p)


class IndexStoreError(Exception):
    pass


class Symbol:
    __slots__ = ("usr", "name", "kind", "language")

    def __init__(self, usr, name, kind, language):
        self.usr, self.name, self.kind, self.language = usr, name, kind, language


class Occurrence:
    """One occurrence of a symbol in a source file: roles, line, column, and its relations
    (a list of (roles, Symbol)), e.g. a reference `containedBy` the function it is in."""
    __slots__ = ("symbol", "roles", "line", "column", "relations")

    def __init__(self, symbol, roles, line, column, relations):
        self.symbol, self.roles, self.line, self.column, self.relations = symbol, roles, line, column, relations


class Unit:
    __slots__ = ("name", "main_file", "module_name", "is_system", "records", "target")

    def __init__(self, name, main_file, module_name, is_system, records, target):
        self.name, self.main_file, self.module_name = name, main_file, module_name
        self.is_system, self.records, self.target = is_system, records, target


class IndexStore:
    def __init__(self, store_path, library=DEFAULT_LIBRARY):
        self.lib = lib = ctypes.CDLL(library)
        self._declare(lib)
        err = _p()
        self.store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(err))
        if not self.store:
            raise IndexStoreError(self._error_text(err) or f"cannot open index store {store_path}")

    @staticmethod
    def _declare(lib):
        def fn(name, restype, *argtypes):
            f = getattr(lib, name)
            f.restype, f.argtypes = restype, list(argtypes)

        fn("indexstore_error_get_description", ctypes.c_char_p, _p)
        fn("indexstore_error_dispose", None, _p)
        fn("indexstore_store_create", _p, ctypes.c_char_p, ctypes.POINTER(_p))
        fn("indexstore_store_dispose", None, _p)
        fn("indexstore_store_units_apply_f", ctypes.c_bool, _p, ctypes.c_uint, _p, _UNIT_APPLIER)
        fn("indexstore_unit_reader_create", _p, _p, ctypes.c_char_p, ctypes.POINTER(_p))
        fn("indexstore_unit_reader_dispose", None, _p)
        fn("indexstore_unit_reader_get_main_file", StringRef, _p)
        fn("indexstore_unit_reader_get_module_name", StringRef, _p)
        fn("indexstore_unit_reader_get_target", StringRef, _p)
        fn("indexstore_unit_reader_is_system_unit", ctypes.c_bool, _p)
        fn("indexstore_unit_reader_dependencies_apply_f", ctypes.c_bool, _p, _p, _POINTER_APPLIER)
        fn("indexstore_unit_dependency_get_kind", ctypes.c_int, _p)
        fn("indexstore_unit_dependency_get_filepath", StringRef, _p)
        fn("indexstore_unit_dependency_get_name", StringRef, _p)
        fn("indexstore_record_reader_create", _p, _p, ctypes.c_char_p, ctypes.POINTER(_p))
        fn("indexstore_record_reader_dispose", None, _p)
        fn("indexstore_record_reader_occurrences_apply_f", ctypes.c_bool, _p, _p, _POINTER_APPLIER)
        fn("indexstore_occurrence_get_symbol", _p, _p)
        fn("indexstore_occurrence_get_roles", ctypes.c_uint64, _p)
        fn("indexstore_occurrence_get_line_col", None, _p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint))
        fn("indexstore_occurrence_relations_apply_f", ctypes.c_bool, _p, _p, _POINTER_APPLIER)
        fn("indexstore_symbol_relation_get_roles", ctypes.c_uint64, _p)
        fn("indexstore_symbol_relation_get_symbol", _p, _p)
        fn("indexstore_symbol_get_usr", StringRef, _p)
        fn("indexstore_symbol_get_name", StringRef, _p)
        fn("indexstore_symbol_get_kind", ctypes.c_int, _p)
        fn("indexstore_symbol_get_language", ctypes.c_int, _p)

    def _error_text(self, err):
        if not err.value:
            return None
        text = self.lib.indexstore_error_get_description(err)
        self.lib.indexstore_error_dispose(err)
        return text.decode("utf-8", "replace") if text else None

    def close(self):
        if self.store:
            self.lib.indexstore_store_dispose(self.store)
            self.store = None

    def unit_names(self):
        names = []

        def applier(_ctx, name):
            names.append(name.text())
            return True

        callback = _UNIT_APPLIER(applier)
        self.lib.indexstore_store_units_apply_f(self.store, 1, None, callback)
        return names

    def unit(self, unit_name):
        lib = self.lib
        err = _p()
        reader = lib.indexstore_unit_reader_create(self.store, unit_name.encode(), ctypes.byref(err))
        if not reader:
            raise IndexStoreError(self._error_text(err) or f"cannot read unit {unit_name}")
        try:
            records = []  # (record name, source file path)

            def applier(_ctx, dep):
                if lib.indexstore_unit_dependency_get_kind(dep) == DEPENDENCY_RECORD:
                    records.append((lib.indexstore_unit_dependency_get_name(dep).text(),
                                    lib.indexstore_unit_dependency_get_filepath(dep).text()))
                return True

            callback = _POINTER_APPLIER(applier)
            lib.indexstore_unit_reader_dependencies_apply_f(reader, None, callback)
            return Unit(unit_name,
                        lib.indexstore_unit_reader_get_main_file(reader).text(),
                        lib.indexstore_unit_reader_get_module_name(reader).text(),
                        bool(lib.indexstore_unit_reader_is_system_unit(reader)),
                        records,
                        lib.indexstore_unit_reader_get_target(reader).text())
        finally:
            lib.indexstore_unit_reader_dispose(reader)

    def _symbol(self, sym, cache):
        if sym in cache:
            return cache[sym]
        lib = self.lib
        result = Symbol(lib.indexstore_symbol_get_usr(sym).text(), lib.indexstore_symbol_get_name(sym).text(),
                        SYMBOL_KINDS.get(lib.indexstore_symbol_get_kind(sym), "unknown"),
                        lib.indexstore_symbol_get_language(sym))
        cache[sym] = result
        return result

    def occurrences(self, record_name):
        """Every occurrence in one record (one source file), in the record's order."""
        lib = self.lib
        err = _p()
        reader = lib.indexstore_record_reader_create(self.store, record_name.encode(), ctypes.byref(err))
        if not reader:
            raise IndexStoreError(self._error_text(err) or f"cannot read record {record_name}")
        cache = {}
        result = []
        try:
            current = []  # the relations of the occurrence being read (the calls are synchronous)

            def relation_applier(_ctx, rel):
                current.append((lib.indexstore_symbol_relation_get_roles(rel),
                                self._symbol(lib.indexstore_symbol_relation_get_symbol(rel), cache)))
                return True

            relation_callback = _POINTER_APPLIER(relation_applier)

            def occurrence_applier(_ctx, occ):
                line, column = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(column))
                current.clear()
                lib.indexstore_occurrence_relations_apply_f(occ, None, relation_callback)
                result.append(Occurrence(self._symbol(lib.indexstore_occurrence_get_symbol(occ), cache),
                                         lib.indexstore_occurrence_get_roles(occ), line.value, column.value,
                                         list(current)))
                return True

            occurrence_callback = _POINTER_APPLIER(occurrence_applier)
            lib.indexstore_record_reader_occurrences_apply_f(reader, None, occurrence_callback)
        finally:
            lib.indexstore_record_reader_dispose(reader)
        return result
