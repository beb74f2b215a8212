#!/usr/bin/env bash
# Source rules for what the Apple type-check cannot see (run by Scripts/check-apple-platforms.sh).
#
# The type-check runs one compiler, this toolchain's (6.3), and cannot run code: these rules
# cover what older compilers reject (every target, Tests/, Examples/, Bridges/, Benchmarks/,
# Conformance/, every manifest), blocking calls in async code where no type-check reaches, and
# what only shows at run time on Apple platforms. They are rules about the source, not proofs;
# README.md, "Platforms", says which is which.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root" || exit 2
status=0
rule() { echo "lint: $1" >&2; status=1; }

# 1. Compilers. Policy:
#    - Swift 6.0 for everything a user of the package compiles: every target under Sources/
#      (libraries, reference modules, DemoSupport, Demo), and every manifest (Package.swift,
#      Examples/*/Package.swift, Bridges/, Benchmarks/, Conformance/) with their sources. The package says
#      `swift-tools-version: 6.0`, so 6.0, 6.1 and 6.2 compilers build it: syntax newer than 6.0
#      must sit inside `#if compiler(>=X)`, whose inactive branch an older compiler does not
#      parse. Only the lines inside the guard are exempt, not the whole file.
#    - Swift 6.2 for the tests and the example app, and only in the files listed below, each
#      with its reason: `swift test` and Examples/MainActorApp need a 6.2 compiler (README,
#      "Platforms"). Every other file under Tests/ and Examples/ is held to 6.0 too, so a new
#      6.2 construct in a test is a decision (add the file here, with the reason), never an
#      accident. A listed file that no longer needs 6.2 must leave the list.
#    - Nothing needs 6.3: `@section`, `@used`, `#if objectFormat(…)`, `@c` are refused everywhere
#      unless guarded by `#if compiler(>=6.3)`.
#    The constructs and the compiler each needs: Scripts/apple-platforms/syntax.py, which
#    `--self-test` first: it plants each construct (every kind of list SE-0439 lets a trailing
#    comma end, `weak let`, …) and look-alikes 6.0 accepts, and fails if one is misreported.
#    The scan covers every package of the repository: the root Sources/ and Tests/, Examples/,
#    Bridges/, Benchmarks/, Conformance/. CI also builds the root Sources/ and
#    Examples/MainActorApp with a real Swift 6.0.3 compiler (Scripts/check-compilers.sh); that
#    proves those, not Tests/, Bridges/, Benchmarks/ or Conformance/, so this rule stays, for
#    every package.
swift_6_2_files=(
    "Tests/SignalsTests/FluentOperatorTests.swift"              # `weak let` (a weak reference the test then checks)
    "Tests/SignalsTests/ObservableConvertibleTests.swift"       # `weak let`
    "Tests/SignalsTests/CancellationTests.swift"                # `weak let`
    "Tests/SignalsObservationTests/ObservationBridgeTests.swift" # `weak let`
    "Tests/SignalsTests/FloodTests.swift"                       # exit tests (Swift Testing 6.2): a trap is the behaviour under test
    "Tests/SignalsTests/IsolationTests.swift"                   # exit tests: the debug main-actor check traps
    "Tests/SignalsTests/Engine/ChurnSoakTests.swift"            # exit test: the soak runs in a process of its own
    "Scripts/apple-platforms/clients/NamesApp/SearchScreens.swift" # isolated conformance `: @MainActor ViewModelType`, as a 6.2 app writes it
    "Tests/SignalsTestingTests/Support/AsyncLoginViewModel.swift" # isolated conformance `: @MainActor ViewModelType`, as apps write it
    "Examples/MainActorApp/Tests/LoginFeatureTests/LoginViewModelTests.swift" # exit test
    "Scripts/apple-platforms/clients/SwiftUIFile.swift"         # isolated conformance, as a SwiftUI app file writes it
    "Tests/DocSnippetsTests/Generated/MainActorViewModelsDoc.swift" # isolated conformance: the MainActor article's subject
)
python3 Scripts/apple-platforms/syntax.py --self-test > /dev/null \
    || { python3 Scripts/apple-platforms/syntax.py --self-test >&2; rule "Scripts/apple-platforms/syntax.py: its self-test fails (a construct is no longer found, or a look-alike is)"; }
