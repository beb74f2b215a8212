#!/usr/bin/env bash
# Proves, on Linux with no Apple SDK, that every library target type-checks for Apple platforms.
#
#   Scripts/check-apple-platforms.sh                 # every platform below (Mac Catalyst included)
#   Scripts/check-apple-platforms.sh ios catalyst    # some of them
#   Scripts/check-apple-platforms.sh rules           # only the source rules and the availability table
#
# How: the toolchain ships textual interfaces (.swiftinterface) of the standard library,
# _Concurrency, _StringProcessing, Observation and Testing, and these keep their `@available`
# attributes. The script rebuilds them for each Apple target triple, compiles small stand-in
# modules for what Apple's Darwin, Dispatch, ObjectiveC, CoreGraphics, Foundation, XCTest, UIKit and AppKit
# declare that the package uses (Scripts/apple-platforms/stand-ins, with the signatures of
# Apple's SDK), and then compiles each library target of the package against them in Swift 6 mode
# with warnings as errors, as Xcode would for a debug build (-D DEBUG) and a release build.
#
# On the 32-bit target (arm64_32, watchOS) it also lowers the modules to SIL and fails on every
# overflow-checked narrowing conversion to a 32-bit Int (Int64 -> Int, UInt64 -> Int,
# UInt32 -> Int, Double -> Int): each one is a trap waiting on watchOS that a 64-bit build
# never shows. Code that narrows must say what it does on overflow (clamp or truncate). The
# same scan fails on `Int` shifts by 32 or more, `Int` literals beyond Int32 and `Int`
# arithmetic at microsecond/nanosecond scale (Scripts/apple-platforms/narrowing.py).
#
# On macOS it also type-checks every test target and the example's tests at the package's
# deployment target (macOS 13), where `swift test` runs: an API newer than that in a test must
# sit behind `@available` / `if #available`.
#
# The stand-ins also carry what Apple's SDK refuses: `Notification`'s `Sendable` conformance is
# unavailable (not merely missing, which `@preconcurrency import` would silence) and the
# blocking waits and locks are `noasync` (Dispatch, NSLock, Thread, os_unfair_lock), which
# Linux's Dispatch does not mark. Files that must fail to compile for that reason
# (Scripts/apple-platforms/rejected) are type-checked with the compiler's verifier (step 6b),
# so a stand-in that loses such a declaration fails the check.
#
# Finally it runs source rules for what no type-checker sees (Scripts/apple-platforms/lint.sh:
# syntax newer than each file's compiler, in every target, test, example and manifest of every
# package; blocking calls in async code of the packages the check cannot type-check) and
# checks that every stand-in declaration carries Apple's availability, as recorded in the
# reviewed table Scripts/apple-platforms/availability.tsv (Scripts/apple-platforms/availability.py).
#
# Each rule has been shown to catch what it is for by planting a violation, running the check
# and seeing it fail, then reverting:
#   - noasync: put back `scheduled.wait()` in MainSchedulerTests' async `aCancelledHopDoesNotRun`
#     (git show 891ec16:Tests/SignalsTests/MainSchedulerTests.swift); the macOS step fails with
#     "instance method 'wait' is unavailable from asynchronous contexts" (step 8). For the
#     packages it cannot type-check: an async function calling `semaphore.wait()` appended to
#     a Benchmarks/ file makes lint.sh fail (noasync.py), and `noasync.py --self-test` plants
#     each call in async and synchronous contexts.
#   - unavailable conformances and noasync in the stand-ins: delete the
#     `@available(*, unavailable) extension Notification` or a `noasync` from the stand-ins;
#     step 6b fails ("expected error not produced" in rejected/*.swift).
#   - trailing commas: `syntax.py --self-test` (run by lint.sh) plants each list kind SE-0439
#     opened; appending `struct S<A, B,> {}` to a Bridges/ test, `{ [a, b,] in a + b }` to a
#     Conformance/ file, `table[row, column,]` to a Benchmarks/ file, `"\(a, b,)"` to a test
#     and `f(a, b,)` to a library file makes lint.sh name each (file:line, the kind of list).
#   Scripts/apple-platforms/show-findings.sh 33 replays these in a scratch worktree.
#
# What it proves and what it cannot: README.md, "Platforms".
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
here="$root/Scripts/apple-platforms"
work="${APPLE_CHECK_DIR:-$root/.build-apple}"
toolchain_lib="$(dirname "$(dirname "$(command -v swift-frontend)")")/lib/swift"
linux_interfaces="$toolchain_lib/linux"
frontend="swift-frontend"

