#!/usr/bin/env python3
"""Lists the integer conversions in SILGen output that trap on a 32-bit platform.

The toolchain has no 32-bit Apple standard library (its interfaces are x86_64's, where `Int`
is 64 bits wide), so the 32-bit watch cannot be type-checked with a 32-bit `Int`. What can be
found on any target is every conversion whose range check depends on the width of `Int` or
`UInt`: `Int(x)` of an `Int64`, `UInt64` or `UInt32`, `UInt(x)` of an `Int64` or `UInt64`,
and `Int(x)` / `UInt(x)` of a `Double` or `Float`. Each compiles to a check that traps on
arm64_32 (watchOS) for values a 64-bit device accepts. Code must say what it means instead:
`Int(clamping:)`, `Int(truncatingIfNeeded:)`, `Int(exactly:)`, or a `Double` clamped to a range
that fits 32 bits, then converted through `Int32`.

Usage: narrowing.py FILE.silgen ROOT  (prints `path:line:col: Int(Int64)` lines; exit 1 if any)
"""
import re
import sys

GENERIC_INITS = {
    "$sSZss17FixedWidthIntegerRzrlEyxqd__cSzRd__lufC",  # SignedInteger<>.init<A>(_:)
    "$sSUss17FixedWidthIntegerRzrlEyxqd__cSzRd__lufC",  # UnsignedInteger<>.init<A>(_:)
}
FLOAT_INITS = {
    "$sSiySiSdcfC": "Int(Double)",
    "$sSiySiSfcfC": "Int(Float)",
    "$sSuySuSdcfC": "UInt(Double)",
    "$sSuySuSfcfC": "UInt(Float)",
}
WIDTH_DEPENDENT = {
    ("Int", "Int64"), ("Int", "UInt64"), ("Int", "UInt32"),
    ("UInt", "Int64"), ("UInt", "UInt64"),
}

def main() -> int:
    path, root = sys.argv[1], sys.argv[2].rstrip("/") + "/"
    refs = {}
    hits = set()
    ref_line = re.compile(r"^\s*(%\d+) = function_ref @(\S+) ")
    apply_line = re.compile(r"=\s*(?:apply|try_apply|begin_apply) (%\d+)(?:<([^>]*)>)?\(.*loc \"([^\"]+)\":(\d+):(\d+)")
    with open(path, encoding="utf-8", errors="replace") as sil:
        for line in sil:
            if line.startswith("sil "):
                refs = {}
                continue
            match = ref_line.match(line)
            if match:
                refs[match.group(1)] = match.group(2)
                continue
            match = apply_line.search(line)
            if not match:
                continue
            symbol = refs.get(match.group(1))
            file, row, column = match.group(3), match.group(4), match.group(5)
            if not file.startswith(root):
                continue
            where = f"{file[len(root):]}:{row}:{column}"
            if symbol in FLOAT_INITS:
                hits.add(f"{where}: {FLOAT_INITS[symbol]}")
            elif symbol in GENERIC_INITS and match.group(2):
                types = [t.strip() for t in match.group(2).split(",")]
                if len(types) == 2 and (types[0], types[1]) in WIDTH_DEPENDENT:
                    hits.add(f"{where}: {types[0]}({types[1]})")
    for hit in sorted(hits):
        print(hit)
    return 1 if hits else 0

if __name__ == "__main__":
    sys.exit(main())
