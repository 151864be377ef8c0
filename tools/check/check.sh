#!/usr/bin/env bash
# check.sh — run the test suites of tools/check/suites.sh and count their
# results (make check).
#
# usage: tools/check/check.sh [GLOB...]          (make check [T='GLOB...'])
#        tools/check/check.sh --list [GLOB...]   the suites and what each needs
#
# Each suite is a command that prints TAP: a plan "1..N" and one line
# "ok K - what" or "not ok K - what" per test. This script reads the
# registry tools/check/suites.sh twice: first to learn which suites match
# a GLOB [*] and what they need (kernel flavours, the guest initramfs), then,
# once exactly that is built (tools/vm/kernel-build.sh, which returns at
# once for an unchanged kernel; make guest), to run them. It keeps each
# suite's whole output in $BUILD/check/NAME.log, prints one line per test,
# and ends with
#   N passed, N failed
# A test is counted as failed when it says "not ok", when it is marked
# "# SKIP" (nothing here may pass by being skipped), when fewer or more
# results arrive than its suite planned, or when the suite exits non-zero
# without saying which test failed. Every guest that a suite boots keeps
# its whole kernel log in $BUILD/check/klog/NAME/ (tools/vm/run-guest.sh,
# KLOG_DIR), and tools/vm/klog-scan.sh reads them after the suite: a
# warning, BUG, oops, panic, refcount or list corruption, lockdep, KASAN,
# UBSAN, kmemleak or hung-task report is one more failure, printed. A
# kernel that does not build is one failure too. When the debug flavours'
# suites ran (make check-debug; make check runs them last), a line before
# the last gives their figures: fuzzer iterations, privilege-matrix cells
# passed, suites with a kernel report, and the seconds the run took.
#
# Environment: BUILD [build], TIMEOUT per guest boot in seconds [300].
# Exit status: 0 every test passed; 1 some failed; 2 no suite matched.
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
export BUILD
TIMEOUT=${TIMEOUT:-300}
list=no
[ "${1:-}" != --list ] || { list=yes; shift; }
globs=("$@")
[ $# -gt 0 ] || globs=('*')
logs=$BUILD/check
mkdir -p "$logs"
rm -rf "$logs/klog"
passed=0 failed=0 ran=0 reports=0 ran_names=()

# matches NAME: does NAME match one of the globs?
matches() {
	local g
	for g in "${globs[@]}"; do
		# shellcheck disable=SC2053
		[[ $1 == $g ]] && return 0
	done
	return 1
}

# suite NAME [NEED...] -- CMD...: a suite of the registry. NEED is
# kernel:FLAVOUR or guest. What this does depends on the pass ($pass).
suite() {
	local name=$1 needs=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do needs+=("$1"); shift; done
	[ "${1:-}" = -- ] || { echo "check: suite $name: no '--' before its command" >&2; exit 2; }
	shift
	matches "$name" || return 0
	if [ $list = yes ]; then
		ran=$((ran + 1))
		echo "$name${needs[*]+ (needs ${needs[*]})}"
	elif [ "$pass" = collect ]; then
		needed+=(${needs[@]+"${needs[@]}"})
	else
		run_suite "$name" "$@"
	fi
}

# run_suite NAME CMD...: run one suite and count its results.
run_suite() {
	local name=$1 log=$logs/$1.log plan=0 n=0 rc line
	shift
	ran=$((ran + 1)) ran_names+=("$name")
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
	if ! report=$("$top/tools/vm/klog-scan.sh" $files); then
		failed=$((failed + 1)) reports=$((reports + 1))
		echo "not ok - $1: the guest kernel reported a problem ($(echo "$files" | wc -l) logs in $dir)"
		printf '%s\n' "$report" | head -n 40 | sed 's/^/  #   /'
	fi
}

# --- pass 1: what the selected suites need --------------------------------
pass=collect needed=()
. "$top/tools/check/suites.sh"
if [ $list = yes ]; then
	[ $ran -gt 0 ] || { echo "check: no suite matches '${globs[*]}'" >&2; exit 2; }
	exit 0
fi

# --- build exactly that ----------------------------------------------------
mapfile -t needed < <(printf '%s\n' ${needed[@]+"${needed[@]}"} | grep . | sort -u)
if [ ${#needed[@]} -gt 0 ]; then
	echo "# check needs: ${needed[*]}"
	make -s --no-print-directory -C "$top" tree >/dev/null || { echo "check: make tree failed" >&2; exit 1; }
fi
for need in ${needed[@]+"${needed[@]}"}; do
	case "$need" in
	guest) make -s --no-print-directory -C "$top" guest >/dev/null || { echo "check: make guest failed" >&2; exit 1; } ;;
	kernel:*)
		f=${need#kernel:}
		echo "# kernel $f: tools/vm/kernel-build.sh $f (log: $logs/build-$f.log)"
		if "$top/tools/vm/kernel-build.sh" "$f" >"$logs/build-$f.log" 2>&1; then
			tail -n 1 "$logs/build-$f.log" | sed 's/^/# /'
		else
			failed=$((failed + 1))
			echo "not ok - the $f kernel does not build; see $logs/build-$f.log"
			tail -n 5 "$logs/build-$f.log" | sed 's/^/  #   /'
		fi
		;;
	*) echo "check: unknown need '$need' in tools/check/suites.sh" >&2; exit 2 ;;
	esac
done

# --- pass 2: run them ------------------------------------------------------
pass=run
. "$top/tools/check/suites.sh"

if [ $ran -eq 0 ]; then
	echo "check: no suite matches '${globs[*]}'" >&2
	exit 2
fi
# The debug flavours' figures (make check-debug, and make check, which
# runs their suites last): what they covered, and what the run cost.
debug_figures() {
	local f iterations=0 cells=0 any=no
	for f in $(separate_flavours); do
		if [[ " ${ran_names[*]} " == *" $f-fuzz-maps "* ]]; then
			any=yes
			iterations=$((iterations + $(tr -d '\r' <"$logs/$f-fuzz-maps.log" |
				awk '/^# seed [0-9]+, [0-9]+ iterations/ { n += $4 } END { print n + 0 }')))
		fi
		if [[ " ${ran_names[*]} " == *" $f-selftest-fsid_maps "* ]]; then
			any=yes
			cells=$((cells + $(tr -d '\r' <"$logs/$f-selftest-fsid_maps.log" |
				grep -c '^ok [0-9]* global\.who_')))
		fi
	done
	[ $any = no ] ||
		echo "# debug flavours: $iterations fuzzer iterations, $cells privilege-matrix cells passed (fsid_maps_test who_*), $reports suites with a kernel report; the whole run took $SECONDS s"
}
debug_figures
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
