#!/usr/bin/env bash
# same-results.sh — several runs of one TAP test program gave the same
# result for every test: the series changes nothing that it should not.
#
# usage: tools/tests/same-results.sh FLAVOUR:FSID:LOG...   (the first is the reference)
#
# Each LOG is the program's output on kernel FLAVOUR (FSID, yes or no, is
# the form tools/check/suites.sh hands every comparison; unused here).
# From each log the "ok N name" and "not ok N name" lines are kept (with
# any directive such as "# SKIP" and its reason); the lists must be equal,
# not empty, and as long as the log's plan "1..N" (a run that stopped half
# way is not a result). One TAP result per log after the first, naming the tests
# whose results differ (a reference without results fails them all); the
# reference's count of passes is printed as a comment, not as a result.
# Exit status: 0 all the same; 1 some differ or a log has no results;
# 2 usage.
set -uo pipefail
. "$(dirname "$0")/tap.sh"
need_runs 2 "$@"
results() {
	local plan got
	plan=$(tr -d '\r' <"$1" 2>/dev/null | sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' | tail -n 1)
	got=$(tr -d '\r' <"$1" 2>/dev/null | grep -E '^(not )?ok [0-9]+ ' | sed -E 's/^(not )?ok [0-9]+ /\1ok /')
	[ -n "$plan" ] && [ "$(printf '%s\n' "$got" | grep -c .)" = "$plan" ] && printf '%s\n' "$got"
}
ref=${1#*:*:} refname=${1%%:*}
shift
echo "1..$#"
n=0 bad=0
refres=$(results "$ref")
for arg in "$@"; do
	n=$((n + 1))
	got=$(results "${arg#*:*:}")
	if [ -n "$refres" ] && [ "$got" = "$refres" ]; then
		echo "ok $n - ${arg%%:*}: the same $(printf '%s\n' "$got" | wc -l) results as $refname"
	else
		echo "not ok $n - ${arg%%:*} differs from $refname"
		diff <(printf '%s\n' "$refres") <(printf '%s\n' "$got") | grep '^[<>]' | head -n 20 | sed 's/^/#   /'
		bad=$((bad + 1))
	fi
done
total=$(printf '%s\n' "$refres" | grep -c .)
passes=$(printf '%s\n' "$refres" | grep -c '^ok ' )
echo "# $refname: $passes of $total tests pass"
[ $bad -eq 0 ]
