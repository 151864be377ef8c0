#!/usr/bin/env bash
# pages.sh — every page of make docs and of make handout, opened in
# headless Chromium (Documentation/docs/docs-pages.sh): no console
# message, no missing resource, every player showing its cast; a
# screenshot of each page in $BUILD/check/pages/{docs,handout}/. TAP:
#   1. make docs builds, and every page of $BUILD/docs passes;
#   2. make handout builds, and every page of $BUILD/handout passes; # instructors
#   3. the check is not blind: on a sample page with a script error, a
#      missing script and a cast that cannot load, it fails, naming each.
#
# usage: tools/tests/pages.sh
# Environment: BUILD [build], and docs-build.sh's.
# Exit status: 0 every test passed; 1 some failed.
set -uo pipefail

BUILD=${BUILD:-build}
export BUILD
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/tap.sh"
build=$(mkdir -p "$BUILD" && cd "$BUILD" && pwd)
echo "1..3" # instructors
# students: echo "1..2"

# tree N WHAT BUILDER DIR: build DIR with BUILDER, then check its pages.
tree() {
	local what=$1 builder=$2 dir=$3
	if ! "$top/Documentation/docs/$builder" >"$tmp/build" 2>&1; then
		result FAIL "make $what builds, and Chromium shows every page without a fault" "$(cat "$tmp/build")"
		return
	fi
	if "$top/Documentation/docs/docs-pages.sh" "$dir" "$build/check/pages/$what" >"$tmp/pages" 2>&1; then
		result OK "make $what: Chromium shows its $(grep -c '^ok' "$tmp/pages") pages without a fault ($(grep -o '[0-9]* players' "$tmp/pages" | awk '{ n += $1 } END { print n + 0 }') players showing their casts); screenshots in $build/check/pages/$what/"
	else
		result FAIL "make $what: Chromium shows every page without a fault" "$(grep -A5 '^not ok' "$tmp/pages")"
	fi
}
tree docs docs-build.sh "$build/docs"
tree handout handout.sh "$build/handout" # instructors

# 3. A sample with three faults.
mkdir -p "$tmp/site/_static"
cp "$build/docs/_static/"* "$tmp/site/_static/"
cat >"$tmp/site/bad.html" <<'HTML'
<html><head><script src="_static/nowhere.js"></script>
<script defer src="_static/asciinema-player.min.js"></script>
<script defer src="_static/cast-player.js"></script></head>
<body><p>x</p><div class="cast" data-src="missing.cast"></div>
<script>undefinedFunction();</script></body></html>
HTML
"$top/Documentation/docs/docs-pages.sh" "$tmp/site" "$tmp/shots" >"$tmp/sample" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q 'missing resource: _static/nowhere.js' "$tmp/sample" &&
	grep -q 'console: .*undefinedFunction' "$tmp/sample" &&
	grep -q 'player of missing.cast: error' "$tmp/sample"; then
	result OK "the check fails on a page with a script error, a missing script and a cast that cannot load, naming each"
else
	result FAIL "the check fails on a page with a script error, a missing script and a cast that cannot load" \
		"(exit status $rc)" "$(cat "$tmp/sample")"
fi
tap_status
