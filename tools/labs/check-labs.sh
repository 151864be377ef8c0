#!/usr/bin/env bash
# check-labs.sh — grade a hand-in of the graded labs (Documentation/labs/)
# against the kernels of this workbench, without showing an answer: for
# each lab asked, what can be checked by running it (the values of Labs 1
# and 2, Lab 3's patch and test, Lab 4's selftest). The reasoning, the
# commit message and the comments are for the person who grades.
#
# usage: tools/labs/check-labs.sh [LAB...]   (make check-labs [LAB="1 2 3 4"] [HANDIN=handin])
#   LAB  1, 2, 3 or 4 [all four]
#
# The hand-in is the folder HANDIN [handin] that the lab sheet asks for:
#   Labs 1, 2  lab1.txt, lab2.txt: for each question a line "N.M: VALUES",
#              the values in the order the sheet asks for them, separated
#              by blanks (letters, digits, ':' and '.'); other lines (the
#              reasoning) are not read. guest/tests/labs.sh runs each
#              question's experiment on the fsid kernel and says only
#              whether the values are the kernel's: one test per question,
#              which names the hand-in's values, never the kernel's.
#   Lab 3      the one *.patch file of HANDIN and lab3_ramfs_test.c: the
#              patch applies with `git am` on the series (tag "applied") in
#              $BUILD/labs/linux, a worktree of $TREE; the test builds
#              statically (lab_cc, tools/lib.sh); the fsid flavour builds
#              with the patch ($BUILD/labs/kernel/fsid, log
#              $BUILD/labs/build-fsid.log: a kernel build, the slow step);
#              the test exits 0 on that kernel and not 0 on the fsid kernel
#              of make kernel (ramfs keeping the id maps). Each step needs
#              the ones before it; the last needs $TREE to be the series
#              (HEAD with no change from tag "applied").
#   Lab 4      lab4_sticky_test.c: it builds statically; on the fsid kernel
#              it passes whole, no test skipped; on the vanilla kernel its
#              variant "idmap" passes and its variant "fsid" fails.
# A file that is not there fails its lab's first test ("not handed in").
#
# Environment: BUILD [build]; TREE [$BUILD/linux]; HANDIN [handin];
#   LAB3_PATCH, LAB3_TEST, LAB4: one file instead of HANDIN's;
#   LAB3_KERNEL: a bzImage to boot instead of building one (to try this
#   script without a kernel build; it must be built from the patch for the
#   result to mean anything); LABS [Documentation/labs] (the sheet,
#   README.md, whose "### Question N.M:" headings are the questions);
#   INITRD [make guest's initramfs]; TIMEOUT [300] seconds per guest; JOBS
#   (kernel-build.sh's).
# Output is TAP. Exit status: 0 every test passed; 1 some failed; 2 usage,
# or a kernel, the tree or the initramfs missing.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/lib.sh"
usage() { echo "usage: $0 [1|2|3|4]...   (environment: HANDIN, LAB3_PATCH, LAB3_TEST, LAB4; see the header)" >&2; exit 2; }
labs_asked=()
for a in "$@"; do
	case "$a" in [1-4]) labs_asked+=("$a") ;; *) usage ;; esac
