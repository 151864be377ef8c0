#!/usr/bin/env bash
# docs-player.sh — open a docs page in headless Chromium and check that its
# asciinema players rendered; save a screenshot of it (make check).
#
# usage: Documentation/docs/docs-player.sh PAGE PNG
#
# Loads PAGE as a file:// URL (the docs work from file://: each cast comes
# with X.cast.js, which needs no fetch), lets its scripts run for up to
# 15 s of virtual time, then reads the page's DOM: every div.cast must have
# data-player="ready WxH", which _static/cast-player.js sets once the
# player's .ap-player element is there with a non-zero size. Chromium is
# Debian's (tools/deps.sh chromium installs it as root); as root it runs
# with --no-sandbox. Prints one line per player and saves the screenshot
# (1280x1000) to PNG; Chromium's own output goes beside it, as NAME.log.
#
# Environment: CHROMIUM [/usr/bin/chromium]; QUERY [none]: a query string
# for the URL, e.g. print-pdf, with which a reveal.js deck lays out every
# slide at once (make slides' check: a player on a hidden slide has no size).
# Exit status: 0 every player rendered and PNG was written; 1 a player did
# not render, there is none, or Chromium failed (its log is named); 2 usage.
set -euo pipefail

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
top=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] || { echo "usage: $0 PAGE PNG" >&2; exit 2; }
[ -f "$1" ] || { echo "docs-player: no $1: build the docs first (make docs)" >&2; exit 2; }
page=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
png=$2
log=${png%.png}.log

[ "$CHROMIUM" != /usr/bin/chromium ] || "$top/tools/deps.sh" chromium fonts-dejavu-core
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# shellcheck disable=SC2054 # the comma is --window-size's
flags=(--headless --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile"
	--window-size=1280,1000 --virtual-time-budget=15000)
[ "$(id -u)" -ne 0 ] || flags+=(--no-sandbox)
mkdir -p "$(dirname "$png")"
rm -f "$png"
if ! dom=$(timeout 120 "$CHROMIUM" "${flags[@]}" --screenshot="$png" --dump-dom "file://$page${QUERY:+?$QUERY}" 2>"$log"); then
	echo "docs-player: $CHROMIUM failed on $page; its log: $log" >&2
	exit 1
fi

casts=$(grep -o '<div class="cast"[^>]*>' <<<"$dom" || true)
[ -n "$casts" ] || { echo "docs-player: $page has no div.cast: no player to check" >&2; exit 1; }
bad=0
while IFS= read -r div; do
	src=$(sed -n 's/.*data-src="\([^"]*\)".*/\1/p' <<<"$div")
	state=$(sed -n 's/.*data-player="\([^"]*\)".*/\1/p' <<<"$div")
	if [ -z "$src" ]; then
		state="a div.cast without data-src: raw HTML, not the docs build's cast marker"
	fi
	echo "docs-player: ${src:-?}: ${state:-no data-player: cast-player.js did not run}"
	[[ $state == ready* ]] || bad=1
done <<<"$casts"
if [ ! -s "$png" ]; then
	echo "docs-player: Chromium wrote no screenshot $png; its log: $log" >&2
	bad=1
fi
exit $bad
