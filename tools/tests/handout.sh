#!/usr/bin/env bash
# handout.sh — make handout gives students a copy of the workbench without
# the answers, which works. TAP output:
#   1. Documentation/docs/handout.sh builds the archive
#      $BUILD/handout/fsid-workbench-student.tar.gz and its docs;
#   2. the archive, unpacked, holds no answer (tools/course/answers-leak.py
#      against this repository: no instructors-only file, no answer line,
#      no name of the answers, no line of the key);
#   3. its docs have every chapter but the answers page, the lab sheet and
#      not the labs' key, and no page with an answer line;
#   4. its make check lists every suite of this repository's but those
#      that read the answers (exercises, exercises-attacks, labs, handout),
#      and none of those;
#   5. its own host checks of the prose (walkthrough-structure, claims,
#      terms, doc-paths) pass there;
#   6-8. an answer planted in a copy of this repository makes make handout
#      fail, naming it: a paragraph of the walkthrough's answers page in
#      CONTRIBUTING.md, Lab 3's reference patch beside the lab sheet, an
#      answer line in a chapter.
#
# usage: tools/tests/handout.sh
# Environment: BUILD [build] (its kernel trees, linux and vanilla/linux,
#   serve the copy's checks, which write to a build folder of their own).
# Exit status: 0 every test passed; 1 some failed.
set -uo pipefail

BUILD=${BUILD:-build}
build=$(mkdir -p "$BUILD" && cd "$BUILD" && pwd)
export BUILD=$build
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/tap.sh"
echo "1..8"
out=$build/handout
archive=$out/fsid-workbench-student.tar.gz
instructors_suites=(exercises exercises-attacks labs handout)

# 1. The build.
if "$top/Documentation/docs/handout.sh" >"$tmp/out" 2>&1 && [ -s "$archive" ]; then
	result OK "make handout builds: $(tail -n 1 "$tmp/out")"
else
	result FAIL "make handout builds the archive $archive" "$(tail -n 30 "$tmp/out")"
fi

# 2. No answer in the archive.
mkdir -p "$tmp/x"
copy=$tmp/x/fsid-workbench
if tar -C "$tmp/x" -xzf "$archive" 2>"$tmp/tar" && [ -f "$copy/Makefile" ] &&
	"$top/tools/course/answers-leak.py" --key "$top" "$copy" >"$tmp/leak" 2>&1; then
	result OK "the archive holds no answer ($(tail -n 1 "$tmp/leak"))"
else
	result FAIL "the archive holds no answer" "$(cat "$tmp/tar" "$tmp/leak" 2>/dev/null | tail -n 30)"
fi

# 3. Its docs: every chapter but the answers page, the sheet, no answer line.
problems=()
while IFS= read -r name; do
	[ -n "$name" ] || continue
	page=$out/Documentation/walkthrough/${name%.md}.html
	if [ "$name" = 13-answers.md ]; then
		[ ! -e "$page" ] || problems+=("$page exists")
	else
		[ -f "$page" ] || problems+=("missing: $page")
	fi
done <"$top/Documentation/walkthrough/ORDER"
[ -f "$out/Documentation/labs/README.html" ] || problems+=("missing: the lab sheet")
[ ! -e "$out/Documentation/labs/answers.html" ] || problems+=("the labs' key is there")
while IFS= read -r page; do
	problems+=("an answer line in $page")
