#!/usr/bin/env bash
# Fails when a library product loses or changes a public declaration that its recorded baseline
# (Scripts/api/baseline/) has, unless Scripts/api/allowlist.txt gives the reason. Adding public
# API passes. Scripts/api/README.md says how to read a failure and how to allowlist a break.
#
#   Scripts/check-api.sh [BUILD]                      # Linux API; BUILD: swift build's folder (.build)
#   Scripts/check-api.sh [BUILD] --apple DIR          # and macOS API, from check-apple-platforms.sh
#   Scripts/check-api.sh --record [BUILD] [--apple DIR]   # at a release: write the baseline
#   Scripts/check-api.sh --selftest                   # Scripts/api/selftest.sh: proves the check
#
# Linux: the modules of BUILD's debug build. CI runs the check right after `swift build`, so it
# only dumps and compares (a few seconds). If a module is missing, or older than a Swift file
# of its own target, the script builds the library targets first (swift build --target ...).
#
# macOS (--apple .build-apple/macos): the modules that Scripts/check-apple-platforms.sh compiles
# for macOS against its stand-in SDK. They hold the API that Linux does not compile: the
# Combine bridges, PublishedValue, property.binding. Run that script (for macos) first.
#
# How: `swift-api-digester -dump-sdk` reads each module and writes its public declarations
# (names, signatures, generic signatures, attributes, conformances, availability) as JSON;
# Scripts/api/apijson.py drops the `package` / `@usableFromInline internal` ones the dump also
# holds; `swift-api-digester -diagnose-sdk` compares that with the baseline and prints each
# breaking change; the allowlisted ones are subtracted.
set -euo pipefail
cd "$(dirname "$0")/.."

# The library products (Package.swift), one target each. The reference modules (SignalsPhotoDomain,
# SignalsPhotoData, SignalsPhotoList, SignalsPhotoSearch, SignalsDemoSupport, SignalsDemo) are examples: not checked.
modules=(Signals SignalsVirtualTime SignalsTesting SignalsObservation SignalsPaging SignalsFoundation SignalsUIKit)
# Building these targets builds every module above (SignalsTesting: Signals, SignalsVirtualTime).
build_targets=(SignalsTesting SignalsObservation SignalsPaging SignalsFoundation SignalsUIKit)

api_dir=Scripts/api
baseline_root=$api_dir/baseline
allowlist=$api_dir/allowlist.txt

mode=check
build=.build
apple=""
while [ $# -gt 0 ]; do
    case "$1" in
        --record) mode=record ;;
        --apple) [ $# -ge 2 ] || { echo "check-api: --apple needs a folder" >&2; exit 2; }; apple=$2; shift ;;
        --selftest) exec "$api_dir/selftest.sh" ;;
        -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "check-api: unknown option $1 (--record, --apple DIR, --selftest, --help)" >&2; exit 2 ;;
        *) build=$1 ;;
    esac
    shift
done
start=$SECONDS

# The toolchain's digester: next to the `swift` on PATH (Linux), or through xcrun (macOS).
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
digester=$swift_bin/swift-api-digester
resource_dir=$(dirname "$swift_bin")/lib/swift
host_sdk=()
if [ "$(uname -s)" = Darwin ]; then
    [ -x "$digester" ] || digester=$(xcrun --find swift-api-digester)
    host_sdk=(-sdk "$(xcrun --show-sdk-path --sdk macosx)")
fi
if [ ! -x "$digester" ]; then
    echo "check-api: swift-api-digester not found next to $(command -v swift)" >&2
    exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-api.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# stale_module DIR [BUILD_DIR]: the first module of DIR that is missing or older than a Swift
# file of its own target (its API is its own declarations; a module is not rebuilt when only one
# it imports changed); nothing if every module is fresh. The compiler leaves a module file
# untouched when its content did not change, so the time it was last emitted is that of
# BUILD_DIR/<Module>.build/<Module>.emit-module.d (SwiftPM's debug builds), if there is one.
stale_module() {
    local m module emitted newer
    for m in "${modules[@]}"; do
        module=$1/$m.swiftmodule
        if [ ! -f "$module" ]; then echo "$module is missing"; return; fi
        emitted=$module
        if [ -n "${2:-}" ] && [ -f "$2/$m.build/$m.emit-module.d" ]; then emitted=$2/$m.build/$m.emit-module.d; fi
        newer=$(find "Sources/$m" -type f -name '*.swift' -newer "$emitted" -print -quit)
        if [ -n "$newer" ]; then echo "$newer is newer than $emitted"; return; fi
    done
}

