#!/usr/bin/env bash
# docs-build.sh — render the documentation to HTML in $BUILD/docs/ (make docs).
#
# usage: Documentation/docs/docs-build.sh
#
# Renders with pandoc, the template, CSS and filter of Documentation/docs/:
#   - the walkthrough, $WALKTHROUGH/*.md, chaptered by $WALKTHROUGH/ORDER:
#     one file name a line, in reading order; blank lines and lines
#     starting with # are skipped; every .md of the folder must be listed,
#     but README.md, which when not listed is the front page, before the
#     chapters. The pages get previous/next links in that order;
#   - the graded labs, $LABS/*.md: the lab sheet README.md first, then the
#     other pages (the instructors' answer key), in Documentation/labs/; the
#     files they link to are copied like every other;
#   - the admin guide, $ADMIN_GUIDE, and the filesystems page for kernel
#     developers, $FSDEV_PAGE (reStructuredText; both come with the kernel
#     tree, from the series' patch; without a tree, from that patch of
#     series/ itself, so that a fresh clone renders them too);
#   - the course's syllabus and one-page summary, Documentation/course/;
#   - README.md, CONTRIBUTING.md, demos/README.md, Documentation/design/*.md,
#     Documentation/benchmark/*.md (the committed make bench results)
#     and the man page sources Documentation/fsid-unshare.1.md,
#     newfsuidmap.1.md and subfsuid.5.md;
#   - demos/casts.html, the casts of demos/casts/ each in a player, and
#     index.html, which lists every page.
# The tree under $BUILD/docs/ is the repository's: X.md becomes X.html beside
# it, the walkthrough is Documentation/walkthrough/, the admin guide
# Documentation/admin-guide/fsid-mappings.html and the filesystems page
# Documentation/filesystems/fsid-mappings.html, wherever they are read from.
# Markdown is read as GitHub's (pandoc -f gfm: heading ids as on GitHub), a
# file starting with a "% title" line as pandoc's Markdown with GitHub's ids.
# Links: a relative link to X.md or X.rst (#anchor kept) becomes X.html; a
# relative link to any other file copies that file from the repository. A
# paragraph that is only a link to a .cast file becomes an asciinema player:
#   [▶ demo-1: a container with fsid maps](../../demos/casts/demo-1.cast)
# Each page has a table of contents. A pandoc warning fails the build.
#
# The player, asciinema-player, comes from the npm registry at the version
# pinned in Documentation/docs/package-lock.json: `npm ci` installs it into
# $BUILD/docs-npm/ when that is missing or older than the lock file, so a
# later build needs no network. Debian packages: pandoc; and npm (with
# nodejs) only when there is no npm command at all.
#
# Environment: BUILD [build]; TREE [$BUILD/linux]; DOCS_OUT [$BUILD/docs]
#   (where the HTML goes: make handout renders to $BUILD/handout);
#   WALKTHROUGH [Documentation/walkthrough] (a folder that does not exist is
#   skipped, unless WALKTHROUGH was set); LABS [Documentation/labs]
#   (likewise; make handout renders a copy without the answers);
#   ADMIN_GUIDE [$TREE/Documentation/admin-guide/fsid-mappings.rst] (likewise);
#   FSDEV_PAGE [$TREE/Documentation/filesystems/fsid-mappings.rst] (likewise).
# Exit status: 0 built without a warning; 1 a page failed or pandoc warned
# (printed), or npm ci failed; 2 a source is missing or ORDER is wrong;
# 3 a Debian package is missing (tools/deps.sh printed the command).
set -euo pipefail

BUILD=${BUILD:-build}
TREE=${TREE:-$BUILD/linux}
top=$(cd "$(dirname "$0")/../.." && pwd)
docs=$top/Documentation/docs
WALKTHROUGH=${WALKTHROUGH-}
wt_required=${WALKTHROUGH:+yes}
WALKTHROUGH=${WALKTHROUGH:-$top/Documentation/walkthrough}
LABS=${LABS-}
labs_required=${LABS:+yes}
LABS=${LABS:-$top/Documentation/labs}
ADMIN_GUIDE=${ADMIN_GUIDE-}
ag_required=${ADMIN_GUIDE:+yes}
ADMIN_GUIDE=${ADMIN_GUIDE:-$TREE/Documentation/admin-guide/fsid-mappings.rst}
FSDEV_PAGE=${FSDEV_PAGE-}
fs_required=${FSDEV_PAGE:+yes}
FSDEV_PAGE=${FSDEV_PAGE:-$TREE/Documentation/filesystems/fsid-mappings.rst}
mkdir -p "$BUILD"
build=$(cd "$BUILD" && pwd)
out=${DOCS_OUT:-$build/docs}
npmdir=$build/docs-npm
gen=$(mktemp -d) # the generated sources (index, casts page) and pandoc's stderr
trap 'rm -rf "$gen"' EXIT

