#!/usr/bin/env bash
# no-code-when-off.sh — with CONFIG_USER_NS_FSID=n the series adds no code:
# every kernel object of the fsid-off build has the same sections, of the
# same sizes, as the vanilla build's.
#
# usage: tools/tests/no-code-when-off.sh   (after make kernels)
#
# Compared: each *.o of the kernel image (not the host tools in scripts/ and tools/,
# nor the boot stub arch/x86/boot/ that wraps the compressed image), every
# section that `size -A` lists except string literals (.rodata.str*): the
# flavours' release strings ("6.1.192-vanilla", "6.1.192-fsid-off") differ
# in length, and init/version*.o, which hold little else, are left out.
# The sizes of code sections (.text*) are left to the third comparison,
# function by function: the order in which GCC lays out a file's functions
# decides whether a jump from one to another is encoded in 2 bytes or in 5
# (seen 2026-12-06: fs/namei.o's .text 25704 bytes in vanilla, 25707 in
# fsid-off, with the same instructions in every function, fsnotify_create()
# placed elsewhere); their names must still be the same.
# Then the `size` of vmlinux itself. Equal sizes do not prove equal code,
# so third: every compared object disassembles to the same instructions
# (objdump -d -r: instructions, operands and the symbols they relocate
# against, function by function), offsets within sections and symbols and
# the order of the functions aside, and the offsets into
# string literals (.rodata.str*, for the release string again: kernel/sys.o
# quotes it). Output is TAP.
# Environment: BUILD [build]. Exit status: 0 identical; 1 not.
set -uo pipefail
BUILD=${BUILD:-build}
a=$BUILD/kernel/vanilla b=$BUILD/kernel/fsid-off
sections() {
	size -A "$1" | awk 'NR > 2 && $1 != "Total" && $1 !~ /^\.rodata\.str/ && $1 != ".comment" && NF == 3 {
		if ($1 ~ /^\.text/) print $1, "(code: compared by test 3)"; else print $1, $2 }'
}
# kernel_objs DIR: the compared objects of one build, sorted.
kernel_objs() {
	(cd "$1" && find . -name '*.o' ! -name vmlinux.o ! -path './scripts/*' ! -path './tools/*' \
		! -path './arch/x86/boot/*' ! -path './init/version*.o' ! -path './usr/*' | sort)
}
echo "1..3"
mapfile -t objs < <(kernel_objs "$a")
diffs=0
for o in "${objs[@]}"; do
	if [ ! -f "$b/$o" ]; then
		echo "#   $o: only in vanilla"; diffs=$((diffs + 1)); continue
	fi
	if ! d=$(diff <(sections "$a/$o") <(sections "$b/$o")); then
		echo "#   $o differs (vanilla < > fsid-off):"
		printf '%s\n' "$d" | sed 's/^/#     /'
		diffs=$((diffs + 1))
	fi
done
extra=$(comm -13 <(printf '%s\n' "${objs[@]}") <(kernel_objs "$b"))
[ -z "$extra" ] || { printf '#   only in fsid-off: %s\n' $extra; diffs=$((diffs + 1)); }
if [ $diffs -eq 0 ]; then
	echo "ok 1 - fsid-off adds nothing to any of the ${#objs[@]} kernel objects of vanilla"
else
	echo "not ok 1 - fsid-off differs from vanilla in $diffs object(s)"
fi
sa=$(size "$a/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
sb=$(size "$b/vmlinux" | awk 'NR == 2 { print $1, $2, $3 }')
if [ "$sa" = "$sb" ]; then
	echo "ok 2 - size vmlinux: text data bss $sa on both"
else
	echo "not ok 2 - size vmlinux: vanilla $sa, fsid-off $sb"
fi
# code OBJECT: its disassembly, without what may differ (see above), one
# function after the other in the order of their names: the order in
# which GCC emits the functions of a file is layout, like their addresses,
# and follows its call-graph processing, which source that compiles to
# nothing can still change (seen 2026-12-06: with the AppArmor config,
# fs/namei.o of fsid-off emitted fsnotify_create(), the same instructions,
# at another place than vanilla's).
code() {
	objdump -d -r -w --no-show-raw-insn "$1" | sed -E '
		1,/file format/d
		s/^ *[0-9a-f]+:\t//
		s/\t[0-9a-f]+: (R_)/\t\1/
		s/\b[0-9a-f]+ <([^>+]*)(\+0x[0-9a-f]+)?>/<\1>/g
		s/^[0-9a-f]+ </</
		s/(\.rodata\.str[0-9.]*)[-+]0x[0-9a-f]+/\1/g' |
		awk '/^Disassembly of section / { sec = $4; next }
			/^<[^>]*>:$/ { fn = sec " " $0; n[fn]++; next }
			NF { print fn "\t" n[fn] "\t" ++line[fn] "\t" $0 }' |
		LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k2,2n -k3,3n -s | cut -f1,4
}
codediffs=0 lines=0
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.a" "$tmp.b"' EXIT
for o in "${objs[@]}"; do
	[ -f "$b/$o" ] || continue
	code "$a/$o" >"$tmp.a"
	code "$b/$o" >"$tmp.b"
	lines=$((lines + $(wc -l <"$tmp.a")))
	if ! d=$(diff "$tmp.a" "$tmp.b"); then
		echo "#   $o: other instructions (vanilla < > fsid-off):"
		printf '%s\n' "$d" | head -n 12 | sed 's/^/#     /'
		codediffs=$((codediffs + 1))
	fi
done
if [ $codediffs -eq 0 ] && [ $lines -gt 0 ]; then
	echo "ok 3 - fsid-off's ${#objs[@]} kernel objects disassemble to vanilla's instructions ($lines lines of objdump -d -r)"
else
	echo "not ok 3 - $codediffs of fsid-off's kernel objects disassemble to other instructions than vanilla's"
fi
[ $diffs -eq 0 ] && [ "$sa" = "$sb" ] && [ $codediffs -eq 0 ] && [ $lines -gt 0 ]