# dump VARIANT ARGS...: every module's public API into $tmp/VARIANT/<Module>.json.
dump() {
    local variant=$1 m
    shift
    mkdir -p "$tmp/$variant"
    for m in "${modules[@]}"; do
        if ! "$digester" -dump-sdk -module "$m" "$@" -avoid-location -avoid-tool-args \
                -abort-on-module-fail -o "$tmp/$variant/$m.raw.json" 2>"$tmp/$variant/$m.log"; then
            cat "$tmp/$variant/$m.log" >&2
            echo "check-api: swift-api-digester could not load module $m ($variant)" >&2
            exit 2
        fi
    done
    python3 "$api_dir/apijson.py" normalize "$tmp/$variant" "${modules[@]}"
}

# Linux: BUILD's debug products (BUILD/debug is a link SwiftPM makes).
bin=""
for candidate in "$build/debug" "$build/$(uname -m)-unknown-linux-gnu/debug"; do
    if [ -d "$candidate/Modules" ]; then bin=$candidate; break; fi
done
[ -n "$bin" ] || bin=$(swift build --scratch-path "$build" --show-bin-path)
stale=$(stale_module "$bin/Modules" "$bin")
if [ -n "$stale" ]; then
    echo "check-api: $stale: building ${build_targets[*]} in $build" >&2
    for target in "${build_targets[@]}"; do
        swift build --scratch-path "$build" --target "$target" >&2
    done
    bin=$(swift build --scratch-path "$build" --show-bin-path)
fi
bin=$(cd "$bin" && pwd -P)  # the path the build used: its module cache does not follow links
search=(-I "$bin/Modules")
for map in "$bin"/*.build/module.modulemap; do  # the C targets the modules import
    [ -f "$map" ] && search+=(-I "$(dirname "$map")")
done
dump linux "${search[@]}" ${host_sdk[@]+"${host_sdk[@]}"} -module-cache-path "$bin/ModuleCache"
variants=(linux)

# macOS: the debug modules Scripts/check-apple-platforms.sh leaves in DIR/modules.
if [ -n "$apple" ]; then
    if [ ! -d "$apple/modules" ] || [ ! -d "$apple/sdk" ]; then
        echo "check-api: $apple has no modules/ and sdk/: run Scripts/check-apple-platforms.sh macos first" >&2
        exit 2
    fi
    apple=$(cd "$apple" && pwd -P)
    stale=$(stale_module "$apple/modules")
    if [ -n "$stale" ]; then
        echo "check-api: $stale: run Scripts/check-apple-platforms.sh macos first" >&2
        exit 2
    fi
    # The C targets: that script writes DIR/<Name>.modulemap; the digester finds module.modulemap.
    search=(-I "$apple/modules")
    for map in "$apple"/*.modulemap; do
        [ -f "$map" ] || continue
        name=$(basename "$map" .modulemap)
        mkdir -p "$tmp/modulemaps/$name"
        cp "$map" "$tmp/modulemaps/$name/module.modulemap"
        search+=(-I "$tmp/modulemaps/$name")
    done
    dump macos "${search[@]}" -target x86_64-apple-macosx13.0 -sdk "$apple/sdk" \
        -resource-dir "$resource_dir" -module-cache-path "$apple/cache"
    variants+=(macos)
fi

if [ "$mode" = record ]; then
    for variant in "${variants[@]}"; do
        mkdir -p "$baseline_root/$variant"
        for m in "${modules[@]}"; do cp "$tmp/$variant/$m.json" "$baseline_root/$variant/$m.json"; done
    done
    echo "API baseline recorded: ${#modules[@]} modules (${variants[*]}) in $baseline_root ($(( SECONDS - start )) s)."
    [ -n "$apple" ] || echo "check-api: macOS not recorded: pass --apple .build-apple/macos" >&2
    echo "Commit it with the release, and empty $allowlist of the breaks that release made."
    exit 0
fi

# Every breaking change, as "<Module>: <the digester's line><TAB><variant>".
: >"$tmp/breaks"
added=()
missing=0
for variant in "${variants[@]}"; do
    for m in "${modules[@]}"; do
        base=$baseline_root/$variant/$m.json
        if [ ! -f "$base" ]; then
            echo "check-api: $m has no baseline ($base): record it (Scripts/api/README.md)" >&2
            missing=$(( missing + 1 ))
            continue
        fi
        "$digester" -diagnose-sdk -input-paths "$base" -input-paths "$tmp/$variant/$m.json" \
            -o "$tmp/$variant/$m.diag" 2>"$tmp/$variant/$m.diag.log" \
            || { cat "$tmp/$variant/$m.diag.log" >&2; exit 2; }
        # The report is headed sections ("/* Removed Decls */", ...): keep their lines.
        { grep -v -e '^/\*' -e '^[[:space:]]*$' "$tmp/$variant/$m.diag" || true; } \
            | sed -e 's/[[:space:]]*$//' -e "s/^/$m: /" | awk -v v="$variant" '{ print $0 "\t" v }' >>"$tmp/breaks"
    done
    # What the digester does not report: a lost @_exported import; and the additions.
    python3 "$api_dir/apijson.py" compare "$baseline_root/$variant" "$tmp/$variant" "${modules[@]}" \
        >"$tmp/$variant.compare"
    added+=("$(sed -n 's/^added //p' "$tmp/$variant.compare") ($variant)")
    { grep -v '^added ' "$tmp/$variant.compare" || true; } | awk -v v="$variant" '{ print $0 "\t" v }' >>"$tmp/breaks"
