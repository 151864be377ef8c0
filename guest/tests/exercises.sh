#!/bin/sh
# exercises.sh — run the experiments of the walkthrough's exercises
# (Documentation/walkthrough/09-exercises.md, 1-6, and 10-attacks.md, 7-8)
# and compare what the kernel
# does with the answers written there, which the host passes in.
#
# usage: /tests/exercises.sh N=ANSWER...   (tools/tests/exercises.sh)
#   ANSWER is the answer's backquoted values joined by single spaces, for
#   instance 2='501000 101000 501000'.
# Needs the fsid kernel. Output is TAP, one test per exercise the host
# passed; an exercise this script does not know fails.
# Exit status: 0 every answer matched; 1 some did not; 2 usage.
. /tests/tap.sh
[ $# -ge 1 ] || { echo "usage: $0 N=ANSWER..." >&2; exit 2; }
. /tests/container.sh

ex1() {
	fsid-unshare $ID $FSID -- touch /tmp/ex1
	stat -c %u /tmp/ex1
}
ex2() {
	fsid-unshare $ID $FSID -u 1000 -g 1000 -P /tmp/ex2.pid -- sh -c 'touch /tmp/ex2 && exec sleep 100' &
	c=$(container /tmp/ex2.pid)
	sleep 0.5
	echo "$(stat -c %u /tmp/ex2) $(awk '/^Uid:/ { e = $3 } /^FsidUid:/ { f = $2 } END { print e, f }' /proc/$c/status)"
	kill "$c"
}
ex3() {
	echo host >/tmp/ex3 && chown 100000:100000 /tmp/ex3 && chmod 644 /tmp/ex3
	w=refused
	fsid-unshare $ID $FSID -- sh -c 'echo more >>/tmp/ex3' 2>/dev/null && w=allowed
	echo "$(fsid-unshare $ID $FSID -- stat -c %u:%g /tmp/ex3) $w"
}
ex4() {
	fsid-unshare $ID $FSID -P /tmp/ex4.pid -- sh -c 'touch /tmp/ex4; sleep 100 | cat & echo $! >/tmp/ex4.cat; wait' &
	sh=$(container /tmp/ex4.pid)
	cat=$(container /tmp/ex4.cat)
	sleep 0.5
	echo "$(stat -c %u /proc/$sh/environ) $(stat -c %u /tmp/ex4) $(stat -L -c %u /proc/$cat/fd/0)"
	kill "$sh" $cat 2>/dev/null
}
ex5() {
	n=$(fsid-unshare $ID -- sh -c 'touch /tmp/ex5; wc -c </proc/self/fsuid_map')
	[ "$n" = 0 ] && n=empty
	echo "$n $(stat -c %u /tmp/ex5)"
}
ex6() {
	ok=
	for line in "0 1000 1" "0 1001 1" "0 1000 2"; do
		su -s /bin/sh user -c "unshare -U sleep 100 & sleep 0.5; echo '$line' >/proc/\$!/fsuid_map; rc=\$?; kill \$!; exit \$rc" \
			2>/dev/null && ok="$ok${ok:+,}$line"
	done
	echo "$ok"
}
# What a user may read: "read" if cat's status ($1) is 0, else "refused".
readable() { [ "$1" = 0 ] && echo read || echo refused; }
# Each status is printed by the shell that ran cat, inside the namespace:
# a namespace or map that could not be made leaves a word out, or says so.
ex7() {
	echo secret >/tmp/ex7 && chown 0:100 /tmp/ex7 && chmod 604 /tmp/ex7
	rm -f /tmp/ex7.go && mkfifo -m 666 /tmp/ex7.go
	# The maps are written from outside, by the owner of the namespace: a
	# task that exec'd into a namespace without a uid map has no
	# capabilities left in it to write its own.
	su -s /bin/sh user -c '
		cat /tmp/ex7 >/dev/null 2>&1; echo $?
		unshare -U sh -c "read go </tmp/ex7.go; cat /tmp/ex7 >/dev/null 2>&1; echo \$?" &
		while [ "$(readlink /proc/$!/ns/user)" = "$(readlink /proc/self/ns/user)" ]; do
			sleep 0.1
		done
		echo deny >/proc/$!/setgroups && echo "0 1000 1" >/proc/$!/fsgid_map ||
			echo no-fsgid-map
		echo go >/tmp/ex7.go
		wait' 2>/dev/null |
		while read -r rc; do
			case "$rc" in [0-9]*) readable "$rc" ;; *) echo "$rc" ;; esac
		done | tr '\n' ' ' | sed 's/ $//'
	echo
}
ex8() {
	echo secret >/tmp/ex8 && chown 500000:500100 /tmp/ex8 && chmod 604 /tmp/ex8
	fsid-unshare $ID $FSID -- su -s /bin/sh user -c '
		cat /tmp/ex8 >/dev/null 2>&1; echo $?
		unshare -U sh -c "cat /tmp/ex8 >/dev/null 2>&1; echo \$?"' 2>/dev/null |
		while read -r rc; do readable "$rc"; done | tr '\n' ' ' | sed 's/ $//'
	echo
}

plan $#
for arg in "$@"; do
	n=${arg%%=*}
	want=${arg#*=}
	case "$n" in
	[1-8]) got=$(ex$n 2>&1) ;;
	*) got="(no such exercise in $0)" ;;
	esac
	is "exercise $n: the walkthrough's answer is what the kernel does" "$got" "$want"
done
done_testing
