#!/usr/bin/env bash
# bench-guard.sh — the benchmark's claims, held by make check: a small run
# of tools/bench/bench.sh (rows 0, 1, 6 and 340 mappings, every call) on
# vanilla, fsid-off, fsid with no fsid map and fsid with fsid maps, under
# QEMU -icount, where every figure is an exact instruction count. For every
# call and row it asserts
#   - fsid-off costs exactly what vanilla costs: the series adds no code
#     with CONFIG_USER_NS_FSID=n;
#   - fsid where no fsid map was ever written costs at most 0.2% more than
#     vanilla: the static key userns_fsid_maps_used is off;
#   - fsid with fsid maps costs at most 3% more than vanilla with the same
#     id maps (row 0 has no "set" figure: the initial namespace has no fsid
#     maps): the filesystem ids are kept in the task (patch 2), and a
#     credential change (setresuid-change) forgets them with one store.
# A failure names the call, the row and the two figures.
#
# usage: tools/tests/bench-guard.sh OUTDIR
# Environment: N [200] files per row; UNSET_PERMILLE [2], SET_PERMILLE [30]
# the two limits, in thousandths.
# Output is TAP; exit status 0 when every test passed, 1 otherwise, 2 when
# the benchmark itself could not run.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
rows="0 1 6 340"
ops="fstat stat create fchown setresuid setresuid-change"
unset_pm=${UNSET_PERMILLE:-2} set_pm=${SET_PERMILLE:-30}
if ! N=${N:-200} ROWS=${rows// /,} OPS=${ops// /,} WALL=0 "$top/tools/bench/bench.sh" "$out" >&2; then
	echo "bench-guard: the benchmark did not run (see above)" >&2
	exit 2
fi
csv=$out/results.csv
# fig KERNEL MODE ROW OP: the median per call, or nothing.
fig() { awk -F, -v k="$1" -v m="$2" -v r="$3" -v o="$4" \
	'$1 == k && $2 == m && $3 == r && $4 == o { print $7 }' "$csv"; }
# within PERMILLE A B: A is at most PERMILLE thousandths more than B.
within() { [ -n "$2" ] && [ -n "$3" ] && [ $((1000 * $2)) -le $(((1000 + $1) * $3)) ]; }
# pct A B: A's difference to B in percent, signed, two decimals.
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.2f%%", 100 * (a - b) / b }'; }
# pm_pct PERMILLE: the limit in percent (2 -> 0.2%).
pm_pct() { awk -v p="$1" 'BEGIN { printf "%g%%", p / 10 }'; }
nrows=$(wc -w <<<"$rows") nops=$(wc -w <<<"$ops")
echo "1..$((nops * (3 * nrows - 1)))"
. "$(dirname "$0")/tap.sh"
for op in $ops; do
	for r in $rows; do
		v=$(fig vanilla unset "$r" "$op") o=$(fig fsid-off unset "$r" "$op")
		ok=FAIL; [ -n "$v" ] && [ "$v" = "$o" ] && ok=OK
		result $ok "$op, $r mappings: fsid-off costs exactly what vanilla costs ($o, $v)" \
			"fsid-off ${o:-missing} instructions per call, vanilla ${v:-missing}"
	done
	for r in $rows; do
		v=$(fig vanilla unset "$r" "$op") x=$(fig fsid unset "$r" "$op")
		ok=FAIL; within "$unset_pm" "$x" "$v" && ok=OK
		result $ok "$op, $r mappings, no fsid map written: fsid within $(pm_pct "$unset_pm") of vanilla ($x, $v${x:+${v:+, $(pct "$x" "$v")}})" \
			"fsid without fsid maps ${x:-missing} instructions per call, vanilla ${v:-missing}"
	done
	for r in $rows; do
		[ "$r" = 0 ] && continue
		v=$(fig vanilla unset "$r" "$op") x=$(fig fsid set "$r" "$op")
		ok=FAIL; within "$set_pm" "$x" "$v" && ok=OK
		result $ok "$op, $r mappings, fsid maps set: fsid within $(pm_pct "$set_pm") of vanilla with the same id maps ($x, $v${x:+${v:+, $(pct "$x" "$v")}})" \
			"fsid with fsid maps ${x:-missing} instructions per call, vanilla ${v:-missing}"
	done
done
tap_status
