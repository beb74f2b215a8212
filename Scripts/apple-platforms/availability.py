#!/usr/bin/env python3
"""Checks that the stand-ins carry Apple's availability, as recorded in availability.tsv.

The stand-ins (Scripts/apple-platforms/stand-ins/*.swift) are the only place where the Apple
check learns when an SDK declaration appeared: a declaration without Apple's `@available` lets
a too-new API pass. availability.tsv is the reviewed table, one row per declaration:

  declaration   Module.Type.member(labels:), as declared in the stand-in
  used in       the package's targets (and client files) that name it
  Apple         Apple's availability, as its documentation lists it (`macOS 10.10, iOS 8.0,
                tvOS 9.0, watchOS 2.0`; `—` where Apple's headers carry none, as for POSIX
                functions); visionOS is not listed where it follows iOS
  stand-in      the stand-in's `@available`, in the same form
  source        where the Apple column comes from

The check fails when
  - a row's stand-in column differs from the stand-in's attributes (for every overload);
  - a row's Apple column differs from its stand-in column (the stand-in is not true);
  - a public declaration at a stand-in's top level, or any member with its own `@available`,
    has no row (every SDK declaration the package meets is reviewed);
  - a row names no declaration, or a declaration has two rows.
An extension that declares a conformance with an attribute of its own has a row named after
the conformance (`Foundation.Notification: Sendable`, `unavailable` as in Apple's SDK).
Members without their own attribute inherit their type's availability, as in Apple's SDK;
members that Apple introduced later than their type carry their own attribute and row.

Usage: availability.py            check (exit 1 on any disagreement)
       availability.py --draft    print rows for declarations that have none (Apple column `?`:
                                  fill it in from Apple's documentation, then review)
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from syntax import blank  # noqa: E402

ORDER = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]
TYPE_KINDS = {"class", "struct", "enum", "protocol", "extension", "actor"}
MODIFIERS = {"public", "open", "final", "override", "static", "convenience", "mutating",
             "nonmutating", "required", "indirect", "dynamic", "lazy", "weak", "unowned",
             "nonisolated", "private", "fileprivate", "internal", "package", "prefix", "postfix",
             "infix", "consuming", "borrowing", "isolated"}
DECL = re.compile(r"\b(class|struct|enum|protocol|extension|actor|func|init|subscript|var|let|typealias|associatedtype|case)\b")


def normalize(attributes):
    """`@available(...)` argument lists -> the table's form."""
    parts = []
    for text in attributes:
        items = [item.strip() for item in re.split(r",(?![^\"]*\"\s*\))", text)]
        if items and items[0] == "*":
            rest = [i for i in items[1:] if not i.startswith("message")]
            parts.append(", ".join(rest))
            continue
        if len(items) >= 2 and re.fullmatch(r"\w+", items[0]) and items[1] in ("unavailable", "deprecated"):
            parts.append(f"{items[0]} {items[1]}")
            continue
        found = {}
        for item in items:
            match = re.fullmatch(r"(\w+) (\d+(?:\.\d+)*)", item)
            if match:
                found[match.group(1)] = match.group(2)
        parts.append(", ".join(f"{p} {found[p]}" for p in ORDER if p in found))
    return "; ".join(parts) if parts else "—"


def labels(text, kind):
    """`(_ a: Int, b c: Int)` -> `_:b:`."""
    depth, start, end = 0, text.find("("), None
    if start < 0:
        return ""
    for index in range(start, len(text)):
        if text[index] in "([<":
            depth += 1
        elif text[index] in ")]>" and not (text[index] == ">" and text[index - 1] == "-"):
            depth -= 1
            if depth == 0:
                end = index
                break
    inner = text[start + 1:end]
    params, depth, current = [], 0, ""
    for position, ch in enumerate(inner):
        if ch in "([<":
            depth += 1
        elif ch in ")]>" and not (ch == ">" and position and inner[position - 1] == "-"):
            depth -= 1
        if ch == "," and depth == 0:
            params.append(current); current = ""
        else:
            current += ch
    if current.strip():
        params.append(current)
    result = ""
    for param in params:
        head = param.split(":", 1)[0].split()
        if not head:
            continue
        if kind == "subscript":
            result += (head[0] if len(head) == 2 else "_") + ":"
        else:
            result += head[0] + ":"
    return result


OWN_TYPES = {}


