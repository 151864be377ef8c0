#!/usr/bin/env bash
# bench.sh — the cover letter's fstat() table, and the same grid for stat,
# create, fchown, setresuid and setresuid-change, measured on vanilla, fsid-off, fsid with no
# fsid maps and fsid with fsid maps (make bench).
#
# usage: tools/bench/bench.sh [OUTDIR]          (make bench [N=FILES] [WALL=1])
#
# Boots vanilla, fsid-off and fsid (twice: without, then with fsid maps)
# and runs guest/bin/fsid-bench.c in the guest (rows
# 0,1,2,3,5,6,10,50,100,200,300,340 mappings, $N files per row, on the
# guest's tmpfs /tmp). By default QEMU runs with -icount shift=0,sleep=off:
# the guest clock advances one nanosecond per executed instruction, so every
# figure is an instruction count, and a second run gives the same medians
# (the guest kernels use SLUB; with tinyconfig's SLOB, whose first-fit walk
# made each create dearer than the last, create's moved by a few dozen).
# WALL=1 runs without -icount (TCG, or ACCEL=kvm where that works): real
# nanoseconds, noisy, and labelled so.
# Writes to OUTDIR [$BUILD/bench]:
#   results.csv   every measurement: kernel,mode,mappings,op,calls,total_ns,median_ns
#   table.md      per op, the cover letter's layout: one row per mapping count,
#                 one column per configuration (median per call), with the
#                 ratio to vanilla
#   plot.png      median per call against the number of mappings, one panel
#                 per op (gnuplot-nox)
# Environment: BUILD [build], N [2000], ROWS [all], OPS [all], WALL [0],
# TIMEOUT [1800] per boot (N=1000000 needs a larger one).
# Exit status: 0 measured; 1 a guest run failed; 2 a kernel or the initramfs
# is missing; 3 a Debian package is missing (tools/deps.sh printed it).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
out=${1:-$BUILD/bench}
N=${N:-2000}
ROWS=${ROWS:-0,1,2,3,5,6,10,50,100,200,300,340}
OPS=${OPS:-create,stat,fstat,fchown,setresuid,setresuid-change}
# Guest memory: 512M, or about 2.5 KiB per file for large N (each file is a
# tmpfs inode, a dentry and an open file; N=1000000 needs about 2.7 GiB).
mem=$((256 + N / 400)); [ $mem -ge 512 ] || mem=512
"$top/tools/deps.sh" gnuplot-nox || exit 3
# The columns, FLAVOUR:MODE: every flavour without fsid maps ("unset"),
# each flavour with them twice, without ("unset") and with ("set").
runs=()
for f in $(check_flavours); do
	[ -f "$(kernel_image "$f")" ] || { echo "bench: no $f kernel: make kernels" >&2; exit 2; }
	runs+=("$f:unset")
	[ "$(flavour_has_fsid "$f")" = no ] || runs+=("$f:set")
done
[ -f "$(initramfs)" ] || { echo "bench: no initramfs: make guest" >&2; exit 2; }
mkdir -p "$out"
if [ "${WALL:-0}" = 1 ]; then
	clock="wall-clock nanoseconds (QEMU ${ACCEL:-tcg}, no -icount): noisy, for orientation only"
	icount=0
else
	clock="instructions (QEMU -icount shift=0,sleep=off: 1 ns of guest time per instruction; the medians repeat exactly from run to run)"
	icount=1
