#!/usr/bin/env bash
# Proves the compiler promise with real compilers: Debian's `swiftlang` packages, each in a
# chroot of its own suite (trixie: Swift 6.0.3, sid: Swift 6.2.3).
#
#   Swift 6.0: `swift build` of the whole package (every target under Sources/, the Demo
#              included), zero warnings from the project's own files; then
#              Examples/MainActorApp built with its tests and tested (a @MainActor view model
#              and SignalsTesting in Swift Testing and XCTest tests, as an Xcode 16 team has).
#   Swift 6.2: `swift build --build-tests`, `swift test` but the explorer, and Examples/MainActorApp
#              (build with its tests, zero warnings, then its tests).
#
# Usage: Scripts/check-compilers.sh [6.0|6.2|all|setup]   (default: all; needs root)
#        `setup` only makes the two chroots (both at once), builds nothing.
#
# The chroots are cached outside the clone, in $SIGNALS_COMPILERS_CACHE (default
# /var/cache/signals-compilers), so a machine that is kept reuses them; a new machine builds
# them with debootstrap (about a minute each plus the download). Each run copies the files git
# knows (tracked and untracked, not ignored) into the chroot, so what is built is the work
# tree, never a stale copy. The script prints the exact `swift --version` it ran, and fails
# with a clear message if Debian's archive no longer offers a 6.0 or a 6.2 compiler.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${SIGNALS_COMPILERS_CACHE:-/var/cache/signals-compilers}
which=${1:-all}
case "$which" in 6.0|6.2|all|setup) ;; *) echo "usage: $0 [6.0|6.2|all|setup]" >&2; exit 2 ;; esac

if [ "$(id -u)" != 0 ]; then
    echo "error: $0 needs root (debootstrap, chroot and mounts)" >&2
    exit 1
fi

# Debian's sid copy may carry an expired Release file; trixie's does not, but the option is
# harmless there.
apt_opts=(-o Acquire::Check-Valid-Until=false -o APT::Get::Assume-Yes=true)
packages=(swiftlang libc6-dev libstdc++-14-dev git ca-certificates python3)

mounted=()
cleanup() {
    local m
    for m in "${mounted[@]}"; do umount -R "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true; done
}
trap cleanup EXIT

# Lists the places in `root` where mounts are, so that nothing ever deletes through one.
assert_unmounted() {
    if grep -q " $1/" /proc/mounts; then
        echo "error: $1 still has mounts; refusing to touch it" >&2
        exit 1
    fi
}

# Installs debootstrap from the host's own Debian archive if it is missing (a new machine).
# Called before the two suites are set up in parallel, so that they never race for apt's lock.
ensure_debootstrap() {
    if ! command -v debootstrap >/dev/null; then
        apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null
    fi
}

# Makes (or reuses) the chroot for one suite, with the compiler whose version starts with
# `want` (6.0 or 6.2).
prepare() {
    local suite=$1 want=$2 root="$cache/$1"
    if [ -f "$root/.signals-ready" ]; then
        return 0
    fi
    echo "-- setting up Debian $suite in $root (debootstrap, then swiftlang)"
    mkdir -p "$cache"
    ensure_debootstrap
    local tmp="$root.partial"
    if [ -d "$tmp" ]; then assert_unmounted "$tmp"; rm -rf "$tmp"; fi
    if ! debootstrap --variant=minbase "$suite" "$tmp" >"$cache/$suite.debootstrap.log" 2>&1; then
        tail -n 20 "$cache/$suite.debootstrap.log" >&2
        echo "error: debootstrap of Debian $suite failed (log: $cache/$suite.debootstrap.log)" >&2
        exit 1
    fi
    cp /etc/resolv.conf "$tmp/etc/resolv.conf"
    chroot "$tmp" apt-get "${apt_opts[@]}" update >"$cache/$suite.apt.log" 2>&1
    # The version the archive offers, before anything is installed: a clear failure if the
    # suite has moved on to another compiler, or dropped it.
    local offered
    offered=$(chroot "$tmp" apt-cache policy swiftlang | sed -n 's/^ *Candidate: *//p')
    case "$offered" in
        "$want".*) ;;
        ""|"(none)")
            echo "error: Debian $suite no longer offers the swiftlang package, so there is no Swift $want compiler to check with; pick another suite or snapshot in $0" >&2
            exit 1 ;;
        *)
            echo "error: Debian $suite now offers swiftlang $offered, not Swift $want; pick the suite that has $want in $0" >&2
            exit 1 ;;
    esac
    DEBIAN_FRONTEND=noninteractive chroot "$tmp" apt-get "${apt_opts[@]}" install \
        --no-install-recommends "${packages[@]}" >>"$cache/$suite.apt.log" 2>&1 || {
        tail -n 20 "$cache/$suite.apt.log" >&2
        echo "error: installing swiftlang in Debian $suite failed (log: $cache/$suite.apt.log)" >&2
        exit 1
    }
    chroot "$tmp" apt-get clean
    mv "$tmp" "$root"
    echo "$offered" >"$root/.signals-ready"
}

# Mounts what the builds and the tests need: /proc (the build system and Foundation read it),
# /dev with /dev/pts (the REPL test opens a pseudo-terminal).
mount_into() {
    local root=$1
    mount -t proc proc "$root/proc"; mounted+=("$root/proc")
    mount --rbind /dev "$root/dev"; mount --make-rslave "$root/dev"; mounted+=("$root/dev")
}

