#!/usr/bin/env bash
# sparse.sh — what the kernel test robot reports first: a W=1 build with
# sparse (C=2) of every C file the series touches, in the series' tree
# (the fsid flavour's config) and in Debian's tree (vanilla's); every
# warning of the series' build that vanilla's does not give fails.
#
# usage: tools/tests/sparse.sh   (make sparse)
#
# The objects are built in $BUILD/sparse/{vanilla,fsid}, configured from
# the flavours' .config, so that the kernels make check boots keep their
# objects. Warnings are compared per file as their text without line and
# column numbers (the series moves lines), counted: a warning the series
# adds, or one more of a kind vanilla also gives, is new. Files the
# series adds have no vanilla counterpart; their every warning is new.
# Output: TAP, one test per C file, each new warning as a comment, then
# "# sparse: N files, N warnings in the series' build, N new".
# Environment: BUILD [build], TREE [$BUILD/linux], VANILLA
# [$BUILD/vanilla/linux].
# Exit status: 0 no new warning; 1 some; 2 usage, sparse missing, or no
# trees or flavour configs (make kernel FLAVOUR=vanilla and =fsid).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
TREE=${TREE:-$BUILD/linux}
VANILLA=${VANILLA:-$BUILD/vanilla/linux}
die() { echo "sparse: $*" >&2; exit 2; }
command -v sparse >/dev/null || die "sparse is not installed (tools/deps.sh sparse)"
for d in "$TREE" "$VANILLA"; do [ -f "$d/Makefile" ] || die "no kernel tree at $d (make tree)"; done
for f in vanilla fsid; do [ -f "$BUILD/kernel/$f/.config" ] || die "no $f kernel configured (make kernel FLAVOUR=$f)"; done
base=$(git -C "$TREE" rev-parse --verify -q base) || die "$TREE has no tag base"

# The C files the series touches that the fsid flavour builds (those of
# other architectures and of filesystems the guest leaves out are listed).
files=() others=()
while read -r f; do
	if [ -f "$BUILD/kernel/fsid/${f%.c}.o" ]; then files+=("$f"); else others+=("$f"); fi
done < <(git -C "$TREE" diff --name-only --diff-filter=AM "$base" HEAD -- '*.c' ':!tools' ':!scripts' ':!Documentation')
[ ${#files[@]} -gt 0 ] || die "the fsid flavour builds no C file that the series changes"

# prepare NAME SRC: an output directory configured as flavour NAME.
prepare() {
	local out=$BUILD/sparse/$1
	mkdir -p "$out"
	cp "$BUILD/kernel/$1/.config" "$out/.config"
	make -s -C "$2" O="$(realpath "$out")" olddefconfig prepare >/dev/null 2>"$out/prepare.log" ||
		die "could not prepare $out (see $out/prepare.log)"
}
# warnings NAME SRC FILE: the warnings of FILE's object, normalized.
warnings() {
	local out obj=${3%.c}.o
	out=$(realpath "$BUILD/sparse/$1")
	# Compiled again on both sides: W=1's warnings (kernel-doc among
	# them) come from the compiler, which make skips for an object that
	# is up to date, while C=2 runs sparse either way.
	rm -f "$out/$obj"
	make -s -C "$2" O="$out" C=2 W=1 "$obj" 2>&1 >/dev/null |
		grep -E '(warning|error):' |
		sed -E 's#^(\.\./)*##; s#^[^ ]*/(linux|vanilla/linux)/##; s#:[0-9]+:[0-9]+:#:#; s#:[0-9]+:#:#' |
		sort
}
prepare vanilla "$VANILLA"
prepare fsid "$TREE"

n=0 failed=0 total=0 new=0
echo "1..${#files[@]}"
[ ${#others[@]} -eq 0 ] || echo "# not built by the fsid flavour, not checked: ${others[*]}"
for f in "${files[@]}"; do
	n=$((n + 1))
	s=$(warnings fsid "$TREE" "$f")
	if [ -f "$VANILLA/$f" ]; then
		v=$(warnings vanilla "$VANILLA" "$f")
	else
		v=
	fi
	total=$((total + $(printf '%s' "$s" | grep -c . || true)))
	added=$(diff <(printf '%s\n' "$v" | grep .) <(printf '%s\n' "$s" | grep .) | sed -n 's/^> //p')
	if [ -z "$added" ]; then
		echo "ok $n - $f: no warning that vanilla does not give"
	else
		echo "not ok $n - $f: $(printf '%s\n' "$added" | wc -l) new warning(s)"
		printf '%s\n' "$added" | sed 's/^/#   /'
		new=$((new + $(printf '%s\n' "$added" | wc -l)))
		failed=$((failed + 1))
	fi
done
echo "# sparse: ${#files[@]} files, $total warnings in the series' build, $new new"
[ $failed -eq 0 ]
