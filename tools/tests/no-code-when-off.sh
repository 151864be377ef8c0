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
# Then the `size` of vmlinux itself. Output is TAP.
# Environment: BUILD [build]. Exit status: 0 identical; 1 not.
set -uo pipefail
BUILD=${BUILD:-build}
a=$BUILD/kernel/vanilla b=$BUILD/kernel/fsid-off
sections() { size -A "$1" | awk 'NR > 2 && $1 != "Total" && $1 !~ /^\.rodata\.str/ && $1 != ".comment" && NF == 3 { print $1, $2 }'; }
# kernel_objs DIR: the compared objects of one build, sorted.
kernel_objs() {
	(cd "$1" && find . -name '*.o' ! -name vmlinux.o ! -path './scripts/*' ! -path './tools/*' \
		! -path './arch/x86/boot/*' ! -path './init/version*.o' ! -path './usr/*' | sort)
}
echo "1..2"
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
[ $diffs -eq 0 ] && [ "$sa" = "$sb" ]
