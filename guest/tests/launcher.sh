#!/bin/sh
# launcher.sh — fsid-unshare (guest/bin/fsid-unshare.c) against the guest's
# kernel: what it runs, and each error path that needs a kernel, with its
# exit status and message (the syntax errors are tested on the host).
#
# usage: /tests/launcher.sh yes|no
#   yes  this kernel has CONFIG_USER_NS_FSID=y; no  it has not
# Output is TAP; exit status 0 when every test passed, 1 otherwise, 2 usage.
. /tests/tap.sh
if [ $# -ne 1 ] || { [ "$1" != yes ] && [ "$1" != no ]; }; then
	echo "usage: $0 yes|no" >&2
	exit 2
fi
fsid=$1
ID="-m b:0:100000:100000"
FSID="-f b:0:300000:100000"
err=/tmp/launcher.err
if [ "$fsid" = yes ]; then plan 11; else plan 9; fi

# run CMD...: its stdout, with its exit status in $rc and stderr in $err.
run() { out=$("$@" 2>$err); rc=$?; }

run fsid-unshare $ID -- showids
is "with id maps only, the command runs as 0 inside, fsuid included" \
	"$rc $out" "0 uid=0,0,0,0 gid=0,0,0,0 groups="
run fsid-unshare $ID -- sh -c 'exit 7'
is "the command's exit status is fsid-unshare's" "$rc" 7
run fsid-unshare $ID -- sh -c 'kill -TERM $$'
is "a command killed by SIGTERM gives 128+15" "$rc" 143
run fsid-unshare $ID -- /nonexistent
is "a command that does not exist: 127, and the name" \
	"$rc $(grep -c '/nonexistent: No such file or directory' $err)" "127 1"
: >/tmp/not-executable
chmod 644 /tmp/not-executable
run fsid-unshare $ID -- /tmp/not-executable
is "a command that cannot be executed: 126" "$rc" 126
run fsid-unshare -m b:0:100000:100000 -m b:10:100005:1 -- true
is "overlapping uid_map lines: 122, with the errno and the text written" \
	"$rc $(grep -c 'refused uid_map (Invalid argument)' $err) $(grep -c '^10 100005 1$' $err)" "122 1 1"

if [ "$fsid" = yes ]; then
	rm -f /tmp/launched
	run fsid-unshare $ID $FSID -- sh -c 'touch /tmp/launched; stat -c "%u:%g" /tmp/launched'
	is "with fsid maps, a file made inside is 0:0 inside and 300000:300000 outside" \
		"$rc $out $(stat -c %u:%g /tmp/launched)" "0 0:0 300000:300000"
	run fsid-unshare $ID -f b:0:300000:100000 -f b:5:300005:1 -- true
	is "an overlapping fsuid_map: 122, with the errno and the text written" \
		"$rc $(grep -c 'refused fsuid_map (Invalid argument)' $err)" "122 1"
	run fsid-unshare $ID -f u:0:300000:100000 -- cat /proc/self/fsuid_map /proc/self/fsgid_map
	is "-f u: writes fsuid_map only" "$rc $(echo $out)" "0 0 300000 100000"
	run su -s /bin/sh user -c 'PATH=/bin /usr/bin/fsid-unshare -m b:0:1000:1 -f b:0:1000:1 -- true'
	is "a user other than root, without the helpers in PATH: 122, and which is missing" \
		"$rc $(grep -c 'newfsuidmap was not found: a user other than root writes the fsuid_map' $err)" "122 1"
	run su -s /bin/sh user -c '/usr/bin/fsid-unshare -m b:0:1000:1 -f b:0:1000:1 -- cat /proc/self/fsuid_map /proc/self/uid_map'
	is "... with them, its own ids: the helpers write its maps" "$rc $(echo $out)" "0 0 1000 1 0 1000 1"
else
	run fsid-unshare $ID $FSID -- true
	is "a kernel without fsid maps: 121 and the message" \
		"$rc $(cat $err)" "121 fsid-unshare: this kernel has no /proc/self/fsuid_map — was it built with CONFIG_USER_NS_FSID=y?"
	run fsid-unshare $ID -- true
	is "... while id maps alone still work" "$rc" 0
	run fsid-unshare -n $ID $FSID -- true
	is "... and --dry-run needs no kernel support" "$rc" 0
fi
done_testing
