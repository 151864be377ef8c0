#!/usr/bin/env bash
# call-trace.sh — where a system call's instructions go: every instruction
# that one call of fsid-bench's measured loop executes in the kernel, from
# the syscall's entry function until the return to user space, counted
# per kernel function (make call-trace).
#
# usage: tools/bench/call-trace.sh FLAVOUR MODE OP
#   FLAVOUR  a built flavour (vanilla, fsid-off, fsid)
#   MODE     unset (id maps only) or set (id and fsid maps: fsid only)
#   OP       fchown, setresuid or setresuid-change (fsid-bench -o OP). Not stat and fstat:
#            their system call, newfstatat, is also made after the
#            measured loop, so that the last call but one is not the loop's
# Boots the flavour under QEMU with its gdb stub twice, running
# "fsid-bench -n 4 -r 1 -o OP -m MODE": the first boot counts how often
# the entry function (__x64_sys_fchown, ...) is reached, the second stops
# at the last hit but one, which is a call of the measured loop, and
# single-steps it with gdb (no kernel address randomisation in the guest
# kernels, nokaslr anyway). Prints "COUNT FUNCTION" lines, most
# instructions first, then "total COUNT". Timer interrupts that land in
# the call are counted too (a few dozen instructions, rarely).
# Environment: BUILD [build], PCS [none: a file to keep the trace in, one
# instruction address per line, for objdump -d of the functions].
# Exit status: 0 traced; 1 the guest or gdb failed; 2 usage, or no kernel
# or initramfs; 3 gdb or qemu missing (the Debian packages are named).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
[ $# -eq 3 ] || { echo "usage: $0 FLAVOUR MODE OP" >&2; exit 2; }
flavour=$1 mode=$2 op=$3
case "$op" in
fchown) entry=__x64_sys_fchown ;;
setresuid | setresuid-change) entry=__x64_sys_setresuid ;;
*) echo "call-trace: OP must be fchown, setresuid or setresuid-change, not '$op'" >&2; exit 2 ;;
esac
case "$mode" in unset | set) ;; *) echo "call-trace: MODE must be unset or set, not '$mode'" >&2; exit 2 ;; esac
is_flavour "$flavour" || { echo "call-trace: no flavour '$flavour' (guest/flavours/)" >&2; exit 2; }
dir=$BUILD/kernel/$flavour
[ -f "$(bzimage_in "$dir")" ] && [ -f "$dir/vmlinux" ] || { echo "call-trace: no $flavour kernel: make kernel FLAVOUR=$flavour" >&2; exit 2; }
[ -f "$(initramfs)" ] || { echo "call-trace: no initramfs: make guest" >&2; exit 2; }
command -v gdb >/dev/null || { echo "call-trace: gdb not found (Debian package gdb)" >&2; exit 3; }
command -v qemu-system-x86_64 >/dev/null || { echo "call-trace: qemu-system-x86_64 not found (Debian package qemu-system-x86)" >&2; exit 3; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmd=$(printf '%s' "fsid-bench -n 4 -r 1 -o $op -m $mode -k $flavour /tmp" | base64 -w0)
port=$((20000 + $$ % 10000 * 2))

# boot GDBSCRIPT: the guest, stopped for gdb at start, and gdb running the
# script. Each boot gets a port of its own (a closed listener may linger),
# and gdb starts once QEMU listens on it.
boot() {
	port=$((port + 1))
	sed -i "s/^target remote :.*/target remote :$port/" "$1"
	timeout 300 qemu-system-x86_64 -nodefaults -no-user-config -no-reboot -display none \
		-machine pc,accel=tcg -smp 1 -m 512M -kernel "$(bzimage_in "$dir")" -initrd "$(initramfs)" \
		-serial "file:$tmp/console.log" -gdb "tcp::$port" -S \
		-append "console=ttyS0 quiet panic=-1 nokaslr fsid.mode=test fsid.cmd=$cmd" 2>"$tmp/qemu.err" &
	local qemu=$! i
	for i in $(seq 50); do
		ss -ltn 2>/dev/null | grep ":$port " >/dev/null && break # no -q: see runner.sh
		sleep 0.2
	done
	timeout 280 gdb -q -batch -x "$1" "$dir/vmlinux" >"$tmp/gdb.log" 2>&1 || true
	kill "$qemu" 2>/dev/null || true
	wait "$qemu" 2>/dev/null || true
}

# Pass 1: how many times the entry function is reached.
cat >"$tmp/count.gdb" <<EOF
set pagination off
set confirm off
target remote :$port
break $entry
python
import gdb
hits = 0
try:
    while True:
        gdb.execute("continue", to_string=True)
        hits += 1
except gdb.error:
    pass
open("$tmp/hits", "w").write(str(hits))
end
EOF
boot "$tmp/count.gdb"
hits=$(cat "$tmp/hits" 2>/dev/null || echo 0)
[ "$hits" -ge 2 ] || { echo "call-trace: $entry reached $hits times (see $tmp/console.log)" >&2; cat "$tmp/gdb.log" >&2; exit 1; }

# Pass 2: stop at the last hit but one and single-step it to user space.
cat >"$tmp/trace.gdb" <<EOF
set pagination off
set confirm off
target remote :$port
break $entry
python
import gdb
for _ in range($hits - 1):
    gdb.execute("continue", to_string=True)
gdb.execute("delete")
pcs = []
while len(pcs) < 200000:
    pc = int(gdb.parse_and_eval("\$pc")) & 0xffffffffffffffff
    if pc < 0xffff800000000000:
        break
    pcs.append(pc)
    gdb.execute("stepi", to_string=True)
open("$tmp/pcs", "w").write("\n".join("%x" % p for p in pcs) + "\n")
end
kill
EOF
boot "$tmp/trace.gdb"
[ -s "$tmp/pcs" ] || { echo "call-trace: no trace (gdb said:)" >&2; cat "$tmp/gdb.log" >&2; exit 1; }
[ -z "${PCS:-}" ] || cp "$tmp/pcs" "$PCS"
nm -n "$dir/vmlinux" | python3 -c '
import bisect, collections, sys
addrs, names = [], []
for line in sys.stdin:
    p = line.split()
    if len(p) == 3 and p[1] in "tTwW":
        addrs.append(int(p[0], 16)); names.append(p[2])
count = collections.Counter()
for line in open(sys.argv[1]):
    i = bisect.bisect_right(addrs, int(line, 16)) - 1
    count[names[i] if i >= 0 else "?"] += 1
for name, c in sorted(count.items(), key=lambda kv: (-kv[1], kv[0])):
    print(c, name)
print("total", sum(count.values()))
' "$tmp/pcs"
