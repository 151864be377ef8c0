#!/usr/bin/env bash
# check.sh — run every test suite of the project and count the results.
#
# usage: tools/check.sh [GLOB]     (make check [T=GLOB])
#
# Each suite is a command that prints TAP: a plan "1..N" and one line
# "ok K - what" or "not ok K - what" per test. This script runs the suites
# (only those whose name matches GLOB, if given), keeps each one's whole
# output in $BUILD/check/NAME.log, prints one line per test, and ends with
#   N passed, N failed
# A test is counted as failed when it says "not ok", when it is marked
# "# SKIP" (nothing here may pass by being skipped), when fewer or more
# results arrive than its suite planned, or when the suite exits non-zero
# without saying which test failed. Every guest that a suite boots keeps
# its whole kernel log in $BUILD/check/klog/NAME/ (tools/run-guest.sh,
# KLOG_DIR), and tools/klog-scan.sh reads them after the suite: a warning,
# BUG, oops, panic, refcount or list corruption, lockdep, KASAN, UBSAN,
# kmemleak or hung-task report is one more failure, printed. The kernels and the initramfs must
# already be built (make check builds them first).
#
# Environment: BUILD [build], TIMEOUT per guest boot in seconds [300].
# Exit status: 0 every test passed; 1 some failed; 2 no suite matched GLOB.
set -uo pipefail

BUILD=${BUILD:-build}
TIMEOUT=${TIMEOUT:-300}
glob=${1:-*}
top=$(cd "$(dirname "$0")/.." && pwd)
logs=$BUILD/check
mkdir -p "$logs"
rm -rf "$logs/klog"
initrd=$BUILD/initramfs.cpio
passed=0 failed=0 ran=0

# suite NAME CMD...: run one suite and count its results.
suite() {
	local name=$1 log=$logs/$1.log plan=0 n=0 rc line
	shift
	# shellcheck disable=SC2053
	[[ $name == $glob ]] || return 0
	ran=$((ran + 1))
	echo "# $name: $*"
	export KLOG_DIR=$logs/klog/$name
	"$@" >"$log" 2>&1 </dev/null
	rc=$?
	unset KLOG_DIR
	while IFS= read -r line; do
		line=${line%$'\r'}
		case "$line" in
		1..*) plan=${line#1..} ;;
		"not ok "*)
			n=$((n + 1)); failed=$((failed + 1))
			echo "not ok - $name: ${line#not ok }"
			;;
		"ok "*)
			n=$((n + 1))
			if [[ $line == *"# SKIP"* || $line == *"# skip"* ]]; then
				failed=$((failed + 1))
				echo "not ok - $name: ${line#ok } (a skip counts as a failure)"
			else
				passed=$((passed + 1))
				echo "ok - $name: ${line#ok }"
			fi
			;;
		"#   "*) echo "  $line" ;;
		esac
	done < <(tr -d '\r' <"$log" | grep -E '^(1\.\.[0-9]+|ok |not ok |#   )')
	if [ "$plan" -eq 0 ] || [ "$n" -ne "$plan" ]; then
		failed=$((failed + 1))
		echo "not ok - $name: planned ${plan} tests, $n reported (exit status $rc); see $log"
	elif [ "$rc" -ne 0 ] && ! grep -q '^not ok ' <(tr -d '\r' <"$log"); then
		failed=$((failed + 1))
		echo "not ok - $name: exited with status $rc though no test failed; see $log"
	fi
	klog_check "$name"
}

# klog_check NAME: scan the kernel logs of the guests suite NAME booted.
klog_check() {
	local dir=$logs/klog/$1 files report
	files=$(find "$dir" -name 'boot.*.log' 2>/dev/null | sort)
	[ -n "$files" ] || return 0
	# shellcheck disable=SC2086
	if ! report=$("$top/tools/klog-scan.sh" $files); then
		failed=$((failed + 1))
		echo "not ok - $1: the guest kernel reported a problem ($(echo "$files" | wc -l) logs in $dir)"
		printf '%s\n' "$report" | head -n 40 | sed 's/^/  #   /'
	fi
}

# release FLAVOUR: the `uname -r` its build produced.
release() { cat "$BUILD/kernel/$1/include/config/kernel.release"; }
# has_fsid FLAVOUR: yes if it was configured with CONFIG_USER_NS_FSID=y.
has_fsid() { grep -qx 'CONFIG_USER_NS_FSID=y' "$BUILD/kernel/$1/.config" && echo yes || echo no; }
kernel() { echo "$BUILD/kernel/$1/arch/x86/boot/bzImage"; }

# --- host-side suites ----------------------------------------------------
suite series-machinery "$top/tools/tests/series-machinery.sh"
suite series-roundtrip "$top/tools/tests/series-roundtrip.sh"
suite checkpatch "$top/tools/tests/checkpatch.sh"
suite kernel-doc "$top/tools/tests/kernel-doc.sh"
suite no-code-when-off "$top/tools/tests/no-code-when-off.sh"
suite launcher-args "$top/tools/tests/launcher-args.sh" "$BUILD/guest-bin/fsid-unshare"
suite bench-args "$top/tools/tests/bench-args.sh" "$BUILD/guest-bin/fsid-bench"
suite excerpts "$top/tools/tests/excerpts.py"
suite admin-guide "$top/tools/tests/admin-guide.sh"
suite docs "$top/tools/tests/docs.sh"

