#!/usr/bin/env python3
"""Finds calls that Apple's SDK marks `@available(*, noasync)` made directly in async code.

On Apple platforms a blocking call in an `async` function or closure is an error in Swift 6
mode ("instance method 'wait' is unavailable from asynchronous contexts"); Linux's Dispatch does
not carry the attribute, so a Linux build never sees it. The Apple check's stand-ins carry it
(Scripts/apple-platforms/stand-ins: Dispatch, Foundation, Darwin), so every target it
type-checks (the libraries, Tests/, the example, the clients) is held to it by the compiler.
This scan is for the code the Apple check cannot type-check, because it needs a package that
is not here (OpenCombine): Benchmarks/, Conformance/ and Bridges/. It is a scan, not a type
check: it knows the calls by name, not by type.

A call is reported when its innermost enclosing function or closure is async:
  - a `func`, `init` or accessor declared `async`;
  - a closure that says `async` in its signature, contains an `await` of its own, or is the
    trailing closure of `Task`, `Task.detached`, `addTask`, `addTaskUnlessCancelled`,
    `withTaskGroup` and the other task-group functions, or `.task`;
  - the top level of a `main.swift` that awaits.
`if`/`for`/`do`/… bodies belong to their function; a nested closure that is not async (a
`DispatchQueue.global().async { … }` block, `withCheckedContinuation`'s body) is its own
synchronous context, so blocking there is allowed, as the compiler allows it.

The calls (Apple's SDK, Xcode 16): `DispatchSemaphore`/`DispatchGroup` `wait()`,
`wait(timeout:)`, `wait(wallTimeout:)`; `Thread.sleep`, `Thread.current`, `Thread.isMainThread`;
`NSLocking`'s `lock()` / `unlock()`; `os_unfair_lock_lock` / `_unlock` / `_trylock`.

Usage: noasync.py FILE...      prints `file:line: <call> in async code`; exit status 1 if any
       noasync.py --self-test  plants each call in async and in synchronous contexts and checks
                               what is reported (lint.sh runs it first)
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from syntax import blank  # noqa: E402

CALLS = [
    ("`wait()` (DispatchSemaphore / DispatchGroup)", re.compile(r"\.wait\s*\(\s*(?:\)|timeout\s*:|wallTimeout\s*:)")),
    ("`Thread.sleep`", re.compile(r"\bThread\.sleep\s*\(")),
    ("`Thread.current`", re.compile(r"\bThread\.current\b")),
    ("`Thread.isMainThread`", re.compile(r"\bThread\.isMainThread\b")),
    ("`lock()` / `unlock()` (NSLocking)", re.compile(r"\.(?:lock|unlock)\s*\(\s*\)")),
    ("`os_unfair_lock_lock` / `_unlock` / `_trylock`", re.compile(r"\bos_unfair_lock_(?:lock|unlock|trylock)\s*\(")),
]
ASYNC_CONTEXT_CALLS = re.compile(
    r"(?:\bTask(?:\.detached)?|\baddTask(?:UnlessCancelled)?|\bwith(?:Throwing)?(?:Discarding)?TaskGroup|\.task)"
    r"\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*$")
CONTROL = re.compile(r"^(?:\}\s*)?(?:if|else|guard|while|for|repeat|do|catch|switch|defer)\b")
TYPE = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|indirect|nonisolated)\s+)*"
                  r"(?:struct|class|enum|extension|actor|protocol)\b")
DECL_PREFIX = r"^(?:@\w+(?:\((?:[^()]|\([^()]*\))*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|static|class|override|convenience|required|mutating|nonmutating|nonisolated|dynamic|lazy|weak|unowned|isolated|consuming|borrowing)\s+)*"
FUNC = re.compile(DECL_PREFIX + r"(?:func\b|init\b|deinit\b)")
PROPERTY = re.compile(DECL_PREFIX + r"(?:var|let|subscript)\b")
ACCESSOR = re.compile(r"^(?:(?:mutating|nonmutating)\s+)?(?:get|set|willSet|didSet|_read|_modify)\b(.*)$", re.S)


def statement(header):
    """The last statement of `header` (the code between the previous `{`, `}` or `;` and a `{`)."""
    depth, start = 0, 0
    lines = header.split("\n")
    offsets, position = [], 0
    for line in lines:
        offsets.append(position)
        position += len(line) + 1
    for number, line in enumerate(lines):
        if number and depth == 0:
            previous = header[:offsets[number]].rstrip()
            current = line.strip()
            continues = (previous.endswith(tuple(",([=.:&|+-*/<>?!")) or previous.endswith("->")
                         or current.startswith(tuple(".)]&|+-*/<>?:=")) or current.startswith("->")
                         or re.match(r"(?:async|throws|rethrows|where|in)\b", current))
            if current and not continues:
                start = offsets[number]
        depth += line.count("(") + line.count("[") - line.count(")") - line.count("]")
    return header[start:].strip()


def function_is_async(text):
    """`text` is a func/init header: async if `async` follows its parameter list."""
    open_ = text.find("(")
    if open_ < 0:
        return False
    depth = 0
    for index in range(open_, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                tail = re.split(r"->|\bwhere\b", text[index + 1:])[0]
                return bool(re.search(r"\basync\b", tail))
    return False


def scopes(code):
    """The `{ … }` scopes of `code`: dicts with start, end, parent, kind ('async', 'sync',
    'transparent', or 'closure' until its awaits decide) in source order."""
    found, stack, boundary = [], [], -1
    for index, char in enumerate(code):
        if char == "{":
            header = statement(code[boundary + 1:index])
            before = code[:index].rstrip()
            if before.endswith(tuple("=(,[:")) or re.search(r"(?:\breturn|\bin|\?\?|&&|\|\|)$", before):
                kind = "closure"
            elif CONTROL.match(header):
                kind = "transparent"
            elif TYPE.match(header):
                kind = "sync"
            elif FUNC.match(header):
                kind = "async" if function_is_async(header) else "sync"
            elif ACCESSOR.match(header):
                kind = "async" if re.search(r"\basync\b", ACCESSOR.match(header).group(1)) else "sync"
            elif PROPERTY.match(header):
                kind = "sync"
            else:
                kind = "closure"
            if kind == "closure":
                head = re.match(r"[^{}]*?\bin\b", code[index + 1:index + 400])
                if head and re.search(r"\basync\b", head.group(0)):
                    kind = "async"
                elif ASYNC_CONTEXT_CALLS.search(code[max(0, index - 300):index]):
                    kind = "async"
            scope = {"start": index, "end": len(code), "parent": stack[-1] if stack else None, "kind": kind, "awaits": False}
            found.append(scope)
            stack.append(scope)
            boundary = index
        elif char == "}":
            if stack:
                stack.pop()["end"] = index
            boundary = index
        elif char == ";":
            boundary = index
    return found


def innermost(found, offset):
    best = None
    for scope in found:
        if scope["start"] < offset < scope["end"]:
            best = scope  # source order: a later match is nested deeper
    return best


def context(scope, top_level_async):
    """Walks out through control-flow bodies to the function or closure that holds the code."""
    while scope is not None and scope["kind"] == "transparent":
        scope = scope["parent"]
    if scope is None:
        return top_level_async
    if scope["kind"] == "closure":
        return scope["awaits"]
    return scope["kind"] == "async"


def scan(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    code = blank(text)
    found = scopes(code)
    top_level_awaits = False
    for match in re.finditer(r"\bawait\b", code):
        scope = innermost(found, match.start())
        while scope is not None and scope["kind"] == "transparent":
            scope = scope["parent"]
        if scope is None:
            top_level_awaits = True
        elif scope["kind"] == "closure":
            scope["awaits"] = True
    top_level_async = top_level_awaits and os.path.basename(path) == "main.swift"
    hits = []
    for name, pattern in CALLS:
        for match in pattern.finditer(code):
            line_start = code.rfind("\n", 0, match.start()) + 1
            if re.search(r"\bawait\b", code[line_start:match.start()]):
                continue  # an async method of the same name, awaited
            if context(innermost(found, match.start()), top_level_async):
                row = code.count("\n", 0, match.start()) + 1
                hits.append(f"{path}:{row}: {name} in async code (Apple's SDK marks it noasync: an error in Swift 6 mode)")
    return sorted(set(hits), key=lambda hit: int(hit.split(":")[1]))


# What --self-test plants: (Swift source, whether a blocking call in it must be reported).
SELF_TESTS = [
    ("func f() async {\n    semaphore.wait()\n}", True),
    ("@MainActor @Test func f() async throws {\n    _ = group.wait(timeout: .now() + 1)\n}", True),
    ("func f(\n    a: Int\n) async -> Int {\n    if a > 0 {\n        Thread.sleep(forTimeInterval: 1)\n    }\n    return a\n}", True),
    ("func f() async {\n    for _ in 0..<3 {\n        do {\n            lock.lock()\n        }\n    }\n}", True),
    ("func f() async {\n    let here = Thread.current\n}", True),
    ("func f() async {\n    defer { os_unfair_lock_unlock(l) }\n}", True),
    ("func f() {\n    Task {\n        semaphore.wait()\n    }\n}", True),
    ("func f() {\n    Task.detached(priority: .high) {\n        semaphore.wait()\n    }\n}", True),
    ("func f() async {\n    await withTaskGroup(of: Void.self) { group in\n        group.addTask {\n            done.wait()\n        }\n    }\n}", True),
    ("let c = { () async in\n    semaphore.wait()\n}", True),
    ("let c = {\n    await g()\n    semaphore.wait()\n}", True),
    ("var v: Int {\n    get async {\n        lock.lock()\n        return 1\n    }\n}", True),
    ("init() async {\n    _ = Thread.isMainThread\n}", True),
    # Allowed: synchronous functions, and synchronous closures inside async functions.
    ("func f() {\n    semaphore.wait()\n}", False),
    ("func f() {\n    Task {\n        done.signal()\n    }\n    done.wait()\n}", False),
    ("func f() async {\n    DispatchQueue.global().async {\n        semaphore.wait()\n    }\n}", False),
    ("func f() async {\n    await withCheckedContinuation { done in\n        DispatchQueue.main.async {\n            semaphore.wait()\n            done.resume()\n        }\n    }\n}", False),
    ("func f(_ work: () async -> Void) {\n    semaphore.wait()\n}", False),
    ("func f() async {\n    await gate.wait()\n}", False),
    ("func f() async {\n    lock.withLock { count += 1 }\n}", False),
    ("var v: Int {\n    lock.lock(); defer { lock.unlock() }\n    return 1\n}", False),
    ("struct S {\n    func f() async {}\n    func g() {\n        semaphore.wait()\n    }\n}", False),
]


def self_test():
    import tempfile
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        for number, (source, expected) in enumerate(SELF_TESTS):
            path = os.path.join(scratch, f"planted{number}.swift")
            with open(path, "w", encoding="utf-8") as file:
                file.write(source + "\n")
            reported = bool(scan(path))
            if reported != expected:
                failures += 1
                print(f"noasync.py self-test: {'missed' if expected else 'wrongly reported'} the call in:\n{source}\n")
    if failures == 0:
        print(f"noasync.py self-test: {len(SELF_TESTS)} planted cases reported as expected")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    hits = []
    for path in sys.argv[1:]:
        hits += scan(path)
    for hit in hits:
        print(hit)
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
