#!/usr/bin/env bash
# labs.sh — the graded labs' answer key is right, and their grading tool
# grades without showing an answer (Documentation/labs/). A hand-in made
# from the key (lab1.txt and lab2.txt from the "**Answer N.M:**" lines of
# answers.md, lab4_sticky_test.c from solutions/) is graded by
# tools/labs/check-labs.sh, as a student's is by make check-labs: every
# question's values must be what the kernel does, and Lab 4's reference
# selftest must pass on fsid, and on vanilla pass in its variant with id
# maps only and fail in its variant with fsid maps. Then a wrong hand-in
# must be refused, and the refusal must not show the answer. Lab 3 needs a
# kernel built with the patch: make check-labs LAB=3
# LAB3_PATCH=Documentation/labs/solutions/lab3-ramfs.patch
# LAB3_TEST=Documentation/labs/solutions/lab3_ramfs_test.c.
#
# usage: tools/tests/labs.sh
# Environment: BUILD [build] (the fsid and vanilla kernels, the initramfs);
#   LABS [Documentation/labs] (README.md the sheet, answers.md the key,
#   solutions/); TREE, TIMEOUT as for check-labs.sh.
# Output is TAP: check-labs.sh's tests on the key's hand-in, then one that
# every question has its answer line, three on the wrong hand-in, and one
# that Lab 3's reference patch applies on the series.
# Exit status: 0 every test passed; 1 some failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/lib.sh"
labs=${LABS:-$(labs_dir)}
export LABS=$labs
sheet=$labs/README.md answers=$labs/answers.md
. "$(dirname "$0")/tap.sh"
check_labs=$top/tools/labs/check-labs.sh

# The key's hand-in: "N.M: VALUES" for each question that has an answer line.
mapfile -t questions < <(lab_questions "$sheet")
declare -A want
mkdir -p "$tmp/key" "$tmp/wrong"
for q in "${questions[@]}"; do
	line=$(grep -m1 -F "**Answer $q:**" "$answers" 2>/dev/null) || continue
	want[$q]=$(grep -o '`[^`]*`' <<<"$line" | tr -d '`' | paste -sd' ')
	echo "$q: ${want[$q]}" >>"$tmp/key/lab${q%%.*}.txt"
done
cp "$labs/solutions/lab4_sticky_test.c" "$tmp/key/" 2>/dev/null

# 1. The key, graded: its tests become this suite's.
HANDIN=$tmp/key "$check_labs" 1 2 4 >"$tmp/key.tap" 2>&1
key_rc=$?
# 2. A wrong hand-in: question 1.1 with the owner that the id maps would
# give (the nested namespace has no fsid map), 1.2's line missing, Lab 4
# not handed in.
printf '1.1: 0 101000\nthe reasoning is not read\n1.3: %s\n' "${want[1.3]:-x}" >"$tmp/wrong/lab1.txt"
HANDIN=$tmp/wrong "$check_labs" 1 4 >"$tmp/wrong.tap" 2>&1
wrong_rc=$?

if ! grep -qE '^1\.\.[0-9]+$' "$tmp/key.tap"; then
	echo "1..1"
	result FAIL "check-labs.sh grades the answer key's hand-in" "exit status $key_rc" "$(tail -n 20 "$tmp/key.tap")"
	exit 1
fi
echo "1..$(($(grep -cE '^(not )?ok ' "$tmp/key.tap") + 5))"
while IFS= read -r l; do
	case "$l" in
	"ok "*) result OK "the key: ${l#ok * - }" ;;
	"not ok "*) result FAIL "the key: ${l#not ok * - }" \
		"$(awk -v l="$l" '$0 == l { on = 1; next } /^(not )?ok / { on = 0 } on && sub(/^#   /, "")' "$tmp/key.tap")" ;;
	esac
done <"$tmp/key.tap"

missing=()
for q in "${questions[@]}"; do [ -n "${want[$q]+set}" ] || missing+=("$q"); done
if [ ${#questions[@]} -gt 0 ] && [ ${#missing[@]} -eq 0 ]; then
	result OK "each of the sheet's ${#questions[@]} questions has its answer line (**Answer N.M:** \`value\`) in $answers"
else
	result FAIL "each of the sheet's questions has its answer line in $answers" \
		"questions: ${questions[*]:-none}" "without an answer line: ${missing[*]}"
fi

# The wrong hand-in is refused question by question, and for the missing file.
if [ "$wrong_rc" = 1 ] && grep -qE '^not ok [0-9]+ - question 1\.1: your values \(0 101000\)' "$tmp/wrong.tap" &&
	grep -qE "^ok [0-9]+ - question 1\.3: " "$tmp/wrong.tap"; then
	result OK "a wrong value is refused (question 1.1: 0 101000, the id maps' owner), a right one beside it taken (1.3)"
else
	result FAIL "a wrong value is refused (question 1.1), a right one beside it taken (1.3)" "exit status $wrong_rc" "$(cat "$tmp/wrong.tap")"
fi
if grep -qE "^not ok [0-9]+ - question 1\.2: .*has its line '1\.2: VALUES'" "$tmp/wrong.tap" &&
	grep -qE '^not ok [0-9]+ - Lab 4: .*\(not handed in\)|^#.*\(not handed in\)' "$tmp/wrong.tap"; then
	result OK "a missing answer line (1.2) and a missing file (Lab 4) fail, each its test"
else
	result FAIL "a missing answer line (1.2) and a missing file (Lab 4) fail, each its test" "$(cat "$tmp/wrong.tap")"
fi
# Nothing the wrong hand-in's grading printed holds the answer of 1.1.
if [ -n "${want[1.1]:-}" ] && ! grep -qF -- "${want[1.1]}" "$tmp/wrong.tap"; then
	result OK "grading the wrong hand-in shows no answer (1.1's values of the key, '${want[1.1]}', appear nowhere in its output)"
else
	result FAIL "grading the wrong hand-in shows no answer" "key: '${want[1.1]:-none}'" "$(grep -F -- "${want[1.1]:-@@}" "$tmp/wrong.tap")"
fi
# Lab 3's reference patch still applies on the series (a temporary index
# at the tag applied: the tree's files are not touched); building and
# booting it is make check-labs LAB=3's.
tree=${TREE:-$BUILD/linux}
ref3=$labs/solutions/lab3-ramfs.patch
if GIT_INDEX_FILE=$tmp/index git -C "$tree" read-tree applied 2>"$tmp/apply" &&
	GIT_INDEX_FILE=$tmp/index git -C "$tree" apply --cached --check "$(realpath "$ref3")" 2>>"$tmp/apply"; then
	result OK "Lab 3's reference patch applies on the series (tag applied of $tree)"
else
	result FAIL "Lab 3's reference patch applies on the series (tag applied of $tree)" "$(cat "$tmp/apply")"
fi
tap_status
