# lib.sh — the workbench's concepts, each defined once, for the host
# scripts (bash; sourced, never run): where the build is, which kernel
# flavours and which demos exist, and where a flavour's kernel image is.
#
# A flavour is a file guest/flavours/NAME.config: a kernel config fragment
# merged over guest/kernel.config, with a header line "# tree: vanilla"
# (Debian's tree, $VANILLA) or "# tree: series" (the series applied, $TREE),
# and "# check: separate" if make check runs it last and make check-debug
# alone, or "# check: own" if only a target of its own runs it (the kcsan
# flavour: make check-kcsan).
# A demo is a file demos/demo-N.sh; a header line "# needs: disk SIZE"
# gives it a fresh, empty ext4 disk of SIZE as /dev/vda.
#
# Sets top (the checkout) and BUILD [build]; defines the functions below.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-build}

# flavours: the flavour names, one per line: the vanilla tree's first, then
# those without fsid maps, then those with (the order of every comparison).
flavours() {
	local f name
	for f in "$top"/guest/flavours/*.config; do
		name=${f##*/}
		name=${name%.config}
		echo "$(flavour_tree "$name" | sed 's/^vanilla$/0/; s/^series$/1/') $(flavour_has_fsid "$name" | sed 's/^no$/0/; s/^yes$/1/') $name"
	done | sort -k1,1n -k2,2n -k3 | cut -d' ' -f3
}
# is_flavour NAME: true if guest/flavours/NAME.config exists.
is_flavour() { [ -n "$1" ] && [ -f "$top/guest/flavours/$1.config" ]; }
# check_flavours: the flavours of make check (and make bench): all but
# those with a "# check: separate" or "# check: own" line.
check_flavours() { flavours | while read -r f; do is_separate "$f" || is_own "$f" || echo "$f"; done; }
# separate_flavours: those with "# check: separate" (the debug flavours).
separate_flavours() { flavours | while read -r f; do ! is_separate "$f" || echo "$f"; done; }
# own_flavours: those with "# check: own" (the kcsan flavour).
own_flavours() { flavours | while read -r f; do ! is_own "$f" || echo "$f"; done; }
# is_separate NAME: true if its file has the line "# check: separate".
is_separate() { grep -qx '# check: separate' "$(flavour_config "$1")"; }
# is_own NAME: true if its file has the line "# check: own".
is_own() { grep -qx '# check: own' "$(flavour_config "$1")"; }
# flavour_config NAME: its fragment.
flavour_config() { echo "$top/guest/flavours/$1.config"; }
# flavour_tree NAME: vanilla or series, from its "# tree:" line.
flavour_tree() { sed -n 's/^# tree: *\([a-z]*\).*/\1/p' "$(flavour_config "$1")" | head -n 1; }
# flavour_has_fsid NAME: yes if its fragment sets CONFIG_USER_NS_FSID=y.
flavour_has_fsid() { grep -qx 'CONFIG_USER_NS_FSID=y' "$(flavour_config "$1")" && echo yes || echo no; }
# bzimage_in DIR: the kernel image of the kbuild output directory DIR.
bzimage_in() { echo "$1/arch/x86/boot/bzImage"; }
# kernel_image NAME: the flavour's kernel image, as make kernel builds it.
kernel_image() { bzimage_in "$BUILD/kernel/$1"; }
# kernel_release NAME: the `uname -r` its build produced.
kernel_release() { cat "$BUILD/kernel/$1/include/config/kernel.release"; }
# initramfs: the guest's initramfs, as make guest builds it.
initramfs() { echo "$BUILD/initramfs.cpio"; }

# demos: the demo numbers, one per line, in order.
demos() {
	local f
	for f in "$top"/demos/demo-*.sh; do
		f=${f##*/demo-}
		echo "${f%.sh}"
	done | grep -x '[0-9][0-9]*' | sort -n
}
# demo_disk N: the size of demo N's scratch disk ("# needs: disk SIZE"), or nothing.
demo_disk() { sed -n 's/^# needs: disk \([0-9]*[KMG]\)$/\1/p' "$top/demos/demo-$1.sh" | head -n 1; }

# labs_dir: the graded labs: the sheet README.md (and in the instructors'
# repository their answer key and reference solutions, which make handout
# leaves out).
labs_dir() { echo "$top/Documentation/labs"; }
# lab_questions SHEET: the questions of the lab sheet SHEET, N.M a line
# (its headings "### Question N.M: ...").
lab_questions() { sed -n 's/^### Question \([0-9]*\.[0-9]*\):.*/\1/p' "$1" 2>/dev/null; }
# lab_cc SOURCE OUT: a lab's C test program, built as the guest's
# selftests are (with the Makefile's SELFTEST_CFLAGS, read from it: static),
# with the selftests' helpers on the include path (fsid_mappings.h, and
# ../kselftest_harness.h from there) from $TREE [$BUILD/linux].
lab_cc() {
	# shellcheck disable=SC2046 # the flags are words
	gcc $(sed -n 's/^SELFTEST_CFLAGS := //p' "$top/Makefile") \
		-I "${TREE:-$BUILD/linux}/tools/testing/selftests/fsid_mappings" -o "$2" "$1"
}
# lab_disk DIR IMAGE: a 32 MiB ext4 image of DIR's files, which the labs'
# checks attach to the guest (/dev/vda) for /tests/labs.sh -r.
lab_disk() {
	rm -f "$2"
	truncate -s 32M "$2" && mkfs.ext4 -q -F -d "$1" "$2" >/dev/null
}
