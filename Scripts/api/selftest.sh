#!/usr/bin/env bash
# Proves Scripts/check-api.sh on a throwaway copy of the package: the check passes on the
# unmodified sources, FAILS when a public method of Signals is removed or its signature changes,
# passes again once the removal is allowlisted, and PASSES when a public method is added.
#
#   Scripts/api/selftest.sh            # or: Scripts/check-api.sh --selftest
#
# The copy is the committed sources (`git archive HEAD`) with this working tree's check
# (Scripts/check-api.sh and Scripts/api/, baseline and allowlist included), in a temporary
# folder, built there from scratch and rebuilt after each mutation: a few minutes. Not run by CI.
# SELFTEST_KEEP=1 keeps the copy (its path is printed).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/check-api-selftest.XXXXXX")
cleanup() {
    if [ "${SELFTEST_KEEP:-0}" = 1 ]; then echo "selftest: the copy stays in $work"; return; fi
    rm -rf "$work"
    # SwiftPM's lock files for the copy's scratch path, named after that path.
    rm -f "${TMPDIR:-/tmp}/$(printf '%s' "$work" | tr / _)"_.build*.lock
}
trap cleanup EXIT

git -C "$repo" archive HEAD | tar -x -C "$work"
rm -rf "$work/Scripts/api"
cp -R "$repo/Scripts/api" "$work/Scripts/api"
cp "$repo/Scripts/check-api.sh" "$work/Scripts/check-api.sh"
build=$work/.build
cd "$work"

failures=0
step=0

# check NAME EXPECTED_STATUS TEXT...: runs the check; its status must be EXPECTED_STATUS and its
# output must hold every TEXT.
check() {
    local name=$1 expected=$2 status=0 text
    shift 2
    step=$(( step + 1 ))
    echo
    echo "== $step. $name (expect exit $expected)"
    Scripts/check-api.sh "$build" >"$work/out.txt" 2>&1 || status=$?
    # The check's own lines, without the build's.
    grep -v -E '^(\[[0-9]+/[0-9]+\]|Building |Build of |Planning |Compiling |Write |Emitting |Linking )' \
        "$work/out.txt" | sed 's/^/   | /'
    local ok=1
    [ "$status" = "$expected" ] || { echo "selftest: exit $status, expected $expected"; ok=0; }
    for text in "$@"; do
        grep -F -q -- "$text" "$work/out.txt" || { echo "selftest: the output lacks: $text"; ok=0; }
    done
    if [ "$ok" = 1 ]; then echo "   ok"; else failures=$(( failures + 1 )); fi
}

# mutate FILE PYTHON: edits FILE with a Python expression over `s` (its text); the edit must
# change the file (else the selftest is out of date with the sources).
mutate() {
    python3 - "$1" "$2" <<'EOF'
import sys
path, expression = sys.argv[1], sys.argv[2]
s = open(path, encoding="utf-8").read()
new = eval(expression)
if new == s:
    sys.exit(f"selftest: the mutation of {path} changed nothing: update Scripts/api/selftest.sh")
open(path, "w", encoding="utf-8").write(new)
EOF
}

assign=Sources/Signals/ObservableConvertible+Assign.swift
cp "$assign" "$work/original.swift"

check "unmodified sources" 0 "0 breaking changes, 0 allowlisted"

# (a) A public method removed: assign(to:on:) for an optional property.
mutate "$assign" '__import__("re").sub(r"\n    /// Writes every value to an optional property.*?\n    }\n", "\n", s, count=1, flags=__import__("re").S)'
check "(a) Signals: assign(to:on:) for an optional property removed" 1 \
    "API check FAILED: 1 breaking change(s)" \
    "Signals: Func ObservableConvertible.assign(to:on:isolation:file:line:) has been removed"
# ... passes once allowlisted (no rebuild: the same modules).
cp "$work/Scripts/api/allowlist.txt" "$work/allowlist.orig" 2>/dev/null || : >"$work/allowlist.orig"
echo "Signals: Func ObservableConvertible.assign(to:on:isolation:file:line:) has been removed # selftest" \
    >>"$work/Scripts/api/allowlist.txt"
check "(a) allowlisted" 0 "0 breaking changes, 1 allowlisted"
cp "$work/allowlist.orig" "$work/Scripts/api/allowlist.txt"
cp "$work/original.swift" "$assign"

# (b) A changed signature: a parameter label, then a parameter type.
mutate "$assign" 's.replace("public func bind(to subject: Subject<Value>)", "public func bind(into subject: Subject<Value>)")'
check "(b) Signals: bind(to:) a subject renamed bind(into:)" 1 \
    "API check FAILED" "Signals: Func ObservableConvertible.bind(to:) has been renamed to Func bind(into:)"
cp "$work/original.swift" "$assign"
mutate "$assign" 's.replace("public func bind(to subject: Subject<Value>)", "public func bind(to subject: Subject<Value?>)")'
check "(b) Signals: bind(to:) takes a Subject<Value?>, not a Subject<Value>" 1 \
    "API check FAILED" \
    "Signals: Func ObservableConvertible.bind(to:) has parameter 0 type change from Signals.Subject<Self.Value> to Signals.Subject<Self.Value?>"
cp "$work/original.swift" "$assign"

# (c) A public method added.
cat >Sources/Signals/APISelftestAddition.swift <<'EOF'
extension Observable {
    /// Added by Scripts/api/selftest.sh: new public API passes the check.
    public func apiSelftestAddition() -> Observable<Value> { self }
}
EOF
check "(c) Signals: a public method added" 0 \
    "0 breaking changes, 0 allowlisted" "public declarations added since the baseline: 1 (linux)"
rm Sources/Signals/APISelftestAddition.swift

echo
if [ "$failures" -gt 0 ]; then
    echo "API selftest FAILED: $failures of $step steps"
    exit 1
fi
echo "API selftest: $step steps as expected"