# --- guest suites, on every flavour ----------------------------------------
for f in vanilla fsid-off fsid; do
	suite "smoke-$f" "$top/tools/run-guest.sh" -k "$(kernel $f)" -i "$initrd" -t "$TIMEOUT" \
		--test "/tests/smoke.sh $(release $f) $(has_fsid $f)"
done
suite runner "$top/tools/tests/runner.sh" "$(kernel fsid)" "$initrd"
# The demos' launcher against each kernel: what needs the kernel (a map
# refused, no fsid maps), the syntax being checked on the host.
for f in vanilla fsid; do
	suite "launcher-$f" "$top/tools/run-guest.sh" -k "$(kernel $f)" -i "$initrd" -t "$TIMEOUT" \
		--test "/tests/launcher.sh $(has_fsid $f)"
done

# --- the demo scenarios (demos/) ------------------------------------------
# Live on fsid, each compared with its expected file; demo-1 on vanilla,
# where it must stop at once with fsid-unshare's message (status 121); and
# the committed casts, which must show the same text.
for d in 1 2 3; do
	suite "demo-$d" "$top/tools/tests/demo-live.sh" $d fsid 0 "$top/demos/demo-$d.expected"
done
suite demo-1-vanilla "$top/tools/tests/demo-live.sh" 1 vanilla 121 "$top/demos/demo-1-vanilla.expected"
suite casts "$top/tools/tests/casts.sh" 1 2 3
# The walkthrough's exercises: their answers against the kernel.
suite exercises "$top/tools/tests/exercises.sh" "$(kernel fsid)" "$initrd"
suite exercises-attacks "$top/tools/tests/exercises.sh" "$(kernel fsid)" "$initrd" \
	"$top/Documentation/walkthrough/10-attacks.md"

# --- the kernel selftests in the guest -------------------------------------
# in_guest FLAVOUR PROGRAM: run one selftest program in the guest, with a
# fresh ext4 image as its disk.
in_guest() {
	local img
	img=$(mktemp "$logs/disk.XXXXXX") || return 1
	truncate -s 64M "$img" && mkfs.ext4 -q -F "$img" || { echo "check: mkfs.ext4 failed" >&2; rm -f "$img"; return 1; }
	"$top/tools/run-guest.sh" -k "$(kernel "$1")" -i "$initrd" -t "$TIMEOUT" \
		-d "$img" --test "/tests/selftest.sh $2"
	local rc=$?
	rm -f "$img"
	return $rc
}
# selftest NAME FLAVOUR PROGRAM: a selftest program as a suite.
selftest() { suite "$1" in_guest "$2" "$3"; }
# fsid_mappings on the kernel that has them; on the others, the files are absent.
for t in fsid_maps_test fsid_creds_test fsid_vfs_test fsid_proc_test fsid_compat_stat_test fsid_attack_test; do
	selftest "selftest-${t%_test}" fsid $t
done
for f in vanilla fsid-off; do
	selftest "selftest-fsid_absent-$f" $f fsid_absent_test
	selftest "selftest-compat_stat_idmap-$f" $f compat_stat_idmap_test
done
# The attack sequences on every flavour (id maps only where the kernel has
# no fsid maps): their answers must be the same everywhere, compared, not
# counted (fsid's own run, counted above, also compares them per test).
if [[ attack-answers == $glob ]]; then
	for f in vanilla fsid-off fsid; do
		echo "# fsid_attack_test on $f: $logs/attack-$f.log"
		KLOG_DIR=$logs/klog/attack-answers in_guest $f fsid_attack_test >"$logs/attack-$f.log" 2>&1 </dev/null
	done
fi
suite attack-answers "$top/tools/tests/attack-answers.sh" \
	"$logs/attack-vanilla.log" "$logs/attack-fsid-off.log" "$logs/attack-fsid.log"
# mount_setattr on every flavour: the series must not change its results,
# whatever they are (so its own results are compared, not counted).
if [[ mount_setattr == $glob ]]; then
	for f in vanilla fsid-off fsid; do
		echo "# mount_setattr on $f: $logs/mount_setattr-$f.log"
		KLOG_DIR=$logs/klog/mount_setattr in_guest $f mount_setattr_test >"$logs/mount_setattr-$f.log" 2>&1 </dev/null
	done
fi
suite mount_setattr "$top/tools/tests/same-results.sh" \
	"$logs/mount_setattr-vanilla.log" "$logs/mount_setattr-fsid-off.log" "$logs/mount_setattr-fsid.log"

if [ $ran -eq 0 ]; then
	echo "check: no suite matches '$glob'" >&2
	exit 2
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