# name -> target triple. The toolchain's interfaces are x86_64 Linux's: their standard library
# has `Float80` and a 64-bit `Int` baked in, so they rebuild for x86_64 triples only (simulators,
# Intel Macs, Mac Catalyst on an Intel Mac). Availability is the same on every architecture of
# a platform. The 32-bit watch (arm64_32) is covered by the narrowing scan on the watchOS target
# (step 7). Mac Catalyst (`-macabi`) is iOS code on the macOS SDK: iOS availability (unless a
# declaration names macCatalyst), UIKit, `#if os(iOS)` true and `targetEnvironment(macCatalyst)`.
declare -A triples=(
    [ios]=x86_64-apple-ios16.0-simulator
    [macos]=x86_64-apple-macosx13.0
    [catalyst]=x86_64-apple-ios16.0-macabi
    [tvos]=x86_64-apple-tvos16.0-simulator
    [watchos]=x86_64-apple-watchos9.0-simulator
    [visionos]=x86_64-apple-xros1.0-simulator
)
platforms=("$@")
[ ${#platforms[@]} -gt 0 ] || platforms=(ios macos catalyst tvos watchos visionos)
[ "${platforms[*]}" = rules ] && platforms=()

# Library targets in dependency order, with their dependencies (the root Package.swift's).
targets=(Signals SignalsVirtualTime SignalsTesting SignalsObservation SignalsFoundation SignalsPhotoDomain SignalsPhotoData SignalsPaging SignalsUIKit SignalsPhotoList SignalsPhotoSearch)

# A target's folder under Sources/: the reference modules keep the layout's folder names
# (Package.swift's `path:`), their module names carry the package's prefix.
source_folder() {
    case $1 in
        SignalsPhotoDomain) echo PhotoDomain ;;
        SignalsPhotoData) echo PhotoData ;;
        SignalsPhotoList) echo ListFeature ;;
        SignalsPhotoSearch) echo SearchFeature ;;
        SignalsDemoSupport) echo DemoSupport ;;
        *) echo "$1" ;;
    esac
}

failures=0
fail() { echo "check-apple-platforms: FAIL: $*" >&2; failures=$((failures + 1)); }

# Rebuilds one toolchain interface for `triple` into `$mods`.
rebuild_interface() {
    local module=$1 triple=$2 mods=$3 extra=()
    local source="$linux_interfaces/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
    local edited="$mods/../interfaces/$module.swiftinterface"
    mkdir -p "$(dirname "$edited")"
    # The Linux interfaces name the Linux triple, import Glibc (Observation) and keep
    # `@backDeployed` without bodies (meaningless on Linux); none of that changes availability.
    sed -e "s/-target x86_64-unknown-linux-gnu/-target $triple/" \
        -e '/^ *@backDeployed(/d' \
        -e 's/^import Glibc$/import Darwin/' \
        "$source" > "$edited"
    case $module in Observation|Testing) ;; *) extra+=(-parse-stdlib) ;; esac
    # Availability checking is off while building the toolchain's own modules (their synthesized
    # typealiases trip it); it stays on for everything of ours.
    "$frontend" -compile-module-from-interface -module-name "$module" "$edited" \
        -o "$mods/$module.swiftmodule" -target "$triple" -sdk "$mods/../sdk" \
        -resource-dir "$toolchain_lib" -module-cache-path "$mods/../cache" -I "$mods" \
        -disable-availability-checking "${extra[@]}" 2>&1 | grep -v '^ ' | grep . || true
    [ -f "$mods/$module.swiftmodule" ] || { fail "could not rebuild $module for $triple"; return 1; }
}