done
[ ${#labs_asked[@]} -gt 0 ] || labs_asked=(1 2 3 4)
asked() { [[ " ${labs_asked[*]} " == *" $1 "* ]]; }
. "$top/tools/tests/tap.sh"
die() { echo "check-labs: $*" >&2; exit 2; }

BUILD=$(mkdir -p "$BUILD" && cd "$BUILD" && pwd)
TREE=$(realpath "${TREE:-$BUILD/linux}")
handin=${HANDIN:-handin}
sheet=${LABS:-$(labs_dir)}/README.md
fsid=$(kernel_image fsid)
vanilla=$(kernel_image vanilla)
initrd=${INITRD:-$(initramfs)}
[ -f "$sheet" ] || die "no lab sheet $sheet (LABS)"
[ -f "$fsid" ] || die "no fsid kernel at $fsid: make kernel FLAVOUR=fsid"
[ -f "$initrd" ] || die "no initramfs at $initrd: make guest"
if asked 3; then
	[ -d "$TREE/.git" ] || die "no kernel tree at $TREE: make tree"
	[ -z "${LAB3_KERNEL:-}" ] || [ -f "$LAB3_KERNEL" ] || die "no kernel image $LAB3_KERNEL (LAB3_KERNEL)"
fi
! asked 4 || [ -f "$vanilla" ] || die "no vanilla kernel at $vanilla (Lab 4 runs there too): make kernel FLAVOUR=vanilla"

# The questions of the sheet, by lab.
mapfile -t questions < <(lab_questions "$sheet")
questions_of() { local q; for q in "${questions[@]}"; do [ "${q%%.*}" != "$1" ] || echo "$q"; done; }
# The plan: per lab 1 and 2 one test per question (or one, if the file is
# missing), 5 for Lab 3, 4 for Lab 4.
plan=0
for l in "${labs_asked[@]}"; do
	case "$l" in
	1 | 2)
		k=$(questions_of "$l" | wc -l)
		[ "$k" -gt 0 ] || die "the sheet $sheet has no question of Lab $l (### Question $l.M: ...)"
		[ -f "$handin/lab$l.txt" ] || k=1
		plan=$((plan + k))
		;;
	3) plan=$((plan + 5)) ;;
	4) plan=$((plan + 4)) ;;
	esac
done
echo "1..$plan"

# guest KERNEL DISK ARGS...: /tests/labs.sh ARGS in a guest with the disk
# image DISK (or none: -), its output (carriage returns dropped) in $tmp/out.
guest() {
	local k=$1 disk=()
	[ "$2" = - ] || disk=(-d "$2")
	shift 2
	"$top/tools/vm/run-guest.sh" -k "$k" -i "$initrd" "${disk[@]}" \
		-t "${TIMEOUT:-300}" --test "/tests/labs.sh $*" 2>&1 | tr -d '\r' >"$tmp/out"
}
# program_output: the lines the program printed, and its status line.
program_output() { sed -n 's/^| //p; /^status /p' "$tmp/out"; }
# console_tail: the end of the guest's console, without kernel lines.
console_tail() { grep -v '^\[\|^| \|^status ' "$tmp/out" | tail -n 10; }

# --- Labs 1 and 2: the values, compared in the guest ----------------------------
# A question's values: words of letters, digits, ':' and '.' (what the
# guest's command line may carry).
words='^[A-Za-z0-9:.]+( [A-Za-z0-9:.]+)*$'
qargs=() qlist=()
declare -A given
: >"$tmp/out"
for l in 1 2; do
	asked "$l" || continue
	f=$handin/lab$l.txt
	if [ ! -f "$f" ]; then
		result FAIL "Lab $l: $f is there (not handed in)"
		continue
	fi
	for q in $(questions_of "$l"); do
		qlist+=("$q")
		line=$(grep -m1 -E "^[[:space:]]*${q//./\\.}:" "$f") || { given[$q]=''; continue; }
		v=$(sed -E "s/^[[:space:]]*${q//./\\.}:[[:space:]]*//; s/[[:space:]]+/ /g; s/ $//" <<<"$line")
		given[$q]=$v
		[[ $v =~ $words ]] && qargs+=("'$q=$v'")
	done