done
# One line per breaking change, with the variants it was found in.
awk -F '\t' '{ if ($1 in v) v[$1] = v[$1] ", " $2; else v[$1] = $2 } END { for (l in v) print l "\t" v[l] }' \
    "$tmp/breaks" | LC_ALL=C sort >"$tmp/found"

# The allowlist: "<Module>: <breaking change> # <reason>" a line; blank lines and # comments.
: >"$tmp/allowed"
bad_entries=0
line_number=0
if [ -f "$allowlist" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
        line_number=$(( line_number + 1 ))
        trimmed=$(printf '%s' "$line" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
        case "$trimmed" in ''|'#'*) continue ;; esac
        entry=$(printf '%s' "${trimmed%% # *}" | sed -e 's/[[:space:]]*$//')
        reason=$(printf '%s' "${trimmed#"$entry"}" | sed -e 's/^[[:space:]]*#[[:space:]]*//')
        if [ "$entry" = "$trimmed" ] || [ -z "$reason" ]; then
            echo "check-api: $allowlist:$line_number has no reason (\"<breaking change> # <reason>\"): $trimmed" >&2
            bad_entries=$(( bad_entries + 1 ))
            continue
        fi
        printf '%s\n' "$entry" >>"$tmp/allowed"
    done <"$allowlist"
fi

awk -F '\t' 'FILENAME == ARGV[1] { allowed[$0] = 1; next } !($1 in allowed)' "$tmp/allowed" "$tmp/found" >"$tmp/failing"
allowlisted=$(awk -F '\t' 'FILENAME == ARGV[1] { allowed[$0] = 1; next } ($1 in allowed)' "$tmp/allowed" "$tmp/found" | wc -l | tr -d ' ')
awk -F '\t' 'FILENAME == ARGV[1] { found[$1] = 1; next } !($0 in found)' "$tmp/found" "$tmp/allowed" >"$tmp/unused"
failing=$(wc -l <"$tmp/failing" | tr -d ' ')

if [ -s "$tmp/unused" ]; then
    echo "check-api: note: allowlist entries that match no breaking change (remove them):" >&2
    sed 's/^/  /' "$tmp/unused" >&2
fi

if [ "$failing" -gt 0 ]; then
    {
        echo "API check FAILED: $failing breaking change(s) to the public API of the library products,"
        echo "against the baseline in $baseline_root ([where it was found]):"
        echo
        awk -F '\t' '{ print "  " $1 "   [" $2 "]" }' "$tmp/failing"
        echo
        echo "Each line is \"<module>: <what swift-api-digester found>\". Within a major version a library"
        echo "product's public API only grows (README.md, \"Add the package\"). Either keep the old"
        echo "declaration (deprecate it rather than remove or change it; add an overload for a new"
        echo "signature), or, for a break that waits for the next major version, copy the line (without"
        echo "the [...]) into $allowlist followed by \" # <reason>\", and say it in CHANGELOG.md:"
        echo
        echo "  $(head -n 1 "$tmp/failing" | cut -f 1) # <why this break is accepted>"
        echo
        echo "$api_dir/README.md explains the check."
    } >&2
    exit 1
fi
if [ "$missing" -gt 0 ]; then
    echo "API check FAILED: $missing module(s) without a baseline." >&2
    exit 1
fi
if [ "$bad_entries" -gt 0 ]; then
    echo "API check FAILED: $bad_entries allowlist entr(y/ies) without a reason." >&2
    exit 1
fi
checked="${variants[*]}"
[ -n "$apple" ] || checked="$checked; macOS not checked: --apple"
echo "API check: ${#modules[@]} modules (${checked}), 0 breaking changes, $allowlisted allowlisted; public declarations added since the baseline: $(IFS=,; echo "${added[*]}" | sed 's/,/, /g') ($(( SECONDS - start )) s)"
