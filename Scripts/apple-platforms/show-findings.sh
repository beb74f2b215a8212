#!/usr/bin/env bash
# For each finding of issue 21 (seven), issue 27 (five) and issue 33 (four), puts the old code
# back (issue 21's from commit 23ae21b, issue 27's from bc5c728, issue 33's from 891ec16) or
# plants the violation, on top of HEAD in a scratch worktree, and shows that
# Scripts/check-apple-platforms.sh fails on it.
# Usage: Scripts/apple-platforms/show-findings.sh [21|27|33]   (all by default; logs in $OUT,
#        default /tmp/apple-check-findings)
set -u
which="${1:-all}"
src="$(cd "$(dirname "$0")/../.." && pwd)"
dir="$src/.build-apple-mutations"
out="${OUT:-/tmp/apple-check-findings}"
rm -rf "$dir" "$out"; mkdir -p "$out"
git -C "$src" worktree remove --force "$dir" 2>/dev/null
git -C "$src" worktree add -q --detach "$dir" HEAD
cd "$dir"
export APPLE_CHECK_DIR="${APPLE_CHECK_DIR:-$src/.build-apple}"   # reuses the rebuilt toolchain modules
old=23ae21b
old27=bc5c728
old33=891ec16
run() { # name platform...
  local name=$1; shift
  Scripts/check-apple-platforms.sh "$@" > "$out/$name.log" 2>&1; echo "exit $?" >> "$out/$name.log"
  git checkout -q -- . ; git clean -qfd Sources Scripts Tests Bridges Benchmarks Conformance
}
if [ "$which" = all ] || [ "$which" = 21 ]; then
# 1. typed-throws AsyncSequence (iOS 18) in the core module
git show $old:Sources/Signals/Sources/Observable+AsyncSequence.swift > Sources/Signals/Bridges/Observable+AsyncSequence.swift
run 1-asyncsequence-failure ios
# 2. Observation without @available
sed -i '/@available(macOS 14.0, iOS 17.0/d' Sources/SignalsObservation/*.swift
run 2-observation-availability ios
# 3. IndexPath(item:section:) dropped where UIKit exists, ListFeature relying on it; public copy clashing with AppKit
git show $old:Sources/ListFeature/Support/IndexPath+Item.swift > Sources/ListFeature/Support/IndexPath+Item.swift
printf '\nextension IndexPath {\n    package init(listItem item: Int, section: Int) { self.init(item: item, section: section) }\n    package var listItem: Int { item }\n}\n' >> Sources/ListFeature/Support/IndexPath+Item.swift
run 3-indexpath ios macos
# 4. #if objectFormat(ELF) (Swift 6.3 only)
printf '\n#if objectFormat(ELF)\nlet elfOnly = 1\n#endif\n' >> Sources/SignalsTesting/Reporting/TestFailure.swift
run 4-objectformat ios
# 5. the XCTest observer registered lazily on any thread
python3 - <<'PY'
p='Sources/SignalsTesting/Reporting/TestFailure.swift'
s=open(p).read()
a=s[s.index('        #if canImport(Darwin)\n        if pthread_main_np() != 0 {'):]
a=a[:a.index('        #endif\n')+len('        #endif\n')]
s=s.replace(a,'        XCTestObservationCenter.shared.addTestObserver(shared)\n')
open(p,'w').write(s)
PY
run 5-xctest-observer-thread ios
# 6. 32-bit arithmetic: the three old conversions
sed -i 's/precondition(UInt64(truncatingIfNeeded: count) < UInt64(UInt32.max), "too many bindings on one stream")/precondition(count < Int(UInt32.max), "too many bindings on one stream")/' Sources/Signals/Internal/StreamCore.swift
sed -i 's/queue.asyncAfter(deadline: .now() + DispatchTimeInterval(clamping: delay)) {/queue.asyncAfter(deadline: .now() + .nanoseconds(Int(max(0, delay.nanoseconds)))) {/' Sources/Signals/Scheduler.swift
sed -i 's/        let total = Int64(clamped.rounded(.down))/        let total = Int64(Int(clamped.rounded(.down)))/' Sources/PhotoDomain/Timestamp.swift
run 6-32bit-arithmetic watchos
# 7a. deprecated recordFailure(withDescription:…) on Apple
python3 - <<'PY'
p='Sources/SignalsTesting/Reporting/TestFailure.swift'
s=open(p).read()
s=s.replace('        #if canImport(Darwin)\n        // Apple\'s XCTest deprecates','        #if false\n        // Apple\'s XCTest deprecates',1)
open(p,'w').write(s)
PY
run 7a-deprecated-recordFailure ios
# 7b. no autoreleasepool; 7c. the spurious main-thread message
git show $old:Sources/SignalsTesting/Leaks/LeakTracker.swift > Sources/SignalsTesting/Leaks/LeakTracker.swift
sed -i 's/        return pthread_main_np() != 0/        return false/' Sources/Signals/Internal/MainQueueMarker.swift
run 7bc-autoreleasepool-mainthread ios
# 7d. a SwiftUI file without the disambiguation
sed -i '/^import .* Signals\./d' Scripts/apple-platforms/clients/SwiftUIFile.swift
run 7d-swiftui-names ios
fi
if [ "$which" = all ] || [ "$which" = 27 ]; then
# Issue 27, 1. watchOS: UIKit declares IndexPath(item:section:) there too; the old shim added a
#    second copy on watchOS (ambiguous in a client file that imports UIKit beside ListFeature).
git show $old27:Sources/ListFeature/Support/IndexPath+Item.swift > Sources/ListFeature/Support/IndexPath+Item.swift
run 27-1-watchos-indexpath-ambiguity watchos
#    ... and the old UIKit stand-in, which hid them on watchOS (and carried no availability).
git show $old27:Scripts/apple-platforms/stand-ins/UIKit.swift > Scripts/apple-platforms/stand-ins/UIKit.swift
run 27-1b-uikit-stand-in-untrue rules
# Issue 27, 2. `Double(1 << 53)`: with a 32-bit Int the shift is 0 and the draw infinity.
sed -i 's|Double(UInt64(1) << 53)|Double(1 << 53)|' Sources/PhotoData/Embedded/FailureInjection.swift
run 27-2-32bit-shift watchos
# Issue 27, 3. Syntax newer than 6.0 in a library source (a trailing comma in a parameter list,
#    `weak let`) and an isolated conformance in a test file that is not listed as 6.2-only.
printf '\nfunc lintProbe(_ a: Int, _ b: Int,) -> Int {\n    weak let owner = LockProbe()\n    return a + b + (owner == nil ? 0 : 1)\n}\nfinal class LockProbe {}\n' >> Sources/Signals/Scheduler.swift
printf '\n@MainActor final class ProbeModel: @MainActor ViewModelType {\n    struct Input {}\n    struct Output {}\n    func transform(input: Input) -> Output { Output() }\n}\n' >> Tests/SignalsTests/ViewModelTypeTests.swift
run 27-3-post-6.0-syntax rules
# Issue 27, 4. Test targets at the minimums: Atomic (macOS 15) in the flatMapLatest tests,
#    SignalsObservationTests (macOS 14) without @available.
git show $old27:Tests/SignalsTests/Operators/Observable+FlatMapLatestTests.swift > Tests/SignalsTests/Operators/Observable+FlatMapLatestTests.swift
git show $old27:Tests/SignalsObservationTests/ObservationBridgeTests.swift > Tests/SignalsObservationTests/ObservationBridgeTests.swift
git show $old27:Tests/SignalsTests/SourceTests.swift > Tests/SignalsTests/SourceTests.swift
run 27-4-tests-at-macos-13 macos
# Issue 27, 5. The old stand-ins: almost no availability (a too-new API passes).
for f in $(git ls-tree --name-only $old27 Scripts/apple-platforms/stand-ins/); do git show $old27:$f > $f; done
run 27-5-stand-in-availability rules
fi
if [ "$which" = all ] || [ "$which" = 33 ]; then
# Issue 33, 1. A blocking semaphore wait in an async test (Apple's Dispatch: noasync).
git show $old33:Tests/SignalsTests/MainSchedulerTests.swift > Tests/SignalsTests/MainSchedulerTests.swift
run 33-1-blocking-wait-in-async-test macos
# Issue 33, 2. Stand-ins as they were: `Notification` merely not Sendable (so `@preconcurrency
#    import` lets it through) and no `noasync` on the waits and locks; the rejected files then
#    compile ("expected error not produced"), and the availability table no longer matches.
sed -i '/^@available(\*, unavailable)$/{N;/extension Notification: @unchecked Sendable {}/d}' Scripts/apple-platforms/stand-ins/Foundation.swift
sed -i '/@available(\*, noasync/d' Scripts/apple-platforms/stand-ins/Dispatch.swift Scripts/apple-platforms/stand-ins/Foundation.swift Scripts/apple-platforms/stand-ins/Darwin.swift
run 33-2-stand-ins-without-unavailable-and-noasync ios
# Issue 33, 3. Trailing commas Swift 6.0 rejects, in lists the old rule missed, in every package.
printf '\nstruct PlantedGeneric<A, B,> {}\n' >> Bridges/Tests/OpenCombineBridgesTests/PublishedValueTests.swift
printf '\nlet plantedCapture = { [a, b,] in a + b }\n' >> Conformance/Sources/SignalsConformance/Catalog.swift
printf '\nlet plantedSubscript = table[row, column,]\n' >> Benchmarks/Sources/SignalsBenchmarks/Floors.swift
printf '\nlet plantedInterpolation = "\\(a, b,)"\n' >> Tests/SignalsTests/MainSchedulerTests.swift
run 33-3-trailing-commas rules
# Issue 33, 4. A blocking wait in async code of a package the type-check cannot build.
printf '\nfunc plantedBlockingWait(_ done: DispatchSemaphore) async {\n    done.wait()\n}\n' >> Benchmarks/Sources/SignalsBenchmarks/ViewModelWorkloads.swift
run 33-4-noasync-in-benchmarks rules
fi
for f in "$out"/*.log; do echo "== $(basename "$f" .log): $(tail -1 "$f")"; grep -E "error:|FAIL|lint:|traps on|breaks on|has no row|the table says|Apple has" "$f" | grep -v "no such module\|emit-module command" | sed 's/^/   /' | head -8; done
git -C "$src" worktree remove --force "$dir"
