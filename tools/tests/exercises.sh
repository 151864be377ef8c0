#!/usr/bin/env bash
# exercises.sh — the answers of the walkthrough's exercises are right: each
# "**Answer N:** `value` ..." line of Documentation/walkthrough/09-exercises.md
# is handed to guest/tests/exercises.sh, which runs exercise N on the fsid
# kernel and compares.
#
# usage: tools/tests/exercises.sh BZIMAGE INITRAMFS [CHAPTER]
# Output is the guest's TAP (one test per answer); a chapter without
# answers fails. Exit status: the guest's (0 every answer matched);
# 2 usage or no answers.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 BZIMAGE INITRAMFS [CHAPTER]" >&2; exit 2; }
chapter=${3:-$top/Documentation/walkthrough/09-exercises.md}
args=()
while IFS= read -r line; do
	n=$(sed -n 's/^\*\*Answer \([0-9]*\):\*\*.*/\1/p' <<<"$line")
	vals=$(grep -o '`[^`]*`' <<<"$line" | tr -d '`' | paste -sd' ')
	args+=("'$n=$vals'")
done < <(grep '^\*\*Answer [0-9]*:\*\*' "$chapter")
if [ ${#args[@]} -eq 0 ]; then
	echo "1..1"
	echo "not ok 1 - $chapter has answer lines (**Answer N:** \`value\`)"
	exit 1
fi
exec "$top/tools/vm/run-guest.sh" -k "$1" -i "$2" -t "${TIMEOUT:-300}" --test "/tests/exercises.sh ${args[*]}"
