# tap.sh — TAP output for the guest's shell tests (busybox ash). Sourced.
#
#   plan N            print "1..N"
#   check DESC CMD..  run CMD; "ok K - DESC" if it succeeds, else "not ok"
#   is DESC GOT WANT  "ok" if the strings are equal, else "not ok" with both
#   done_testing      exit 0 if every test passed, 1 otherwise
_tap_n=0
_tap_failed=0
plan() { echo "1..$1"; }
_tap_result() {
	_tap_n=$((_tap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $_tap_n - $2"
	else
		echo "not ok $_tap_n - $2"
		_tap_failed=$((_tap_failed + 1))
	fi
}
check() {
	_d=$1
	shift
	"$@"
	_tap_result $? "$_d"
}
is() {
	if [ "$2" = "$3" ]; then
		_tap_result 0 "$1"
	else
		_tap_result 1 "$1"
		echo "#   got:  '$2'"
		echo "#   want: '$3'"
	fi
}
done_testing() { [ $_tap_failed -eq 0 ]; exit $?; }