die() { code=$1; shift; echo "docs-build: $*" >&2; exit "$code"; }

# --- the tools ---------------------------------------------------------------
"$top/tools/deps.sh" pandoc || exit 3
"$docs/npm-ci.sh" "$docs" "$npmdir" asciinema-player || die $? "no npm packages in $npmdir"
player=$npmdir/node_modules/asciinema-player/dist/bundle
[ -f "$player/asciinema-player.min.js" ] || die 1 "no $player/asciinema-player.min.js: rm -rf $npmdir and run again"

# --- the pages -----------------------------------------------------------------
# title_of FILE: the first "# " heading of a Markdown file outside code
# blocks, else its "% " title line; for reStructuredText, the first title.
title_of() {
	awk -v rst="$([[ $1 == *.rst ]] && echo 1)" '
	rst {
		line = $0; sub(/[ \t]+$/, "", line)
		if (line ~ /^[=~^"*+#-]+$/ && prev != "" && prev !~ /^[=~^"*+#-]+$/ && prev !~ /^\.\./ && length(line) >= length(prev)) { print prev; exit }
		prev = line; sub(/^[ \t]+/, "", prev); next
	}
	/^(```|~~~)/ { code = !code; next }
	!code && NR == 1 && /^% / { sub(/^% /, ""); print; exit }
	!code && /^# / { sub(/^# +/, ""); sub(/ +#+ *$/, ""); gsub(/[`*]/, ""); print; exit }
	' "$1" | head -n 1
}
# escape TEXT: TEXT for a Markdown link's text.
# shellcheck disable=SC2001
escape() { sed 's/[][\\`*_]/\\&/g' <<<"$1"; }

rm -rf "$out"
mkdir -p "$out/_static"
cp "$docs/docs.css" "$docs/cast-player.js" "$player/asciinema-player.min.js" "$player/asciinema-player.css" "$out/_static/"
export DOCS_FILES=$gen/files
: >"$DOCS_FILES"
warned=0 pages=0

