#!/usr/bin/env bash
# check-labs.sh — Lab 3 of the graded labs (Documentation/labs/) works:
# the patch that opts ramfs in to fsid mappings applies on the series,
# its kernel builds, and the lab's test passes on that kernel and fails on
# the fsid kernel without the patch (so the test can fail). make
# check-labs runs it with the reference solution; LAB3_PATCH and
# LAB3_TEST grade a student's patch, or test, the same way.
#
# usage: tools/labs/check-labs.sh     (make check-labs [LAB3_PATCH=FILE] [LAB3_TEST=FILE])
#
# The steps, one TAP test each:
#   1. $BUILD/labs/linux, a worktree of $TREE (made once), is reset to the
#      tag "applied" (the whole series), and the patch is applied with
#      `git am`;
#   2. the test, a C program, builds statically (lab_cc, tools/lib.sh);
#   3. the fsid flavour builds there: TREE=$BUILD/labs/linux
#      BUILD=$BUILD/labs tools/vm/kernel-build.sh fsid, into
#      $BUILD/labs/kernel/fsid (log: $BUILD/labs/build-fsid.log);
#   4. the test, on a disk, run by /tests/labs.sh -r in a guest of that
#      kernel, exits 0;
#   5. on the fsid kernel of make kernel ($BUILD/kernel/fsid, ramfs keeping
#      the id maps) it exits with a status other than 0.
# Each step needs the ones before it.
#
# Environment: BUILD [build]; TREE [$BUILD/linux];
#   LAB3_PATCH [Documentation/labs/solutions/lab3-ramfs.patch];
#   LAB3_TEST [Documentation/labs/solutions/lab3_ramfs_test.c];
#   LAB3_KERNEL: a bzImage to boot in step 4 instead of building one in
#   step 3 (to try this script without a kernel build; the image must be
#   built from the patch for step 4 to mean anything);
#   INITRD [make guest's initramfs]; TIMEOUT [300] seconds per guest;
#   JOBS (kernel-build.sh's).
# Exit status: 0 every step passed; 1 a step failed; 2 usage or a missing
# input (patch, test, tree, fsid kernel, initramfs).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/lib.sh"
[ $# -eq 0 ] || { echo "usage: $0 (environment: LAB3_PATCH, LAB3_TEST; see the header)" >&2; exit 2; }
. "$top/tools/tests/tap.sh"
die() { echo "check-labs: $*" >&2; exit 2; }

BUILD=$(mkdir -p "$BUILD" && cd "$BUILD" && pwd)
TREE=$(realpath "${TREE:-$BUILD/linux}")
patch=$(realpath "${LAB3_PATCH:-$(labs_dir)/solutions/lab3-ramfs.patch}")
test=$(realpath "${LAB3_TEST:-$(labs_dir)/solutions/lab3_ramfs_test.c}")
labs=$BUILD/labs
wt=$labs/linux
fsid=$(kernel_image fsid)
initrd=${INITRD:-$(initramfs)}
[ -f "$patch" ] || die "no patch $patch (LAB3_PATCH)"
[ -f "$test" ] || die "no test $test (LAB3_TEST)"
[ -d "$TREE/.git" ] || die "no kernel tree at $TREE: make tree"
[ -f "$fsid" ] || die "no fsid kernel at $fsid: make kernel FLAVOUR=fsid"
[ -f "$initrd" ] || die "no initramfs at $initrd: make guest"
[ -z "${LAB3_KERNEL:-}" ] || [ -f "$LAB3_KERNEL" ] || die "no kernel image $LAB3_KERNEL (LAB3_KERNEL)"
mkdir -p "$labs"
echo "1..5"

# skip_rest FROM DESC...: the steps from FROM on fail, for want of the one before.
skip_rest() {
	local d
	for d in "$@"; do result FAIL "$d (not run: an earlier step failed)"; done
	exit 1
}
steps=("the patch applies with git am on the series (tag applied) in $wt"
	"the test builds statically ($test)"
	"the fsid flavour builds with the patch ($labs/kernel/fsid)"
	"the test passes on the kernel with the patch"
	"the test fails on the fsid kernel without the patch ($fsid)")

# --- 1. the worktree at applied, with the patch ------------------------------
if [ ! -e "$wt/.git" ]; then
	git -C "$TREE" worktree prune
	git -C "$TREE" worktree add -q --detach "$wt" applied >"$labs/git.log" 2>&1 ||
		die "could not make the worktree $wt (see $labs/git.log)"
fi
g() { git -C "$wt" -c user.name='fsid workbench' -c user.email=workbench@fsid.invalid "$@"; }
g am --abort >/dev/null 2>&1
if g checkout -q --detach applied && g reset -q --hard && g clean -q -fdx &&
	g am -q "$patch" >"$labs/git.log" 2>&1; then
	result OK "${steps[0]}: $(g log -1 --format=%s)"
else
	result FAIL "${steps[0]}" "$(tail -n 15 "$labs/git.log")"
	g am --abort >/dev/null 2>&1
	skip_rest "${steps[@]:1}"
fi

# --- 2. the test program, on a disk -------------------------------------------
mkdir -p "$tmp/disk"
if TREE=$wt lab_cc "$test" "$tmp/disk/lab3_ramfs_test" 2>"$tmp/cc"; then
	result OK "${steps[1]}"
else
	result FAIL "${steps[1]}" "$(cat "$tmp/cc")"
	skip_rest "${steps[@]:2}"
fi
lab_disk "$tmp/disk" "$tmp/disk.img" || die "could not make the disk image"

# --- 3. the kernel with the patch ----------------------------------------------
if [ -n "${LAB3_KERNEL:-}" ]; then
	kernel=$LAB3_KERNEL
	result OK "${steps[2]}: not built, LAB3_KERNEL=$kernel stands for it"
elif TREE=$wt BUILD=$labs "$top/tools/vm/kernel-build.sh" fsid >"$labs/build-fsid.log" 2>&1; then
	kernel=$(bzimage_in "$labs/kernel/fsid")
	result OK "${steps[2]}: $(cat "$labs/kernel/fsid/include/config/kernel.release")"
else
	result FAIL "${steps[2]}" "$(tail -n 20 "$labs/build-fsid.log")"
	skip_rest "${steps[@]:3}"
fi

# run_test KERNEL: the test in a guest of KERNEL; its output in $tmp/out,
# its exit status echoed ("none" if the guest did not get to say).
run_test() {
	"$top/tools/vm/run-guest.sh" -k "$1" -i "$initrd" -d "$tmp/disk.img" \
		-t "${TIMEOUT:-300}" --test "/tests/labs.sh -r lab3_ramfs_test" 2>&1 | tr -d '\r' >"$tmp/out"
	sed -n 's/^status lab3_ramfs_test \([0-9]*\)$/\1/p' "$tmp/out" | grep . || echo none
}
# shown: what the test printed, else the end of the console.
shown() {
	if grep '^| ' "$tmp/out" >/dev/null; then
		sed -n 's/^| //p' "$tmp/out"
	else
		grep -v '^\[' "$tmp/out" | tail -n 15
	fi
}

# --- 4. it passes with the patch ------------------------------------------------
rc=$(run_test "$kernel")
if [ "$rc" = 0 ]; then
	result OK "${steps[3]}"
else
	result FAIL "${steps[3]}" "exit status: $rc" "$(shown)"
fi

# --- 5. and fails without ----------------------------------------------------------
rc=$(run_test "$fsid")
if [ "$rc" != none ] && [ "$rc" != 0 ]; then
	result OK "${steps[4]}: exit status $rc"
else
	result FAIL "${steps[4]}" "exit status: $rc" "$(shown)"
fi
tap_status
