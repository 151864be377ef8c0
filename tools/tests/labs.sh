#!/usr/bin/env bash
# labs.sh — the graded labs' answers and reference selftest are right
# (Documentation/labs/): each question of Labs 1 and 2 on the sheet (a
# heading "### Question N.M: ...") has its "**Answer N.M:** `value` ..."
# line on the answers page, and guest/tests/labs.sh runs its experiment on
# the fsid kernel: the values must be what the kernel does. Lab 4's
# selftest is built statically (lab_cc, tools/lib.sh) and run in the same
# guest, from a disk: it must pass, without a skip. With a vanilla kernel
# too, it runs there as well: its variant with id maps only ("idmap") must
# pass, as the sheet says it answers as a kernel without the series, and
# its variant with fsid maps ("fsid") must fail, so it can fail. Lab 3
# needs a kernel built with the solution: tools/labs/check-labs.sh.
#
# usage: tools/tests/labs.sh FSID_BZIMAGE INITRAMFS [VANILLA_BZIMAGE]
# Environment: LABS [Documentation/labs] (README.md the sheet, answers.md);
#   LAB4 [$LABS/solutions/lab4_sticky_test.c] (a student's selftest, to
#   grade it); TREE [build/linux] (the selftests' helpers); TIMEOUT [300]
#   seconds per guest.
# Output is TAP: one test per question, one that a wrong answer is caught,
# the selftest's build and its runs. Exit status: 0 every test passed; 1
# some failed; 2 usage.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/lib.sh"
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 FSID_BZIMAGE INITRAMFS [VANILLA_BZIMAGE]" >&2; exit 2; }
fsid=$1 initrd=$2 vanilla=${3:-}
labs=${LABS:-$(labs_dir)}
sheet=$labs/README.md answers=$labs/answers.md
lab4=${LAB4:-$labs/solutions/lab4_sticky_test.c}
. "$(dirname "$0")/tap.sh"

# The questions of the sheet, and their answers' values joined by spaces.
mapfile -t questions < <(sed -n 's/^### Question \([0-9]*\.[0-9]*\):.*/\1/p' "$sheet" 2>/dev/null)
if [ ${#questions[@]} -eq 0 ]; then
	echo "1..1"
	result FAIL "$sheet has questions (### Question N.M: ...)"
	exit 1
fi
declare -A want
for q in "${questions[@]}"; do
	line=$(grep -m1 -F "**Answer $q:**" "$answers" 2>/dev/null) &&
		want[$q]=$(grep -o '`[^`]*`' <<<"$line" | tr -d '`' | paste -sd' ')
done
runs=0
[ -z "$vanilla" ] || runs=2
echo "1..$((${#questions[@]} + 3 + runs))"

# guest KERNEL ARGS...: /tests/labs.sh ARGS in a guest with the disk, its
# output (carriage returns dropped) in $tmp/out.
guest() {
	"$top/tools/vm/run-guest.sh" -k "$1" -i "$initrd" -d "$tmp/disk.img" \
		-t "${TIMEOUT:-300}" --test "/tests/labs.sh ${*:2}" 2>&1 | tr -d '\r' >"$tmp/out"
}
# got Q: what the guest answered to question Q.
got() { sed -n "s/^answer $1: //p" "$tmp/out" | head -n 1; }
# program_output: the lines the program printed, and its status line.
program_output() { sed -n 's/^| //p; /^status /p' "$tmp/out"; }

# Lab 4's selftest, on a disk of its own.
mkdir -p "$tmp/disk"
if lab_cc "$lab4" "$tmp/disk/lab4_sticky_test" 2>"$tmp/cc"; then
	result OK "Lab 4's selftest builds statically ($lab4)"
else
	result FAIL "Lab 4's selftest builds statically ($lab4)" "$(cat "$tmp/cc")"
fi
lab_disk "$tmp/disk" "$tmp/disk.img" || { echo "labs: could not make the disk image" >&2; exit 1; }

args=()
for q in "${questions[@]}"; do args+=("$q"); done
guest "$fsid" "${args[@]}" -r lab4_sticky_test
for q in "${questions[@]}"; do
	if [ -z "${want[$q]+set}" ]; then
		result FAIL "question $q has an answer line (**Answer $q:** \`value\`) in $answers"
	elif [ "$(got "$q")" = "${want[$q]}" ]; then
		result OK "question $q: the answer is what the kernel does (${want[$q]})"
	else
		result FAIL "question $q: the answer is what the kernel does" "answer: '${want[$q]}'" \
			"kernel: '$(got "$q")'" "$(grep -v '^\[\|^| \|^status ' "$tmp/out" | tail -n 10)"
	fi
done
# The comparison tells a wrong answer from the kernel's: 1.1 with the
# owner that the id maps would give (the nested namespace has no fsid map).
if [ -n "$(got 1.1)" ] && [ "$(got 1.1)" != "0 101000" ]; then
	result OK "a wrong answer to question 1.1 ('0 101000', the id maps' owner) does not match"
else
	result FAIL "a wrong answer to question 1.1 ('0 101000', the id maps' owner) does not match" \
		"kernel: '$(got 1.1)'"
fi
# passed_whole: the harness's output in $tmp/out passed every test it ran
# and skipped none.
passed_whole() {
	program_output | grep -x 'status lab4_sticky_test 0' >/dev/null &&
		program_output | grep -E '^# PASSED: [0-9]+ / [0-9]+ tests passed' >/dev/null &&
		! program_output | grep -E '^ok .*# SKIP|SKIP ' >/dev/null
}
if passed_whole; then
	result OK "Lab 4's selftest passes on the fsid kernel ($(program_output | sed -n 's/^# PASSED: //p'))"
else
	result FAIL "Lab 4's selftest passes on the fsid kernel" "$(program_output | grep -v '^#  *\(RUN\|OK\) ' | tail -n 25)"
fi

if [ -n "$vanilla" ]; then
	guest "$vanilla" -r lab4_sticky_test
	idmap_ok=$(program_output | grep -cE '^ok [0-9]+ [a-z0-9_]+\.idmap\.')
	idmap_bad=$(program_output | grep -cE '^not ok [0-9]+ [a-z0-9_]+\.idmap\.')
	fsid_ok=$(program_output | grep -cE '^ok [0-9]+ [a-z0-9_]+\.fsid\.')
	fsid_bad=$(program_output | grep -cE '^not ok [0-9]+ [a-z0-9_]+\.fsid\.')
	if [ "$idmap_ok" -gt 0 ] && [ "$idmap_bad" -eq 0 ]; then
		result OK "on vanilla, the selftest's variant with id maps only passes ($idmap_ok tests): its answers are those of a kernel without the series"
	else
		result FAIL "on vanilla, the selftest's variant with id maps only passes" \
			"idmap: $idmap_ok passed, $idmap_bad failed" "$(program_output | tail -n 15)"
	fi
	if [ "$fsid_bad" -gt 0 ] && [ "$fsid_ok" -eq 0 ]; then
		result OK "on vanilla, its variant with fsid maps fails ($fsid_bad tests): the selftest can fail"
	else
		result FAIL "on vanilla, its variant with fsid maps fails" \
			"fsid: $fsid_ok passed, $fsid_bad failed" "$(program_output | tail -n 15)"
	fi
fi
tap_status
