#!/usr/bin/env python3
"""Finds Swift syntax that a Swift 6.0 (or 6.1, 6.2) compiler rejects.

The Apple check type-checks with one compiler, this toolchain's; an older compiler rejects
newer syntax before it type-checks anything. This scanner lists, per line, each construct
newer than the compiler a file must build with (policy: Scripts/apple-platforms/lint.sh):

  6.1  a trailing comma in any list other than an array or dictionary literal (SE-0439):
       tuples, parameter and argument lists (attributes and macros included), string
       interpolations, subscripts (key paths included), closure capture lists, generic
       parameter lists; `nonisolated` on a type or an extension (SE-0449)
  6.2  `weak let` (SE-0481); an isolated conformance, `: @MainActor P` (SE-0470);
       `@concurrent`, `nonisolated(nonsending)` (SE-0461); `InlineArray`, `[N of T]` (SE-0453,
       SE-0483); `Span`, `RawSpan`, `MutableSpan`, `.span` (SE-0447); raw identifiers, a
       backtick name that is not a plain identifier (SE-0451); `isolated deinit` (SE-0371);
       `@abi(` (SE-0476); exit tests, `#expect(processExitsWith:)` (Swift Testing 6.2)
  6.3  `@section(`, `@used` (SE-0492); `#if objectFormat(` ; `@c` (SE-0495)

A construct inside the active branch of `#if compiler(>=X)` with X at least its version is
fine: an older compiler does not parse that branch. Comments and string literals are ignored.

Usage: syntax.py MAX FILE...   prints `file:line: <construct> needs Swift <v>` for every
construct newer than MAX (e.g. 6.0) that is not guarded; exit status 1 if any.
       syntax.py --self-test    plants each construct (and look-alikes that older compilers
                                accept) in a scratch file and checks what is reported; lint.sh
                                runs it first, so a rule that stops finding its construct fails.
"""
import os
import re
import sys

def version(text):
    major, minor = text.split(".")[:2]
    return (int(major), int(minor))

# (construct, Swift version, pattern); patterns run on code with comments and strings blanked.
RULES = [
    ("`nonisolated` on a type or extension", "6.1", re.compile(
        r"\bnonisolated\s+(?:(?:public|package|internal|fileprivate|private|open|final|indirect)\s+)*"
        r"(?:struct|class|enum|actor|protocol|extension)\b")),
    ("`weak let`", "6.2", re.compile(r"\bweak\s+let\b")),
    ("isolated conformance (`: @GlobalActor Protocol`)", "6.2", re.compile(
        r"\b(?:struct|class|enum|actor|extension)\s+[\w.]+(?:<[^{>]*>)?\s*:[^{;=]*?"
        r"@(?!unchecked\b|preconcurrency\b|retroactive\b|Sendable\b|escaping\b|autoclosure\b)\w+\s+[A-Za-z_(]")),
    ("`@concurrent`", "6.2", re.compile(r"@concurrent\b")),
    ("`nonisolated(nonsending)`", "6.2", re.compile(r"\bnonisolated\s*\(\s*nonsending\s*\)")),
    ("`InlineArray`", "6.2", re.compile(r"\bInlineArray\b|\[\s*\d+\s+of\s+")),
    ("`Span`", "6.2", re.compile(
        r"\bSpan\s*<|\b(?:Raw|Mutable|MutableRaw|Output|OutputRaw|UTF8)Span\b|\.(?:span|mutableSpan|rawSpan)\b")),
    ("`isolated deinit`", "6.2", re.compile(r"\bisolated\s+deinit\b")),
    ("`@abi`", "6.2", re.compile(r"@abi\s*\(")),
    ("exit test (`processExitsWith:`)", "6.2", re.compile(r"\bprocessExitsWith\s*:")),
    ("`@section`", "6.3", re.compile(r"@section\s*\(")),
    ("`@used`", "6.3", re.compile(r"@used\b")),
    ("`#if objectFormat(…)`", "6.3", re.compile(r"^\s*#(?:if|elseif)\b.*\bobjectFormat\s*\(", re.M)),
    ("`@c`", "6.3", re.compile(r"@c\b(?!\w)")),
]
RAW_IDENTIFIER = ("raw identifier (a backtick name that is not a plain identifier)", "6.2")
BACKTICK = re.compile(r"`([^`\n]*)`")
PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z|\$[0-9]+\Z")


