#!/usr/bin/env bash
# Benchmarks/ab-profile.sh BIN_A BIN_B NAMES N [RUNS]: wall clock of `--profile NAME N` for two
# builds of SignalsBenchmarks (say, A before and B after a change), in both thread modes,
# alternating A and B in fresh processes RUNS times (default 30). Prints, per workload and mode,
# the median and quartiles of each side in ns per iteration, B / A, and flags a B more than 10%
# slower than A (the house rule); exits 1 if any is.
#
#   NAMES   one profile name or several, comma-separated; NAME=COUNT sets that one's N
#           (e.g. 1-signals,2-signals=20000,7-signals). Run the binary with
#           `--profile x 1` to list the names.
#   THREADS environment: the modes to run, default "1 2". 1 = the process as started; 2 = one
#           more thread started and parked first, as in every app (glibc's locks skip their
#           `lock` prefix while a process has one thread, a futex does not; see README.md).
#
# Mode 2 uses the binaries' own `--threads 2` when both have it. A binary built before that flag
# existed (a baseline commit) gets the same parked thread from a tiny preloaded library instead
# (built here with cc, LD_PRELOAD), and then both sides do, so that A and B are measured alike.
#
# Why alternate fresh processes: a workload that touches more memory than the caches hold
# (workload 4 at 100k bindings) varies by up to 1.6x between processes of the same binary
# (where its heap lands), more than most changes move it; one run of each says nothing.
# Alternating also spreads a busy host's load over both sides. On a shared machine, run it
# under `chrt -f 50` (root) to keep other processes off the measured core.
set -euo pipefail
if [ $# -lt 4 ]; then
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
a=$1; b=$2; names=$3; n=$4; runs=${5:-30}
modes=${THREADS:-1 2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

has_threads_flag() { "$1" --help 2>/dev/null | grep -q -- '--threads'; }
preload=""
if [[ " $modes " == *" 2 "* ]] && ! { has_threads_flag "$a" && has_threads_flag "$b"; }; then
    cat > "$work/parked-thread.c" <<'C'
#include <pthread.h>
#include <unistd.h>
static void *park(void *unused) { (void)unused; for (;;) pause(); return 0; }
__attribute__((constructor)) static void start_parked_thread(void) {
    pthread_t thread;
    if (pthread_create(&thread, 0, park, 0) == 0) pthread_detach(thread);
}
C
    cc -shared -fPIC -O2 -o "$work/parked-thread.so" "$work/parked-thread.c" -lpthread
    preload="$work/parked-thread.so"
    echo "mode 2: a binary has no --threads flag; both sides get the parked thread by LD_PRELOAD" >&2
fi

# One measurement: prints ns per iteration, or fails loudly.
measure() { # BIN MODE NAME COUNT
    local output
    if [ "$2" = 2 ] && [ -n "$preload" ]; then
        output=$(LD_PRELOAD="$preload" "$1" --profile "$3" "$4" 2>&1)
    elif [ "$2" = 2 ]; then
        output=$("$1" --threads 2 --profile "$3" "$4" 2>&1)
    else
        output=$("$1" --profile "$3" "$4" 2>&1)
    fi
    local value
    value=$(awk '/ns per iteration/ {print $2}' <<< "$output")
    if [ -z "$value" ]; then
        echo "error: $1 --profile $3 $4 (mode $2) printed no figure:" >&2
        echo "$output" >&2
        exit 1
    fi
    echo "${value//,/}"
}

IFS=',' read -r -a entries <<< "$names"
for run in $(seq 1 "$runs"); do
    echo "run $run of $runs" >&2
    for mode in $modes; do
        for entry in "${entries[@]}"; do
            name=${entry%%=*}; count=$n
            [ "$entry" != "$name" ] && count=${entry#*=}
            # Alternate which side goes first, so neither always follows the other.
            if [ $((run % 2)) = 1 ]; then order="A B"; else order="B A"; fi
            for side in $order; do
                bin=$a; [ "$side" = B ] && bin=$b
                value=$(measure "$bin" "$mode" "$name" "$count")
                printf '%s\t%s\t%s\t%s\n' "$name" "$mode" "$side" "$value" >> "$work/samples"
            done
        done
    done
done

python3 - "$work/samples" "$a" "$b" "$runs" <<'PY'
import statistics, sys
samples, a, b, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
values = {}
order = []
for line in open(samples):
    name, mode, side, value = line.split("\t")
    key = (name, mode)
    if key not in values:
        values[key] = {"A": [], "B": []}
        order.append(key)
    values[key][side].append(float(value))

def spread(xs):
    median = statistics.median(xs)
    if len(xs) < 2:
        return median, f"{median:.1f}"
    q1, _, q3 = statistics.quantiles(xs, n=4)
    return median, f"{median:.1f} ({q1:.1f}-{q3:.1f})"

print(f"A = {a}")
print(f"B = {b}")
print(f"wall clock, ns per iteration: median (quartiles) of {runs} alternating fresh processes per side")
print(f"threads: 1 = the process as started; 2 = a parked thread started first, as in every app")
print()
header = ("workload", "threads", "A", "B", "B / A", "10% rule")
rows = []
slower = 0
names = list(dict.fromkeys(name for name, _ in order))
for name, mode in sorted(order, key=lambda key: (names.index(key[0]), key[1])):
    median_a, text_a = spread(values[(name, mode)]["A"])
    median_b, text_b = spread(values[(name, mode)]["B"])
    ratio = median_b / median_a
    flag = "SLOWER > 10%" if ratio > 1.10 else "ok"
    slower += ratio > 1.10
    rows.append((name, mode, text_a, text_b, f"{ratio:.3f}", flag))
widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
def line(cells):
    return "| " + " | ".join(str(c).ljust(w) if i in (0, 5) else str(c).rjust(w) for i, (c, w) in enumerate(zip(cells, widths))) + " |"
print(line(header))
print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
for row in rows:
    print(line(row))
print()
if slower:
    print(f"{slower} of {len(rows)} B more than 10% slower than A")
    sys.exit(1)
print(f"none of {len(rows)} B more than 10% slower than A")
PY
