#!/usr/bin/env bash
# matrix-answers.sh — fsid_matrix_test's id-map runs give the same answers
# on every kernel: the series changes nothing for tasks with id maps only,
# in any of the enumerated cells.
#
# usage: tools/tests/matrix-answers.sh FLAVOUR:FSID:LOG...
#
# Each LOG is fsid_matrix_test's output on kernel FLAVOUR (FSID, yes or no,
# is the form tools/check/suites.sh hands every comparison; unused here).
# The program prints, per test, "# matrix NAME idmaps=DIGEST cells=N
# refused=M": a digest of the answers of the test's id-map run, cell by
# cell. One TAP result per NAME found in any log: ok when every log has
# it with the same digest, not ok with each log's line otherwise. The
# digests are compared with each other, never with a value written here.
# Exit status: 0 every test the same everywhere; 1 some differ, are
# missing, or no log has digests; 2 usage.
set -uo pipefail
. "$(dirname "$0")/tap.sh"
need_runs 1 "$@"

# line LOG NAME: the last "# matrix NAME ..." line of LOG, without "# matrix ".
line() {
	tr -d '\r' <"$1" 2>/dev/null | sed -n "s/^# matrix $2 //p" | tail -n 1
}

log_names 's/^# matrix \([A-Za-z0-9_-]*\) idmaps=.*$/\1/p' digests "$@"
for name in $names; do
	first= same=yes report=()
	for arg; do
		flavour=${arg%%:*} log=${arg#*:*:}
		l=$(line "$log" "$name")
		[ -n "$first" ] || first=$l
		{ [ -n "$l" ] && [ "$l" = "$first" ]; } || same=no
		report+=("$flavour: ${l:-none}")
	done
	if [ $same = yes ]; then
		result OK "$name: id-map answers the same on every kernel ($first)"
	else
		result FAIL "$name: id-map answers differ or are missing" "${report[@]}"
	fi
done
tap_status
