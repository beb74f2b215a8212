#!/usr/bin/env python3
"""Finds Swift syntax that a Swift 6.0 (or 6.1, 6.2) compiler rejects.

The Apple check type-checks with one compiler, this toolchain's; an older compiler rejects
newer syntax before it type-checks anything. This scanner lists, per line, each construct
newer than the compiler a file must build with (policy: Scripts/apple-platforms/lint.sh):

  6.1  trailing comma in a parameter list, argument list or tuple (SE-0439);
       `nonisolated` on a type or an extension (SE-0449)
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
"""
import re
import sys

def version(text):
    major, minor = text.split(".")[:2]
    return (int(major), int(minor))

# (construct, Swift version, pattern); patterns run on code with comments and strings blanked.
RULES = [
    ("trailing comma before ')'", "6.1", re.compile(r",\s*\)")),
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


def blank(text):
    """Returns `text` with comments and string literals replaced by spaces (newlines kept)."""
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
            hashes = len(re.match(r'#*', text[i:]).group(0))
            start = i + hashes
            multi = text.startswith('"""', start)
            quote = '"""' if multi else '"'
            close = quote + "#" * hashes
            j = start + len(quote)
            depth_paren = 0
            # Skips to the closing quote; interpolations `\(…)` may nest strings: count parens.
            while j < n:
                if text[j] == "\\" and j + 1 < n:
                    if text[j + 1] == "(" and hashes == 0:
                        depth_paren += 1; j += 2; continue
                    j += 2; continue
                if depth_paren:
                    if text[j] == "(": depth_paren += 1
                    elif text[j] == ")": depth_paren -= 1
                    j += 1; continue
                if text.startswith(close, j):
                    j += len(close); break
                if text[j] == "\n" and not multi:
                    break
                j += 1
            # Kept as a string (quotes and filler), so `f(a, "b")` does not read as `f(a, )`.
            body = re.sub(r"[^\n]", "x", text[i + 1:j - 1]) if j - i >= 2 else ""
            out.append('"' + body + '"' if j - i >= 2 else text[i:j]); i = j
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
    for match in BACKTICK.finditer(code):
        if not PLAIN.match(match.group(1)):
            row = line_of(match.start())
            need = version(RAW_IDENTIFIER[1])
            if need > maximum and level[row] < need:
                hits.append((row, RAW_IDENTIFIER[0], RAW_IDENTIFIER[1]))
    return [f"{path}:{row}: {name} needs Swift {needed}" for row, name, needed in sorted(set(hits))]


def main():
    maximum = version(sys.argv[1])
    hits = []
    for path in sys.argv[2:]:
        hits += scan(path, maximum)
    for hit in hits:
        print(hit)
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
