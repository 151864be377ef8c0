#!/usr/bin/env bash
# admin-guide.sh — the series' two documentation pages in the kernel tree:
#   - Documentation/admin-guide/fsid-mappings.rst, for administrators and
#     container managers, at most 400 lines;
#   - Documentation/filesystems/fsid-mappings.rst, for kernel developers.
# Each is listed in the index.rst of its folder and renders without a
# message with plain docutils (Debian's python3-docutils, not Sphinx) and
# with pandoc, and each names the other by its path.
#
# The admin-guide page's worked example quotes a demo: each literal block
# right after a comment ".. worked example: demo-N" (then a "::" line) is
# checked against demos/demo-N.expected. Every "$ " command line of it, and
# every output line (not a "$ " command, not a "#" comment, not blank),
# must be a whole line of that file, tabs included; every literal block of
# the page that shows a "$ " command must be so marked. A last test runs
# the check on a sample with one output line that is not in demo-3.expected
# and must see exactly that line refused.
#
# usage: tools/tests/admin-guide.sh      (TREE [build/linux]: the tree with
#                                         the series applied, make tree)
# Output is TAP. Exit status: 0 every test passed; 1 some failed; 2 no tree,
# 3 a Debian package is missing (tools/deps.sh printed the command).
set -uo pipefail
BUILD=${BUILD:-build}
TREE=${TREE:-$BUILD/linux}
top=$(cd "$(dirname "$0")/../.." && pwd)
admin=Documentation/admin-guide/fsid-mappings.rst
fsdev=Documentation/filesystems/fsid-mappings.rst
max_lines=400
[ -d "$TREE/Documentation/admin-guide" ] || { echo "admin-guide: no kernel tree at $TREE (make tree)" >&2; exit 2; }
"$top/tools/deps.sh" python3-docutils pandoc || exit 3
. "$(dirname "$0")/tap.sh"

# example_lines PAGE: the lines of PAGE's marked literal blocks, one a line,
# "KIND<TAB>DEMO<TAB>LINE-NUMBER<TAB>TEXT": KIND cmd, out or bad (a
# marker without a literal block after it, TEXT says so), or unmarked (a
# literal block that shows a "$ " command without a marker; its first
# command). The block's indentation is taken off TEXT; comments ("#") and
# blank lines are left out.
example_lines() {
	awk '
	function block_end() { inblock = 0; demo = "" }
	# A line of a literal block (indented, or blank).
	inblock && ($0 ~ /^[ \t]*$/) { next }
	inblock && ($0 ~ /^ /) {
		if (indent < 0) { match($0, /^ +/); indent = RLENGTH }
		text = substr($0, indent + 1)
		if (text ~ /^#/) next
		kind = (text ~ /^\$ /) ? "cmd" : "out"
		if (demo != "") printf "%s\t%s\t%d\t%s\n", kind, demo, NR, text
		else if (kind == "cmd" && !reported) { printf "unmarked\t-\t%d\t%s\n", NR, text; reported = 1 }
		next
	}
	inblock { block_end() }
	# A marker, then blank lines, then "::".
	/^\.\. worked example: / { pending = $4; pending_nr = NR; next }
	pending != "" && /^[ \t]*$/ { next }
	pending != "" && /^::[ \t]*$/ { inblock = 1; indent = -1; demo = pending; pending = ""; reported = 0; next }
	pending != "" {
		printf "bad\t%s\t%d\t%s\n", pending, pending_nr, "the marker is not followed by a \"::\" line and a literal block"
		pending = ""
	}
	# Any other literal block: a paragraph ending in "::".
	/::[ \t]*$/ && !/^\.\. / { inblock = 1; indent = -1; demo = ""; reported = 0; next }
	END { if (pending != "") printf "bad\t%s\t%d\t%s\n", pending, pending_nr, "the marker ends the page" }
	' "$1"
}

# check_example PAGE KIND: each KIND (cmd or out) line of PAGE's worked
# example that is not a whole line of its demos/demo-N.expected, as
# "PAGE:LINE: TEXT"; the markers that are wrong and, for cmd, the unmarked
# blocks too. Writes the number of KIND lines to $tmp/checked. Fails if it
# printed anything or checked nothing.
check_example() {
	local page=$1 want=$2 kind demo nr text expected out=0 checked=0
	while IFS=$'\t' read -r kind demo nr text; do
		case $kind in
		bad) echo "$page:$nr: $text"; out=1; continue ;;
		unmarked)
			[ "$want" = cmd ] || continue
			echo "$page:$nr: a literal block with commands and no '.. worked example: demo-N' before it: $text"
			out=1; continue ;;
		"$want") ;;
		*) continue ;;
		esac
		checked=$((checked + 1))
		expected=$top/demos/$demo.expected
		if [ ! -f "$expected" ]; then
			echo "$page:$nr: no demos/$demo.expected for the marker"; out=1
		elif ! grep -qxF -- "$text" "$expected"; then
			echo "$page:$nr: not a line of demos/$demo.expected: $text"; out=1
		fi
	done < <(example_lines "$page")
	echo "$checked" >"$tmp/checked"
	[ "$checked" -gt 0 ] || { echo "$page: no $want line in a block marked '.. worked example: demo-N'"; out=1; }
	return $out
}

