#!/usr/bin/env bash
# The engine's mutation check: plants each kind of bug issue 34 lists in the engine, one at a
# time, and runs the interleaving explorer on it. Prints caught/missed per mutant and the score.
#
#   Scripts/engine/mutants.sh            # every mutant
#   Scripts/engine/mutants.sh M3 M8      # some of them
#   Scripts/engine/mutants.sh --suite    # the whole SignalsTests target on each mutant instead
#
# A mutant is a perl substitution on one engine file (`perl -0pi`, so it may span lines); the
# script checks that it changed the file, so a mutant that no longer matches the code says so
# ("not planted") instead of passing as "caught". The explorer is the real-core explorer
# (CoreExplorer: the real Subject, Property and Observable.create's Serializer, run from real
# threads one at a time through every schedule up to a preemption bound), built without SwiftPM:
# the Signals sources, Tests/SignalsTests/Engine/CoreExplorer.swift, CoreExplorerScenarios.swift
# and Scripts/engine/explore-main.swift in one module (swiftc -O -D DEBUG, so that the engine's
# schedule seam is compiled in), about 40 s per mutant. Each run has a time limit
# (EXPLORE_TIMEOUT seconds, default 600); a run that hits it
# counts as caught only if it printed a violation, else as "timed out". The unmutated engine
# runs first and must pass, or nothing else is meaningful.
#
# `--suite` runs the whole `SignalsTests` target (in a package of the targets it needs, one build
# directory for all mutants, so each is an incremental build) on each mutant instead: a mutant is
# caught when the suite fails, and "hung" when it has not finished in SUITE_TIMEOUT seconds
# (default 900). The suite must catch every mutant and hang on none: every test that waits has a
# time limit (WaitingTestsTimeLimitTests), and a test deadlocked where no time limit can reach it
# (a thread blocked in the engine) ends the run naming it, at twice its time limit
# (DeadlockWatchdog.swift); the line then shows "deadlock watchdog: test …". About three minutes per mutant on two cores.
set -uo pipefail
mode=explorer
if [ "${1:-}" = "--suite" ]; then mode=suite; shift; fi
suite_timeout="${SUITE_TIMEOUT:-900}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
timeout_s="${EXPLORE_TIMEOUT:-600}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

