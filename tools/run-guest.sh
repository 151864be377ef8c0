#!/usr/bin/env bash
# run-guest.sh — boot a kernel flavour in QEMU with the guest initramfs.
usage() {
	cat <<'EOF'
usage: tools/run-guest.sh [options] --test CMD    run CMD, exit with its status
       tools/run-guest.sh [options] --shell       interactive root shell

  -k, --kernel FILE   the bzImage to boot (required)
  -i, --initrd FILE   the initramfs (required)
  -d, --disk FILE     attach FILE as a raw virtio disk: /dev/vda, vdb, ...
                      (repeatable; e.g. an ext4 image made with mkfs.ext4)
  -t, --timeout SECS  kill the guest after SECS seconds [300; 0 = never;
                      --shell never times out]
  -l, --log FILE      also write the console output to FILE
  -a, --append ARGS   extra kernel command-line arguments
  -h, --help          this text

The serial console is this program's stdout. In --test mode CMD runs as
root with `sh -c` in the guest; the guest's /init prints
"=== guest: command exited with status N ===" and powers off, and this
program exits with N. In --shell mode, `exit` powers off; Ctrl-A X kills
QEMU.

Environment:
  ACCEL=tcg|kvm  QEMU accelerator [tcg]. KVM is opt-in: on the project's
                 build machines /dev/kvm exists but guests hang under it.
  ICOUNT=1       -icount shift=0,sleep=off: the guest clock advances 1 ns per
                 executed instruction, so timings are exact instruction
                 counts (benchmarks).
  MEM=SIZE       guest memory [512M].
  QEMU=PROGRAM   [qemu-system-x86_64]
  KLOG_DIR=DIR   in --test mode, keep the guest's whole kernel log (dmesg,
                 printed by the guest after its end marker) as a new file
                 DIR/boot.XXXXXX.log; tools/klog-scan.sh checks such files.

Exit status: the guest command's status in --test mode (0 in --shell
mode); 2 usage error; 124 the guest did not finish within the timeout and
was killed; 125 the guest stopped without printing its end marker (kernel
panic, crash, or /init failed); 127 QEMU is not installed.
EOF
}
set -euo pipefail

kernel= initrd= mode= cmd= timeout=300 log= append=
disks=()
die() { printf 'run-guest: %s\n' "$*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	-k | --kernel) kernel=${2?}; shift 2 ;;
	-i | --initrd) initrd=${2?}; shift 2 ;;
	-d | --disk) disks+=("${2?}"); shift 2 ;;
	-t | --timeout) timeout=${2?}; shift 2 ;;
	-l | --log) log=${2?}; shift 2 ;;
	-a | --append) append=${2?}; shift 2 ;;
	--test) mode=test; cmd=${2?}; shift 2 ;;
	--shell) mode=shell; shift ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; die "unknown argument '$1'" ;;
	esac
done
[ -n "$mode" ] || { usage >&2; die "say --test CMD or --shell"; }
[ -f "$kernel" ] || die "no kernel image '$kernel' (--kernel; make kernel builds one)"
[ -f "$initrd" ] || die "no initramfs '$initrd' (--initrd; make guest builds it)"
case "$timeout" in '' | *[!0-9]*) die "--timeout wants whole seconds, not '$timeout'" ;; esac
for d in ${disks[@]+"${disks[@]}"}; do
	[ -f "$d" ] || die "no disk image '$d'"
done
QEMU=${QEMU:-qemu-system-x86_64}
command -v "$QEMU" >/dev/null || { echo "run-guest: $QEMU not found (Debian package qemu-system-x86)" >&2; exit 127; }

accel=${ACCEL:-tcg}
case "$accel" in
tcg | kvm) ;;
*) die "ACCEL must be tcg or kvm, not '$accel'" ;;
esac
qemu=("$QEMU" -nodefaults -no-user-config -no-reboot -display none
	-machine "pc,accel=$accel" -smp 1 -m "${MEM:-512M}"
	-kernel "$kernel" -initrd "$initrd")
[ "$accel" = kvm ] && qemu+=(-cpu host)
[ "${ICOUNT:-0}" = 1 ] && qemu+=(-icount shift=0,sleep=off)
for d in ${disks[@]+"${disks[@]}"}; do
	qemu+=(-drive "file=$d,format=raw,if=virtio")
done
# panic=-1 reboots on panic, and -no-reboot turns that into QEMU exiting.
cmdline="console=ttyS0 quiet panic=-1 fsid.mode=$mode"
if [ "$mode" = shell ]; then
	# mon:stdio: the console is the terminal, Ctrl-A X quits.
	exec "${qemu[@]}" -serial mon:stdio -append "$cmdline $append"
fi

cmdline="$cmdline fsid.cmd=$(printf '%s' "$cmd" | base64 -w0)"
[ -z "${KLOG_DIR:-}" ] || cmdline="$cmdline fsid.klog=1"
[ ${#cmdline} -lt 2000 ] || die "the command is too long for the kernel command line; put it in a script in the guest"
own_log=no
if [ -z "$log" ]; then
	log=$(mktemp)
	own_log=yes
fi
cleanup() { [ $own_log = no ] || rm -f "$log"; }
trap cleanup EXIT
tlimit=()
[ "$timeout" -gt 0 ] && tlimit=(timeout -k 5 "$timeout")
set +e
${tlimit[@]+"${tlimit[@]}"} "${qemu[@]}" -serial stdio -append "$cmdline $append" </dev/null | tee "$log"
rc=${PIPESTATUS[0]}
set -e
if [ "$timeout" -gt 0 ] && [ "$rc" -eq 124 ]; then
	echo "run-guest: the guest did not finish within $timeout s: killed it (raise --timeout if it needs longer)" >&2
	exit 124
fi
status=$(tr -d '\r' <"$log" | sed -n 's/^=== guest: command exited with status \([0-9]*\) ===$/\1/p' | tail -n 1)
if [ -n "${KLOG_DIR:-}" ]; then
	# The kernel log, or the whole console if the guest never printed it
	# (a panic): either way the scan sees what the kernel said.
	mkdir -p "$KLOG_DIR"
	klog=$(mktemp "$KLOG_DIR/boot.XXXXXX.log")
	if tr -d '\r' <"$log" | grep -q '^=== guest: end of kernel log ===$'; then
		tr -d '\r' <"$log" | sed -n '/^=== guest: kernel log ===$/,/^=== guest: end of kernel log ===$/p' >"$klog"
	else
		tr -d '\r' <"$log" >"$klog"
	fi
fi
if [ -z "$status" ]; then
	echo "run-guest: the guest stopped without its end marker (QEMU exit status $rc): kernel panic, crash or /init failure; see the console output above" >&2
	exit 125
fi
exit "$status"
