#!/usr/bin/env bash
# demo-run.sh — replay one demo scenario (demos/demo-N.sh) in a QEMU guest.
#
# usage: tools/demo-run.sh N [FLAVOUR]      (make demo-N)
#
# Boots FLAVOUR [fsid] with the guest initramfs, which carries the demos
# as /demos, and runs /demos/demo-N.sh there. demo-3 gets a fresh, empty
# 64 MiB ext4 image, $BUILD/demo/demo-3.img, as its virtio disk /dev/vda.
# The guest's console is this program's stdout; tools/demo-normalize.sh
# turns it into the text of demos/demo-N.expected.
#
# Environment: BUILD [build], TIMEOUT [300] seconds per guest boot,
# DEMO_DELAY [0] seconds the demo pauses before each command (make demo-N
# sets 1, for a person watching), DEMO_COLOR [1] 0 for no colours.
# Exit status: the demo's (0 it ran to the end; 121 the kernel has no fsid
# maps, from fsid-unshare; see demos/lib.sh); 2 usage or a missing kernel,
# initramfs or demo; otherwise tools/run-guest.sh's (124 timeout, 125 the
# guest died).
set -euo pipefail
BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
die() { printf 'demo-run: %s\n' "$*" >&2; exit 2; }

[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: $0 N [vanilla|fsid-off|fsid]"
n=$1 flavour=${2:-fsid}
[ -f "$top/demos/demo-$n.sh" ] || die "no demo '$n': demos/ has $(cd "$top/demos" && echo demo-*.sh)"
kernel=$BUILD/kernel/$flavour/arch/x86/boot/bzImage
initrd=$BUILD/initramfs.cpio
[ -f "$kernel" ] || die "no $flavour kernel at $kernel: make kernel FLAVOUR=$flavour"
[ -f "$initrd" ] || die "no initramfs at $initrd: make guest"

disk=()
if [ "$n" = 3 ]; then
	mkdir -p "$BUILD/demo"
	img=$BUILD/demo/demo-3.img
	rm -f "$img"
	truncate -s 64M "$img"
	mkfs.ext4 -q -F "$img" || die "mkfs.ext4 failed on $img"
	disk=(-d "$img")
fi
exec "$top/tools/run-guest.sh" -k "$kernel" -i "$initrd" -t "${TIMEOUT:-300}" "${disk[@]}" \
	--test "DEMO_DELAY=${DEMO_DELAY:-0} DEMO_COLOR=${DEMO_COLOR:-1} /demos/demo-$n.sh"