# render_checks REL: REL renders without a message with docutils and pandoc.
render_checks() {
	local rel=$1 dir=$TREE/${1%/*} file=${1##*/}
	# Debian's docutils (/usr/bin/python3), whatever python3 comes first on PATH.
	if (cd "$dir" && /usr/bin/python3 -m docutils --halt=warning --report=info "$file" \
		>"$tmp/out.html" 2>"$tmp/err") && [ ! -s "$tmp/err" ]; then
		result OK "docutils renders $rel without a message (--report=info)"
	else
		result FAIL "docutils renders $rel without a message (--report=info)" "$(cat "$tmp/err")"
	fi
	if pandoc --fail-if-warnings -f rst -t html "$TREE/$rel" -o "$tmp/pandoc.html" 2>"$tmp/perr" &&
		[ ! -s "$tmp/perr" ]; then
		result OK "pandoc renders $rel without a warning"
	else
		result FAIL "pandoc renders $rel without a warning" "$(cat "$tmp/perr")"
	fi
}

echo "1..14"
# The admin-guide page.
expect "the tree has $admin" test -f "$TREE/$admin"
expect "Documentation/admin-guide/index.rst lists it" grep -qx '   fsid-mappings' "$TREE/Documentation/admin-guide/index.rst"
render_checks "$admin"
lines=$(wc -l 2>/dev/null <"$TREE/$admin" || echo 0)
if [ -f "$TREE/$admin" ] && [ "$lines" -le $max_lines ]; then
	result OK "$admin has at most $max_lines lines ($lines)"
else
	result FAIL "$admin has at most $max_lines lines ($lines)"
fi
# The filesystems page, beside idmappings.rst.
expect "the tree has $fsdev" test -f "$TREE/$fsdev"
expect "Documentation/filesystems/index.rst lists it" grep -qx '   fsid-mappings' "$TREE/Documentation/filesystems/index.rst"
render_checks "$fsdev"
# Each names the other.
expect "$admin names $fsdev" grep -qsF "$fsdev" "$TREE/$admin"
expect "$fsdev names $admin" grep -qsF "$admin" "$TREE/$fsdev"
# The worked example.
if out=$(check_example "$TREE/$admin" cmd); then
	result OK "the worked example's $(cat "$tmp/checked") commands are lines of demos/demo-N.expected"
else
	result FAIL "the worked example's commands are lines of demos/demo-N.expected" "$out"
fi
if out=$(check_example "$TREE/$admin" out); then
	result OK "the worked example's $(cat "$tmp/checked") output lines are lines of demos/demo-N.expected"
else
	result FAIL "the worked example's output lines are lines of demos/demo-N.expected" "$out"
fi
# The check itself, on a sample: a marked block with a command, a comment,
# a line of output with tabs, and one output line broken (line 14), and an
# unmarked block without a command; exactly line 14 must be refused.
sample=$tmp/sample.rst
printf '%s\n' 'Sample' '======' '' 'A format::' '' '  ID-INSIDE   ID-OUTSIDE   LENGTH' '' \
	'The example:' '' '.. worked example: demo-3' '' '::' '' \
	'  -rw-r--r-- 0:0 from-c' '  # a comment' "  \$ grep Uid: /proc/\$A/status" \
	"  Uid:$(printf '\t')100000$(printf '\t')100000$(printf '\t')100000$(printf '\t')100000" \
	'  -rw-r--r-- 0:0 from-a' '' 'The end.' >"$sample"
if ! out=$(check_example "$sample" out) &&
	[ "$out" = "$sample:14: not a line of demos/demo-3.expected: -rw-r--r-- 0:0 from-c" ] &&
	check_example "$sample" cmd >/dev/null; then
	result OK "the example check refuses a broken output line, and only it"
else
	result FAIL "the example check refuses a broken output line, and only it" "$out"
fi
tap_status
