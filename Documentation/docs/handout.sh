#!/usr/bin/env bash
# handout.sh — the student version of the docs, without answers, in
# $BUILD/handout/ (make handout).
#
# usage: Documentation/docs/handout.sh
#
# Copies the walkthrough without its answers page (13-answers.md): the
# page leaves ORDER, each exercise's line "[Answer N](13-answers.md#...)"
# and each checkpoint's " ([answer](13-answers.md#...))" go, and any other
# link to the page keeps only its text. Then renders that copy with
# docs-build.sh into $BUILD/handout/ (the same pages as make docs
# otherwise: README, the admin-guide page, the casts), and refuses the
# result if a page of the walkthrough, or the index, still names the
# answers page or has an "Answer N:" line, or if a link does not resolve
# (docs-links.sh). (CONTRIBUTING.md, rendered too, names the page when it
# says how exercises are written; it holds no answer.)
#
# Environment: BUILD [build] (and docs-build.sh's); WALKTHROUGH_SRC [the
# repository's Documentation/walkthrough]; HANDOUT_OUT [$BUILD/handout].
# Exit status: 0 written; 1 an answer was left in, a link is broken, or
# docs-build.sh failed; 2 a source is missing.
set -euo pipefail

BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/../.." && pwd)
src=${WALKTHROUGH_SRC:-$top/Documentation/walkthrough}
answers=13-answers.md
[ -f "$src/ORDER" ] && [ -f "$src/$answers" ] || {
	echo "handout: no $src/ORDER or $src/$answers" >&2
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
WALKTHROUGH=$wt DOCS_OUT=$out "$top/Documentation/docs/docs-build.sh" || exit 1
left=$(grep -rlE '13-answers|Answer [0-9]+:' "$out/index.html" "$out/Documentation/walkthrough" --include='*.html' || true)
if [ -n "$left" ]; then
	echo "handout: answers left in: $left" >&2
	exit 1
fi
"$top/Documentation/docs/docs-links.sh" "$out" || exit 1
echo "handout: $out/index.html, without answers"