# render SRC OUT [pandoc option...]: render one page to $out/OUT.
render() {
	local src=$1 page=$2 from=gfm root rel shown=${1#"$top"/}
	shift 2
	[[ $src != "$gen"/* ]] || shown=""
	# A kernel page taken from series/ names its patch.
	[ ! -f "$src.from" ] || shown=$(cat "$src.from")
	rel=${page//[^\/]/}
	root=${rel//\//../}
	case $src in
	*.rst) from=rst+gfm_auto_identifiers; set -- "$@" -M docs-rst=true ;;
	*) [ "$(head -c 2 "$src")" != "% " ] || from=markdown+gfm_auto_identifiers ;;
	esac
	mkdir -p "$out/$(dirname "$page")"
	if ! pandoc -f "$from" -t html5 -s --toc --toc-depth=3 \
		--template="$docs/template.html" --lua-filter="$docs/filter.lua" \
		-M docs-page="$page" -M docs-root="${root:-./}" ${shown:+-M docs-source="$shown"} "$@" \
		-o "$out/$page" "$src" 2>"$gen/stderr"; then
		warned=$((warned + 1))
		echo "docs-build: pandoc failed on $src:" >&2
	elif [ -s "$gen/stderr" ]; then
		warned=$((warned + 1))
		echo "docs-build: pandoc warned on $src:" >&2
	fi
	sed 's/^/  /' "$gen/stderr" >&2
	pages=$((pages + 1))
}
# page SRC OUT [pandoc option...]: render a source file of the repository.
page() {
	[ -f "$1" ] || die 2 "no $1: it is one of the documentation's sources"
	render "$@"
}

index=$gen/index.md
{
	echo "# fsid mappings for user namespaces — documentation"
	echo
	echo "The course's walkthrough, the admin guide of fsid mappings, the demos"
	echo "and the project's notes, rendered from the repository by \`make docs\`."
	echo
	echo "## Walkthrough"
	echo
} >"$index"

# The walkthrough, in the order of ORDER; its README.md, if not listed
# there, comes first as its front page.
chapters=() front=0
if [ -d "$WALKTHROUGH" ]; then
	[ -f "$WALKTHROUGH/ORDER" ] || die 2 "no $WALKTHROUGH/ORDER: list the chapters there, one file name a line"
	while IFS= read -r name || [ -n "$name" ]; do
		name=${name%$'\r'}
		[[ -z ${name//[[:space:]]/} || $name == \#* ]] && continue
		[[ $name == *.md && $name != */* ]] || die 2 "$WALKTHROUGH/ORDER: '$name' is not the name of a .md file of that folder"
		[ -f "$WALKTHROUGH/$name" ] || die 2 "$WALKTHROUGH/ORDER lists $name, which does not exist"
		[[ " ${chapters[*]} " != *" $name "* ]] || die 2 "$WALKTHROUGH/ORDER lists $name twice"
		chapters+=("$name")
	done <"$WALKTHROUGH/ORDER"
	if [ -f "$WALKTHROUGH/README.md" ] && [[ " ${chapters[*]} " != *" README.md "* ]]; then
		chapters=(README.md "${chapters[@]}")
		front=1
	fi
	for f in "$WALKTHROUGH"/*.md; do
		[ -e "$f" ] || continue
		[[ " ${chapters[*]} " == *" ${f##*/} "* ]] || die 2 "$f is not listed in $WALKTHROUGH/ORDER: add it there"
	done
elif [ -n "$wt_required" ]; then
	die 2 "WALKTHROUGH=$WALKTHROUGH is not a folder"
fi
n=${#chapters[@]}
titles=()
for name in "${chapters[@]}"; do
	t=$(title_of "$WALKTHROUGH/$name")
	titles+=("${t:-${name%.md}}")
done
for i in "${!chapters[@]}"; do
	nav=()
	[ "$i" -lt "$front" ] || nav+=(-M docs-chapter="$((i + 1 - front)) of $((n - front))")
	if [ "$i" -gt 0 ]; then
		nav+=(-M docs-prev-href="${chapters[i - 1]%.md}.html" -M docs-prev-title="${titles[i - 1]}")
	fi
	if [ "$((i + 1))" -lt "$n" ]; then
		nav+=(-M docs-next-href="${chapters[i + 1]%.md}.html" -M docs-next-title="${titles[i + 1]}")
	fi
	page "$WALKTHROUGH/${chapters[i]}" "Documentation/walkthrough/${chapters[i]%.md}.html" "${nav[@]}"
	link="[$(escape "${titles[i]}")](Documentation/walkthrough/${chapters[i]})"
	if [ "$i" -lt "$front" ]; then
		printf '%s: its contents.\n\n' "$link" >>"$index"
	else
		echo "$((i + 1 - front)). $link" >>"$index"
	fi
done
[ "$n" -gt 0 ] || echo "The walkthrough (Documentation/walkthrough/) is not written yet." >>"$index"

# The course: the syllabus and the one-page summary.
printf '\n## Course\n\n' >>"$index"
for f in syllabus summary; do
	[ -f "$top/Documentation/course/$f.md" ] || die 2 "no Documentation/course/$f.md"
	page "$top/Documentation/course/$f.md" "Documentation/course/$f.html"
	echo "- [$(escape "$(title_of "$top/Documentation/course/$f.md")")](Documentation/course/$f.md)" >>"$index"
done

# The graded labs: the sheet, then the other pages of the folder.
if [ -d "$LABS" ]; then
	[ -f "$LABS/README.md" ] || die 2 "no $LABS/README.md: it is the lab sheet"
	printf '\n## Labs\n\n' >>"$index"
	seen=" "
	for f in "$LABS/README.md" "$LABS"/*.md; do
		name=${f##*/}
		[[ $seen != *" $name "* ]] || continue
		seen="$seen$name "
		page "$f" "Documentation/labs/${name%.md}.html"
		t=$(title_of "$f")
		echo "- [$(escape "${t:-$name}")](Documentation/labs/$name)" >>"$index"
	done
elif [ -n "$labs_required" ]; then
	die 2 "LABS=$LABS is not a folder"
fi

printf '\n## Reference\n\n' >>"$index"
# kernel_page VAR REQUIRED REL WHAT: the page of the kernel tree that VAR
# names, rendered at REL (its path in the kernel, .rst -> .html) and listed
# as WHAT; without a tree a line says where it comes from, or, REQUIRED
# (VAR set by the caller), the build stops.
kernel_page() {
	local file=${!1}
	if [ ! -f "$file" ] && [ -z "$2" ]; then
		# No kernel tree: the page as the series adds it.
		file=$gen/series/$3
		mkdir -p "$(dirname "$file")"
		from_series "$3" >"$file" 2>"$file.from" || file=
		printf -v "$1" '%s' "$file"
	fi
	if [ -f "$file" ]; then
		page "$file" "${3%.rst}.html"
		echo "- [$(escape "$(title_of "$file")")]($3), the kernel's $4 (from the series)" >>"$index"
	elif [ -n "$2" ]; then
		die 2 "$1=$file does not exist"
	else
		die 2 "no kernel tree at $TREE, and no patch of series/ adds $3"
	fi
}
# from_series PATH: the file PATH as the one patch of series/ that creates
# it adds it (its "+" lines), and that patch's name on stderr; fails if no
# patch, or more than one, touches PATH.
from_series() {
	python3 - "$top/series" "$1" <<'PY'
import glob, sys
series, path = sys.argv[1], sys.argv[2]
touched, body, created = 0, [], False
for patch in sorted(glob.glob(series + "/[0-9][0-9][0-9][0-9]-*.patch")):
    cur = None
    for l in open(patch, errors="replace").read().split("\n"):
        if l.startswith("diff --git "):
            cur = l.split(" b/", 1)[1] if " b/" in l else None
            if cur == path:
                touched += 1
                origin = patch
        elif l == "-- ":
            cur = None  # git format-patch's signature
        elif cur != path:
            continue
        elif l.startswith("--- "):
            created = l == "--- /dev/null"
        elif l.startswith("+") and not l.startswith("+++ "):
            body.append(l[1:])
if touched != 1 or not created:
    sys.exit(1)
sys.stdout.write("\n".join(body) + "\n")
sys.stderr.write("series/" + origin.rsplit("/", 1)[1] + " (the file it adds)")
PY
}
kernel_page ADMIN_GUIDE "$ag_required" Documentation/admin-guide/fsid-mappings.rst "admin guide"
kernel_page FSDEV_PAGE "$fs_required" Documentation/filesystems/fsid-mappings.rst "page for filesystem developers"
page "$top/Documentation/fsid-unshare.1.md" Documentation/fsid-unshare.1.html
echo "- [fsid-unshare(1)](Documentation/fsid-unshare.1.md), the demos' container launcher" >>"$index"
page "$top/Documentation/newfsuidmap.1.md" Documentation/newfsuidmap.1.html
echo "- [newfsuidmap(1)](Documentation/newfsuidmap.1.md), the delegation helpers newfsuidmap and newfsgidmap" >>"$index"
page "$top/Documentation/subfsuid.5.md" Documentation/subfsuid.5.html
echo "- [subfsuid(5)](Documentation/subfsuid.5.md), their grant files" >>"$index"

# The casts page: every cast of demos/casts/ in a player.
{
	echo "# The demo casts"
	echo
	echo "The demos of [demos/README.md](README.md), recorded with asciinema by"
	echo "\`make casts\`; \`make play-N\` plays demo N in a terminal."
	for f in "$top"/demos/casts/*.cast; do
		[ -e "$f" ] || continue
		t=$(sed -n '1s/.*"title": *"\([^"]*\)".*/\1/p' "$f")
		printf '\n## %s\n\n[▶ %s](casts/%s)\n' "$(basename "$f" .cast)" "$(escape "${t:-${f##*/}}")" "${f##*/}"
	done
} >"$gen/casts.md"
render "$gen/casts.md" demos/casts.html
echo "- [The demo casts](demos/casts.md), each demo played in the page" >>"$index"

printf '\n## The project\n\n' >>"$index"
for f in README.md CONTRIBUTING.md demos/README.md Documentation/design/*.md Documentation/benchmark/*.md; do
	[ -e "$top/$f" ] || continue
	page "$top/$f" "${f%.md}.html"
	t=$(title_of "$top/$f")
	echo "- [$(escape "${t:-$f}")]($f) ($f)" >>"$index"
done
render "$index" index.html

# The files that pages link to and that are not pages: from the repository
# (the walkthrough's, the admin guide's and the filesystems page's from
# their own folders). A cast X.cast also gets X.cast.js, its text for the
# player (see cast-player.js).
sort -u "$DOCS_FILES" | while IFS= read -r p; do
	case $p in
	*.html) continue ;;
	Documentation/walkthrough/*) from=$WALKTHROUGH/${p#Documentation/walkthrough/} ;;
	Documentation/labs/*) from=$LABS/${p#Documentation/labs/} ;;
	Documentation/admin-guide/*) from=$(dirname "$ADMIN_GUIDE")/${p#Documentation/admin-guide/} ;;
	Documentation/filesystems/*) from=$(dirname "$FSDEV_PAGE")/${p#Documentation/filesystems/} ;;
	*) from=$top/$p ;;
	esac
	[ -f "$from" ] || continue # Documentation/docs/docs-links.sh reports the broken link
	mkdir -p "$out/$(dirname "$p")"
	cp "$from" "$out/$p"
	if [[ $p == *.cast ]]; then
		node -e 'const fs = require("fs"), [from, to] = process.argv.slice(1);
			fs.writeFileSync(to, "(window.DOCS_CASTS = window.DOCS_CASTS || {})" +
				"[document.currentScript.src.replace(/\\.js$/, \"\")] =\n" +
				JSON.stringify(fs.readFileSync(from, "utf8")) + ";\n");' "$from" "$out/$p.js"
	fi
done

if [ "$warned" -gt 0 ]; then
	die 1 "$warned of $pages pages had pandoc warnings or errors (above): make docs must print none"
fi
echo "docs-build: $pages pages in $out/index.html"
