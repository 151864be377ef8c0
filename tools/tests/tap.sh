# tap.sh — TAP output for the host-side test scripts (bash; sourced by
# tools/tests/*.sh, never run). The guest's scripts have their own,
# guest/tests/tap.sh, in POSIX sh.
#
#   result OK|FAIL DESC [DETAIL...]  print "ok N - DESC" or "not ok N - DESC";
#                                    a failure's DETAIL text follows as
#                                    "#   " comment lines (30 at most)
#   expect DESC COMMAND...           result OK if COMMAND succeeds, else FAIL
#   tap_status                       the exit status: 0 no failure, 1 some
#   need_runs MIN ARG...             usage check of a comparison script: at
#                                    least MIN arguments, each FLAVOUR:FSID:LOG
#                                    (FSID yes or no), as tools/check/suites.sh's
#                                    compared() hands them; else exit 2
#   log_names SEDEXPR WHAT ARG...    set names to what `sed -n SEDEXPR` finds in
#                                    the LOG of each FLAVOUR:FSID:LOG ARG, sorted,
#                                    once each, and print the plan "1..N" for a
#                                    result per name; with none, print one
#                                    failure "no WHAT in LOG..." and exit 1
#
# Sets n (results so far), bad (failures so far) and tmp, a directory
# removed when the script exits.
n=0 bad=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

result() {
	n=$((n + 1))
	if [ "$1" = OK ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		bad=$((bad + 1))
		shift 2
		[ $# -eq 0 ] || printf '%s\n' "$@" | head -n 30 | sed 's/^/#   /'
	fi
}
expect() {
	local d=$1
	shift
	if "$@"; then result OK "$d"; else result FAIL "$d"; fi
}
tap_status() { [ "$bad" -eq 0 ]; }
log_names() {
	local expr=$1 what=$2 arg
	shift 2
	names=$(for arg; do cat "${arg#*:*:}" 2>/dev/null; done | tr -d '\r' |
		sed -n "$expr" | sort -u)
	if [ -z "$names" ]; then
		echo "1..1"
		echo "not ok 1 - no $what in $(for arg; do printf '%s ' "${arg#*:*:}"; done)"
		exit 1
	fi
	echo "1..$(printf '%s\n' "$names" | wc -l)"
}
need_runs() {
	local min=$1 arg
	shift
	[ $# -ge "$min" ] || { echo "usage: $0 FLAVOUR:FSID:LOG..." >&2; exit 2; }
	for arg; do
		[[ $arg =~ ^[a-z0-9-]+:(yes|no):. ]] ||
			{ echo "${0##*/}: '$arg' is not FLAVOUR:yes|no:LOG" >&2; exit 2; }
	done
}
