#!/usr/bin/env bash
# kcsan.sh — the fsid selftests, the race test among them, on two CPUs
# under the kernel concurrency sanitizer (the kcsan flavour): every
# program passes, and KCSAN reports no data race in the code the series
# adds or changes.
#
# usage: tools/tests/kcsan.sh [PROGRAM...]   (make check-kcsan)
#   PROGRAM  a program of the fsid_mappings kselftest Makefile's
#            TEST_GEN_PROGS [all of them but fsid_matrix_test, whose 6560
#            cells a run are the enumeration, not a concurrency test]
#
# Each program runs in its own guest (tools/vm/run-guest.sh, SMP=2, a
# fresh ext4 disk), whose kernel log is kept in $BUILD/check/kcsan/, on
# QEMU's multi-threaded TCG (one host thread per CPU, so that the two
# CPUs' accesses meet in KCSAN's watchpoints). There the guest first
# writes one fsid map (fsid-unshare ... -- true) while the second CPU is
# idle, which turns on the static key userns_fsid_maps_used: multi-threaded
# TCG can run stale translated code after another virtual CPU patches a
# code page (QEMU work item 4669, "MTTCG can run stale code after another
# vCPU's store to a code page"), and a CPU that runs the int3 that
# text_poke_bp() had put at a jump label's site oopses ("int3: 0000"),
# in about one guest in ten when the key is turned on during the race
# test. fsid_race_test then runs once more, as it is, on single-threaded
# TCG, where the key is turned on while the second CPU runs the code it
# patches.
#
# A KCSAN report ("BUG: KCSAN: data-race in A / B") is in the series' code
# when A or B, the functions that made the two accesses, is a function
# whose body the series changes or that it adds: the function names of
# the hunk headers of the series' diff (git diff -U0 base..HEAD of the
# kernel tree, C files and headers, tools/ aside) and the functions its
# added lines define. Reports elsewhere (the scheduler, printk, ...) are
# listed, not counted as failures: they are not the series' to fix.
#
# Output: TAP, two tests per run (its selftests passed; no KCSAN report
# in the series' code), every report's title as a comment, and a last
# line "# kcsan: N reports, M in the series' code".
# Environment: BUILD [build], TREE [$BUILD/linux], TIMEOUT [900] seconds
# per guest.
# Exit status: 0 every test passed; 1 some failed; 2 usage, or no kernel
# tree or kcsan kernel (make kernel FLAVOUR=kcsan builds it).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
TREE=${TREE:-$BUILD/linux}
TIMEOUT=${TIMEOUT:-900}
die() { echo "kcsan: $*" >&2; exit 2; }
[ -d "$TREE/.git" ] || die "no kernel tree at $TREE (make tree)"
[ -f "$(kernel_image kcsan)" ] || die "no kcsan kernel (make kernel FLAVOUR=kcsan)"

dir=$TREE/tools/testing/selftests/fsid_mappings
if [ $# -gt 0 ]; then
	progs=("$@")
else
	read -ra progs <<<"$(make -s --no-print-directory -C "$dir" --eval 'print-%: ; @echo $(notdir $($*))' print-TEST_GEN_PROGS)"
	mapfile -t progs < <(printf '%s\n' "${progs[@]}" | grep -vx fsid_matrix_test)
fi
[ ${#progs[@]} -gt 0 ] || die "no selftest programs"

logs=$BUILD/check/kcsan
rm -rf "$logs"
mkdir -p "$logs"

# The series' functions, one name per line.
funcs=$logs/series-functions
base=$(git -C "$TREE" rev-parse --verify -q base) || die "$TREE has no tag base"
git -C "$TREE" diff -U0 "$base" HEAD -- '*.c' '*.h' ':!tools' |
	python3 -c '
import re, sys
names = set()
for line in sys.stdin:
    m = re.match(r"@@ [^@]* @@ (.*)", line)
    if m:
        f = re.findall(r"([A-Za-z_]\w*)\s*\(", m.group(1))
        if f:
            names.add(f[0] if not m.group(1).startswith("#") else "")
        continue
    m = re.match(r"\+(?:[A-Za-z_][\w\s\*]*?[\s\*])?([A-Za-z_]\w*)\((?!\*)", line)
    if m and not line.startswith("+\t") and not line.startswith("+ "):
        names.add(m.group(1))
names.discard("")
for n in sorted(names - {"if", "for", "while", "switch", "return", "sizeof"}):
    print(n)
' >"$funcs"

# The runs: "NAME PROGRAM TCG-THREADING PRELUDE" each.
runs=()
for p in "${progs[@]}"; do
	runs+=("$p $p multi key")
done
for p in "${progs[@]}"; do
	[ "$p" != fsid_race_test ] || runs+=("$p-single $p single none")
done
key_on='fsid-unshare -m b:0:100000:1 -f b:0:300000:1 -- true &&'

n=0 failed=0 reports=0 ours=0
echo "1..$((2 * ${#runs[@]}))"
for r in "${runs[@]}"; do
	read -r name p thread prelude <<<"$r"
	out=$logs/$name.log
	mkdir -p "$logs/$name"
	cmd="/tests/selftest.sh $p"
	[ "$prelude" = none ] || cmd="$key_on $cmd"
	what="$p ($thread-threaded TCG$([ "$prelude" = none ] || echo ', the key on first'))"
	SMP=2 TCG_THREAD=$thread KLOG_DIR=$logs/$name "$top/tools/vm/run-guest.sh" -f kcsan \
		-t "$TIMEOUT" --scratch 64M --test "$cmd" >"$out" 2>&1 </dev/null
	status=$?
	n=$((n + 1))
	if [ $status -eq 0 ]; then
		echo "ok $n - $what passes on two CPUs under KCSAN"
	else
		echo "not ok $n - $what exited with status $status under KCSAN (log: $out)"
		failed=$((failed + 1))
	fi
	titles=$(cat "$logs/$name"/boot.*.log 2>/dev/null | sed -n 's/.*BUG: KCSAN: \(.*\)/\1/p')
	mine=0 all=0
	while IFS= read -r t; do
		[ -n "$t" ] || continue
		all=$((all + 1))
		hit=no
		for fn in $(echo "$t" | sed 's/^data-race in //; s/ \/ / /; s/+0x[0-9a-f/x]*//g'); do
			grep -qx -- "$fn" "$funcs" && hit=yes
		done
		if [ $hit = yes ]; then
			mine=$((mine + 1))
			echo "#   $name: in the series' code: $t"
		else
			echo "#   $name: elsewhere: $t"
		fi
	done <<<"$titles"
	reports=$((reports + all))
	ours=$((ours + mine))
	n=$((n + 1))
	if [ $mine -eq 0 ]; then
		echo "ok $n - $what: no KCSAN report in the series' code ($all elsewhere)"
	else
		echo "not ok $n - $what: $mine KCSAN report(s) in the series' code (logs: $logs/$name/)"
		failed=$((failed + 1))
	fi
done
echo "# kcsan: $reports reports, $ours in the series' code ($(wc -l <"$funcs") functions of the series); logs in $logs"
[ $failed -eq 0 ]
