#!/usr/bin/env bash
# slides-build.sh — the lecture slides: Documentation/course/slides.md
# rendered by pandoc as a reveal.js deck that plays every demo's cast with
# asciinema-player, offline (make slides).
#
# usage: Documentation/docs/slides-build.sh
#
# Output, in $SLIDES_OUT (the repository's tree, as make docs does):
#   Documentation/course/slides.html  the deck; open it in a browser
#   demos/casts/demo-N.cast(.js)      every cast the deck links, and its
#                                     text as a script (file:// needs no fetch)
#   _static/                          reveal.js, asciinema-player and
#                                     cast-player.js, copied from npm
# A slide whose paragraph is only a link to a .cast gets a player (the docs'
# filter, Documentation/docs/filter.lua). reveal.js and asciinema-player
# come from the npm registry at the versions pinned in
# Documentation/docs/slides/package-lock.json: npm ci installs them into
# $BUILD/slides-npm/ once; later builds need no network.
#
# Environment: BUILD [build]; SLIDES_OUT [$BUILD/slides].
# Exit status: 0 built without a warning; 1 pandoc warned or failed, or npm
# ci failed; 2 a source is missing; 3 a Debian package is missing
# (tools/deps.sh printed the command).
set -euo pipefail

BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/../.." && pwd)
docs=$top/Documentation/docs
src=$top/Documentation/course/slides.md
die() {
	echo "slides-build: $2" >&2
	exit "$1"
}
[ -f "$src" ] || die 2 "no $src"
"$top/tools/deps.sh" pandoc || exit 3
mkdir -p "$BUILD"
build=$(cd "$BUILD" && pwd)
out=${SLIDES_OUT:-$build/slides}
npmdir=$build/slides-npm
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
"$docs/npm-ci.sh" "$docs/slides" "$npmdir" "reveal.js and asciinema-player" || die $? "no npm packages in $npmdir"
reveal=$npmdir/node_modules/reveal.js
player=$npmdir/node_modules/asciinema-player/dist/bundle
[ -f "$reveal/dist/reveal.js" ] && [ -f "$player/asciinema-player.min.js" ] ||
	die 1 "npm packages incomplete in $npmdir: rm -rf $npmdir and run again"

rm -rf "$out"
mkdir -p "$out/_static" "$out/Documentation/course"
cp -r "$reveal/dist" "$reveal/plugin" "$out/_static/"
cp "$player/asciinema-player.min.js" "$player/asciinema-player.css" "$docs/cast-player.js" "$out/_static/"
cat >"$gen/head.html" <<'EOF'
<link rel="stylesheet" href="../../_static/asciinema-player.css" />
<script defer src="../../_static/asciinema-player.min.js"></script>
<script defer src="../../_static/cast-player.js"></script>
<style>.reveal div.cast { width: 70%; margin: 0 auto; font-size: 0.5em; } .reveal div.cast > p { display: none; }</style>
EOF
export DOCS_FILES=$gen/files
: >"$DOCS_FILES"
if ! pandoc -f markdown -t revealjs -s --slide-level=2 \
	-V revealjs-url=../../_static -V theme=white -V transition=none \
	-H "$gen/head.html" --lua-filter="$docs/filter.lua" \
	-M docs-page=Documentation/course/slides.html -M docs-root=../../ \
	-o "$out/Documentation/course/slides.html" "$src" 2>"$gen/stderr" || [ -s "$gen/stderr" ]; then
	cat "$gen/stderr" >&2
	die 1 "pandoc failed or warned on $src"
fi
# The casts the deck links, and their text for the player.
n=0
while IFS= read -r p; do
	[[ $p == *.cast ]] || continue
	[ -f "$top/$p" ] || die 2 "the deck links $p, which does not exist"
	mkdir -p "$out/$(dirname "$p")"
	cp "$top/$p" "$out/$p"
	node -e 'const fs = require("fs"), [from, to] = process.argv.slice(1);
		fs.writeFileSync(to, "(window.DOCS_CASTS = window.DOCS_CASTS || {})" +
			"[document.currentScript.src.replace(/\\.js$/, \"\")] =\n" +
			JSON.stringify(fs.readFileSync(from, "utf8")) + ";\n");' "$top/$p" "$out/$p.js"
	n=$((n + 1))
done < <(sort -u "$DOCS_FILES")
echo "slides-build: $out/Documentation/course/slides.html, $(grep -c '<section' "$out/Documentation/course/slides.html") slides, $n casts"
