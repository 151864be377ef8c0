#!/usr/bin/env bash
# prose-commands.sh — the commands the walkthrough tells the reader to type
# in `make shell` print what the walkthrough says they print.
#
# usage: tools/tests/prose-commands.sh BZIMAGE INITRAMFS [MARKDOWN...]
#        (default: Documentation/walkthrough/[0-9][0-9]-*.md and the lab
#        sheet, Documentation/labs/README.md)
#
# A block is a ```sh fence whose first line is "make shell" (a comment may
# follow it). Its other lines run in one guest, as one sh script; a comment at the end of a
# command line, or a line that is only a comment, is output the reader is
# told to expect: each must be a line of the guest's output, in the order
# the block gives them (trailing blanks aside). Every other ```sh block
# must say, visibly, why make check does not run it: its first line is
# "# not run by make check: REASON" (or "... as written: REASON"). Output is TAP, one test per block
# and one per file (its blocks run or say why not), plus one that runs a
# sample block with a wrong expectation and must see it fail.
# Environment: TIMEOUT [120] seconds per guest.
# Exit status: 0 every block printed its results; 1 some did not; 2 usage.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 BZIMAGE INITRAMFS [MARKDOWN...]" >&2; exit 2; }
kernel=$1 initrd=$2
shift 2
[ $# -gt 0 ] || set -- "$top"/Documentation/walkthrough/[0-9][0-9]-*.md "$top"/Documentation/labs/README.md
. "$(dirname "$0")/tap.sh"

# blocks FILE: each "make shell" block of FILE as LINE<TAB>TEXT records,
# blocks separated by a line "--".
blocks() {
	awk '
	/^```sh/ { inblk = 1; first = 1; start = NR; next }
	/^```/ && inblk { if (take) print "--"; inblk = 0; take = 0; next }
	inblk && first { first = 0; take = ($0 ~ /^make shell( +# .*)?$/); next }
	inblk && take { print start "\t" $0 }
	' "$1"
}

# check NAME SCRIPT: run SCRIPT (the block's lines) in a guest and compare.
check() {
	local name=$1 script=$2 cmds expect out line want i=0 got
	# Commands: the lines without their trailing comments, comment-only
	# lines dropped. Expected: the comments, in order.
	cmds=$(sed -E '/^[[:space:]]*#/d; s/[[:space:]]+# .*$//' <<<"$script")
	expect=$(sed -nE 's/^.*[[:space:]]# (.*)$/\1/p; s/^[[:space:]]*# (.*)$/\1/p' <<<"$script" | sed 's/[[:space:]]*$//')
	out=$("$top/tools/vm/run-guest.sh" -k "$kernel" -i "$initrd" -t "${TIMEOUT:-120}" --test "$cmds" 2>&1 | tr -d '\r' | sed 's/[[:space:]]*$//')
	mapfile -t lines <<<"$out"
	while IFS= read -r want; do
		[ -n "$want" ] || continue
		got=no
		while [ $i -lt ${#lines[@]} ]; do
			line=${lines[$i]}
			i=$((i + 1))
			if [ "$line" = "$want" ]; then got=yes; break; fi
		done
		if [ $got = no ]; then
			result FAIL "$name: prints what the walkthrough says" "expected, in order: $want" \
				"the guest printed:" "$(grep -v '^\[' <<<"$out" | tail -n 15)"
			return
		fi
	done <<<"$expect"
	result OK "$name: prints what the walkthrough says ($(grep -c . <<<"$expect") results)"
}

# unmarked FILE: the line of each ```sh block of FILE that is neither a
# "make shell" block nor marked "# not run by make check: REASON".
unmarked() {
	awk '
	/^```sh/ { inblk = 1; first = 1; start = NR; next }
	/^```/ && inblk { inblk = 0; next }
	inblk && first {
		first = 0
		if ($0 !~ /^make shell( +# .*)?$/ && $0 !~ /^# not run by make check[^:]*: [^ ]/)
			print start
	}
	' "$1"
}

nblocks=0
declare -a names scripts
for f in "$@"; do
	cur= start=
	while IFS= read -r rec; do
		if [ "$rec" = "--" ]; then
			names+=("$(basename "$f"):$start")
			scripts+=("$cur")
			cur= start=
			continue
		fi
		start=${rec%%$'\t'*}
		cur+=${cur:+$'\n'}${rec#*$'\t'}
	done < <(blocks "$f")
done
echo "1..$((${#names[@]} + $# + 1))"
# Every block a reader is told to type runs here, or says why not.
for f in "$@"; do
	lines=$(unmarked "$f" | paste -sd' ')
	if [ -z "$lines" ]; then
		result OK "$(basename "$f"): every sh block runs here or says why not"
	else
		result FAIL "$(basename "$f"): every sh block runs here or says why not" \
			"blocks at lines $lines: start them with \"make shell\" (then they run in a guest) or with \"# not run by make check: REASON\""
	fi
done
for k in "${!names[@]}"; do
	if [ -z "${scripts[$k]}" ]; then
		# Only "make shell": the block starts the guest, nothing to compare.
		result OK "${names[$k]}: starts the shell"
		continue
	fi
	check "${names[$k]}" "${scripts[$k]}"
done
# The checker is not blind: a block that expects the wrong output fails.
before=$bad before_n=$n
check "sample block expecting 'two'" "echo one                # two" >"$tmp/sample" 2>&1
n=$before_n
if [ $bad -gt $before ]; then
	bad=$before
	result OK "a sample block whose comment is not its output fails the check"
else
	result FAIL "a sample block whose comment is not its output fails the check" "$(cat "$tmp/sample")"
fi
tap_status
