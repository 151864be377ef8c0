#!/usr/bin/env bash
# slides.sh — make slides builds the lecture deck, the deck plays every
# demo's cast, and a browser shows it without a fault. TAP output:
#   1. Documentation/docs/slides-build.sh succeeds and prints nothing on
#      stderr;
#   2. the deck has a player for every cast of demos/casts/ (every demo);
#   3. headless Chromium opens the deck (Documentation/docs/docs-pages.sh,
#      with ?print-pdf, every slide laid out): no console message, no
#      missing resource, every player showing its cast; screenshots in
#      $BUILD/check/pages/slides/.
#
# usage: tools/tests/slides.sh
# Environment: BUILD [build].
# Exit status: 0 every test passed; 1 some failed.
set -uo pipefail

BUILD=${BUILD:-build}
export BUILD
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/tap.sh"
out=$(cd "$BUILD" && pwd)/slides
deck=$out/Documentation/course/slides.html
echo "1..3"

if "$top/Documentation/docs/slides-build.sh" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ]; then
	result OK "make slides builds with no warning: $(tail -n 1 "$tmp/out")"
else
	result FAIL "make slides builds with no warning" "$(cat "$tmp/err" "$tmp/out")"
fi

missing=()
for c in "$top"/demos/casts/*.cast; do
	grep -q "data-src=\"../../demos/casts/${c##*/}\"" "$deck" 2>/dev/null || missing+=("${c##*/}")
done
if [ ${#missing[@]} -eq 0 ]; then
	result OK "the deck has a player for each of the $(ls "$top"/demos/casts/*.cast | wc -l) casts of demos/casts/"
else
	result FAIL "the deck has a player for every cast of demos/casts/" "missing: ${missing[*]}"
fi

if "$top/Documentation/docs/docs-pages.sh" "$out" "$BUILD/check/pages/slides" >"$tmp/pages" 2>&1; then
	result OK "Chromium shows the deck without a fault: $(grep '^ok' "$tmp/pages" | sed 's/^ok [0-9]* - //' | paste -sd';')"
else
	result FAIL "Chromium shows the deck without a fault" "$(cat "$tmp/pages")"
fi
tap_status