done
if [ ${#qargs[@]} -gt 0 ]; then
	guest "$fsid" - "${qargs[@]}"
fi
for q in "${qlist[@]}"; do
	l=${q%%.*} v=${given[$q]}
	if [ -z "$v" ]; then
		result FAIL "question $q: $handin/lab$l.txt has its line '$q: VALUES'"
	elif ! [[ $v =~ $words ]]; then
		result FAIL "question $q: the values '$v' are words of letters, digits, ':' and '.'"
	elif grep -qx "question $q: same" "$tmp/out"; then
		result OK "question $q: your values ($v) are what the kernel does"
	elif grep -qx "question $q: different" "$tmp/out"; then
		result FAIL "question $q: your values ($v) are what the kernel does" \
			"the kernel does otherwise: see the question's experiment in make shell"
	else
		result FAIL "question $q: your values ($v) are what the kernel does" "the guest did not answer:" "$(console_tail)"
	fi
done

# --- Lab 3: the ramfs patch and its test ---------------------------------------------
lab3() {
	local patch test labs=$BUILD/labs wt=$BUILD/labs/linux kernel rc steps
	local patches
	mapfile -t patches < <(compgen -G "$handin/*.patch")
	patch=${LAB3_PATCH:-${patches[0]:-}}
	test=${LAB3_TEST:-$handin/lab3_ramfs_test.c}
	steps=("Lab 3: the patch applies with git am on the series (tag applied) in $wt"
		"Lab 3: the test builds statically ($test)"
		"Lab 3: the fsid flavour builds with the patch ($labs/kernel/fsid)"
		"Lab 3: the test passes on the kernel with the patch"
		"Lab 3: the test fails on the fsid kernel without the patch ($fsid)")
	# fail_rest FROM DESC...: the steps from FROM on fail, for want of the one before.
	fail_rest() { local d; for d in "$@"; do result FAIL "$d (not run: an earlier step failed)"; done; }
	if [ -z "${LAB3_PATCH:-}" ] && [ ${#patches[@]} -ne 1 ]; then
		result FAIL "${steps[0]}" "$handin has ${#patches[@]} *.patch files (not handed in, or more than one): hand in one (git format-patch -1 -o $handin), or name it with LAB3_PATCH="
		fail_rest "${steps[@]:1}"
		return
	fi
	if [ ! -f "$patch" ] || [ ! -f "$test" ]; then
		result FAIL "${steps[0]}" "$([ -f "$patch" ] || echo "no patch $patch (not handed in)")" \
			"$([ -f "$test" ] || echo "no test $test (not handed in)")"
		fail_rest "${steps[@]:1}"
		return
	fi
	patch=$(realpath "$patch") test=$(realpath "$test")
	mkdir -p "$labs"
	if [ ! -e "$wt/.git" ]; then
		git -C "$TREE" worktree prune
		git -C "$TREE" worktree add -q --detach "$wt" applied >"$labs/git.log" 2>&1 ||
			die "could not make the worktree $wt (see $labs/git.log)"
	fi
	g() { git -C "$wt" -c user.name='fsid workbench' -c user.email=workbench@fsid.invalid "$@"; }
	g am --abort >/dev/null 2>&1
	if g checkout -q --detach applied && g reset -q --hard && g clean -q -fdx &&
		g am -q "$patch" >"$labs/git.log" 2>&1; then
		result OK "${steps[0]}: $(g log -1 --format=%s)"
	else
		result FAIL "${steps[0]}" "$(tail -n 15 "$labs/git.log")"
		g am --abort >/dev/null 2>&1
		fail_rest "${steps[@]:1}"
		return
	fi
	rm -rf "$tmp/disk3" && mkdir -p "$tmp/disk3"
	if TREE=$wt lab_cc "$test" "$tmp/disk3/lab3_ramfs_test" 2>"$tmp/cc"; then
		result OK "${steps[1]}"
	else
		result FAIL "${steps[1]}" "$(cat "$tmp/cc")"
		fail_rest "${steps[@]:2}"
		return
	fi
	lab_disk "$tmp/disk3" "$tmp/disk3.img" || die "could not make the disk image"
	if [ -n "${LAB3_KERNEL:-}" ]; then
		kernel=$LAB3_KERNEL
		result OK "${steps[2]}: not built, LAB3_KERNEL=$kernel stands for it"
	elif TREE=$wt BUILD=$labs "$top/tools/vm/kernel-build.sh" fsid >"$labs/build-fsid.log" 2>&1; then
		kernel=$(bzimage_in "$labs/kernel/fsid")
		result OK "${steps[2]}: $(cat "$labs/kernel/fsid/include/config/kernel.release")"
	else
		result FAIL "${steps[2]}" "$(tail -n 20 "$labs/build-fsid.log")"
		fail_rest "${steps[@]:3}"
		return
	fi
	# status: the test's exit status in the last guest, or "none".
	status() { sed -n 's/^status lab3_ramfs_test \([0-9]*\)$/\1/p' "$tmp/out" | grep . || echo none; }
	shown() { if grep -q '^| ' "$tmp/out"; then sed -n 's/^| //p' "$tmp/out"; else console_tail; fi; }
	guest "$kernel" "$tmp/disk3.img" -r lab3_ramfs_test
	rc=$(status)
	if [ "$rc" = 0 ]; then
		result OK "${steps[3]}"
	else
		result FAIL "${steps[3]}" "exit status: $rc" "$(shown)"
	fi
	# The kernel without the patch is built from $TREE: it must be the series.
	if ! git -C "$TREE" diff --quiet applied HEAD -- 2>/dev/null; then
		result FAIL "${steps[4]}" "$TREE is not the series as applied (HEAD differs from tag applied: your patch's branch?):" \
			"git -C $TREE switch fsid, then make check-labs LAB=3 again (it rebuilds $fsid)"
		return
	fi
	guest "$fsid" "$tmp/disk3.img" -r lab3_ramfs_test
	rc=$(status)
	if [ "$rc" != none ] && [ "$rc" != 0 ]; then
		result OK "${steps[4]}: exit status $rc"
	else
		result FAIL "${steps[4]}" "exit status: $rc" "$(shown)"
	fi
}
! asked 3 || lab3

# --- Lab 4: the sticky-bit selftest --------------------------------------------------
lab4() {
	local src=${LAB4:-$handin/lab4_sticky_test.c} idmap_ok idmap_bad fsid_ok fsid_bad
	local steps=("Lab 4: the selftest builds statically ($src)"
		"Lab 4: the selftest passes on the fsid kernel, none skipped"
		"Lab 4: on vanilla, its variant idmap passes (a kernel without the series answers so)"
		"Lab 4: on vanilla, its variant fsid fails (the selftest can fail)")
	if [ ! -f "$src" ]; then
		result FAIL "${steps[0]}" "no $src (not handed in)"
	elif rm -rf "$tmp/disk4" && mkdir -p "$tmp/disk4" && lab_cc "$src" "$tmp/disk4/lab4_sticky_test" 2>"$tmp/cc"; then
		result OK "${steps[0]}"
	else
		result FAIL "${steps[0]}" "$(cat "$tmp/cc")"
	fi
	if [ ! -x "$tmp/disk4/lab4_sticky_test" ]; then
		local d
		for d in "${steps[@]:1}"; do result FAIL "$d (not run: it did not build)"; done
		return
	fi
	lab_disk "$tmp/disk4" "$tmp/disk4.img" || die "could not make the disk image"
	guest "$fsid" "$tmp/disk4.img" -r lab4_sticky_test
	if program_output | grep -qx 'status lab4_sticky_test 0' &&
		program_output | grep -qE '^# PASSED: [0-9]+ / [0-9]+ tests passed' &&
		! program_output | grep -qE '^ok .*# SKIP|SKIP '; then
		result OK "${steps[1]} ($(program_output | sed -n 's/^# PASSED: //p'))"
	else
		result FAIL "${steps[1]}" "$(program_output | grep -v '^#  *\(RUN\|OK\) ' | tail -n 25)" "$(program_output | grep -q . || console_tail)"
	fi
	guest "$vanilla" "$tmp/disk4.img" -r lab4_sticky_test
	idmap_ok=$(program_output | grep -cE '^ok [0-9]+ [a-z0-9_]+\.idmap\.')
	idmap_bad=$(program_output | grep -cE '^not ok [0-9]+ [a-z0-9_]+\.idmap\.')
	fsid_ok=$(program_output | grep -cE '^ok [0-9]+ [a-z0-9_]+\.fsid\.')
	fsid_bad=$(program_output | grep -cE '^not ok [0-9]+ [a-z0-9_]+\.fsid\.')
	if [ "$idmap_ok" -gt 0 ] && [ "$idmap_bad" -eq 0 ]; then
		result OK "${steps[2]} ($idmap_ok tests)"
	else
		result FAIL "${steps[2]}" "idmap: $idmap_ok passed, $idmap_bad failed" "$(program_output | tail -n 15)"
	fi
	if [ "$fsid_bad" -gt 0 ] && [ "$fsid_ok" -eq 0 ]; then
		result OK "${steps[3]} ($fsid_bad tests)"
	else
		result FAIL "${steps[3]}" "fsid: $fsid_ok passed, $fsid_bad failed" "$(program_output | tail -n 15)"
	fi
}
! asked 4 || lab4
tap_status
