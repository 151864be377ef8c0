#!/usr/bin/env bash
# attack-answers.sh — the attack sequences of fsid_attack_test get the same
# answer on every kernel: with id maps only on vanilla and fsid-off, and
# with id maps only and with fsid maps on fsid.
#
# usage: tools/tests/attack-answers.sh VANILLA_LOG FSID_OFF_LOG FSID_LOG
#
# Each LOG is fsid_attack_test's output on that kernel. The program prints
# "# answer NAME idmaps=ANSWER" for the run with id maps only (every
# kernel) and "# answer NAME fsid=ANSWER" for the run with fsid maps
# (only where the kernel has them). One TAP result per sequence named in
# any log: ok when all four answers are there and equal, not ok with the
# four answers otherwise. The answers are compared with each other, never
# with a value written here.
# Exit status: 0 every sequence the same everywhere; 1 some differ, are
# missing, or no log has answers; 2 usage.
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: $0 VANILLA_LOG FSID_OFF_LOG FSID_LOG" >&2; exit 2; }
vanilla=$1 fsidoff=$2 fsid=$3

# answer LOG NAME KIND: the answer of sequence NAME, KIND idmaps or fsid.
answer() {
	tr -d '\r' <"$1" 2>/dev/null |
		sed -n "s/^# answer $2 $3=\(.*\)\$/\1/p" | tail -n 1
}

names=$(cat "$vanilla" "$fsidoff" "$fsid" 2>/dev/null | tr -d '\r' |
	sed -n 's/^# answer \([A-Za-z0-9_]*\) [a-z]*=.*$/\1/p' | sort -u)
if [ -z "$names" ]; then
	echo "1..1"
	echo "not ok 1 - no answers in $vanilla, $fsidoff or $fsid"
	exit 1
fi
echo "1..$(printf '%s\n' "$names" | wc -l)"
n=0 bad=0
for name in $names; do
	n=$((n + 1))
	v=$(answer "$vanilla" "$name" idmaps)
	o=$(answer "$fsidoff" "$name" idmaps)
	i=$(answer "$fsid" "$name" idmaps)
	f=$(answer "$fsid" "$name" fsid)
	if [ -n "$v" ] && [ "$v" = "$o" ] && [ "$v" = "$i" ] && [ "$v" = "$f" ]; then
		echo "ok $n - $name: $v on vanilla, fsid-off and fsid (id maps only and fsid maps)"
	else
		echo "not ok $n - $name differs or is missing"
		echo "#   vanilla (id maps): ${v:-none}"
		echo "#   fsid-off (id maps): ${o:-none}"
		echo "#   fsid (id maps): ${i:-none}"
		echo "#   fsid (fsid maps): ${f:-none}"
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ]
