#!/bin/sh
# labs.sh — the experiments behind the graded labs (Documentation/labs/):
# the questions of Lab 1 (predict) and Lab 2 (observe) run on this kernel
# and compared with an answer, and the labs' test programs, for
# tools/labs/check-labs.sh, which grades a hand-in.
#
# usage: /tests/labs.sh [Q=VALUES...] [-r PROGRAM [ARG...]]
#   Q=VALUES a question of the lab sheet, 1.1 to 1.3 or 2.1 to 2.4, and an
#            answer to it, its values joined by single spaces: run the
#            question's experiment and print "question Q: same" if the
#            kernel gives those values, else "question Q: different". What
#            the kernel gave is never printed: a student's check must not
#            show the answer.
#   -r       run PROGRAM, a file of the disk the host attached (/dev/vda,
#            ext4, mounted read-only at /mnt/labs), from /tmp; print its
#            output with each line prefixed by "| ", then
#            "status PROGRAM N", its exit status. Must come last.
# Needs the fsid kernel for the questions. Exit status: 0 done (what was
# printed says how it went); 2 usage; 3 no disk, or it does not mount.
[ $# -ge 1 ] || { echo "usage: $0 [Q=VALUES...] [-r PROGRAM [ARG...]]" >&2; exit 2; }
. /tests/container.sh
# readable STATUS: "read" if cat's status is 0, else "refused".
readable() { [ "$1" = 0 ] && echo read || echo refused; }
# uid_line FILE [READER...]: the four numbers of the Uid: line of FILE and
# the one of its FsidUid: line, as READER (a command prefix, such as
# nsenter) reads them.
uid_line() {
	f=$1
	shift
	"$@" grep -E '^(Fsid)?Uid:' "$f" | sed 's/^[A-Za-z]*:[[:space:]]*//; s/[[:space:]][[:space:]]*/ /g'
}

# Lab 1, question 1: uid 1000 of the container runs "unshare -r" (a
# namespace of its own, no fsid map) and creates a file there.
q1_1() {
	inside=$(fsid-unshare $ID $FSID -u 1000 -g 1000 -- \
		unshare -r sh -c 'touch /tmp/lab1-1 && stat -c %u /tmp/lab1-1')
	echo "$inside $(stat -c %u /tmp/lab1-1)"
}
# Question 2: group 501000 with mode 0640, group 101000 with mode 0604.
q1_2() {
	echo a >/tmp/lab1-2a && chown 0:501000 /tmp/lab1-2a && chmod 640 /tmp/lab1-2a
	echo b >/tmp/lab1-2b && chown 0:101000 /tmp/lab1-2b && chmod 604 /tmp/lab1-2b
	fsid-unshare $ID $FSID -u 1000 -g 1000 -- sh -c '
		stat -c %g /tmp/lab1-2a; cat /tmp/lab1-2a >/dev/null 2>&1; echo "rc $?"
		stat -c %g /tmp/lab1-2b; cat /tmp/lab1-2b >/dev/null 2>&1; echo "rc $?"' |
		while read -r word rc; do
			if [ "$word" = rc ]; then readable "$rc"; else echo "$word"; fi
		done | tr '\n' ' ' | sed 's/ $//'
	echo
}
# Question 3: a host file outside the fsid range, 600000:600000, mode 0644.
q1_3() {
	echo c >/tmp/lab1-3 && chown 600000:600000 /tmp/lab1-3 && chmod 644 /tmp/lab1-3
	fsid-unshare $ID $FSID -- sh -c '
		stat -c %u:%g /tmp/lab1-3
		cat /tmp/lab1-3 >/dev/null 2>&1; echo "rc $?"
		chown 0:0 /tmp/lab1-3 2>/dev/null; echo "chown $?"' |
		while read -r word rc; do
			case "$word" in
			rc) readable "$rc" ;;
			chown) [ "$rc" = 0 ] && echo allowed || echo refused ;;
			*) echo "$word" ;;
			esac
		done | tr '\n' ' ' | sed 's/ $//'
	echo
}

# Lab 2: containers A (with fsid maps) and B (id maps only), both uid and
# gid 1000, started once, before the questions, if one of them is asked.
A='' B=''
case " $* " in
*" 2."[1-4]=*)
	fsid-unshare $ID $FSID -u 1000 -g 1000 -P /tmp/lab2-a.pid -- sleep 1000 &
	fsid-unshare $ID -u 1000 -g 1000 -P /tmp/lab2-b.pid -- sleep 1000 &
	A=$(container /tmp/lab2-a.pid)
	B=$(container /tmp/lab2-b.pid)
	;;
esac
q2_1() { uid_line "/proc/$A/status"; }
q2_2() { uid_line "/proc/$B/status"; }
q2_3() { uid_line "/proc/$A/status" nsenter -t "$A" -U --; }
q2_4() { uid_line "/proc/$B/status" nsenter -t "$A" -U --; }

while [ $# -gt 0 ] && [ "$1" != -r ]; do
	q=${1%%=*}
	case "$1" in
	1.[1-3]=* | 2.[1-4]=*)
		got=$("q$(echo "$q" | tr . _)" 2>&1 | tr '\n' ' ' | sed 's/ *$//')
		if [ "$got" = "${1#*=}" ]; then echo "question $q: same"; else echo "question $q: different"; fi
		;;
	*=*) echo "question $q: no such question in $0" ;;
	*)
		[ -z "$A$B" ] || kill $A $B 2>/dev/null
		echo "usage: $0 [Q=VALUES...] [-r PROGRAM [ARG...]]" >&2
		exit 2
		;;
	esac
	shift
done
[ -z "$A$B" ] || kill $A $B 2>/dev/null
[ $# -gt 0 ] || exit 0
shift
[ $# -ge 1 ] || { echo "usage: $0 [Q=VALUES...] [-r PROGRAM [ARG...]]" >&2; exit 2; }
[ -b /dev/vda ] || { echo "labs: no disk /dev/vda with the programs" >&2; exit 3; }
mkdir -p /mnt/labs
mount -t ext4 -o ro /dev/vda /mnt/labs || { echo "labs: /dev/vda does not mount as ext4" >&2; exit 3; }
prog=$1
shift
cd /tmp || exit 3
"/mnt/labs/$prog" "$@" >/tmp/labs-prog.log 2>&1
rc=$?
sed 's/^/| /' /tmp/labs-prog.log
echo "status $prog $rc"
exit 0
