#!/usr/bin/env bash
# docs-pages.sh — every page of a built docs tree, opened in headless
# Chromium: no console message (a script error, a warning of the player),
# no local resource missing, every asciinema player showing its cast; a
# screenshot of each page is kept (make check, suites docs, handout and
# slides).
#
# usage: Documentation/docs/docs-pages.sh DIR SHOTS
#   DIR    a tree that make docs, make handout or make slides built
#   SHOTS  where the screenshots go: SHOTS/PAGE.png, PAGE the page's path
#          in DIR with "/" as "_" (and Chromium's log beside it, .log)
#
# Pages are the .html files of DIR but _static/ (the packages' own, such as
# reveal.js's speaker view). Per page, the checks: (1) every local src= and <link href= of the page
# names a file of DIR (a missing script, style sheet or image loads
# nothing, and a browser says nothing of it on file://); (2) Chromium
# (--enable-logging) logs no console message for it: a page of this
# project logs none; (3) every div.cast has data-player="ready WxH, N
# rows" with N > 0 rows of text on the player's screen (cast-player.js
# sets it once the player shows the cast); (4) the screenshot was written.
# A reveal.js deck (a page with div.reveal) is opened with ?print-pdf, in
# which every slide is laid out, so that every player has a size.
#
# Environment: CHROMIUM [/usr/bin/chromium].
# Output: TAP, one test per page. Exit status: 0 every page passed; 1 some
# did not; 2 usage.
set -uo pipefail

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
top=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 2 ] && [ -d "$1" ] || { echo "usage: $0 DIR SHOTS" >&2; exit 2; }
dir=$(cd "$1" && pwd)
shots=$2
mkdir -p "$shots"
[ "$CHROMIUM" != /usr/bin/chromium ] || "$top/tools/deps.sh" chromium fonts-dejavu-core >/dev/null || exit 2
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# shellcheck disable=SC2054 # the comma is --window-size's
flags=(--headless --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$profile"
	--window-size=1280,1000 --virtual-time-budget=15000 --enable-logging=stderr --v=0)
[ "$(id -u)" -ne 0 ] || flags+=(--no-sandbox)

mapfile -t pages < <(cd "$dir" && find . -path ./_static -prune -o -name '*.html' -printf '%P\n' | sort)
echo "1..${#pages[@]}"
n=0 bad=0
for p in "${pages[@]}"; do
	n=$((n + 1))
	problems=()
	page=$dir/$p
	shot=$shots/${p//\//_}
	shot=${shot%.html}.png
	log=${shot%.png}.log
	# (1) Local resources.
	while IFS= read -r ref; do
		case $ref in '' | http:* | https:* | data:* | //* | '#'*) continue ;; esac
		ref=${ref%%#*}
		ref=${ref%%\?*}
		[ -e "$(dirname "$page")/$ref" ] || problems+=("missing resource: $ref")
	done < <(grep -oE '<(script|img|source)[^>]* src="[^"]*"|<link[^>]* href="[^"]*"' "$page" |
		sed -E 's/.*(src|href)="([^"]*)"$/\2/' | sort -u)
	query=
	grep -q 'class="reveal"' "$page" && query=?print-pdf
	rm -f "$shot"
	dom=$(timeout 120 "$CHROMIUM" "${flags[@]}" --screenshot="$shot" --dump-dom "file://$page$query" 2>"$log") ||
		problems+=("Chromium failed (log: $log)")
	# (2) Console messages.
	while IFS= read -r msg; do
		problems+=("console: $msg")
	done < <(grep -o 'CONSOLE[^]]*\] .*' "$log" | sed 's/^CONSOLE[^]]*\] //' | head -n 5)
	# (3) The players.
	players=0
	while IFS= read -r div; do
		[ -n "$div" ] || continue
		players=$((players + 1))
		src=$(sed -n 's/.*data-src="\([^"]*\)".*/\1/p' <<<"$div")
		state=$(sed -n 's/.*data-player="\([^"]*\)".*/\1/p' <<<"$div")
		[[ $state =~ ^ready\ [0-9]+x[0-9]+,\ [1-9][0-9]*\ rows ]] ||
			problems+=("player of ${src:-?}: ${state:-cast-player.js did not run}")
	done < <(grep -o '<div class="cast"[^>]*>' <<<"$dom")
	# (4) The screenshot.
	[ -s "$shot" ] || problems+=("no screenshot $shot")
	if [ ${#problems[@]} -eq 0 ]; then
		echo "ok $n - $p: no console message, no missing resource$([ $players -eq 0 ] || echo ", $players players showing their casts")"
	else
		echo "not ok $n - $p"
		printf '#   %s\n' "${problems[@]}"
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ]