fi
echo "bench: $N files per row; unit: $clock" >&2
csv=$out/results.csv
echo "kernel,mode,mappings,op,calls,total_ns,median_ns" >"$csv"
# One boot per column. "fsid, unset" gets a boot of its own: the first
# fsid map written turns on the static key userns_fsid_maps_used for the
# rest of the boot, and "unset" is a system where none ever was.
for run in "${runs[@]}"; do
	f=${run%:*} mode=${run#*:}
	echo "bench: $f, $mode ..." >&2
	log=$out/$f-$mode.log
	if ! MEM=${mem}M ICOUNT=$icount "$top/tools/vm/run-guest.sh" -f "$f" -t "${TIMEOUT:-1800}" -l "$log" \
		--test "fsid-bench -n $N -r $ROWS -o $OPS -m $mode -k $f /tmp" >/dev/null; then
		echo "bench: the $f run ($mode) failed; see $log" >&2
		exit 1
	fi
	tr -d '\r' <"$log" | grep "^$f,$mode," >>"$csv"
done

# The table: per op, rows by mapping count; a column per run (vanilla,
# fsid-off, fsid with no fsid maps, fsid with fsid maps set); medians and
# ratios to vanilla.
awk -F, -v N="$N" -v clock="$clock" -v runs="${runs[*]}" '
BEGIN {
	# A flavour measured twice is titled "NAME, unset" and "NAME, set".
	ncols = split(runs, cols, " ")
	for (c = 1; c <= ncols; c++) twice[cols[c]] = 1
	for (c = 1; c <= ncols; c++) {
		split(cols[c], km, ":")
		title[c] = ((km[1] ":set") in twice) ? km[1] ", " km[2] : km[1]
	}
}
NR == 1 { next }
{
	col = $1 ":" $2
	v[$4, $3, col] = $7
	if (!seen_op[$4]++) ops[++nops] = $4
	if (!seen_row[$3]++) rows[++nrows] = $3
}
function cell(op, r, c,    x, base) {
	x = v[op, r, c]; base = v[op, r, "vanilla:unset"]
	if (x == "") return "N/A"
	if (c == "vanilla:unset" || base == "") return x
	return sprintf("%s (%.3f)", x, x / base)
}
END {
	printf "# fsid mappings: cost per call\n\n"
	printf "Median per call, in %s; %s files per row. In brackets: the ratio to vanilla. ", clock, N
	printf "0 mappings is the initial user namespace; N > 0 a user namespace with N lines in uid_map and gid_map, one id each but the first, which maps two ", N
	printf "(and in fsuid_map and fsgid_map for \"fsid, set\"), the container'"'"'s uid 0 on the last line.\n"
	for (o = 1; o <= nops; o++) {
		op = ops[o]
		printf "\n## %s\n\n", op
		printf "| mappings |"
		for (c = 1; c <= ncols; c++) printf " %s |", title[c]
		printf "\n| ---: |"
		for (c = 1; c <= ncols; c++) printf " ---: |"
		printf "\n"
		for (i = 1; i <= nrows; i++) {
			r = rows[i]
			printf "| %s |", r
			for (c = 1; c <= ncols; c++) printf " %s |", cell(op, r, cols[c])
			printf "\n"
		}
	}
}' "$csv" >"$out/table.md"

# The plot: one panel per op, median against mappings, one line per config.
ops=$(awk -F, 'NR > 1 && !s[$4]++ { printf "%s ", $4 }' "$csv")
{
	echo "set terminal pngcairo size 1200,$((300 * ($(wc -w <<<"$ops") + 1) / 2)) font 'DejaVu Sans,9'"
	echo "set output '$out/plot.png'"
	echo "set datafile separator ','"
	echo "set multiplot layout $(( ($(wc -w <<<"$ops") + 1) / 2 )),2 title 'fsid mappings: median cost per call (${clock%% (*})'"
	echo "set key top left; set xlabel 'mappings'; set ylabel '${clock%% (*}'; set grid"
	for op in $ops; do
		echo "set title '$op'"
		printf "plot"
		sep=""
		for c in "${runs[@]}"; do
			k=${c%:*} m=${c#*:} t=$k
			[ "$(flavour_has_fsid "$k")" = no ] || t="$k ($([ "$m" = set ] && echo "fsid maps set" || echo "no fsid maps"))"
			printf "%s '< grep \"^%s,%s,[0-9]*,%s,\" %s' using 3:7 with linespoints title '%s'" \
				"$sep" "$k" "$m" "$op" "$csv" "$t"
			sep=","
		done
		echo
	done
	echo "unset multiplot"
} >"$out/plot.gp"
gnuplot "$out/plot.gp"
echo "bench: $out/table.md, $out/results.csv, $out/plot.png" >&2
