#!/usr/bin/env bash
# run-guest.sh — boot a kernel flavour in QEMU with the guest initramfs.
usage() {
	cat <<'EOF'
usage: tools/vm/run-guest.sh [options] --test CMD    run CMD, exit with its status
       tools/vm/run-guest.sh [options] --shell       interactive root shell

  -f, --flavour NAME  boot the kernel make kernel FLAVOUR=NAME built
  -k, --kernel FILE   boot FILE, a bzImage (this or -f is required)
  -i, --initrd FILE   the initramfs [the one make guest builds]
  -d, --disk FILE     attach FILE as a raw virtio disk: /dev/vda, vdb, ...
                      (repeatable; e.g. an ext4 image made with mkfs.ext4)
  -D, --scratch SIZE  attach a fresh, empty ext4 image of SIZE (truncate(1)
                      sizes: 64M) after the -d disks, made with mkfs.ext4
                      in $TMPDIR and removed when the guest stops
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
  BUILD=DIR      where make builds [build]: -f's kernel and the default -i.
  ACCEL=tcg|kvm  QEMU accelerator [tcg]. KVM is opt-in: on the project's
                 build machines /dev/kvm exists but guests hang under it.
  ICOUNT=1       -icount shift=0,sleep=off: the guest clock advances 1 ns per
                 executed instruction, so timings are exact instruction
                 counts (benchmarks).
  MEM=SIZE       guest memory [512M].
  SMP=N          virtual CPUs [1]; the kernel must be built with CONFIG_SMP
                 (the kcsan flavour) for more than one to be used.
  TCG_THREAD=single|multi
                 TCG's threading [QEMU's default: multi, one host thread
                 per virtual CPU]. single runs every virtual CPU on one
                 host thread, in turn.
  QEMU=PROGRAM   [qemu-system-x86_64]
  KLOG_DIR=DIR   in --test mode, keep the guest's whole kernel log (dmesg,
                 printed by the guest after its end marker) as a new file
                 DIR/boot.XXXXXX.log; tools/vm/klog-scan.sh checks such files.

Exit status: the guest command's status in --test mode (0 in --shell
mode); 2 usage error; 124 the guest did not finish within the timeout and
was killed; 125 the guest stopped without printing its end marker (kernel
panic, crash, or /init failed); 127 QEMU is not installed.
EOF
}
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

kernel= initrd= mode= cmd= timeout=300 log= append= scratch=
disks=()
die() { printf 'run-guest: %s\n' "$*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	-f | --flavour)
		is_flavour "${2?}" || die "unknown flavour '$2' (guest/flavours/ has: $(flavours | paste -sd' '))"
		kernel=$(kernel_image "$2")
		shift 2
		;;
	-k | --kernel) kernel=${2?}; shift 2 ;;
	-i | --initrd) initrd=${2?}; shift 2 ;;
	-d | --disk) disks+=("${2?}"); shift 2 ;;
	-D | --scratch) scratch=${2?}; shift 2 ;;
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
[ -n "$initrd" ] || initrd=$(initramfs)
[ -n "$kernel" ] || die "say which kernel: -f FLAVOUR or -k FILE"
[ -f "$kernel" ] || die "no kernel image '$kernel' (make kernel builds one)"
[ -f "$initrd" ] || die "no initramfs '$initrd' (--initrd; make guest builds it)"
case "$timeout" in '' | *[!0-9]*) die "--timeout wants whole seconds, not '$timeout'" ;; esac
for d in ${disks[@]+"${disks[@]}"}; do
	[ -f "$d" ] || die "no disk image '$d'"
done
QEMU=${QEMU:-qemu-system-x86_64}
command -v "$QEMU" >/dev/null || { echo "run-guest: $QEMU not found (Debian package qemu-system-x86)" >&2; exit 127; }

# Files to remove when this script ends.
tmpfiles=()
cleanup() { rm -f ${tmpfiles[@]+"${tmpfiles[@]}"}; }
trap cleanup EXIT
if [ -n "$scratch" ]; then
	[[ $scratch =~ ^[1-9][0-9]*[KMG]$ ]] || die "--scratch wants a size such as 64M, not '$scratch'"
	img=$(mktemp "${TMPDIR:-/tmp}/scratch.XXXXXX")
	tmpfiles+=("$img")
	truncate -s "$scratch" "$img" && mkfs.ext4 -q -F "$img" >/dev/null ||
		die "could not make a $scratch ext4 image (mkfs.ext4, Debian package e2fsprogs)"
	disks+=("$img")
fi

accel=${ACCEL:-tcg}
case "$accel" in
tcg | kvm) ;;
*) die "ACCEL must be tcg or kvm, not '$accel'" ;;
esac
case "${TCG_THREAD:-}" in
'') accelopt=(-machine "pc,accel=$accel") ;;
single | multi)
	[ "$accel" = tcg ] || die "TCG_THREAD is an option of ACCEL=tcg"
	accelopt=(-machine pc -accel "tcg,thread=$TCG_THREAD")
	;;
*) die "TCG_THREAD must be single or multi, not '$TCG_THREAD'" ;;
esac
qemu=("$QEMU" -nodefaults -no-user-config -no-reboot -display none
	"${accelopt[@]}" -smp "${SMP:-1}" -m "${MEM:-512M}"
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
	"${qemu[@]}" -serial mon:stdio -append "$cmdline $append"
	exit 0
fi

cmdline="$cmdline fsid.cmd=$(printf '%s' "$cmd" | base64 -w0)"
[ -z "${KLOG_DIR:-}" ] || cmdline="$cmdline fsid.klog=1"
[ ${#cmdline} -lt 2000 ] || die "the command is too long for the kernel command line; put it in a script in the guest"
if [ -z "$log" ]; then
	log=$(mktemp)
	tmpfiles+=("$log")
fi
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
	# no grep -q: under pipefail an early exit would kill tr with SIGPIPE
	if tr -d '\r' <"$log" | grep '^=== guest: end of kernel log ===$' >/dev/null; then
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
