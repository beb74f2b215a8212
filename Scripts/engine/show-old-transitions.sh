#!/usr/bin/env bash
# Shows that the interleaving explorer finds issue 26's bugs on the engine's old transitions.
#
# Scripts/engine/old-transitions.patch puts the two old decisions back into the new engine's
# pure state machine: (1) every queued event scans every late binder, and a cancelled late
# binder stays in the list until caught up (the quadratic work behind the Property livelock);
# (2) a Property binding's replay is queued past the flood gate (unbounded queue under bind
# churn). This script applies the patch to a copy of the checkout, runs the explorer there, and
# prints what it reports. It exits 0 when the explorer FAILS on the old transitions (as it
# must) and 1 if it passes them.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git -C "$root" archive HEAD | tar -x -C "$work"
cd "$work"
git apply "$root/Scripts/engine/old-transitions.patch"
swift build --build-tests >/dev/null 2>&1 || { echo "build of the patched copy failed" >&2; exit 2; }
set +e
swift test --skip-build --filter EngineExplorationTests 2>&1 | grep -E "^\[explorer\]|^↳ [a-z].*:|✘ Test every" | tee "$work/report.txt"
set -e
if grep -q "not amortized\|queued past the queue limit" "$work/report.txt"; then
    echo "== the explorer finds the old transitions' bugs (as expected)"
    exit 0
fi
echo "== the explorer passed the old transitions: it has lost its teeth" >&2
exit 1
