#!/bin/sh
# delegation.sh — newfsuidmap and newfsgidmap (guest/bin/newfsuidmap.c),
# installed setuid root, run by unprivileged users of the guest against
# their own and others' processes: each grant that must work writes the
# map asked for, and each refusal (the man page's exit statuses 1-7, 9)
# and each hostile grant file ends with its documented status and
# message, and leaves the target's fsuid_map, fsgid_map, uid_map and
# gid_map unwritten.
#
# usage: /tests/delegation.sh yes|no
#   yes  this kernel has CONFIG_USER_NS_FSID=y; no  it has not (then only
#        status 9 is checked)
# Runs as root in the guest, whose users alice (1001), bob (1002) and
# carol (1003) call the helpers; it writes /etc/subfsuid, /etc/subfsgid,
# /etc/subuid, /etc/subgid and /etc/login.defs for each case.
# Output is TAP; exit status 0 when every test passed, 1 otherwise, 2 usage.
. /tests/tap.sh
if [ $# -ne 1 ] || { [ "$1" != yes ] && [ "$1" != no ]; }; then
	echo "usage: $0 yes|no" >&2
	exit 2
fi
fsid=$1
err=/tmp/delegation.err

# grants FILE LINE...: FILE holds exactly these lines ("-": remove it).
grants() {
	_f=$1
	shift
	if [ "$1" = - ]; then
		rm -f "$_f"
	else
		printf '%s\n' "$@" >"$_f"
	fi
}
# reset: alice and bob share the fsid grant 300000:100000, each has its
# own container ids; carol has none; the system ids end at 100000.
reset() {
	grants /etc/subfsuid alice:300000:100000 bob:300000:100000
	grants /etc/subfsgid alice:300000:100000 bob:300000:100000
	grants /etc/subuid alice:100000:65536 bob:165536:65536
	grants /etc/subgid alice:100000:65536 bob:165536:65536
	rm -f /etc/login.defs
}

# target USER [UNSHARE-OPTION...]: a process of USER in a new user
# namespace (unshare -U, or the options given), its pid in $pid.
target() {
	_u=$1
	shift
	[ $# -gt 0 ] || set -- -U
	pid=$(su -s /bin/sh "$_u" -c "unshare $* sleep 100 >/dev/null 2>&1 & echo \$!")
	# Until unshare has executed sleep in its namespace.
	_i=0
	while [ "$(readlink /proc/$pid/ns/user)" = "$(readlink /proc/self/ns/user)" ] ||
		[ "$(cat /proc/$pid/comm 2>/dev/null)" != sleep ]; do
		_i=$((_i + 1))
		[ $_i -lt 200 ] || break
		usleep 10000
	done
}
# maps: the target's four maps ("no process PID" if it has gone), "uid_map|gid_map|fsuid_map|fsgid_map",
# each with its lines joined by ",".
maps() {
	[ -d /proc/$pid ] || { echo "no process $pid"; return; }
	_out=
	for _m in uid_map gid_map fsuid_map fsgid_map; do
		_out="$_out|$(awk '{ s = s (NR > 1 ? "," : "") $1 " " $2 " " $3 } END { printf "%s", s }' /proc/$pid/$_m 2>/dev/null)"
	done
	echo "${_out#|}"
}
# as USER COMMAND: COMMAND (with $pid set) as USER, its status in $rc
# and its stderr in $err.
as() {
	su -s /bin/sh "$1" -c "pid=$pid; $2" 2>$err
	rc=$?
}
# refused DESC STATUS MESSAGE USER COMMAND: COMMAND exits with STATUS,
# says MESSAGE (a fixed string) and writes no map of a fresh target.
refused() {
	target "$4"
	as "$4" "$5"
	_msg=no
	grep -qF -- "$3" $err && _msg=yes
	is "$1" "$rc $_msg $(maps)" "$2 yes |||"
	[ "$_msg" = yes ] || sed 's/^/#   stderr: /' $err
	kill $pid 2>/dev/null
}
# works DESC MAPS USER COMMAND: COMMAND exits with 0 and the target's maps
# are then MAPS (as maps prints them).
works() {
	target "$3"
	as "$3" "$4"
	is "$1" "$rc $(maps)" "0 $2"
	[ $rc -eq 0 ] || sed 's/^/#   stderr: /' $err
	kill $pid 2>/dev/null
}

reset
if [ "$fsid" = no ]; then
	plan 2
	refused "a kernel without fsid maps: newfsuidmap exits with 9" 9 \
		"this kernel has no fsuid_map" alice 'newfsuidmap $pid 0 300000 100000'
	refused "... and newfsgidmap too" 9 \
		"this kernel has no fsgid_map" alice 'newfsgidmap $pid 0 300000 100000'
	done_testing
fi
plan 75

# --- what a grant gives -----------------------------------------------------
check "newfsuidmap is setuid root, newfsgidmap the same file" \
	test "$(stat -c '%a %u %i' /usr/bin/newfsuidmap)" = "$(stat -c '4755 0 %i' /usr/bin/newfsgidmap)"
works "alice maps her grant: fsuid_map 0 300000 100000" "||0 300000 100000|" \
	alice 'newfsuidmap $pid 0 300000 100000'
works "bob maps the same grant" "||0 300000 100000|" \
	bob 'newfsuidmap $pid 0 300000 100000'
works "newfsgidmap maps alice's fsgid grant" "|||0 300000 100000" \
	alice 'newfsgidmap $pid 0 300000 100000'
works "fd:N names the target by an open /proc/PID directory" "||0 300000 100000|" \
	alice 'exec 5</proc/$pid && newfsuidmap fd:5 0 300000 100000'
works "several ranges in one map" "||0 300000 1000,1000 301000 5|" \
	alice 'newfsuidmap $pid 0 300000 1000 1000 301000 5'
works "a user without a grant maps its own uid, once" "||0 1003 1|" \
	carol 'newfsuidmap $pid 0 1003 1'
works "... and its own gid" "|||0 1003 1" \
	carol 'newfsgidmap $pid 0 1003 1'
grants /etc/subfsuid alice:300000:50000 alice:350000:50000
works "a range over two adjacent grant lines" "||0 300000 100000|" \
	alice 'newfsuidmap $pid 0 300000 100000'
grants /etc/subfsuid 1001:300000:100000
works "a grant whose owner is written as a uid" "||0 300000 100000|" \
	alice 'newfsuidmap $pid 0 300000 100000'
grants /etc/subfsuid alice:100000:1000
works "a grant within the user's own /etc/subuid range" "||0 100000 1000|" \
	alice 'newfsuidmap $pid 0 100000 1000'
reset
works "numbers as shadow reads them: hex, octal, a + and a blank" "||0 300000 64|" \
	alice "newfsuidmap \$pid +0 0x493e0 ' 0100'"
works "the user's own uid beside a granted range" "||0 1001 1,1 300000 100|" \
	alice 'newfsuidmap $pid 0 1001 1 1 300000 100'
target carol
as carol 'newfsgidmap $pid 0 1003 1'
is "its own gid, not granted: setgroups is denied first, as newgidmap does" \
	"$rc $(cat /proc/$pid/setgroups) $(maps)" "0 deny |||0 1003 1"
kill $pid
target root
newfsuidmap $pid 0 0 1 2>$err
rc=$?
is "root maps its own uid 0 (CAP_SETFCAP kept for it)" "$rc $(maps)" "0 ||0 0 1|"
kill $pid
target alice
as alice 'newfsuidmap $pid 0 300000 100000 && newfsgidmap $pid 0 300000 100000 &&
	echo 0 1001 1 >/proc/$pid/uid_map'
is "the fsid maps, then the id map: the order the kernel takes" "$rc $(maps)" \
	"0 0 1001 1||0 300000 100000|0 300000 100000"
kill $pid

# --- refusals: usage and maps the kernel would not take (1) -----------------
refused "no range: usage, 1" 1 "usage: newfsuidmap PID|fd:N" alice 'newfsuidmap $pid'
refused "an incomplete range: 1" 1 "usage:" alice 'newfsuidmap $pid 0 300000'
refused "an id that is not a number: 1" 1 '"abc" is not a number' alice \
	'newfsuidmap $pid abc 300000 1'
refused "a negative count: 1" 1 '"-1" is not a number' alice 'newfsuidmap $pid 0 300000 -1'
refused "a count of 0: 1" 1 "COUNT must be at least 1" alice 'newfsuidmap $pid 0 300000 0'
refused "4294967295, which is no id: 1" 1 '"4294967295" is not a number' alice \
	'newfsuidmap $pid 0 4294967295 1'
refused "a range past 4294967294: 1" 1 "goes past uid 4294967294" alice \
	'newfsuidmap $pid 0 4294967000 1000'
refused "a count beyond 32 bits: 1" 1 '"99999999999999999999" is not a number' alice \
	'newfsuidmap $pid 0 300000 99999999999999999999'
refused "inside ranges that overlap: 1" 1 "inside overlap" alice \
	'newfsuidmap $pid 0 300000 10 5 300100 10'
refused "outside ranges that overlap: 1" 1 "outside overlap" alice \
	'newfsuidmap $pid 0 300000 10 100 300005 10'
refused "341 ranges, over the kernel's 340: 1" 1 "usage:" alice \
	"newfsuidmap \$pid $(i=0; while [ $i -lt 341 ]; do printf '%d %d 1 ' $i $((300000 + i)); i=$((i + 1)); done)"
refused "a map of a page or more, which the kernel takes in no one write: 1" 1 \
	"the kernel takes less than 4096" alice \
	"newfsuidmap \$pid $(i=0; while [ $i -lt 250 ]; do printf '%d %d 1 ' $((3000000000 + i)) $((300000 + i)); i=$((i + 1)); done)"
refused "run by another name: 1" 1 "run me as newfsuidmap or newfsgidmap" alice \
	'ln -s /usr/bin/newfsuidmap /tmp/newidmap 2>/dev/null; /tmp/newidmap $pid 0 300000 1'

# --- refusals: the target (2) and its owner (3) ------------------------------
target alice
as alice "exec 5</proc/\$pid; kill \$pid; while [ -e /proc/\$pid/ns/user ]; do usleep 10000; done; newfsuidmap fd:5 0 300000 100000"
is "fd:N of a process that has exited: 2" "$rc $(grep -c 'the process has exited' $err)" "2 1"
refused "a process that does not exist: 2" 2 "no process 999999" alice \
	'newfsuidmap 999999 0 300000 100000'
refused "fd:N of a descriptor that is not open: 2" 2 "fd:9: Bad file descriptor" alice \
	'newfsuidmap fd:9 0 300000 100000'
refused "fd:N of a file that is not a /proc/PID directory: 2" 2 \
	"fd:5: not an open /proc/PID directory" alice \
	'exec 5</etc/passwd && newfsuidmap fd:5 0 300000 100000'
target bob
as alice 'newfsuidmap $pid 0 300000 100000'
is "bob's process, by alice: 3, no map written" \
	"$rc $(grep -c 'the target process is owned by another user' $err) $(maps)" "3 1 |||"
kill $pid
pid=$(su -s /bin/sh alice -c 'sleep 100 >/dev/null 2>&1 & echo $!')
as alice 'newfsuidmap $pid 0 300000 100000'
is "alice's process in the initial namespace: 3" \
	"$rc $(grep -c "user namespace is owned by uid 0, not by you" $err)" "3 1"
kill $pid
target alice -r unshare -U
is "(a nested namespace: unshare -r, then unshare -U)" \
	"$(cat /proc/$pid/uid_map | wc -l)" 0
as alice 'newfsuidmap $pid 0 300000 100000'
is "alice's nested namespace, not a child of hers: 3, no map written" \
	"$rc $(grep -c "not a child of yours" $err) $(maps)" "3 1 |||"
kill $pid
# Root may not use the helper on a user's behalf either: it checks the
# real uid, as newuidmap does.
target alice
newfsuidmap $pid 0 300000 100000 2>$err
rc=$?
is "alice's process, by root: 3, no map written" \
	"$rc $(grep -c 'owned by another user' $err) $(maps)" "3 1 |||"
kill $pid

# --- refusals: the order of the maps (4) -------------------------------------
target alice
as alice 'newfsuidmap $pid 0 300000 1000; newfsuidmap $pid 0 300000 100000'
is "a second fsuid_map: 4, the first stays" \
	"$rc $(grep -c 'fsuid_map is already written' $err) $(maps)" "4 1 ||0 300000 1000|"
kill $pid
target alice
as alice 'echo 0 1001 1 >/proc/$pid/uid_map; newfsuidmap $pid 0 300000 100000'
is "after uid_map: 4, the kernel takes fsuid_map only before it" \
	"$rc $(grep -c 'uid_map is already written' $err) $(maps)" "4 1 0 1001 1|||"
kill $pid
target alice
as alice 'echo deny >/proc/$pid/setgroups; echo 0 1001 1 >/proc/$pid/gid_map; newfsgidmap $pid 0 300000 100000'
is "after gid_map: 4" "$rc $(grep -c 'gid_map is already written' $err) $(maps)" "4 1 |0 1001 1||"
kill $pid

# --- refusals: grants (5) -------------------------------------------------------
refused "carol, without a grant: 5" 5 "uid 300000-399999 is not granted to you in /etc/subfsuid" \
	carol 'newfsuidmap $pid 0 300000 100000'
refused "one id more than the grant: 5" 5 "is not granted to you" alice \
	'newfsuidmap $pid 0 300000 100001'
refused "the fsgid map needs /etc/subfsgid's grant" 5 "not granted to you in /etc/subfsgid" \
	carol 'newfsgidmap $pid 0 300000 100000'
refused "its own uid twice (count 2): 5" 5 "is not granted" carol 'newfsuidmap $pid 0 1003 2'
grants /etc/subfsuid bob:400000:10
refused "bob's grant line, to alice: 5" 5 "uid 400000-400009 is not granted to you" alice \
	'newfsuidmap $pid 0 400000 10'
reset
refused "another user's uid as its own: 5" 5 "is not granted" carol 'newfsuidmap $pid 0 1001 1'
grants /etc/subfsuid -
refused "no /etc/subfsuid: 5" 5 "is not granted" alice 'newfsuidmap $pid 0 300000 100000'

# --- hostile grant files: invalid lines grant nothing (5), or 7 -----------------
hostile() {
	grants /etc/subfsuid "$2"
	refused "$1: 5" 5 "is not granted" alice 'newfsuidmap $pid 0 300000 100000'
}
hostile "a start past 32 bits" alice:4294967296:100000
hostile "a count that overflows the start" alice:300000:4294967295
hostile "a negative count" alice:300000:-1
hostile "a huge count" alice:300000:99999999999999999999
hostile "a missing field" alice:300000
hostile "a fourth field" alice:300000:100000:1
hostile "an empty owner" :300000:100000
hostile "a comment" "# alice:300000:100000"
hostile "a user that does not exist" mallory:300000:100000
hostile "a blank before the owner" " alice:300000:100000"
hostile "a carriage return" "$(printf 'alice:300000:100000\r')"
hostile "a count of 0" alice:300000:0
hostile "a line of 1024 bytes" "alice:0x$(printf '%01004d' 0)493e0:100000"
printf 'alice:300000:100000' >/etc/subfsuid
refused "a file without a newline at its end: 7" 7 "/etc/subfsuid: not a text file" alice \
	'newfsuidmap $pid 0 300000 100000'
printf 'alice:300000:100000\n\0bob:1:1\n' >/etc/subfsuid
refused "a file with a NUL byte: 7" 7 "/etc/subfsuid: not a text file" alice \
	'newfsuidmap $pid 0 300000 100000'
rm -f /etc/subfsuid
mkdir /etc/subfsuid
refused "a directory for /etc/subfsuid: 7" 7 "cannot read /etc/subfsuid" alice \
	'newfsuidmap $pid 0 300000 100000'
rmdir /etc/subfsuid
grants /etc/subfsuid "# grants" alice:300000:100000 alice:300000:100000 "mallory:1:2:3"
works "comments, duplicates and invalid lines beside a valid one" "||0 300000 100000|" \
	alice 'newfsuidmap $pid 0 300000 100000'
grants /etc/subfsuid alice:300000:100000 alice:350000:100000
works "two grant lines that overlap: their union" "||0 300000 150000|" \
	alice 'newfsuidmap $pid 0 300000 150000'
grants /etc/subfsuid alice:300000:100 alice:300200:100
refused "two grant lines with a gap between them: 5" 5 "uid 300000-300299 is not granted" alice \
	'newfsuidmap $pid 0 300000 300'
grants /etc/subfsuid "alice:0x$(printf '%01003d' 0)493e0:100000"
works "a start in hex, as shadow reads it (a line of 1023 bytes)" "||0 300000 100000|" \
	alice 'newfsuidmap $pid 0 300000 100000'

# --- refusals: disjointness (6) -------------------------------------------------
grants /etc/subfsuid alice:150000:100000
refused "a grant over bob's /etc/subuid range: 6" 6 \
	"meets another user's range 165536-231071 in /etc/subuid" alice \
	'newfsuidmap $pid 0 150000 100000'
grants /etc/subfsgid alice:150000:100000
refused "the same for gids and /etc/subgid: 6" 6 "in /etc/subgid" alice \
	'newfsgidmap $pid 0 150000 100000'
reset
grants /etc/subuid alice:100000:65536 mallory:300000:10
refused "a range of a user that does not exist counts as another's: 6" 6 \
	"meets another user's range 300000-300009" alice 'newfsuidmap $pid 0 300000 100000'
reset
grants /etc/subuid alice:100000:65536 "bob: +300000:10"
refused "another user's /etc/subuid line with a blank and a +, as shadow takes it: 6" 6 \
	"meets another user's range 300000-300009" alice 'newfsuidmap $pid 0 300000 100000'
grants /etc/subuid alice:100000:65536 "#bob:300000:10"
refused "a line of /etc/subuid starting with #, a range to shadow: 6" 6 \
	"meets another user's range 300000-300009" alice 'newfsuidmap $pid 0 300000 100000'
reset
grants /etc/subfsuid alice:50000:100
refused "a grant below SUB_UID_MIN (100000 by default): 6" 6 "reaches below SUB_UID_MIN (100000)" \
	alice 'newfsuidmap $pid 0 50000 100'
reset
printf 'SUB_UID_MIN\t400000\n' >/etc/login.defs
refused "below /etc/login.defs's SUB_UID_MIN: 6" 6 "reaches below SUB_UID_MIN (400000)" \
	alice 'newfsuidmap $pid 0 300000 100000'
reset
done_testing
