#!/usr/bin/env bash
# docs.sh — the HTML docs build (make docs) and what it makes. TAP output:
#   1. Documentation/docs/docs-build.sh succeeds and prints nothing on stderr (no pandoc
#      warning on any page);
#   2. a second build works offline: with no network (unshare -n, as root)
#      and an npm that fails, so it installs nothing again;
#   3. every internal link and #anchor of $BUILD/docs/**/*.html resolves
#      (Documentation/docs/docs-links.sh);
#   4. the link checker is not blind: on pages made with a broken link, a
#      missing anchor and good links, it reports exactly the two bad ones;
#   5. headless Chromium renders the players of the demo page, $DEMO_PAGE,
#      and saves a screenshot to $BUILD/docs/screenshot-demo.png
#      (Documentation/docs/docs-player.sh). The demo page is the first chapter of the
#      walkthrough with a cast in it, or demos/casts.html (every cast);
#   6. without a kernel tree (a fresh clone), the build renders the same
#      pages: the two kernel pages from the patch of series/ that adds
#      them, the same text as the tree's.
#
# usage: tools/tests/docs.sh
# Environment: BUILD [build]; DEMO_PAGE [see 5.];
#   and those of Documentation/docs/docs-build.sh (WALKTHROUGH, ADMIN_GUIDE, TREE), which
#   it passes on: WALKTHROUGH=build/docs-sample/walkthrough checks samples.
# Exit status: 0 every test passed; 1 some failed.
set -uo pipefail

BUILD=${BUILD:-build}
export BUILD
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/tap.sh"
echo "1..6"

# 1. The build, and nothing on stderr.
if "$top/Documentation/docs/docs-build.sh" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ]; then
	result OK "make docs (Documentation/docs/docs-build.sh) builds with no warning: $(tail -n 1 "$tmp/out")"
else
	cat "$tmp/err" "$tmp/out" >"$tmp/detail"
	result FAIL "make docs (Documentation/docs/docs-build.sh) builds with no warning" "$(cat "$tmp/detail")"
fi

# 2. Again, offline: npm must not be needed, nor any network.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho "npm $*: called by a build that should be offline" >&2\nexit 1\n' >"$tmp/bin/npm"
chmod +x "$tmp/bin/npm"
offline=(env PATH="$tmp/bin:$PATH")
how="npm failing"
if [ "$(id -u)" -eq 0 ] && unshare -n true 2>/dev/null; then
	offline=(unshare -n "${offline[@]}")
	how="no network (unshare -n), npm failing"
fi
if "${offline[@]}" "$top/Documentation/docs/docs-build.sh" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ]; then
	result OK "a second build works offline ($how)"
else
	cat "$tmp/err" "$tmp/out" >"$tmp/detail"
	result FAIL "a second build works offline ($how)" "$(cat "$tmp/detail")"
fi

# 3. Every internal link of the built docs.
if "$top/Documentation/docs/docs-links.sh" "$BUILD/docs" >"$tmp/links" 2>&1; then
	result OK "every internal link and anchor resolves: $(tail -n 1 "$tmp/links")"
else
	result FAIL "every internal link and anchor resolves" "$(cat "$tmp/links")"
fi

# 4. The checker on pages with known faults.
mkdir -p "$tmp/site/sub"
cat >"$tmp/site/index.html" <<'EOF'
<h1 id="top">t</h1><a href="sub/page.html#here">good</a> <a href="#top">good</a>
<a href="https://example.org/x">external</a> <a href="sub/">good: sub/index.html</a>
<a href="sub/page.html#nowhere">bad anchor</a> <a href="missing.html">bad file</a>
EOF
echo '<p id="here">x</p>' >"$tmp/site/sub/page.html"
echo '<a href="../index.html#top">good</a>' >"$tmp/site/sub/index.html"
"$top/Documentation/docs/docs-links.sh" "$tmp/site" >"$tmp/selftest" 2>&1
rc=$?
if [ $rc -eq 1 ] && [ "$(grep -c '^index.html:' "$tmp/selftest")" -eq 2 ] &&
	grep -q '#nowhere.*no id' "$tmp/selftest" && grep -q 'missing.html.*no file' "$tmp/selftest"; then
	result OK "the link checker reports a missing file and a missing anchor, and only those"
else
	echo "(exit status $rc)" >>"$tmp/selftest"
	result FAIL "the link checker reports a missing file and a missing anchor, and only those" "$(cat "$tmp/selftest")"
fi

# 5. The players, in Chromium.
if [ -z "${DEMO_PAGE:-}" ]; then
	DEMO_PAGE=$BUILD/docs/demos/casts.html
	for f in "$BUILD"/docs/Documentation/walkthrough/*.html; do
		if [ -f "$f" ] && grep -q '<div class="cast"' "$f"; then DEMO_PAGE=$f; break; fi
	done
fi
shot=$BUILD/docs/screenshot-demo.png
if "$top/Documentation/docs/docs-player.sh" "$DEMO_PAGE" "$shot" >"$tmp/player" 2>&1; then
	result OK "headless Chromium renders the players of ${DEMO_PAGE#"$BUILD"/}: $(grep -c ': ready' "$tmp/player") ready; screenshot $shot"
else
	result FAIL "headless Chromium renders the players of ${DEMO_PAGE#"$BUILD"/}" "$(cat "$tmp/player")"
fi

# 6. A fresh clone: no kernel tree, every page all the same.
TREE=$tmp/no-tree DOCS_OUT=$tmp/fresh "$top/Documentation/docs/docs-build.sh" >"$tmp/out" 2>"$tmp/err"
rc=$?
want=$(find "$BUILD/docs" -name '*.html' -printf '%P\n' | sort)
got=$(find "$tmp/fresh" -name '*.html' -printf '%P\n' | sort)
same=yes
for p in Documentation/admin-guide/fsid-mappings.html Documentation/filesystems/fsid-mappings.html; do
	# The same page but for its "source:" line (the tree's file, the patch).
	cmp -s <(perl -0pe 's/<span class="docs-source">.*?<\/span>//s' "$BUILD/docs/$p") \
		<(perl -0pe 's/<span class="docs-source">.*?<\/span>//s' "$tmp/fresh/$p") || same=no
done
if [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$want" = "$got" ] && [ $same = yes ]; then
	result OK "without a kernel tree it renders the same $(grep -c . <<<"$got") pages, the kernel's two from series/"
else
	result FAIL "without a kernel tree it renders the same pages, the kernel's two from series/" \
		"(exit status $rc, kernel pages the same: $same)" "$(cat "$tmp/err")" \
		"$(diff <(echo "$want") <(echo "$got"))"
fi

[ $bad -eq 0 ]