def _string_end(text, i):
    """For the string literal opening at `i` (its `#`s or quote), returns (end, interpolations):
    the index past its closing delimiter and the (open, close) indices of the parentheses of
    each interpolation `\\(…)` (`\\#(…)` in a raw string) at its top level."""
    n = len(text)
    hashes = len(re.match(r"#*", text[i:]).group(0))
    start = i + hashes
    multi = text.startswith('"""', start)
    quote = '"""' if multi else '"'
    close = quote + "#" * hashes
    escape = "\\" + "#" * hashes
    j = start + len(quote)
    spans = []
    while j < n:
        if text.startswith(escape, j):
            k = j + len(escape)
            if k < n and text[k] == "(":
                end = _matching_paren(text, k)
                spans.append((k, end))
                j = end + 1
                continue
            j = k + 1
            continue
        if text.startswith(close, j):
            return j + len(close), spans
        if text[j] == "\n" and not multi:
            return j, spans
        j += 1
    return n, spans


def _matching_paren(text, k):
    """The index of the `)` that closes the `(` at `k`, skipping strings and comments."""
    depth, j, n = 0, k, len(text)
    while j < n:
        c = text[j]
        if text.startswith("//", j):
            j = text.find("\n", j)
            j = n if j < 0 else j
            continue
        if text.startswith("/*", j):
            end = text.find("*/", j + 2)
            j = n if end < 0 else end + 2
            continue
        if c == '"' or (c == "#" and re.match(r'#+"', text[j:])):
            j, _ = _string_end(text, j)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return n - 1