# Copies the work tree's files (tracked and untracked, not ignored) to /work/src in the chroot.
copy_sources() {
    local root=$1
    rm -rf "$root/work/src"
    mkdir -p "$root/work/src"
    (cd "$repo" && git ls-files -z --cached --others --exclude-standard \
        | tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -C "$root/work/src" -xf -
}

# Runs a command in the chroot's /work/src with a clean environment.
in_root() {
    local root=$1; shift
    chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb \
        /bin/bash -c "cd /work/src && $*"
}

# Fails if a build log has a warning from the project's own files (the packages' checkouts
# under the scratch folder are not ours).
no_own_warnings() {
    local log=$1 what=$2
    if grep -E "warning:" "$log" | grep -v "/work/build" | grep -E "^/work/src/" ; then
        echo "error: $what has warnings from the project's own files (above)" >&2
        exit 1
    fi
}

# The version line of the compiler in `root`, printed and checked against `want`.
show_version() {
    local root=$1 want=$2 version
    version=$(in_root "$root" swift --version 2>&1)
    echo "$version"
    if ! grep -q "Swift version $want" <<<"$version"; then
        echo "error: the $root compiler is not Swift $want" >&2
        exit 1
    fi
}

check_60() {
    local root="$cache/trixie" log="$cache/trixie.build.log" start=$SECONDS
    prepare trixie 6.0
    mount_into "$root"
    copy_sources "$root"
    echo "== Swift 6.0 (Debian trixie): swift build, every target under Sources/"
    show_version "$root" 6.0.3
    if ! in_root "$root" swift build --scratch-path /work/build 2>&1 | tee "$log"; then
        echo "error: swift build fails with Swift 6.0.3 (log: $log)" >&2
        exit 1
    fi
    no_own_warnings "$log" "swift build with Swift 6.0.3"
    local example="--package-path Examples/MainActorApp --scratch-path /work/build-example"
    if ! in_root "$root" swift build --build-tests $example 2>&1 | tee "$cache/trixie.example.log"; then
        echo "error: Examples/MainActorApp does not build with Swift 6.0.3 (log: $cache/trixie.example.log)" >&2
        exit 1
    fi
    # 6.0's XCTest discovery generates main-actor thunks that warn at `<unknown>:0`; they are
    # not in the project's files, so only warnings located in them count.
    no_own_warnings "$cache/trixie.example.log" "Examples/MainActorApp with Swift 6.0.3"
    in_root "$root" swift test --skip-build $example
    cleanup; mounted=()
    echo "Swift 6.0 step took $(( SECONDS - start )) s"
}

check_62() {
    local root="$cache/sid" log="$cache/sid.build.log" start=$SECONDS
    prepare sid 6.2
    mount_into "$root"
    copy_sources "$root"
    echo "== Swift 6.2 (Debian sid): swift build --build-tests, swift test, Examples/MainActorApp"
    show_version "$root" 6.2.3
    # Debian's 6.2.3 package lacks lib_Testing_Foundation.so, the cross-import overlay of
    # Swift Testing and Foundation, which every test target that imports both would link.
    # None of the project's tests uses that overlay's API (attachments of Foundation types),
    # so the overlay is turned off for this compiler only.
    local flags="-Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays"
    if ! in_root "$root" swift build --build-tests --scratch-path /work/build $flags 2>&1 | tee "$log"; then
        echo "error: swift build --build-tests fails with Swift 6.2.3 (log: $log)" >&2
        exit 1
    fi
    no_own_warnings "$log" "swift build --build-tests with Swift 6.2.3"
    # The real-core explorer (CoreExplorationTests) runs with the host compiler in .ci/run: it
    # proves the engine's interleavings, which are the same source under either compiler.
    if ! in_root "$root" swift test --skip-build --scratch-path /work/build $flags --skip CoreExplorationTests 2>&1 | tee "$cache/sid.test.log"; then
        echo "error: swift test fails with Swift 6.2.3 (log: $cache/sid.test.log)" >&2
        exit 1
    fi
    local example="--package-path Examples/MainActorApp --scratch-path /work/build-example"
    if ! in_root "$root" swift build --build-tests $example $flags 2>&1 | tee "$cache/sid.example.log"; then
        echo "error: Examples/MainActorApp does not build with Swift 6.2.3" >&2
        exit 1
    fi
    no_own_warnings "$cache/sid.example.log" "Examples/MainActorApp with Swift 6.2.3"
    in_root "$root" swift test --skip-build $example $flags
    cleanup; mounted=()
    echo "Swift 6.2 step took $(( SECONDS - start )) s"
}

case "$which" in
    6.0) check_60 ;;
    6.2) check_62 ;;
    all|setup)
        # A new machine downloads both chroots at once: the time goes to the network, not
        # the cores.
        if [ ! -f "$cache/trixie/.signals-ready" ] || [ ! -f "$cache/sid/.signals-ready" ]; then
            ensure_debootstrap
            prepare trixie 6.0 & trixie_setup=$!
            prepare sid 6.2 & sid_setup=$!
            wait "$trixie_setup" || exit 1
            wait "$sid_setup" || exit 1
        fi
        for suite in trixie sid; do echo "Debian $suite: swiftlang $(cat "$cache/$suite/.signals-ready")"; done
        if [ "$which" = setup ]; then exit 0; fi
        check_60; check_62 ;;
esac
echo "Real compilers: all green"
