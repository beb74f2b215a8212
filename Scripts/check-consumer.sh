#!/usr/bin/env bash
# The consumer check: a modular app can add Signals (issue 42).
#
#   Scripts/check-consumer.sh              # build, test and run Examples/ModularApp
#   Scripts/check-consumer.sh --selftest   # and prove the check fails with a reference target renamed back
#
# Examples/ModularApp names its targets as modular apps name theirs (SearchFeature, ListFeature,
# PhotoData, PhotoDomain, DemoSupport, Demo, Core, Networking) and depends, between them, on
# every library product. SwiftPM refuses a graph in which two packages declare one target name,
# so the package resolving is the first proof; its own `Demo` printing its own session (not
# Signals' tour, whose binary would be linked to the same path) is the second; and Signals'
# products as the app sees them being exactly the library products is the third.
#
# It runs from the app's folder, as an app is built: Signals declares its `Demo` product only
# when SwiftPM runs in Signals' own folder (Package.swift, `demoProduct`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${CONSUMER_SCRATCH:-$root/.build-consumer}"

# The library products, as an app sees them (README.md, "Add the package").
expected_products="Signals SignalsFoundation SignalsObservation SignalsPaging SignalsTesting SignalsUIKit SignalsVirtualTime"

check() {
    local signals=$1 app=$2 scratch=$3
    cd "$app"
    echo "== the products an app sees"
    local products
    products="$(swift package --package-path "$signals" dump-package 2>/dev/null \
        | python3 -c 'import json, sys; print(" ".join(sorted(p["name"] for p in json.load(sys.stdin)["products"])))')"
    if [ "$products" != "$expected_products" ]; then
        echo "check-consumer: FAIL: an app sees the products [$products], expected [$expected_products]" >&2
        return 1
    fi
    echo "$products"
    echo "== swift build --build-tests (Examples/ModularApp)"
    local log; log="$(mktemp)"
    if ! swift build --build-tests --scratch-path "$scratch" >"$log" 2>&1; then
        grep -E "error:" "$log" | sort -u | head -20 >&2
        echo "check-consumer: FAIL: Examples/ModularApp does not build beside Signals" >&2
        rm -f "$log"; return 1
    fi
    if grep -E "warning:" "$log" | grep -v "/checkouts/" | grep -q "$app"; then
        grep -E "warning:" "$log" | grep "$app" | sort -u >&2
        echo "check-consumer: FAIL: Examples/ModularApp builds with warnings" >&2
        rm -f "$log"; return 1
    fi
    rm -f "$log"
    echo "== swift test (Examples/ModularApp)"
    swift test --skip-build --scratch-path "$scratch"
    echo "== the app's own Demo"
    local printed; printed="$("$scratch/debug/Demo")"
    if [ "$printed" != $'sea, seal\nsun' ]; then
        echo "check-consumer: FAIL: the app's Demo printed something else (another package's Demo linked over it?):" >&2
        echo "$printed" | head -5 >&2
        return 1
    fi
    echo "$printed"
}

if [ "${1:-}" = "--selftest" ]; then
    # A throwaway copy of the package as it was before issue 42: SignalsPhotoSearch renamed back
    # to SearchFeature and a product again. The check must fail, at resolution, with SwiftPM's
    # conflicting-name error. (SwiftPM only compares the targets reachable from a dependency's
    # products: a reference target named SearchFeature that no product reaches does not collide,
    # which is why the reference modules are no products, and their names are Signals' own too.)
    copy="$(mktemp -d)"
    trap 'rm -rf "$copy"' EXIT
    git -C "$root" ls-files -z | (cd "$root" && xargs -0 cp --parents -t "$copy")
    sed -i -e 's/"SignalsPhotoSearch"/"SearchFeature"/g' \
        -e 's|^    ] + demoProduct + referenceProducts,|        .library(name: "SearchFeature", targets: ["SearchFeature"]),\n    ] + demoProduct + referenceProducts,|' \
        "$copy/Package.swift"
    grep -q '.library(name: "SearchFeature"' "$copy/Package.swift" || { echo "check-consumer: selftest could not plant" >&2; exit 2; }
    expected_products="$(echo "$expected_products SearchFeature" | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')"
    log="$copy/selftest.log"
    if (check "$copy" "$copy/Examples/ModularApp" "$copy/.build-consumer") >"$log" 2>&1; then
        echo "check-consumer: SELFTEST FAIL: the check passed with a reference target named SearchFeature" >&2
        exit 1
    fi
    if ! grep -q "declare targets with a conflicting name: 'SearchFeature" "$log"; then
        echo "check-consumer: SELFTEST FAIL: the check failed, but not on the conflicting name:" >&2
        tail -20 "$log" >&2
        exit 1
    fi
    echo "check-consumer: selftest: the planted SearchFeature target fails the check:"
    grep -m1 "conflicting name" "$log"
    exit 0
fi

check "$root" "$root/Examples/ModularApp" "$scratch"
echo "check-consumer: a modular app adds every library product, and its own Demo runs"
