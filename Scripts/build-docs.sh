#!/usr/bin/env bash
# Builds the DocC documentation of every library module into docs/<Module>.doccarchive and
# fails on any DocC warning. No package dependency: symbol graphs come from
# `swift package dump-symbol-graph`, and `docc` from the toolchain.
#
#   Scripts/build-docs.sh                 # all library modules
#   Scripts/build-docs.sh Signals         # some modules
#
# Apple-only symbols (`#if canImport(Combine)`, `#if canImport(SwiftUI)`: PublishedValue,
# PublishedProperty, PublishedViewModelOwner, Property.binding, asPublisher(),
# Publisher.asObservable()) are not in the Linux graphs. Scripts/check-apple-platforms.sh
# writes each library module's macOS graphs to <its dir>/macos/symbol-graphs; when that folder
# exists (SIGNALS_APPLE_SYMBOL_GRAPHS, default .build-apple/macos/symbol-graphs, where CI's
# Apple check, run before this script, leaves them), the symbols only the macOS graphs have are
# added to the module's Linux graphs (Scripts/merge-symbol-graphs.py says why not both graphs)
# and get pages. SIGNALS_APPLE_SYMBOL_GRAPHS=none builds from the Linux graphs alone.
set -euo pipefail
cd "$(dirname "$0")/.."

apple_graphs="${SIGNALS_APPLE_SYMBOL_GRAPHS:-.build-apple/macos/symbol-graphs}"
if [ "$apple_graphs" != none ] && [ -d "$apple_graphs" ]; then
    echo "== macOS symbol graphs from $apple_graphs"
else
    apple_graphs=""
fi

modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
    modules=(Signals SignalsTesting SignalsVirtualTime SignalsObservation SignalsFoundation SignalsPaging SignalsUIKit SignalsPhotoDomain SignalsPhotoData SignalsPhotoList SignalsPhotoSearch)
fi

docc_tool="$(command -v docc || true)"
if [ -z "$docc_tool" ]; then
    docc_tool="$(dirname "$(command -v swift)")/docc"
fi
[ -x "$docc_tool" ] || { echo "error: docc not found next to swift" >&2; exit 1; }

echo "== symbol graphs"
dump_log="$(mktemp)"
# SIGNALS_SCRATCH_PATH: build in that folder instead of .build (a shared checkout's own scratch).
scratch=()
[ -n "${SIGNALS_SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SIGNALS_SCRATCH_PATH")
if ! swift package "${scratch[@]}" dump-symbol-graph --minimum-access-level public >"$dump_log" 2>&1; then
    # Where the tests were never built (a fresh checkout), SwiftPM also tries the synthesized
    # test modules (SignalsPackageTests, SignalsPackageDiscoveredTests), cannot load them and
    # exits non-zero after writing every library's graph. Any other error still fails.
    if grep -E "error:" "$dump_log" | grep -vqE "Failed to emit symbol graph for '[A-Za-z]+Package(Discovered)?Tests'"; then
        cat "$dump_log" >&2
        exit 1
    fi
fi
graphs="$(sed -n 's/^Files written to //p' "$dump_log" | tail -1)"
rm -f "$dump_log"
[ -d "$graphs" ] || { echo "error: no symbol graph directory reported" >&2; exit 1; }

mkdir -p docs
status=0
for module in "${modules[@]}"; do
    echo "== $module"
    module_graphs="$(mktemp -d)"
    cp "$graphs/$module.symbols.json" "$module_graphs/"
    cp "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
    # Only the modules with Apple-only API: elsewhere a declaration whose types Foundation spells
    # differently on macOS (URL, Data) reads as macOS-only, and its page would be ambiguous.
    if [ -n "$apple_graphs" ] && [ -f "$apple_graphs/$module.symbols.json" ] \
        && [[ " Signals SignalsObservation " == *" $module "* ]]; then
        python3 Scripts/merge-symbol-graphs.py "$module_graphs" "$apple_graphs" "$module"
    fi
    catalog=()
    # The reference modules keep the layout's folder names (Package.swift's `path:`).
    folder="$module"
    case $module in
        SignalsPhotoDomain) folder=PhotoDomain ;;
        SignalsPhotoData) folder=PhotoData ;;
        SignalsPhotoList) folder=ListFeature ;;
        SignalsPhotoSearch) folder=SearchFeature ;;
    esac
    if [ -d "Sources/$folder/$module.docc" ]; then
        catalog=("Sources/$folder/$module.docc")
    fi
    log="$(mktemp)"
    "$docc_tool" convert "${catalog[@]}" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "signals.$module" \
        --additional-symbol-graph-dir "$module_graphs" \
        --output-path "docs/$module.doccarchive" \
        --warnings-as-errors >"$log" 2>&1 || status=1
    if grep -qE "warning:|error:" "$log"; then
        cat "$log"
        status=1
    fi
    rm -rf "$module_graphs" "$log"
done

if [ $status -ne 0 ]; then
    echo "error: DocC reported warnings or errors" >&2
    exit 1
fi
echo "Docs: docs/*.doccarchive, 0 warnings"