done < <(grep -rlE 'Answer [0-9]+(\.[0-9]+)?:' "$out" --include='*.html' 2>/dev/null)
if [ ${#problems[@]} -eq 0 ] && [ -f "$out/index.html" ]; then
	result OK "its docs have every chapter but the answers page, the lab sheet but not the key, and no answer line"
else
	result FAIL "its docs have every chapter but the answers page, the lab sheet but not the key, and no answer line" "${problems[@]}"
fi

# A build folder for the copy's checks: the kernel trees borrowed, read-only.
mkdir -p "$tmp/cb/vanilla"
ln -s "$build/linux" "$tmp/cb/linux"
ln -s "$build/vanilla/linux" "$tmp/cb/vanilla/linux"
cb() { BUILD=$tmp/cb TREE=$tmp/cb/linux VANILLA=$tmp/cb/vanilla/linux "$@"; }

# 4. Its suites: ours but those that read the answers.
(cd "$top" && cb tools/check/check.sh --list) 2>&1 | sed -n 's/^\([a-z0-9_-]*\)\( (needs.*)\)\?$/\1/p' | sort >"$tmp/ours"
(cd "$copy" && cb tools/check/check.sh --list) 2>&1 | sed -n 's/^\([a-z0-9_-]*\)\( (needs.*)\)\?$/\1/p' | sort >"$tmp/theirs"
printf '%s\n' "${instructors_suites[@]}" | sort >"$tmp/instr"
comm -23 "$tmp/ours" "$tmp/instr" >"$tmp/want"
if [ -s "$tmp/theirs" ] && cmp -s "$tmp/want" "$tmp/theirs" && [ "$(comm -12 "$tmp/ours" "$tmp/instr" | wc -l)" -eq ${#instructors_suites[@]} ]; then
	result OK "its make check lists this repository's $(wc -l <"$tmp/ours") suites but ${instructors_suites[*]}: $(wc -l <"$tmp/theirs")"
else
	result FAIL "its make check lists this repository's suites but ${instructors_suites[*]}" \
		"$(diff "$tmp/want" "$tmp/theirs" | head -n 20)" "ours: $(wc -l <"$tmp/ours"), theirs: $(wc -l <"$tmp/theirs")"
fi

# 5. Its prose checks, in it.
ok=yes
: >"$tmp/prose"
for t in "tools/tests/walkthrough-structure.py Documentation/walkthrough" tools/tests/claims.py tools/tests/terms.py tools/tests/doc-paths.py; do
	# shellcheck disable=SC2086 # a command and its argument
	if ! (cd "$copy" && cb ./$t) >"$tmp/one" 2>&1; then
		ok=no
		{ echo "$t:"; grep -v '^ok ' "$tmp/one" | head -n 10; } >>"$tmp/prose"
	fi
done
if [ $ok = yes ]; then
	result OK "its prose checks pass in it (walkthrough-structure, claims, terms, doc-paths)"
else
	result FAIL "its prose checks pass in it" "$(cat "$tmp/prose")"
fi

# plant DESC FILE-PATTERN COMMAND: a copy of this repository's tracked
# files (a git index of its own), changed by COMMAND run in it; make
# handout from it must fail and name FILE-PATTERN.
plant() {
	local desc=$1 want=$2 src=$tmp/plant
	rm -rf "$src" "$tmp/plant-out"
	mkdir -p "$src"
	(cd "$top" && git ls-files -z | xargs -0 cp -a --parents -t "$src" 2>/dev/null)
	(cd "$src" && eval "$3" && git init -q && git add -A) >"$tmp/plant.log" 2>&1
	if SRC=$src HANDOUT_OUT=$tmp/plant-out "$top/Documentation/docs/handout.sh" >"$tmp/plant.log" 2>&1; then
		result FAIL "$desc: make handout fails" "it built: $(tail -n 1 "$tmp/plant.log")"
	elif grep -qE "$want" "$tmp/plant.log"; then
		result OK "$desc: make handout fails ($(grep -m1 -E "$want" "$tmp/plant.log" | cut -c1-90))"
	else
		result FAIL "$desc: make handout fails, naming it" "$(tail -n 10 "$tmp/plant.log")"
	fi
}
# A paragraph of the answers page: the three lines after "### Checkpoint 1.2".
plant "a paragraph of the walkthrough's answers page in CONTRIBUTING.md" '^CONTRIBUTING\.md:[0-9]+: a line of Documentation/walkthrough/13-answers\.md' \
	'sed -n "/^### Checkpoint 1\.2/,/^### /p" Documentation/walkthrough/13-answers.md | sed -n 5p >>CONTRIBUTING.md'
plant "Lab 3's reference patch beside the lab sheet" '^Documentation/labs/example\.patch:[0-9]+: a line of Documentation/labs/solutions/' \
	'cp Documentation/labs/solutions/lab3-ramfs.patch Documentation/labs/example.patch'
plant "an answer line in a chapter" '^Documentation/walkthrough/09-exercises\.md:[0-9]+: an answer line' \
	'printf "\n**Answer 1:** \`500000\` quoted here\n" >>Documentation/walkthrough/09-exercises.md'
tap_status
