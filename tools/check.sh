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
# without saying which test failed. The kernels and the initramfs must
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
	"$@" >"$log" 2>&1 </dev/null
	rc=$?
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
suite no-code-when-off "$top/tools/tests/no-code-when-off.sh"

# --- guest suites, on every flavour ----------------------------------------
for f in vanilla fsid-off fsid; do
	suite "smoke-$f" "$top/tools/run-guest.sh" -k "$(kernel $f)" -i "$initrd" -t "$TIMEOUT" \
		--test "/tests/smoke.sh $(release $f) $(has_fsid $f)"
done
suite runner "$top/tools/tests/runner.sh" "$(kernel fsid)" "$initrd"

if [ $ran -eq 0 ]; then
	echo "check: no suite matches '$glob'" >&2
	exit 2
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
