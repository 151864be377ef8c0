#!/usr/bin/env bash
# exercises.sh — the answers of the walkthrough's exercises are right: for
# each exercise of CHAPTER (a heading "## Exercise N: ..." or "### ..."),
# the "**Answer N:** `value` ..." line of the answers page is handed to
# guest/tests/exercises.sh, which runs exercise N on the fsid kernel and
# compares.
#
# usage: tools/tests/exercises.sh BZIMAGE INITRAMFS [CHAPTER [ANSWERS]]
#   CHAPTER  [Documentation/walkthrough/09-exercises.md]
#   ANSWERS  [Documentation/walkthrough/13-answers.md]
# Output is the guest's TAP (one test per answer); a chapter without
# exercises, or an exercise without its answer line, fails. Exit status:
# the guest's (0 every answer matched); 1 an exercise has no answer;
# 2 usage or no exercises.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 BZIMAGE INITRAMFS [CHAPTER [ANSWERS]]" >&2; exit 2; }
chapter=${3:-$top/Documentation/walkthrough/09-exercises.md}
answers=${4:-$top/Documentation/walkthrough/13-answers.md}
args=()
for n in $(sed -n 's/^##* Exercise \([0-9]*\):.*/\1/p' "$chapter"); do
	line=$(grep -m1 "^\*\*Answer $n:\*\*" "$answers") || {
		echo "1..1"
		echo "not ok 1 - exercise $n of $chapter has an answer line (**Answer $n:** \`value\`) in $answers"
		exit 1
	}
	vals=$(grep -o '`[^`]*`' <<<"$line" | tr -d '`' | paste -sd' ')
	args+=("'$n=$vals'")
done
if [ ${#args[@]} -eq 0 ]; then
	echo "1..1"
	echo "not ok 1 - $chapter has exercises (## Exercise N: ...)"
	exit 2
fi
exec "$top/tools/vm/run-guest.sh" -k "$1" -i "$2" -t "${TIMEOUT:-300}" --test "/tests/exercises.sh ${args[*]}"