def blank(text):
    """Returns `text` with comments and string literals replaced by filler (newlines kept).

    A string literal keeps its quotes, and its text becomes `x`s, so `f(a, "b")` does not read
    as `f(a, )`. The code of an interpolation stays code (itself blanked), after a `\\`:
    `"n = \\(f(a, b,))"` reads `"xxxx\\(f(a, b,))"`, so the rules see inside interpolations too."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j): depth += 1; j += 2
                elif text.startswith("*/", j): depth -= 1; j += 2
                else: j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            j, spans = _string_end(text, i)
            if j - i < 2:
                out.append(text[i:j]); i = j
                continue
            piece, k = ['"'], i + 1
            for open_, close_ in spans:
                piece.append(re.sub(r"[^\n]", "x", text[k:open_ - 1]))
                piece.append("\\(" + blank(text[open_ + 1:close_]) + ")")
                k = close_ + 1
            piece.append(re.sub(r"[^\n]", "x", text[k:j - 1]))
            piece.append('"')
            out.append("".join(piece)); i = j
        else:
            out.append(c); i += 1
    return "".join(out)


def guards(code):
    """For each line (1-based), the highest `compiler(>=X)` version whose active branch holds it."""
    levels, stack = [None], []  # stack of (guard version or None) per #if block
    current = (0, 0)
    for line in code.split("\n"):
        stripped = line.strip()
        m = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if m:
            kind, condition = m.group(1), m.group(2)
            if kind == "if":
                g = re.match(r"\s*compiler\s*\(\s*>=\s*(\d+\.\d+)", condition)
                stack.append((current, version(g.group(1)) if g else None))
                if g: current = max(current, version(g.group(1)))
            elif kind in ("elseif", "else") and stack:
                outer, _ = stack[-1]
                current = outer  # the other branch of a compiler guard is the old compiler's
                g = re.match(r"\s*compiler\s*\(\s*>=\s*(\d+\.\d+)", condition) if kind == "elseif" else None
                stack[-1] = (outer, version(g.group(1)) if g else None)
                if g: current = max(current, version(g.group(1)))
            elif kind == "endif" and stack:
                current, _ = stack.pop()
        levels.append(current)
    return levels


# Trailing commas (SE-0439, Swift 6.1): allowed from 6.1 in every list between symmetric
# delimiters; before that, only in array and dictionary literals. The lists, by closing
# delimiter: `)` tuples and tuple patterns, parameter and argument lists (functions,
# initializers, enum associated values, macros, attributes), string interpolations; `]`
# subscripts (key-path subscripts included) and closure capture lists; `>` generic parameter
# lists (and argument lists). The lists without symmetric delimiters (conditions of
# `if`/`guard`/`while`, `where` clauses, inheritance, enum case and `switch` case lists) take
# no trailing comma in any version, so every compiler, this toolchain's included, rejects them.
TRAILING = "6.1"
CAPTURE_TAIL = re.compile(r"\s*(?:\([^()]*\)|[A-Za-z_][\w\s,]*?)?\s*(?:async\s*)?(?:throws(?:\([^()]*\))?\s*)?(?:->[^{}]*?)?\bin\b")


def trailing_commas(code):
    """Yields (offset, construct) for each trailing comma that needs Swift 6.1, in blanked code."""
    stack = []  # (delimiter, offset) of each open `(` and `[`
    for index, char in enumerate(code):
        if char in "([":
            stack.append((char, index))
        elif char in ")]":
            if not stack:
                continue
            opener, start = stack.pop()
            before = code[:index].rstrip()
            if not before.endswith(",") or len(before) - 1 <= start:
                continue
            comma = len(before) - 1
            if char == ")":
                if start > 0 and code[start - 1] == "\\":
                    yield comma, "trailing comma in a string interpolation"
                else:
                    yield comma, "trailing comma in a tuple, parameter or argument list"
                continue
            previous = code[start - 1] if start > 0 else ""
            ahead = code[:start].rstrip()
            if re.match(r"[\w)\]?!.]", previous):
                yield comma, "trailing comma in a subscript"
            elif ahead.endswith("{") and CAPTURE_TAIL.match(code, index + 1):
                yield comma, "trailing comma in a closure capture list"
            # Otherwise an array or dictionary literal: a trailing comma was always allowed.
    for match in re.finditer(r",(\s*)>(?![>=])", code):
        # Not an operator passed as an argument, `f(a, >)`.
        if re.match(r"\s*[),]", code[match.end():]):
            continue
        yield match.start(), "trailing comma in a generic parameter list"


def scan(path, maximum):
    text = open(path, encoding="utf-8", errors="replace").read()
    code = blank(text)
    level = guards(code)
    line_of = lambda offset: code.count("\n", 0, offset) + 1
    hits = []
    for name, needed, pattern in RULES:
        for match in pattern.finditer(code):
            row = line_of(match.start())
            need = version(needed)
            if need > maximum and level[row] < need:
                hits.append((row, name, needed))
    for offset, name in trailing_commas(code):
        row = line_of(offset)
        if version(TRAILING) > maximum and level[row] < version(TRAILING):
            hits.append((row, name, TRAILING))
    for match in BACKTICK.finditer(code):
        if not PLAIN.match(match.group(1)):
            row = line_of(match.start())
            need = version(RAW_IDENTIFIER[1])
            if need > maximum and level[row] < need:
                hits.append((row, RAW_IDENTIFIER[0], RAW_IDENTIFIER[1]))
    return [f"{path}:{row}: {name} needs Swift {needed}" for row, name, needed in sorted(set(hits))]

# What --self-test plants: (Swift source, the construct it must report, or None for code that
# Swift 6.0 accepts and that must not be reported). Each kind of list SE-0439 opened is here.
SELF_TESTS = [
    ("f(a, b,)", "trailing comma in a tuple, parameter or argument list"),
    ("f(\n    a,\n    b,\n)", "trailing comma in a tuple, parameter or argument list"),
    ("func f(a: Int, b: Int,) {}", "trailing comma in a tuple, parameter or argument list"),
    ("let t = (1, 2,)", "trailing comma in a tuple, parameter or argument list"),
    ("let (x, y,) = t", "trailing comma in a tuple, parameter or argument list"),
    ("enum E { case a(Int, String,) }", "trailing comma in a tuple, parameter or argument list"),
    ("@Test(\"name\", .timeLimit(.minutes(1)),)\nfunc f() {}", "trailing comma in a tuple, parameter or argument list"),
    ("#expect(a == b,)", "trailing comma in a tuple, parameter or argument list"),
    ("struct S { init(a: Int,) {} }", "trailing comma in a tuple, parameter or argument list"),
    ('let s = "n = \\(a, b,)"', "trailing comma in a string interpolation"),
    ('let s = "n = \\(f(a, b,))"', "trailing comma in a tuple, parameter or argument list"),
    ('let s = #"n = \\#(a,)"#', "trailing comma in a string interpolation"),
    ("let v = m[x, y,]", "trailing comma in a subscript"),
    ("let v = m[\n    x,\n]", "trailing comma in a subscript"),
    ("let k = \\Grid.cells[x, y,]", "trailing comma in a subscript"),
    ("f(\\.[x, y,])", "trailing comma in a subscript"),
    ("let v = a?[x,]", "trailing comma in a subscript"),
    ("let c = { [a, b,] in a + b }", "trailing comma in a closure capture list"),
    ("let c = { [weak self,] (x: Int) -> Int in x }", "trailing comma in a closure capture list"),
    ("let c = {\n    [\n        a,\n    ] in a\n}", "trailing comma in a closure capture list"),
    ("struct S<A, B,> {}", "trailing comma in a generic parameter list"),
    ("func f<A, B,>(a: A, b: B) {}", "trailing comma in a generic parameter list"),
    ("struct S<\n    A,\n    B,\n> {}", "trailing comma in a generic parameter list"),
    ("let d: Dictionary<String, Int,> = [:]", "trailing comma in a generic parameter list"),
    ("nonisolated struct S {}", "`nonisolated` on a type or extension"),
    ("final class C { weak let d: D? }", "`weak let`"),
    ("extension S: @MainActor P {}", "isolated conformance (`: @GlobalActor Protocol`)"),
    ("func `two words`() {}", "raw identifier (a backtick name that is not a plain identifier)"),
    ("@section(\"__DATA,x\") let x = 1", "`@section`"),
    # Swift 6.0 accepts these: nothing is reported.
    ("let a = [1, 2,]", None),
    ("let d = [\n    \"a\": 1,\n    \"b\": 2,\n]", None),
    ("f([1, 2,])", None),
    ("let c = { [1, 2,] }", None),
    ("let c = { [1, 2,].count }", None),
    ("let m = [[1, 2,], [3,],]", None),
    ('f(a, "b)")', None),
    ('let s = "a, )"', None),
    ('let s = "\\(a), \\(b)"', None),
    ("// f(a, b,)", None),
    ("/* m[x,] */", None),
    ("let s = values.sorted(by: >)", None),
    ("let r = zip(a, b).map(max)", None),
    ("if a < b, c > d {}", None),
    ("let c = { [weak self] in self?.f(a, b) }", None),
    ("#if compiler(>=6.1)\nf(a, b,)\n#endif", None),
]


def self_test():
    import tempfile
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        for number, (source, expected) in enumerate(SELF_TESTS):
            path = os.path.join(scratch, f"planted{number}.swift")
            with open(path, "w", encoding="utf-8") as file:
                file.write(source + "\n")
            found = [hit.split(": ", 1)[1].rsplit(" needs Swift", 1)[0] for hit in scan(path, (6, 0))]
            if expected is None and found:
                print(f"syntax.py self-test: reported {found} in code Swift 6.0 accepts: {source!r}")
                failures += 1
            elif expected is not None and expected not in found:
                print(f"syntax.py self-test: did not report {expected!r} in {source!r} (reported {found})")
                failures += 1
    if failures == 0:
        print(f"syntax.py self-test: {len(SELF_TESTS)} planted cases reported as expected")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    maximum = version(sys.argv[1])
    hits = []
    for path in sys.argv[2:]:
        hits += scan(path, maximum)
    for hit in hits:
        print(hit)
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
