#!/usr/bin/env bash
# Source rules for what the Apple type-check cannot see (run by Scripts/check-apple-platforms.sh).
#
# The type-check runs one compiler, this toolchain's (6.3), and cannot run code: these rules
# cover what older compilers reject and what only shows at run time on Apple platforms. They
# are rules about the source, not proofs; README.md, "Platforms", says which is which.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root" || exit 2
status=0
rule() { echo "lint: $1" >&2; status=1; }

# 1. Compilers 6.0–6.3. The package says `swift-tools-version: 6.0`, so Swift 6.0, 6.1 and 6.2
#    compilers build it too. Syntax newer than 6.0 must sit inside `#if compiler(>=…)`, whose
#    inactive branch an older compiler does not parse. (A file with such a guard is trusted.)
head -1 Package.swift | grep -q 'swift-tools-version: 6.0' \
    || rule "Package.swift: the tools version is not 6.0 (update the compiler range in README, Platforms)"
newer_syntax='#if.*objectFormat\(|@section\(|@used\b|nonisolated\(nonsending\)|@concurrent\b|\bInlineArray\b|isolated deinit|@c\b'
while IFS= read -r file; do
    grep -q '#if compiler(>=6\.[1-9]' "$file" && continue
    while IFS= read -r hit; do
        rule "$file:$hit: needs a compiler newer than 6.0 (guard it with #if compiler(>=…))"
    done < <(grep -nE "$newer_syntax" "$file" | grep -vE '^[0-9]+:\s*//')
done < <(find Sources -name '*.swift' | sort)

# 2. Run-time behaviour on Apple platforms that no type-check on Linux observes.
grep -q 'autoreleasepool' Sources/SignalsTesting/Leaks/LeakTracker.swift \
    || rule "SignalsTesting/Leaks/LeakTracker.swift: expectNoLeaks must drain an autoreleasepool on Darwin (autoreleased objects look leaked)"
grep -q 'pthread_main_np' Sources/Signals/Isolation/MainActorCheck.swift \
    || rule "Signals/Isolation/MainActorCheck.swift: the Darwin main thread is the main actor (queue.sync from main printed a spurious message)"
grep -q '__attribute__((constructor))' Sources/CSignalsTestingLoad/CSignalsTestingLoad.c 2>/dev/null \
    || rule "SignalsTesting: the XCTest observer must be registered at load, on the main thread (CSignalsTestingLoad)"

exit $status
