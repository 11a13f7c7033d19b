#!/bin/sh
# Runs each libFuzzer target for SECONDS over its seed corpus and prints
# one line per target: executions, new corpus entries, and the verdict.
# Any crash, leak, timeout or out-of-memory fails the run; the input that
# caused it is kept in FUZZDIR/artifacts/TARGET/ (copy it to
# tests/fuzz-regressions/TARGET/ once fixed, so `make check` replays it).
#   fuzz/run.sh FUZZDIR SECONDS TARGET...
set -u
dir=$1
secs=$2
shift 2
failed=""
for t in "$@"; do
	work="$dir/work/$t"
	art="$dir/artifacts/$t"
	mkdir -p "$work" "$art"
	"$dir/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$art/" \
		"$work" "$dir/corpus/$t" > "$dir/$t.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/$t.log")
	units=$(ls "$work" | wc -l)
	if [ $rc -eq 0 ]; then
		echo "fuzz $t: ${execs:-0} executions in ${secs}s, $units new inputs, no crash"
	else
		echo "fuzz $t: FAILED (exit $rc) after ${execs:-?} executions; input in $art/"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*invariant broken|.*runtime error)' "$dir/$t.log" | head -5
		failed="$failed $t"
	fi
done
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed"
	exit 1
fi
echo "fuzz: $# targets passed"
