#!/usr/bin/env bash
# runner.sh — tests of tools/vm/run-guest.sh against a real guest: exit status,
# console output, the timeout, a guest that dies without its end marker, a
# virtio ext4 disk made on the host, the interactive shell, usage errors.
#
# usage: tools/tests/runner.sh BZIMAGE INITRAMFS
# Output is TAP; exit status 0 when every test passed, 1 otherwise.
set -uo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BZIMAGE INITRAMFS" >&2; exit 2; }
kernel=$1 initrd=$2
run=$(cd "$(dirname "$0")/.." && pwd)/vm/run-guest.sh
. "$(dirname "$0")/tap.sh"
guest() { "$run" -k "$kernel" -i "$initrd" "$@" >"$tmp/out" 2>"$tmp/err"; }
# grep reads to the end (no -q): under pipefail, grep -q leaving early would
# make tr die of SIGPIPE and the pipeline fail although the line was there.
has() { tr -d '\r' <"$1" | grep -- "$2" >/dev/null; }
echo "1..16"

guest -t 120 --test 'echo hello-from-$((6*7)); exit 7'
rc=$?
expect "--test exits with the guest command's status (7)" [ $rc -eq 7 ]
expect "the console output reaches stdout" has "$tmp/out" '^hello-from-42$'
expect "the end marker carries the status" has "$tmp/out" '^=== guest: command exited with status 7 ===$'

start=$(date +%s)
KLOG_DIR= guest -t 5 --test 'echo about-to-hang; sleep 1000'
rc=$? took=$(($(date +%s) - start))
expect "a hung guest is killed by the timeout: status 124" [ $rc -eq 124 ]
expect "... with a message that says so, after about 5 s (took $took s)" \
	eval 'has "$tmp/err" "did not finish within 5 s: killed it" && [ $took -lt 30 ]'

# The kernel log: kept with KLOG_DIR, and scanned.
KLOG_DIR=$tmp/klog guest -t 120 --test 'echo guest-said-hi >/dev/kmsg'
rc=$?
expect "with KLOG_DIR the guest's whole kernel log is kept, after the end marker" \
	eval '[ $rc -eq 0 ] && grep -q "Linux version" "$tmp"/klog/boot.*.log &&
	      grep -q guest-said-hi "$tmp"/klog/boot.*.log'
expect "klog-scan.sh passes that log" "$(dirname "$run")/klog-scan.sh" "$tmp"/klog/boot.*.log
sed 's/guest-said-hi/WARNING: CPU: 0 PID: 1 at fs\/namei.c:1 f+0x0\/0x1/' "$tmp"/klog/boot.*.log >"$tmp/warned.log"
expect "... and fails a copy of it with a WARNING in it" \
	eval '! "$(dirname "$run")/klog-scan.sh" "$tmp/warned.log" >/dev/null'

# A deliberate panic: no kernel log of it for make check to flag.
KLOG_DIR= guest -t 120 -a rdinit=/bin/false --test true
rc=$?
expect "a guest whose init dies (kernel panic) ends with status 125" [ $rc -eq 125 ]
expect "... and a message about the missing end marker" has "$tmp/err" 'stopped without its end marker'

# A disk image made on the host, no loop mount: mkfs.ext4 -d populates it.
mkdir "$tmp/disk"
echo disk-content >"$tmp/disk/hello.txt"
owner=$(stat -c %u:%g "$tmp/disk/hello.txt")
mkfs.ext4 -q -F -d "$tmp/disk" "$tmp/disk.img" 8M
guest -t 120 -d "$tmp/disk.img" --test \
	'mount -t ext4 /dev/vda /mnt && cat /mnt/hello.txt && stat -c owner=%u:%g /mnt/hello.txt &&
	 echo written-in-guest >/mnt/new.txt && umount /mnt'
rc=$?
expect "an ext4 image attached with --disk mounts in the guest as /dev/vda" \
	eval '[ $rc -eq 0 ] && has "$tmp/out" "^disk-content$" && has "$tmp/out" "^owner=$owner$"'
expect "... and what the guest wrote is in the image afterwards" \
	eval '[ "$(debugfs -R "cat /new.txt" "$tmp/disk.img" 2>/dev/null)" = written-in-guest ]'

# The interactive shell, driven through a fifo as a person would type.
mkfifo "$tmp/in"
"$run" -k "$kernel" -i "$initrd" --shell <"$tmp/in" >"$tmp/out" 2>&1 &
pid=$!
exec 3>"$tmp/in"
wait_for() { # wait_for PATTERN SECONDS
	local i=0
	while [ $i -lt $(($2 * 5)) ]; do
		has "$tmp/out" "$1" && return 0
		sleep 0.2
		i=$((i + 1))
	done
	return 1
}
wait_for 'root@guest:/# ' 60
prompt=$?
printf 'id -u; echo shell-$((6*7))\n' >&3
wait_for '^shell-42$' 30
answered=$?
printf 'exit\n' >&3
exec 3>&-
for _ in $(seq 1 150); do kill -0 $pid 2>/dev/null || break; sleep 0.2; done
if kill -0 $pid 2>/dev/null; then kill $pid; fi
wait $pid
rc=$?
expect "--shell gives a root prompt (root@guest:/# )" [ $prompt -eq 0 ]
expect "... that runs what is typed as uid 0" eval '[ $answered -eq 0 ] && has "$tmp/out" "^0$"'
expect "... and 'exit' powers the guest off (QEMU status 0)" [ $rc -eq 0 ]

"$run" --no-such-option >/dev/null 2>"$tmp/err"
rc=$?
expect "an unknown option is a usage error: status 2 and a message" \
	eval '[ $rc -eq 2 ] && has "$tmp/err" "unknown argument"'
[ $bad -eq 0 ]
