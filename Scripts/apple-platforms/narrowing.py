#!/usr/bin/env python3
"""Lists the integer arithmetic in SILGen output that breaks on a 32-bit `Int` (arm64_32).

The toolchain has no 32-bit Apple standard library (its interfaces are x86_64's, where `Int`
is 64 bits wide), so the 32-bit watch cannot be type-checked with a 32-bit `Int`. What can be
found on any target is every conversion whose range check depends on the width of `Int` or
`UInt`: `Int(x)` of an `Int64`, `UInt64` or `UInt32`, `UInt(x)` of an `Int64` or `UInt64`,
and `Int(x)` / `UInt(x)` of a `Double` or `Float`. Each compiles to a check that traps on
arm64_32 (watchOS) for values a 64-bit device accepts. Code must say what it means instead:
`Int(clamping:)`, `Int(truncatingIfNeeded:)`, `Int(exactly:)`, or a `Double` clamped to a range
that fits 32 bits, then converted through `Int32`.

Beyond conversions, it lists what gives a different value with a 32-bit `Int` without any
conversion at all:
- a shift of an `Int`/`UInt` by a literal of 32 or more (`1 << 53` is 0 on arm64_32; `&<<`
  masks the count to 5 bits; `x >> 32` is 0 or -1);
- an integer literal outside Int32's (UInt32's) range typed as `Int` (`UInt`): a 32-bit build
  rejects it, or it was meant to be `Int64`;
- `Int` multiplication by a literal of 1,000,000 or more: the scale of microseconds and
  nanoseconds (`seconds * 1_000_000_000` overflows a 32-bit `Int` after 2 s); such quantities
  are `Int64`/`UInt64`/`Duration`;
- an `Int`/`UInt` variable, parameter or stored property named for nanoseconds or
  microseconds (`nanos`, `nanoseconds`, `micros`, …): those values exceed 32 bits.

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

INT_TYPES = {"Int": (-(1 << 31), (1 << 31) - 1), "UInt": (0, (1 << 32) - 1)}
SHIFTS = {"<<", ">>", "&<<", "&>>", "<<=", ">>=", "&<<=", "&>>="}
MULTIPLIES = {"*", "*=", "&*", "&*="}
TIME_NAME = re.compile(r"(?i)(nanos|nanosecond|micros|microsecond)")


def main() -> int:
    path, root = sys.argv[1], sys.argv[2].rstrip("/") + "/"
    refs, names, raw, literal = {}, {}, {}, {}
    hits = set()
    files = set()
    pending = None
    comment = re.compile(r"^\s*// function_ref (.+)$")
    ref_line = re.compile(r"^\s*(%\d+) = function_ref @(\S+) ")
    witness_line = re.compile(r"^\s*(%\d+) = witness_method \$(\w+), #\w+\.\"([^\"]+)\"")
    literal_line = re.compile(r"^\s*(%\d+) = integer_literal \$Builtin\.IntLiteral, (-?\d+)")
    store_line = re.compile(r"^\s*store (%\d+) to (?:\[trivial\] )?(%\d+)")
    copy_line = re.compile(r"^\s*(%\d+) = (?:load \[trivial\]|load|copy_value|begin_borrow|move_value) (%\d+)")
    apply_line = re.compile(r"^\s*(?:(%\d+) = )?(?:apply|try_apply|begin_apply) (%\d+)(?:<([^>]*)>)?\(([^)]*)\)(.*)")
    located = re.compile(r"loc \"([^\"]+)\":(\d+):(\d+)")
    named = re.compile(r"^\s*(?:(%\d+) = )?(debug_value (%\d+)|alloc_stack(?: \[\w+\])* \$(\w+)|alloc_box(?: \[\w+\])* \$\{ var (\w+) \}).*name \"([^\"]+)\"")
    block_args = re.compile(r"(%\d+) : \$(\w+)")
    types = {}
    operator = re.compile(r"static (\w+)\.(\S+) infix")
    with open(path, encoding="utf-8", errors="replace") as sil:
        for line in sil:
            if line.startswith("sil "):
                refs, names, raw, literal, types = {}, {}, {}, {}, {}
                continue
            if re.match(r"^bb\d+\(", line):
                types.update(block_args.findall(line))
                continue
            match = comment.match(line)
            if match:
                pending = match.group(1)
                continue
            loc = located.search(line)
            where = None
            if loc and loc.group(1).startswith(root):
                files.add(loc.group(1))
                where = f"{loc.group(1)[len(root):]}:{loc.group(2)}:{loc.group(3)}"
            match = ref_line.match(line)
            if match:
                refs[match.group(1)] = match.group(2)
                names[match.group(1)] = pending or ""
                pending = None
                continue
            match = witness_line.match(line)
            if match:
                names[match.group(1)] = f"static {match.group(2)}.{match.group(3)} infix"
                continue
            match = literal_line.match(line)
            if match:
                raw[match.group(1)] = int(match.group(2))
                continue
            match = store_line.match(line)
            if match:
                if match.group(1) in literal:
                    literal[match.group(2)] = literal[match.group(1)]
                continue
            match = copy_line.match(line)
            if match:
                if match.group(2) in literal:
                    literal[match.group(1)] = literal[match.group(2)]
                continue
            match = named.match(line)
            if match and where and TIME_NAME.search(match.group(6)):
                kind = types.get(match.group(3)) if match.group(3) else (match.group(4) or match.group(5))
                if kind in INT_TYPES:
                    hits.add(f"{where}: {match.group(6)}: {kind} holding a time in ns/µs (needs 64 bits)")
            match = apply_line.match(line)
            if not match:
                continue
            result, callee, substitutions, arguments, rest = match.groups()
            args = [a.strip() for a in arguments.split(",") if a.strip()]
            symbol, name = refs.get(callee), names.get(callee, "")
            literal_init = re.match(r"(\w+)\.init\(_builtinIntegerLiteral:\)", name)
            if literal_init and args and args[0] in raw:
                value, kind = raw[args[0]], literal_init.group(1)
                if result:
                    literal[result] = value
                if kind in INT_TYPES and where:
                    low, high = INT_TYPES[kind]
                    if not low <= value <= high:
                        hits.add(f"{where}: {kind} literal {value} (outside {kind}32's range)")
                continue
            if not where:
                continue
            if symbol in FLOAT_INITS:
                hits.add(f"{where}: {FLOAT_INITS[symbol]}")
                continue
            if symbol in GENERIC_INITS and substitutions:
                pair = [t.strip() for t in substitutions.split(",")]
                if len(pair) == 2 and (pair[0], pair[1]) in WIDTH_DEPENDENT:
                    hits.add(f"{where}: {pair[0]}({pair[1]})")
                continue
            op = operator.search(name)
            if not op:
                continue
            kind, symbol_op = op.group(1), op.group(2)
            if kind not in INT_TYPES and substitutions:
                kind = substitutions.split(",")[0].strip()
            if kind not in INT_TYPES:
                continue
            indirect = "@out" in rest.split(":", 1)[-1]
            operands = args[1:3] if indirect else args[:2]
            if symbol_op in SHIFTS and len(operands) == 2 and operands[1] in literal and abs(literal[operands[1]]) >= 32:
                hits.add(f"{where}: {kind} {symbol_op} {literal[operands[1]]} (a shift of 32 or more on a 32-bit {kind})")
            elif symbol_op in MULTIPLIES and any(o in literal and abs(literal[o]) >= 1_000_000 for o in operands):
                factor = next(literal[o] for o in operands if o in literal and abs(literal[o]) >= 1_000_000)
                hits.add(f"{where}: {kind} {symbol_op} {factor} (µs/ns arithmetic overflows a 32-bit {kind}; use Int64)")
    # Stored properties (the SIL has no location for a declaration): the sources themselves.
    stored = re.compile(r"\b(?:let|var)\s+(\w+)\s*:\s*(U?Int)\b")
    for file in sorted(files):
        try:
            lines = open(file, encoding="utf-8", errors="replace").read().split("\n")
        except OSError:
            continue
        for number, text in enumerate(lines, 1):
            code = text.split("//", 1)[0]
            for match in stored.finditer(code):
                if TIME_NAME.search(match.group(1)):
                    hits.add(f"{file[len(root):]}:{number}:{match.start() + 1}: {match.group(1)}: {match.group(2)} holding a time in ns/µs (needs 64 bits)")
    for hit in sorted(hits):
        print(hit)
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