while IFS= read -r manifest; do
    head -1 "$manifest" | grep -q 'swift-tools-version: 6.0$' \
        || rule "$manifest: the tools version is not 6.0 (update the compilers in README, Platforms)"
done < <(find . -name Package.swift -not -path '*/.build*' -not -path './.git/*' | sort)
is_6_2_file() { local f; for f in "${swift_6_2_files[@]}"; do [ "$f" = "$1" ] && return 0; done; return 1; }
swift_6_0=() swift_6_2=()
while IFS= read -r file; do
    file="${file#./}"
    if is_6_2_file "$file"; then swift_6_2+=("$file"); else swift_6_0+=("$file"); fi
done < <(find Sources Tests Examples Bridges Benchmarks Conformance Scripts/apple-platforms/clients \
    Scripts/apple-platforms/rejected -name '*.swift' -type f -not -path '*/.build*' -not -path '*.docc/*' 2>/dev/null; \
    find . -name Package.swift -type f -not -path '*/.build*' -not -path './.git/*')
while IFS= read -r hit; do
    rule "$hit (guard it with #if compiler(>=…); see the policy in lint.sh)"
done < <(python3 Scripts/apple-platforms/syntax.py 6.0 "${swift_6_0[@]}")
while IFS= read -r hit; do
    rule "$hit (listed as a 6.2 file; newer syntax must be guarded)"
done < <([ ${#swift_6_2[@]} -eq 0 ] || python3 Scripts/apple-platforms/syntax.py 6.2 "${swift_6_2[@]}")
for file in "${swift_6_2_files[@]}"; do
    [ -f "$file" ] || { rule "$file: listed as a 6.2 file but missing (update the list in lint.sh)"; continue; }
    python3 Scripts/apple-platforms/syntax.py 6.0 "$file" > /dev/null \
        && rule "$file: listed as a 6.2 file but needs only 6.0 (remove it from the list in lint.sh)"
done

# 2. Blocking calls in async code (`DispatchSemaphore.wait()`, `NSLock.lock()`, …): Apple's SDK
#    marks them `noasync`, an error in Swift 6 mode; Linux's Dispatch does not. The stand-ins
#    carry the attribute, so the type-check holds the libraries, Tests/ and the example to it.
#    Benchmarks/ and Conformance/ (and Bridges/' tests) need OpenCombine, which the Apple check
#    cannot build, so they get Scripts/apple-platforms/noasync.py, a scan that knows the calls
#    by name and async code by its declarations (self-tested first, like syntax.py).
python3 Scripts/apple-platforms/noasync.py --self-test > /dev/null \
    || { python3 Scripts/apple-platforms/noasync.py --self-test >&2; rule "Scripts/apple-platforms/noasync.py: its self-test fails"; }
while IFS= read -r hit; do
    rule "$hit (move the wait out of async code: a continuation, a synchronous function, a thread)"
done < <(find Benchmarks Conformance Bridges -name '*.swift' -type f -not -path '*/.build*' -print0 2>/dev/null \
    | xargs -0 python3 Scripts/apple-platforms/noasync.py)

# 3. Run-time behaviour on Apple platforms that no type-check on Linux observes.
grep -q 'autoreleasepool' Sources/SignalsTesting/Leaks/LeakTracker.swift \
    || rule "SignalsTesting/Leaks/LeakTracker.swift: expectNoLeaks must drain an autoreleasepool on Darwin (autoreleased objects look leaked)"
grep -q 'pthread_main_np' Sources/Signals/Internal/MainQueueMarker.swift \
    || rule "Signals/Internal/MainQueueMarker.swift: the Darwin main thread is the main actor (queue.sync from main printed a spurious message)"
grep -q '__attribute__((constructor))' Sources/CSignalsTestingLoad/CSignalsTestingLoad.c 2>/dev/null \
    || rule "SignalsTesting: the XCTest observer must be registered at load, on the main thread (CSignalsTestingLoad)"

exit $status
