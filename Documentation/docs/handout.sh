#!/usr/bin/env bash
# handout.sh — the student version of the docs, without answers, in
# $BUILD/handout/ (make handout).
#
# usage: Documentation/docs/handout.sh
#
# Copies the walkthrough without its answers page (13-answers.md): the
# page leaves ORDER, each exercise's line "[Answer N](13-answers.md#...)"
# and each checkpoint's " ([answer](13-answers.md#...))" go, and any other
# link to the page keeps only its text. Copies the graded labs without
# their answers page (answers.md) and reference solutions (solutions/):
# the lab sheet stays. Then renders both copies with docs-build.sh into
# $BUILD/handout/ (the same pages as make docs otherwise: README, the
# admin-guide page, the casts), and refuses the result if a page of the
# walkthrough, or the index, still names the answers page or has an
# "Answer N:" line, if the labs' pages or the index name the labs'
# answers or solutions or have an "Answer N.M:" line, or if a link does
# not resolve (docs-links.sh). (CONTRIBUTING.md, rendered too, names the
# answers pages when it says how exercises and labs are checked; it holds
# no answer.)
#
# Environment: BUILD [build] (and docs-build.sh's); WALKTHROUGH_SRC [the
# repository's Documentation/walkthrough]; LABS_SRC [the repository's
# Documentation/labs]; HANDOUT_OUT [$BUILD/handout].
# Exit status: 0 written; 1 an answer was left in, a link is broken, or
# docs-build.sh failed; 2 a source is missing.
set -euo pipefail

BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/../.." && pwd)
src=${WALKTHROUGH_SRC:-$top/Documentation/walkthrough}
answers=13-answers.md
labs_src=${LABS_SRC:-$top/Documentation/labs}
[ -f "$src/ORDER" ] && [ -f "$src/$answers" ] || {
	echo "handout: no $src/ORDER or $src/$answers" >&2
	exit 2
}
[ -f "$labs_src/README.md" ] || {
	echo "handout: no lab sheet $labs_src/README.md" >&2
	exit 2
}
mkdir -p "$BUILD"
out=${HANDOUT_OUT:-$(cd "$BUILD" && pwd)/handout}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wt=$tmp/walkthrough
cp -r "$src" "$wt"
rm "$wt/$answers"
grep -vxF "$answers" "$src/ORDER" >"$wt/ORDER"
for f in "$wt"/*.md; do
	sed -i -E \
		-e '/^\[Answer [0-9]+\]\(13-answers\.md#[^)]*\)$/d' \
		-e 's/ \(\[answer\]\(13-answers\.md#[^)]*\)\)//g' \
		-e 's/\[([^]]*)\]\(13-answers\.md[^)]*\)/\1/g' \
		"$f"
done
labs=$tmp/labs
cp -r "$labs_src" "$labs"
rm -rf "$labs/answers.md" "$labs/solutions"
WALKTHROUGH=$wt LABS=$labs DOCS_OUT=$out "$top/Documentation/docs/docs-build.sh" || exit 1
left=$({
	grep -rlE '13-answers|Answer [0-9]+:' "$out/index.html" "$out/Documentation/walkthrough" --include='*.html' || true
	grep -rlE 'labs/answers|answers\.html|solutions/|Answer [0-9]+\.[0-9]+:' "$out/index.html" "$out/Documentation/labs" || true
	[ ! -e "$out/Documentation/labs/solutions" ] || echo "$out/Documentation/labs/solutions"
} | sort -u | paste -sd' ')
if [ -n "$left" ]; then
	echo "handout: answers left in: $left" >&2
	exit 1
fi
"$top/Documentation/docs/docs-links.sh" "$out" || exit 1
echo "handout: $out/index.html, without answers"
