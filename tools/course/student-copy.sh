#!/usr/bin/env bash
# student-copy.sh — the students' copy of the workbench: every file of the
# repository but the answers, in a folder (make handout archives it).
#
# usage: tools/course/student-copy.sh DIR
#
# DIR (made; it must not exist) gets the files git tracks in the
# repository SRC, as they are in its working tree (mtimes kept), without:
#   - the files tools/course/instructors-only lists: the walkthrough's
#     answers page (13-answers.md, left out of ORDER too), the labs'
#     answer key and reference solutions, the checks that read them, and
#     this folder;
#   - in the walkthrough, each exercise's line
#     "[Answer N](13-answers.md#...)" and each checkpoint's
#     " ([answer](13-answers.md#...))"; any other link to the answers page
#     keeps only its text;
#   - what the instructors' repository marks as its own, in any text file:
#     a line ending in "<!-- instructors -->" or "# instructors", and the
#     lines from one holding "<!-- instructors: begin -->" or
#     "# instructors: begin" to the next holding "instructors: end", both
#     included. A line that is only "<!-- students: TEXT -->", or whose
#     first non-blank characters are "# students: ", becomes TEXT (its
#     indentation kept): what the students' copy says instead.
# Then tools/course/answers-leak.py compares the copy with the answers of
# SRC, and the copy is refused (DIR removed) if it holds one.
#
# Environment: SRC [this repository] (a git working tree).
# Exit status: 0 made; 1 an answer was left in, or a marker is unbalanced
# (printed); 2 usage, DIR exists, or SRC is not a git working tree.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$(cd "${SRC:-$top}" && pwd)
dir=$1
[ ! -e "$dir" ] || { echo "student-copy: $dir exists" >&2; exit 2; }
git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
	{ echo "student-copy: $src is not a git working tree" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
fail() { echo "student-copy: $*" >&2; rm -rf "$dir"; exit 1; }

# The tracked files that are there (a file deleted but not committed is not).
(cd "$src" && git ls-files -z | xargs -0 -r sh -c 'for f; do [ ! -e "$f" ] || printf "%s\0" "$f"; done' sh |
	xargs -0 -r cp -a --parents -t "$dir")

# The instructors' files.
while read -r p _; do
	case "$p" in '' | '#'*) continue ;; esac
	rm -rf "${dir:?}/$p"
done <"$src/tools/course/instructors-only"
wt=$dir/Documentation/walkthrough
if [ -f "$wt/ORDER" ]; then
	grep -vxF 13-answers.md "$wt/ORDER" >"$wt/ORDER.new" || true
	touch -r "$wt/ORDER" "$wt/ORDER.new" && mv "$wt/ORDER.new" "$wt/ORDER"
fi
for f in "$wt"/*.md; do
	[ -f "$f" ] || continue
	sed -i -E \
		-e '/^\[Answer [0-9]+\]\(13-answers\.md#[^)]*\)$/d' \
		-e 's/ \(\[answer\]\(13-answers\.md#[^)]*\)\)//g' \
		-e 's/\[([^]]*)\]\(13-answers\.md[^)]*\)/\1/g' \
		"$f"
done

# The markers, in every text file that has one.
while IFS= read -r -d '' f; do
	case "$f" in "$dir"/*) ;; *) fail "$f is not in the copy" ;; esac
	awk -v f="$f" '
		/(<!-- |# )instructors: begin/ { if (cut) { print f ": line " NR ": a second begin" > "/dev/stderr"; bad = 1 } cut = 1; next }
		/instructors: end/ { if (!cut) { print f ": line " NR ": an end without a begin" > "/dev/stderr"; bad = 1 } cut = 0; next }
		cut { next }
		/(<!-- instructors -->|# instructors)[[:space:]]*$/ { next }
		/^[[:space:]]*<!-- students: .* -->[[:space:]]*$/ {
			sub(/<!-- students: /, ""); sub(/ -->[[:space:]]*$/, ""); print; next
		}
		/^[[:space:]]*# students: / { sub(/# students: /, ""); print; next }
		{ print }
		END { if (cut) { print f ": a begin without an end" > "/dev/stderr"; bad = 1 } exit bad }
	' "$f" >"$f.new" || fail "unbalanced instructors: begin/end markers"
	chmod --reference="$f" "$f.new"
	mv "$f.new" "$f"
done < <(grep -rlIZ -E 'instructors: (begin|end)|<!-- instructors -->|# instructors[[:space:]]*$|<!-- students: |^[[:space:]]*# students: ' "$dir" || true)

"$top/tools/course/answers-leak.py" --key "$src" "$dir" || fail "answers left in the copy (above)"
echo "student-copy: $dir"
