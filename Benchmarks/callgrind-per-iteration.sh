#!/usr/bin/env bash
# Benchmarks/callgrind-per-iteration.sh BIN NAME N: instructions per iteration of a `--profile NAME` body,
# by callgrind at N and 2N iterations: (I(2N) - I(N)) / N (startup and calibration cancel out).
bin=$1; name=$2; n=$3
count() {
  valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$$.out "$bin" --profile "$name" "$1" >/dev/null 2>&1
  callgrind_annotate /tmp/cg.$$.out 2>/dev/null | grep -m1 "PROGRAM TOTALS" | awk '{gsub(",","",$1); print $1}'
  rm -f /tmp/cg.$$.out
}
a=$(count $n); b=$(count $((2*n)))
python3 -c "print(f'{($b-$a)/$n:.1f}')"