I=Sources/Signals/Internal
# id # file # perl substitution # the bug
mutants=(
"M1#$I/LateBinders.swift#s/entry\.lastSkipped >= sequence/entry.lastSkipped > sequence/#a late binder is handed a value queued before its bind"
"M2#$I/StreamState.swift#s/table\.remove\(sink, isBeingRead: queue\.isDelivering/table.remove(sink, isBeingRead: false/#a removal while a delivery reads the table"
"M3#$I/SlotTable.swift#s/if !sink\.isCancelled \{ sink\.observer\.onValue\(value\) \}/sink.observer.onValue(value)/#a cancelled slot is still delivered to"
"M4#$I/DrainQueue.swift#s/if !isDelivering \{/if !isDelivering || gate.drainerThread == thread {/#nested delivery for a send from the drainer's thread"
"M5#$I/StreamState.swift#s/isFinished \? \.drainOnly : \.enqueueAndDrain/isFinished ? .drop : .enqueueAndDrain/#the drainer role is not given back on one path (handed over after finish)"
"M6#$I/FloodGate.swift#s/queued >= limits\.queueLimit/queued > limits.queueLimit/#the flood bound is off by one"
"M7#$I/StreamState.swift#s/return \(\.replay\(sink, value\), unlock\(\)\)/return (.replay(sink, currentStorage[0]), unlock())/#a replay of the value current at drain time"
"M8#$I/LateBinders.swift#s/if entry\.lastSkipped >= sequence, let position = table\.position\(of: entry\.sink\) \{/if entry.lastSkipped >= sequence { let position = Int(truncatingIfNeeded: entry.sink.index)/#a cancelled late binder is kept in the list (its slot not looked up in the table)"
"M9#$I/StreamState.swift#s/if isFinished \{ return \.drop \}\n(\s*)return replays/if false { return .drop }\n\$1return replays/#a bind after finish is accepted"
"M10#$I/StreamState.swift#s/if queue\.isDelivering \{(\s*enqueue\(\.finish\))/if queue.isDelivering \&\& queue.gate.drainerThread != thread {\$1/#a finish is delivered during a running delivery (from a handler)"
"M11#$I/StreamState.swift#s/queue\.takeRole\(ThreadID\(truncatingIfNeeded: seen & ~StreamWord\.flags\)\)/queue.takeRole(0)/#the drainer's thread is not recorded on the idle claim"
"M12#$I/DrainQueue.swift#s/if !gate\.waiters\.isEmpty \|\| delivered >= limits\.turnLimit/if !gate.waiters.isEmpty \&\& delivered >= limits.turnLimit/#or turned to and in DrainQueue.next (the role-handover check)"
"M13#$I/StreamState.swift#s/if seen & StreamWord\.claimed != 0 \{/if false {/#a lock holder ignores a send that claimed the role without the lock"
"M14#$I/StreamState.swift#s/var allowsClaim: Bool \{ !queue\.isDelivering && /var allowsClaim: Bool { /#the word is left open while a delivery runs (a second claim)"
"M15#$I/SlotTable.swift#s/if isBeingRead \{\n\s*appended\.append\(sink\)\n\s*return\n\s*\}//#a binding made during a delivery is written into the table it reads"
"M16#$I/FloodGate.swift#s/if parked\.contains\(drainer\) \{ return false \}//#a sender parks behind a drainer that is itself parked in another stream (a cycle across threads)"
"M17#$I/StreamState.swift#s/claimOnUnlock = queue\.gate\.drainerThread/claimOnUnlock = 0/#a write delivering at once gives up its role without handing it to the word"
"M18#$I/SlotTable.swift#s/\(slots \+ write\)\.update\(repeating: nil, count: count - write\)//#compaction leaves the sinks it moved also past the table's end, where a claimed send's older table still reads"
"M19#$I/SlotTable.swift#s/if count < unindexedFrom \{ unindexedFrom = count \}//#an appended sink is counted as indexed before the core writes its index"
"M20#$I/SlotTable.swift#s/if write != read && write < unindexedFrom \{ unindexedFrom = write \}//#a compaction counts the sinks it moved as indexed"
"S1#$I/SerializerState.swift#s/queue\.takeRole\(thread\)\n(\s*)isTerminated = true\n/queue.takeRole(thread)\n/#Serializer: a finish delivered at once does not end the stream"
"S2#$I/Serializer.swift#s/if serial\.isDelivering \{/if serial.isDelivering \&\& serial.drainerThread != currentThreadID() {/g#Serializer: nested delivery for an emission from the drainer's thread"
"S3#$I/SerializerState.swift#s/isTerminated = true\n(\s*)isCancelled = true/isCancelled = true/#Serializer: a cancel does not stop later emissions (equivalent: a queued emission is dropped by the cancelled drain step, and one started or delivered-now finds nobody holding the role, so the cancel has let go of the downstream; see TheContract.md)"
"S4#$I/SerializerState.swift#s/!isTerminated && queue\.mustWait\(thread, limits: limits\)/false/#Serializer: a sender from another thread never waits for room (no flood bound)"
"S5#$I/SerializerState.swift#s/case \.finish:\n(\s*)isTerminated = true\n(\s*)queue\.pending\.append\(\.finish\)/case .finish:\n\$2queue.pending.append(.finish)/#Serializer: a finish queued behind a delivery does not end the stream"
"C1#$I/StreamCore.swift#s/if !word\.giveBack\(StreamWord\.claimWord\(for: thread\)\) \{ endDelivery\(\) \}/_ = word.giveBack(StreamWord.claimWord(for: thread))/#StreamCore: a claimed send whose give-back fails does not end its delivery under the lock"
"C2#$I/StreamCore.swift#s/if let table = unlock\.claimable \{ claimable = table \}//#StreamCore: an unlock that leaves the word open does not update the table a claimed send reads"
"C3#$I/StreamCore.swift#s/case \.drain:\n(\s*)drain\(delivered: 0\)/case .drain:\n\$1break/#StreamCore: a write handed the role while it waited queues its value and does not drain"
"C4#$I/StreamCore.swift#s/\n\s*leftovers\.wake\(\)\n/\n/; s/\n\s*leftovers\.wakeAndRelease\(\)\n/\n/#StreamCore: a drain never wakes the senders it let in (a lost wake)"
"C5#$I/StreamCore.swift#s/case \.drain:\n(\s*)drain\(delivered: 0\)\n(\s*)case \.finishNowAndDrain/case .drain:\n\$1break\n\$2case .finishNowAndDrain/#StreamCore: a bind handed the role does not drain"
"C6#$I/StreamCore.swift#s/for sink in sinks \{ sink\.deliverFinish\(\) \}\n(\s*)endDelivery\(\)/for sink in sinks { sink.deliverFinish() }/#StreamCore: a finish delivered at once does not end its delivery"
"C7#$I/StreamCore.swift#s/word\.tryLock\(expecting: restingWord\) \?\? lockContended\(\)\n/(word.tryLock(expecting: restingWord) ?? lockContended()) \& ~StreamWord.claimed\n/#StreamCore: a lock ignores a claim the word showed"
"C8#$I/StreamCore.swift#s/unlock\(unlocking\)\n(\s*)parker\.sleep\(thread: thread\)/parker.sleep(thread: thread)/#StreamCore: a sender parks holding the lock"
"C9#$I/StreamCore.swift#s/table\.deliver\(value\)\n(\s*)if !word\.giveBack\(unlocking\.word\)/if !word.giveBack(unlocking.word)/#StreamCore: a write handed to the word delivers nothing"
"C10#$I/StreamCore.swift#s/if let indexing = unlock\.indexing \{ indexing\.perform\(\) \}//#StreamCore: an unlock does not write the slot indexes of the sinks a transition put in slots"
"P1#$I/SlotTable.swift#s/if count == 1 \{ deliver\(value, at: 0\) \} else \{ deliverEach\(value\) \}/if count == 1 { deliver(value, at: 0) }; deliverEach(value)/#one-binding path: a table of one is delivered inline and through the loop too"
"P2#$I/SlotTable.swift#s/if count == 1 \{ deliver\(value, at: 0\) \} else/if count <= 2 { deliver(value, at: 0) } else/#one-binding path: a table of two is delivered as a table of one"
"R1#$I/ModifyingProperties.swift#s/if frame\.pointee\.core == target \{ return true \}/if false { return true }/#modify re-entrancy: an access from inside modify is not noticed (it deadlocks)"
"R2#$I/StreamCore.swift#s/result = try ModifyingProperties\.with\(self\) \{ try body\(&value\) \}/result = try body(\&value)/#modify re-entrancy: modify does not record its frame"
"R3#$I/StreamCore.swift#s/guard ModifyingProperties\.with\(self, \{ decide\(&value\) \}\) else/guard decide(\&value) else/#update re-entrancy: update does not record its frame"
"R4#$I/ModifyingProperties.swift#s/defer \{ signals_modifying_frame_set\(outer\) \}//#modify re-entrancy: a modify leaves its frame behind when it returns"
"D1#$I/Serializer.swift#s/guard serial\.releasesDownstream else/guard serial.isCancelled else/#Serializer: a cancel lets go of the downstream while a delivery runs"
"D2#$I/Serializer.swift#s/let dropped = serial\.cancel\(\)\n(\s*)unlockReleasingDownstreamIfCancelled\(\)/let dropped = serial.cancel()\n\$1lock.unlock()/#Serializer: a cancel keeps the downstream (a released task binding keeps its handlers)"
)