def declarations():
    """Yields (qualified name, availability, top level?, has own attribute, file, line)."""
    found = []
    for file in sorted(os.listdir(os.path.join(HERE, "stand-ins"))):
        if file.endswith(".swift"):
            text = blank(open(os.path.join(HERE, "stand-ins", file), encoding="utf-8").read())
            names = re.findall(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|final)\s+)*(?:class|struct|enum|protocol|actor)\s+(\w+)", text, re.M)
            OWN_TYPES.setdefault(file[:-len(".swift")].split("+")[0], set()).update(names)
    for file in sorted(os.listdir(os.path.join(HERE, "stand-ins"))):
        if not file.endswith(".swift"):
            continue
        module = file[:-len(".swift")].split("+")[0]
        path = os.path.join(HERE, "stand-ins", file)
        code = blank(open(path, encoding="utf-8").read()).split("\n")
        depth, scopes, pending = 0, [], []
        for number, line in enumerate(code, 1):
            stripped = line.strip()
            attributes = re.findall(r"@available\(([^)]*)\)", stripped)
            rest = re.sub(r"@\w+(?:\([^)]*\))?", "", stripped).strip()
            opened = line.count("{") - line.count("}")
            if not rest or rest.startswith("#"):
                pending += attributes
                depth += opened
                while scopes and depth < scopes[-1][1]:
                    scopes.pop()
                continue
            attributes = pending + attributes
            pending = []
            words = rest.split()
            kind, index = None, 0
            while index < len(words):
                word = words[index]
                if word == "class" and index + 1 < len(words) and words[index + 1] in ("var", "func", "let", "subscript"):
                    index += 1; continue
                if word in MODIFIERS or word.startswith("private(") or word.startswith("public("):
                    index += 1; continue
                match = DECL.fullmatch(re.sub(r"[(<?!].*", "", word))
                if match:
                    kind = match.group(1)
                break
            in_protocol = bool(scopes) and scopes[-1][2] == "protocol"
            visible = "public" in words[:index] or "open" in words[:index] or in_protocol or kind == "extension"
            name = row_name = None
            if kind and kind != "case":
                after = " ".join(words[index:])[len(kind):] if words[index].startswith(kind) else " ".join(words[index + 1:])
                after = after.lstrip()
                if kind in ("init", "subscript"):
                    name = kind + "(" + labels(after, kind) + ")"
                elif kind == "func":
                    match = re.match(r"([A-Za-z_]\w*|[-+*/<>=!&|^%~.?]+)", after)
                    if match and not re.match(r"[A-Za-z_]", match.group(1)):
                        name = match.group(1) + "(_:_:)"  # an operator: its labels are never written
                    else:
                        name = match.group(1) + "(" + labels(after[match.end():], kind) + ")" if match else None
                else:
                    match = re.match(r"`?([A-Za-z_][\w.]*)`?", after)
                    name = match.group(1) if match else None
                    if kind == "extension" and name:
                        # A conformance an extension declares is a row of its own,
                        # `Foundation.Notification: Sendable` (Apple marks some unavailable).
                        conformance = re.match(r"`?[\w.]+`?\s*:\s*([^{]*?)\s*(?:\bwhere\b[^{]*)?(?:\{|$)", after)
                        if conformance and conformance.group(1):
                            protocols = re.sub(r"@\w+\s*", "", conformance.group(1))
                            row_name = name + ": " + ", ".join(p.strip() for p in protocols.split(",") if p.strip())
                        name = name.split(".")[-1]
            if kind and kind != "case" and name and visible:
                enclosing = [scope[0] for scope in scopes]
                qualified = ".".join([module] + enclosing + [row_name or name])
                # A member a module adds to another module's type (UIKit's `IndexPath.item`)
                # is an API of its own: it always needs a row, like a top-level declaration.
                added = len(scopes) == 1 and scopes[0][2] == "extension" and scopes[0][0] not in OWN_TYPES.get(module, set())
                if kind != "extension" or attributes:
                    found.append((qualified, normalize(attributes), not scopes or added, bool(attributes), file, number, kind))
            if kind in TYPE_KINDS and name:
                # The scope ends when the depth falls back below the brace this line opens
                # (or, for `{` on a later line, the next one).
                scopes.append((name, depth + max(opened, 1), kind))
                if opened <= 0 and "{" in line:
                    scopes.pop()  # opened and closed on this line: `struct A {}`
            depth += opened
            while scopes and depth < scopes[-1][1]:
                scopes.pop()
    return found


def read_table(path):
    rows = {}
    problems = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.rstrip("\n").split("\t")
        if len(cells) < 5:
            problems.append(f"availability.tsv:{number}: expected 5 tab-separated columns")
            continue
        if cells[0] in rows:
            problems.append(f"availability.tsv:{number}: {cells[0]} has two rows")
        rows[cells[0]] = (cells[1], cells[2], cells[3], number)
    return rows, problems


def main():
    found = declarations()
    table = os.path.join(HERE, "availability.tsv")
    rows, problems = read_table(table) if os.path.exists(table) else ({}, [])
    by_name = {}
    for qualified, availability, top, own, file, number, kind in found:
        by_name.setdefault(qualified, []).append((availability, top, own, file, number))
    needs_row = [q for q, entries in by_name.items() if any(top or own for _, top, own, _, _ in entries)]
    if "--draft" in sys.argv:
        for qualified in needs_row:
            if qualified not in rows:
                print(f"{qualified}\t?\t?\t{by_name[qualified][0][0]}\t?")
        return 0
    for qualified in needs_row:
        if qualified not in rows:
            availability, _, _, file, number = by_name[qualified][0]
            problems.append(f"stand-ins/{file}:{number}: {qualified} ({availability}) has no row in availability.tsv "
                            f"(availability.py --draft prints one; fill in Apple's availability)")
    for qualified, (used, apple, stand_in, number) in rows.items():
        if qualified not in by_name:
            problems.append(f"availability.tsv:{number}: {qualified} names no declaration in the stand-ins")
            continue
        for availability, _, _, file, line in by_name[qualified]:
            if availability != stand_in:
                problems.append(f"stand-ins/{file}:{line}: {qualified} is `{availability}`, the table says `{stand_in}`")
        if apple != stand_in:
            problems.append(f"availability.tsv:{number}: {qualified}: Apple has `{apple}`, the stand-in `{stand_in}`")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
