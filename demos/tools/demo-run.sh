#!/usr/bin/env bash
# demo-run.sh — replay one demo scenario (demos/demo-N.sh) in a QEMU guest.
#
# usage: demos/tools/demo-run.sh N [FLAVOUR]      (make demo-N)
#
# Boots FLAVOUR [fsid] with the guest initramfs, which carries the demos
# as /demos, and runs /demos/demo-N.sh there. A demo whose script has a
# header line "# needs: disk SIZE" gets a fresh, empty ext4 disk of SIZE
# as /dev/vda (tools/vm/run-guest.sh --scratch). The guest's console is
# this program's stdout; demos/tools/demo-normalize.sh turns it into the
# text of demos/demo-N.expected.
#
# Environment: BUILD [build], TIMEOUT [300] seconds per guest boot,
# DEMO_DELAY [0] seconds the demo pauses before each command (make demo-N
# sets 1, for a person watching), DEMO_COLOR [1] 0 for no colours.
# Exit status: the demo's (0 it ran to the end; 121 the kernel has no fsid
# maps, from fsid-unshare; see demos/lib.sh); 2 usage or a missing kernel,
# initramfs or demo; otherwise tools/vm/run-guest.sh's (124 timeout, 125
# the guest died).
set -euo pipefail
. "$(dirname "$0")/../../tools/lib.sh"
die() { printf 'demo-run: %s\n' "$*" >&2; exit 2; }

[ $# -ge 1 ] && [ $# -le 2 ] || die "usage: $0 N [FLAVOUR]"
n=$1 flavour=${2:-fsid}
demos | grep -qx -- "$n" || die "no demo '$n': demos/ has $(demos | paste -sd' ')"
is_flavour "$flavour" || die "unknown flavour '$flavour' (guest/flavours/ has: $(flavours | paste -sd' '))"
[ -f "$(kernel_image "$flavour")" ] || die "no $flavour kernel at $(kernel_image "$flavour"): make kernel FLAVOUR=$flavour"
[ -f "$(initramfs)" ] || die "no initramfs at $(initramfs): make guest"

disk=()
size=$(demo_disk "$n")
[ -z "$size" ] || disk=(--scratch "$size")
exec "$top/tools/vm/run-guest.sh" -f "$flavour" -t "${TIMEOUT:-300}" ${disk[@]+"${disk[@]}"} \
	--test "DEMO_DELAY=${DEMO_DELAY:-0} DEMO_COLOR=${DEMO_COLOR:-1} /demos/demo-$n.sh"