# Compiles Swift sources into module `name` for `triple`; extra flags after `--`.
emit_module() {
    local name=$1 triple=$2 mods=$3; shift 3
    swiftc -emit-module -emit-module-path "$mods/$name.swiftmodule" -module-name "$name" \
        -parse-as-library -target "$triple" -sdk "$mods/../sdk" -resource-dir "$toolchain_lib" \
        -module-cache-path "$mods/../cache" -I "$mods" -package-name Signals \
        -plugin-path "$toolchain_lib/host/plugins" -diagnostic-style llvm \
        -Xfrontend -disable-objc-interop "$@"
}

stand_in_modules() {
    local platform=$1
    local list=(ObjectiveC Darwin Dispatch CoreGraphics Foundation XCTest Combine SwiftUI)
    case $platform in
        macos) list+=(AppKit) ;;
        *) list+=(UIKit) ;;
    esac
    echo "${list[@]}"
}

check_platform() {
    local platform=$1 triple=${triples[$1]}
    local dir="$work/$platform" mods="$work/$platform/modules"
    mkdir -p "$mods" "$dir/sdk" "$dir/cache"
    # An empty SDK: only its settings file, so the driver knows the SDK version.
    local version_number; version_number="$(echo "$triple" | sed -E 's/.*[a-z]([0-9]+\.[0-9]+).*/\1/')"
    # visionOS inherits iOS availability through the SDK's version map (visionOS 1 is iOS 17).
    local version_map=""
    [ "$platform" = visionos ] && version_map=', "VersionMap": {"xrOS_iOS": {"1.0": "17.0", "1.1": "17.1", "1.2": "17.2", "2.0": "18.0"}, "iOS_xrOS": {"17.0": "1.0", "17.1": "1.1", "17.2": "1.2", "18.0": "2.0"}}'
    # Mac Catalyst builds against the macOS SDK, whose version map relates macOS and Catalyst
    # (iOS) versions; availability on Catalyst is iOS's unless a declaration names macCatalyst.
    [ "$platform" = catalyst ] && version_map=', "VersionMap": {"macOS_iOSMac": {"13.0": "16.1", "14.0": "17.0", "15.0": "18.0"}, "iOSMac_macOS": {"16.1": "13.0", "17.0": "14.0", "18.0": "15.0"}}'
    printf '{"Version": "%s", "MaximumDeploymentTarget": "%s.99", "DisplayName": "Signals stand-in SDK", "CanonicalName": "standin%s"%s}\n' \
        "$version_number" "$version_number" "$version_number" "$version_map" > "$dir/sdk/SDKSettings.json"
    echo "== $platform ($triple)"

    # 1. The toolchain's interfaces, rebuilt for the target (cached by toolchain version).
    local stamp="$mods/.toolchain"
    local version; version="$(swiftc --version 2>&1 | head -1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$version" ]; then
        rm -rf "$mods"/*.swiftmodule
        rebuild_interface Swift "$triple" "$mods" || return
        rebuild_interface SwiftOnoneSupport "$triple" "$mods" || return
        rebuild_interface _Concurrency "$triple" "$mods" || return
        rebuild_interface _RegexParser "$triple" "$mods" || return
        rebuild_interface _StringProcessing "$triple" "$mods" || return
        # Observation imports Darwin on Apple platforms: build the stand-in first.
        emit_module ObjectiveC "$triple" "$mods" -swift-version 5 "$here/stand-ins/ObjectiveC.swift"
        emit_module Darwin "$triple" "$mods" -swift-version 5 "$here/stand-ins/Darwin.swift"
        rebuild_interface Observation "$triple" "$mods" || return
        rebuild_interface Testing "$triple" "$mods" || return
        echo "$version" > "$stamp"
    fi

    # 2. Stand-ins for Apple's SDK modules (cheap: always rebuilt, so edits take effect).
    local module
    for module in $(stand_in_modules "$platform"); do
        # `Module+Name.swift` files add what only the tests (or the Demo) use.
        emit_module "$module" "$triple" "$mods" -swift-version 5 "$here/stand-ins/$module.swift" \
            $(find "$here/stand-ins" -name "$module+*.swift" | sort) \
            || { fail "stand-in $module does not compile for $triple"; return; }
    done

    # 3. The package's C targets, as Clang modules (what SwiftPM generates for an include/).
    local c_target modulemaps=()
    for c_target in "$root"/Sources/C*/include; do
        local c_name; c_name="$(basename "$(dirname "$c_target")")"
        printf 'module %s {\n    header "%s/%s.h"\n    export *\n}\n' "$c_name" "$c_target" "$c_name" \
            > "$dir/$c_name.modulemap"
        modulemaps+=(-Xcc "-fmodule-map-file=$dir/$c_name.modulemap")
    done

    # 4. Every library target, debug (-D DEBUG) and release, Swift 6, warnings as errors.
    local target configuration
    # A module left from an earlier run must not stand in for one that fails now.
    for target in "${targets[@]}"; do rm -f "$mods/$target.swiftmodule" "$mods/$target.swiftdoc"; done
    for target in "${targets[@]}"; do
        local folder; folder="$root/Sources/$(source_folder "$target")"
        [ -d "$folder" ] || continue
        local sources=()
        while IFS= read -r file; do sources+=("$file"); done \
            < <(find "$folder" -name '*.swift' -not -path '*.docc/*' | sort)
        if [ -d "$folder/Resources" ]; then
            # What SwiftPM generates for a target with resources.
            printf 'import Foundation\nextension Foundation.Bundle {\n    static let module: Bundle = Bundle(path: "")!\n}\n' \
                > "$dir/$target-resources.swift"
            sources+=("$dir/$target-resources.swift")
        fi
        # Release first: the debug module (built with -enable-testing, as Xcode's debug builds
        # are) is the one left for the test targets' `@testable import` (step 8).
        for configuration in release debug; do
            local flags=(-swift-version 6 -warnings-as-errors "${modulemaps[@]}")
            [ "$configuration" = debug ] && flags+=(-D DEBUG -Onone -enable-testing) || flags+=(-O)
            # The macOS release build also writes the module's public symbol graph: what
            # Scripts/build-docs.sh merges for the Apple-only symbols (`#if canImport(Combine)`,
            # SwiftUI) that the Linux graphs lack.
            if [ "$platform" = macos ] && [ "$configuration" = release ]; then
                mkdir -p "$dir/symbol-graphs"
                flags+=(-emit-symbol-graph -emit-symbol-graph-dir "$dir/symbol-graphs" -symbol-graph-minimum-access-level public)
            fi
            if ! emit_module "$target" "$triple" "$mods" "${flags[@]}" "${sources[@]}" \
                    > "$dir/$target-$configuration.log" 2>&1; then
                grep -E 'error:' "$dir/$target-$configuration.log" | sed "s|$root/||" | sort -u | head -40 >&2
                fail "$target does not build for $platform ($triple, $configuration)"
                break
            fi
        done
    done

    # 5. A consumer package's module, as its app target compiles it: Examples/MainActorApp's
    #    @MainActor view model, at the package's deployment targets.
    local example="$root/Examples/MainActorApp/Sources/LoginFeature"
    if [ -d "$example" ]; then
        local example_sources=()
        while IFS= read -r file; do example_sources+=("$file"); done < <(find "$example" -name '*.swift' | sort)
        if ! emit_module LoginFeature "$triple" "$mods" -swift-version 6 -warnings-as-errors -D DEBUG \
                "${modulemaps[@]}" "${example_sources[@]}" > "$dir/LoginFeature.log" 2>&1; then
            grep -E 'error:' "$dir/LoginFeature.log" | sed "s|$root/||" | sort -u | head -20 >&2
            fail "Examples/MainActorApp's LoginFeature does not build for $platform ($triple)"
        fi
    fi

    # 5b. Examples/UIKitScreens: the seeds' screens (search, photo list, detail) as UIKit view
    #     controllers over the reference view models and SignalsUIKit, as an app target compiles
    #     them (Swift 6, warnings as errors), for iOS and Mac Catalyst. Each folder under its
    #     Sources/ is one module. It cannot build on Linux (UIKit): this is its proof.
    local screens="$root/Examples/UIKitScreens/Sources"
    if [ -d "$screens" ] && { [ "$platform" = ios ] || [ "$platform" = catalyst ]; }; then
        local screen_module
        for screen_module in "$screens"/*/; do
            local screen_name screen_sources=()
            screen_name="$(basename "$screen_module")"
            while IFS= read -r file; do screen_sources+=("$file"); done < <(find "$screen_module" -name '*.swift' | sort)
            [ ${#screen_sources[@]} -gt 0 ] || continue
            if ! emit_module "$screen_name" "$triple" "$mods" -swift-version 6 -warnings-as-errors -D DEBUG \
                    "${modulemaps[@]}" "${screen_sources[@]}" > "$dir/$screen_name.log" 2>&1; then
                grep -E 'error:' "$dir/$screen_name.log" | sed "s|$root/||" | sort -u | head -20 >&2
                fail "Examples/UIKitScreens' $screen_name does not build for $platform ($triple)"
            fi
        done
    fi

    # 6. Client files as apps write them (Scripts/apple-platforms/clients): one that imports
    #    SwiftUI beside Signals (the names they share), one that imports UIKit/AppKit beside
    #    SignalsPhotoList (IndexPath's item and section). Each directory there is one client module,
    #    its files type-checked together: NamesApp is the one-file typealias recipe beside a
    #    SwiftUI file that uses `@Observable`, Signals' names unqualified, and the bridges.
    local client
    for client in "$here"/clients/*.swift "$here"/clients/*/; do
        [ -e "$client" ] || continue
        local client_name client_sources=()
        client_name="$(basename "$client" .swift)"
        if [ -d "$client" ]; then
            while IFS= read -r file; do client_sources+=("$file"); done < <(find "$client" -name '*.swift' | sort)
        else
            client_sources=("$client")
        fi
        if ! swiftc -typecheck -module-name "Client$client_name" -target "$triple" -sdk "$dir/sdk" \
                -resource-dir "$toolchain_lib" -module-cache-path "$dir/cache" -I "$mods" \
                -plugin-path "$toolchain_lib/host/plugins" -swift-version 6 -warnings-as-errors \
                -Xfrontend -disable-objc-interop -diagnostic-style llvm "${modulemaps[@]}" \
                "${client_sources[@]}" > "$dir/client-$client_name.log" 2>&1; then
            grep -E 'error:' "$dir/client-$client_name.log" | sed "s|$root/||" | sort -u | head -20 >&2
            fail "client $client_name does not build for $platform ($triple)"
        fi
    done

    # 6b. Code that must NOT compile on Apple platforms (Scripts/apple-platforms/rejected):
    #     each file names the errors it must produce, `// expected-error {{…}}` on their lines,
    #     and the compiler's own verifier (-verify) fails on an expected error that does not
    #     come or on any other diagnostic in the file. They hold the stand-ins to what Apple's
    #     SDK refuses (`Notification` is not `Sendable`, blocking waits are `noasync`), which
    #     a stand-in that merely lacked the declaration would let through.
    local rejected
    for rejected in "$here"/rejected/*.swift; do
        [ -e "$rejected" ] || continue
        local rejected_name; rejected_name="$(basename "$rejected" .swift)"
        if ! swiftc -typecheck -module-name "Rejected$rejected_name" -target "$triple" -sdk "$dir/sdk" \
                -resource-dir "$toolchain_lib" -module-cache-path "$dir/cache" -I "$mods" \
                -plugin-path "$toolchain_lib/host/plugins" -swift-version 6 \
                -Xfrontend -disable-objc-interop -diagnostic-style llvm "${modulemaps[@]}" \
                -Xfrontend -verify -Xfrontend -verify-ignore-unrelated \
                "$rejected" > "$dir/rejected-$rejected_name.log" 2>&1; then
            grep -E 'error:' "$dir/rejected-$rejected_name.log" | sed "s|$root/||" | sort -u | head -20 >&2
            fail "rejected/$rejected_name.swift is not rejected as it says for $platform ($triple)"
        fi
    done

    # 7. 32-bit arithmetic (arm64_32): no conversion whose range check depends on Int's width.
    if [ "$platform" = watchos ]; then
        check_narrowing "$triple" "$mods" "$dir" "${modulemaps[@]}"
    fi

    # 8. The test targets and the example's tests, on macOS 13, where `swift test` runs.
    if [ "$platform" = macos ]; then
        check_tests "$triple" "$mods" "$dir" "${modulemaps[@]}"
    fi
}

# Type-checks every test target (Tests/*) and Examples/MainActorApp's tests for `triple` at the
# deployment target, as `swift test` compiles them (Swift 6, -D DEBUG, warnings as errors,
# `@testable import` of the debug modules). Anything newer than macOS 13 in a test must sit
# behind `@available` / `if #available`, or the target's minimum must be raised in Package.swift.
check_tests() {
    local triple=$1 mods=$2 dir=$3 target; shift 3
    local common=(-target "$triple" -sdk "$dir/sdk" -resource-dir "$toolchain_lib"
        -module-cache-path "$dir/cache" -I "$mods" -package-name Signals -swift-version 6
        -warnings-as-errors -D DEBUG -parse-as-library -plugin-path "$toolchain_lib/host/plugins"
        -Xfrontend -disable-objc-interop -diagnostic-style llvm "$@")
    # DemoTests imports SignalsDemoSupport (a macOS/Linux terminal library): build it for macOS only.
    local sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(find "$root/Sources/DemoSupport" -name '*.swift' | sort)
    if ! emit_module SignalsDemoSupport "$triple" "$mods" -swift-version 6 -warnings-as-errors -D DEBUG \
            -enable-testing "$@" "${sources[@]}" > "$dir/SignalsDemoSupport.log" 2>&1; then
        grep -E 'error:' "$dir/SignalsDemoSupport.log" | sed "s|$root/||" | sort -u | head -20 >&2
        fail "SignalsDemoSupport does not build for $triple (DemoTests needs it)"
    fi
    local test_dirs=("$root"/Tests/* "$root"/Examples/MainActorApp/Tests/*)
    for target in "${test_dirs[@]}"; do
        [ -d "$target" ] || continue
        local name; name="$(basename "$target")" sources=()
        while IFS= read -r file; do sources+=("$file"); done < <(find "$target" -name '*.swift' -not -path '*/Manifests/*' | sort)
        if grep -qr 'Bundle\.module' "$target" --include='*.swift'; then
            printf 'import Foundation\nextension Foundation.Bundle {\n    static let module: Bundle = Bundle(path: "")!\n}\n' \
                > "$dir/$name-resources.swift"
            sources+=("$dir/$name-resources.swift")
        fi
        if ! swiftc -typecheck -module-name "$name" "${common[@]}" "${sources[@]}" > "$dir/$name.log" 2>&1; then
            grep -E 'error:' "$dir/$name.log" | sed "s|$root/||" | sort -u | head -40 >&2
            fail "$name does not type-check for $triple (the tests' platform minimum)"
        fi
    done
}

# Lowers each module to SILGen and lists every conversion that traps on a 32-bit `Int` (see
# Scripts/apple-platforms/narrowing.py for which and why).
check_narrowing() {
    local triple=$1 mods=$2 dir=$3 target; shift 3
    for target in "${targets[@]}"; do
        [ -f "$mods/$target.swiftmodule" ] || continue
        local sources=()
        while IFS= read -r file; do sources+=("$file"); done \
            < <(find "$root/Sources/$(source_folder "$target")" -name '*.swift' -not -path '*.docc/*' | sort)
        [ -f "$dir/$target-resources.swift" ] && sources+=("$dir/$target-resources.swift")
        if ! swiftc -emit-silgen -wmo -o "$dir/$target.silgen" -module-name "$target" -parse-as-library \
                -target "$triple" -sdk "$dir/sdk" -resource-dir "$toolchain_lib" \
                -module-cache-path "$dir/cache" -I "$mods" -package-name Signals -swift-version 6 \
                -plugin-path "$toolchain_lib/host/plugins" -Xfrontend -disable-objc-interop \
                -Xllvm -sil-print-debuginfo -D DEBUG "$@" "${sources[@]}" > "$dir/$target-silgen.log" 2>&1; then
            grep error: "$dir/$target-silgen.log" | sed "s|$root/||" | head >&2
            fail "$target: SILGen for $triple"
            continue
        fi
        local hits
        if ! hits="$(python3 "$here/narrowing.py" "$dir/$target.silgen" "$root")"; then
            echo "$hits" | sed 's/^/  breaks on 32-bit watchOS: /' >&2
            fail "$target has integer arithmetic that traps or changes value with a 32-bit Int"
        fi
    done
}

for platform in ${platforms[@]+"${platforms[@]}"}; do
    [ -n "${triples[$platform]:-}" ] || { echo "unknown platform: $platform (one of ${!triples[*]})" >&2; exit 2; }
done

# The platforms are independent (each has its own directory under $work) and each step is one
# single-threaded compiler process, so they run APPLE_CHECK_JOBS at a time (default: one per
# core). Each platform's output goes to its own log, printed whole, in order, once it is done.
# macOS goes first: it has the most to do (the test targets, step 8).
jobs="${APPLE_CHECK_JOBS:-$(nproc 2>/dev/null || echo 1)}"
ordered=()
for platform in ${platforms[@]+"${platforms[@]}"}; do [ "$platform" = macos ] && ordered+=(macos); done
for platform in ${platforms[@]+"${platforms[@]}"}; do [ "$platform" = macos ] || ordered+=("$platform"); done
declare -A pids=()
mkdir -p "$work"
for platform in ${ordered[@]+"${ordered[@]}"}; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    ( failures=0; start=$(date +%s); check_platform "$platform"
      echo "$platform took $(( $(date +%s) - start )) s"; exit "$failures" ) > "$work/$platform.out" 2>&1 &
    pids[$platform]=$!
done
for platform in ${ordered[@]+"${ordered[@]}"}; do
    status=0
    wait "${pids[$platform]}" || status=$?
    cat "$work/$platform.out"
    [ "$status" -eq 0 ] || fail "$platform: $status failure(s) above"
done

"$here/lint.sh" || fail "source rules (Scripts/apple-platforms/lint.sh)"
# The UIKit search screen is no longer than its RxCocoa version: 19 lines of glue (issue 42;
# Scripts/count-glue.py says what counts, and its self-test plants each rule).
python3 "$root/Scripts/count-glue.py" --self-test > /dev/null || fail "Scripts/count-glue.py --self-test"
python3 "$root/Scripts/count-glue.py" --max 19 "$root/Examples/UIKitScreens/Sources/PhotoScreens/SearchViewController.swift" > /dev/null \
    || fail "Examples/UIKitScreens' search screen has more glue than RxCocoa's 19 lines (Scripts/count-glue.py)"
python3 "$here/availability.py" >&2 || fail "stand-in availability differs from Apple's (Scripts/apple-platforms/availability.tsv)"

if [ "$failures" -gt 0 ]; then
    echo "check-apple-platforms: $failures failure(s)" >&2
    exit 1
fi
echo "check-apple-platforms: every library target type-checks for ${platforms[*]:-no platform (rules only)}; source rules and stand-in availability hold"