selected=("$@")
is_selected() {
    [ ${#selected[@]} -eq 0 ] && return 0
    for s in "${selected[@]}"; do [ "$s" = "$1" ] && return 0; done
    return 1
}

# A copy of the working tree (tracked and new files), so that uncommitted changes are checked.
mkdir -p "$work/src"
(cd "$root" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - ) | tar -xf - -C "$work/src"
mkdir -p "$work/cmod"
cat > "$work/cmod/module.modulemap" <<MAP
module CSignalsAtomics { header "$work/src/Sources/CSignalsAtomics/include/CSignalsAtomics.h" export * }
MAP
clang -O1 -c "$work/src/Sources/CSignalsAtomics/CSignalsAtomics.c" -I "$work/src/Sources/CSignalsAtomics/include" -o "$work/atomics.o" || { echo "C build failed" >&2; exit 2; }

build_and_run() {  # $1: label; prints caught/missed/...; the tree in $work/src is the one to check
    local src="$work/src" dir="$work/run"
    rm -rf "$dir"; mkdir -p "$dir"
    for f in CoreExplorer CoreExplorerScenarios; do
        sed '/^import Signals$/d' "$src/Tests/SignalsTests/Engine/$f.swift" > "$dir/$f.swift"
    done
    # shellcheck disable=SC2046
    if ! swiftc -O -D DEBUG -parse-as-library -module-name Signals -package-name signals -swift-version 6 \
        -I "$work/cmod" $(find "$src/Sources/Signals" -name '*.swift') "$dir"/*.swift \
        "$src/Scripts/engine/explore-main.swift" "$work/atomics.o" -o "$dir/explore" >"$dir/build.log" 2>&1; then
        echo "build-failed"; sed -n '1,20p' "$dir/build.log" >&2; return
    fi
    timeout "$timeout_s" "$dir/explore" > "$dir/out.txt" 2>&1
    local rc=$?
    cp "$dir/out.txt" "$work/$1.txt"
    if grep -q '^VIOLATION' "$dir/out.txt"; then echo "caught"
    elif [ $rc -eq 124 ]; then echo "timed-out"
    elif [ $rc -ne 0 ]; then echo "caught"   # a crash (trap, precondition) is a catch
    else echo "missed"; fi
}

suite_run() {  # $1: label; runs SignalsTests on the tree in $work/src
    local log="$work/$1.txt"
    (cd "$work/src" && timeout "$suite_timeout" swift test --scratch-path "$work/build") > "$log" 2>&1
    local rc=$?
    if [ $rc -eq 124 ]; then echo "hung"
    elif [ $rc -ne 0 ]; then
        if grep -q "error: .*Compiling\|error: fatalError\|: error:" "$log" && ! grep -q "Test run with" "$log"; then echo "build-failed"; else echo "caught"; fi
    else echo "missed"; fi
}
if [ "$mode" = suite ]; then
    build_and_run() { suite_run "$1"; }
    # A package of the targets SignalsTests needs and nothing else, so that each mutant rebuilds
    # four modules, not the whole package (the other test targets do not test the engine).
    cat > "$work/src/Package.swift" <<'PKG'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Signals",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    targets: [
        .target(name: "CSignalsAtomics"),
        .target(name: "Signals", dependencies: ["CSignalsAtomics"]),
        .target(name: "SignalsVirtualTime", dependencies: ["Signals"]),
        .target(name: "CSignalsTestingLoad"),
        .target(name: "SignalsTesting", dependencies: ["Signals", "SignalsVirtualTime", "CSignalsTestingLoad"]),
        .target(name: "CSignalsTestHammer", dependencies: ["CSignalsAtomics"]),
        .target(name: "CSignalsTestRun"),
        .testTarget(name: "SignalsTests", dependencies: ["Signals", "SignalsTesting", "CSignalsTestHammer", "CSignalsTestRun"]),
    ]
)
PKG
    # The caught line names the first failing test instead of an explorer violation.
fi

echo "== control (the engine as it is, $mode)"
control="$(build_and_run control)"
[ "$mode" = explorer ] && grep -E '^\[core explorer\]' "$work/control.txt"
if [ "$control" != "missed" ]; then
    echo "the unmutated engine does not pass the explorer ($control):" >&2
    cat "$work/control.txt" >&2
    exit 2
fi

caught=0; total=0; table=()
for entry in "${mutants[@]}"; do
    IFS='#' read -r id file subst bug <<<"$entry"
    is_selected "$id" || continue
    total=$((total + 1))
    cp "$root/$file" "$work/original"
    cp "$root/$file" "$work/src/$file"
    perl -0pi -e "$subst" "$work/src/$file"
    if cmp -s "$root/$file" "$work/src/$file"; then
        result="not-planted"
    else
        result="$(build_and_run "$id")"
    fi
    cp "$work/original" "$work/src/$file"
    [ "$result" = caught ] && caught=$((caught + 1))
    if [ "$mode" = suite ]; then
        why="$(grep -m1 -E 'deadlock watchdog: test|✘ Test .* (recorded an issue|failed)|Fatal error|Assertion failed' "$work/$id.txt" 2>/dev/null | cut -c1-160)"
    else
        why="$(grep -m1 '^VIOLATION' "$work/$id.txt" 2>/dev/null | cut -c11-130)"
    fi
    line="$(printf '%-4s %-12s %s' "$id" "$result" "$bug")"
    echo "$line"; [ -n "$why" ] && echo "                  ↳ $why"
    table+=("$line")
done
echo "== score: $caught of $total mutants caught by the $([ "$mode" = suite ] && echo "whole SignalsTests target" || echo explorer)"
printf '%s\n' "${table[@]}"
[ "$caught" -eq "$total" ]
