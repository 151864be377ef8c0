#!/usr/bin/env bash
# bench-guard.sh — the benchmark's claims, held by make check: a small run
# of tools/bench/bench.sh (rows 0, 5, 6 and 340 mappings) on vanilla, fsid-off,
# fsid with no fsid map and fsid with fsid maps, under QEMU -icount, where
# every figure is an exact instruction count. It asserts
#   - fsid-off costs exactly what vanilla costs, for every op measured: the
#     series adds no code with CONFIG_USER_NS_FSID=n;
#   - fsid, without and with fsid maps, costs at most 1% more than vanilla
#     per fstat() call: the cover letter's table.
# The other ops' ratios are printed as comments: with fsid maps set, stat,
# create and fchown do more work (a lookup in a second map), which the
# walkthrough's benchmark chapter explains.
# A failure names the op, the row and the two figures.
#
# usage: tools/tests/bench-guard.sh OUTDIR
# Environment: N [200] files per row.
# Output is TAP; exit status 0 when every test passed, 1 otherwise, 2 when
# the benchmark itself could not run.
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
rows="0 5 6 340"
ops="fstat stat create fchown setresuid"
if ! N=${N:-200} ROWS=${rows// /,} OPS=${ops// /,} WALL=0 "$top/tools/bench/bench.sh" "$out"; then
	echo "bench-guard: the benchmark did not run (see above)" >&2
	exit 2
fi
csv=$out/results.csv
# fig KERNEL MODE ROW OP: the median per call, or nothing.
fig() { awk -F, -v k="$1" -v m="$2" -v r="$3" -v o="$4" \
	'$1 == k && $2 == m && $3 == r && $4 == o { print $7 }' "$csv"; }
echo "1..$(( $(wc -w <<<"$ops") * 4 + 4 + 3 ))"
. "$(dirname "$0")/tap.sh"
for op in $ops; do
	for r in $rows; do
		v=$(fig vanilla unset "$r" "$op") o=$(fig fsid-off unset "$r" "$op")
		ok=FAIL; [ -n "$v" ] && [ "$v" = "$o" ] && ok=OK
		result $ok "$op, $r mappings: fsid-off costs exactly what vanilla costs ($o, $v)" \
			"fsid-off ${o:-missing} instructions per call, vanilla ${v:-missing}"
	done
done
# within1 A B: A is at most 1% more than B (both integers).
within1() { [ -n "$1" ] && [ -n "$2" ] && [ $((100 * $1)) -le $((101 * $2)) ]; }
# Mode "set" has no row 0: the initial namespace has no fsid maps.
for m in unset set; do
	what=$([ $m = set ] && echo "with fsid maps" || echo "without fsid maps")
	for r in $rows; do
		[ $m = set ] && [ "$r" = 0 ] && continue
		v=$(fig vanilla unset "$r" fstat) x=$(fig fsid $m "$r" fstat)
		ok=FAIL; within1 "$x" "$v" && ok=OK
		result $ok "fstat, $r mappings: fsid $what within 1% of vanilla ($x, $v)" \
			"fsid $what: ${x:-missing} instructions per call, vanilla ${v:-missing}"
	done
done
for op in $ops; do
	[ "$op" = fstat ] && continue
	for r in $rows; do
		v=$(fig vanilla unset "$r" "$op")
		for m in unset set; do
			x=$(fig fsid $m "$r" "$op")
			[ -n "$x" ] && [ -n "$v" ] &&
				echo "# $op, $r mappings, fsid $m: $x per call, vanilla $v ($(awk -v a="$x" -v b="$v" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }'))"
		done
	done
done
[ $bad -eq 0 ]
