#!/usr/bin/env bash
# handout.sh — make handout gives the student version of the docs: the
# walkthrough without its answers, the graded labs without theirs. TAP
# output:
#   1. Documentation/docs/handout.sh builds $BUILD/handout/ (it refuses a
#      result that names the answers page, has an "Answer N:" line or a
#      broken link);
#   2. the handout has every chapter of make docs but the answers page,
#      and neither its walkthrough pages nor its index have an answer line
#      ("Answer N:") or a link to the answers page;
#   3. the refusal is not blind: with a chapter that still quotes an
#      answer line, handout.sh fails;
#   4. the handout has the lab sheet (Documentation/labs/README.md), and
#      neither the labs' answers page nor their solutions/, nor a page of
#      the labs with an "Answer N.M:" line;
#   5. with a lab sheet that quotes an answer line, handout.sh fails.
#
# usage: tools/tests/handout.sh
# Environment: BUILD [build].
# Exit status: 0 every test passed; 1 some failed.
set -uo pipefail

BUILD=${BUILD:-build}
export BUILD
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/tap.sh"
echo "1..5"
out=$BUILD/handout
wt=$top/Documentation/walkthrough

# 1. The build.
if "$top/Documentation/docs/handout.sh" >"$tmp/out" 2>&1; then
	result OK "make handout builds: $(tail -n 1 "$tmp/out")"
else
	result FAIL "make handout builds" "$(cat "$tmp/out")"
fi

# 2. Every chapter but the answers page, and no answer in any page.
missing=() leaked=()
while IFS= read -r name; do
	[ -n "$name" ] || continue
	page=$out/Documentation/walkthrough/${name%.md}.html
	if [ "$name" = 13-answers.md ]; then
		[ ! -e "$page" ] || leaked+=("$page exists")
	else
		[ -f "$page" ] || missing+=("$page")
	fi
done <"$wt/ORDER"
while IFS= read -r page; do
	leaked+=("an answer line or a link to the answers in $page")
done < <(grep -rlE 'Answer [0-9]+:|13-answers' "$out/index.html" "$out/Documentation/walkthrough" --include='*.html' 2>/dev/null)
if [ ${#missing[@]} -eq 0 ] && [ ${#leaked[@]} -eq 0 ] && [ -d "$out" ]; then
	result OK "the handout has every chapter but the answers page, no answer line and no link to the answers"
else
	result FAIL "the handout has every chapter but the answers page, and no answer line" "${missing[@]/#/missing: }" "${leaked[@]}"
fi

# refuses DESC OUT VAR=DIR: handout.sh, with VAR naming a copy of the
# sources that quotes an answer line, fails (its output in OUT).
refuses() {
	local desc=$1 out=$2
	if env "$3" HANDOUT_OUT="$out.d" "$top/Documentation/docs/handout.sh" >"$out" 2>&1; then
		result FAIL "$desc" "$(tail -n 5 "$out")"
	else
		result OK "$desc ($(grep -m1 'answers left in' "$out" | cut -c1-60)...)"
	fi
}

# 3. A chapter that quotes an answer makes handout.sh fail.
cp -r "$wt" "$tmp/walkthrough"
printf '\n**Answer 1:** `500000` quoted here\n' >>"$tmp/walkthrough/09-exercises.md"
refuses "handout.sh refuses a chapter that quotes an answer line" "$tmp/out3" WALKTHROUGH_SRC="$tmp/walkthrough"

# 4. The lab sheet, without the labs' answers and solutions.
labs=$out/Documentation/labs
leaked=()
[ -f "$labs/README.html" ] || leaked+=("missing: $labs/README.html")
[ ! -e "$labs/answers.html" ] || leaked+=("$labs/answers.html exists")
[ ! -e "$labs/solutions" ] || leaked+=("$labs/solutions exists")
while IFS= read -r page; do
	leaked+=("an answer line or a link to the labs' answers in $page")
done < <(grep -rlE 'Answer [0-9]+\.[0-9]+:|answers\.html' "$labs" 2>/dev/null)
if [ ${#leaked[@]} -eq 0 ]; then
	result OK "the handout has the lab sheet, not the labs' answers page nor their solutions"
else
	result FAIL "the handout has the lab sheet, not the labs' answers page nor their solutions" "${leaked[@]}"
fi

# 5. A lab sheet that quotes an answer makes handout.sh fail.
cp -r "$top/Documentation/labs" "$tmp/labs"
printf '\n**Answer 1.1:** `0` `501000` quoted here\n' >>"$tmp/labs/README.md"
refuses "handout.sh refuses a lab sheet that quotes an answer line" "$tmp/out5" LABS_SRC="$tmp/labs"
tap_status
