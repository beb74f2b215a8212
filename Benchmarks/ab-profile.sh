#!/usr/bin/env bash
# Benchmarks/ab-profile.sh BIN_A BIN_B NAME N [RUNS]: wall clock of `--profile NAME N` for two
# builds of SignalsBenchmarks (say, before and after a change), alternating A and B in fresh
# processes RUNS times (default 30), then the median and quartiles of each, in ns per iteration.
#
# Why alternate fresh processes: a workload that touches more memory than the caches hold
# (workload 4 at 100k bindings) varies by up to 1.6x between processes of the same binary
# (where its heap lands), more than most changes move it; one run of each says nothing.
# Alternating also spreads a busy host's load over both sides. On a shared machine, run it
# under `chrt -f 50` (root) to keep other processes off the measured core.
set -euo pipefail
a=$1; b=$2; name=$3; n=$4; runs=${5:-30}
out=$(mktemp)
for _ in $(seq 1 "$runs"); do
    for side in A B; do
        bin=$a; [ "$side" = B ] && bin=$b
        printf '%s %s\n' "$side" "$("$bin" --profile "$name" "$n" 2>&1 | awk '/ns per iteration/ {print $2}')" >> "$out"
    done
done
python3 - "$out" "$a" "$b" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
for side, label in (("A", sys.argv[2]), ("B", sys.argv[3])):
    values = sorted(float(v.replace(",", "")) for s, v in rows if s == side)
    q1, median, q3 = statistics.quantiles(values, n=4)
    print(f"{side} {label}: median {median:.1f}, quartiles {q1:.1f}-{q3:.1f} ns/iteration ({len(values)} runs)")
a = statistics.median(float(v.replace(",", "")) for s, v in rows if s == "A")
b = statistics.median(float(v.replace(",", "")) for s, v in rows if s == "B")
print(f"B / A = {b / a:.3f}")
PY
rm -f "$out"
