#!/usr/bin/env bash
# attack-answers.sh — the attack sequences of fsid_attack_test get the same
# answer on every kernel: with id maps only on vanilla and fsid-off, and
# with id maps only and with fsid maps on fsid.
#
# usage: tools/tests/attack-answers.sh FLAVOUR:FSID:LOG...
#
# Each LOG is fsid_attack_test's output on kernel FLAVOUR; FSID is yes when
# that kernel has fsid maps, no otherwise. The program prints
# "# answer NAME idmaps=ANSWER" for the run with id maps only (every
# kernel) and "# answer NAME fsid=ANSWER" for the run with fsid maps
# (only where the kernel has them). One TAP result per sequence named in
# any log: ok when every answer is there (one per log, two where FSID is
# yes) and all are equal, not ok with the answers otherwise. The answers
# are compared with each other, never with a value written here.
# Exit status: 0 every sequence the same everywhere; 1 some differ, are
# missing, or no log has answers; 2 usage.
set -uo pipefail
. "$(dirname "$0")/tap.sh"
need_runs 1 "$@"

# answer LOG NAME KIND: the answer of sequence NAME, KIND idmaps or fsid.
answer() {
	tr -d '\r' <"$1" 2>/dev/null |
		sed -n "s/^# answer $2 $3=\(.*\)\$/\1/p" | tail -n 1
}

log_names 's/^# answer \([A-Za-z0-9_]*\) [a-z]*=.*$/\1/p' answers "$@"
n=0 bad=0
for name in $names; do
	n=$((n + 1))
	first= same=yes where=() report=()
	for arg; do
		flavour=${arg%%:*} fsid=${arg#*:} log=${arg#*:*:}
		fsid=${fsid%%:*}
		kinds=idmaps
		[ "$fsid" = no ] || kinds="idmaps fsid"
		for kind in $kinds; do
			a=$(answer "$log" "$name" "$kind")
			[ -n "$first" ] || first=$a
			{ [ -n "$a" ] && [ "$a" = "$first" ]; } || same=no
			report+=("#   $flavour ($([ $kind = idmaps ] && echo "id maps" || echo "fsid maps")): ${a:-none}")
		done
		where+=("$flavour")
	done
	if [ $same = yes ]; then
		echo "ok $n - $name: $first on $(printf '%s, ' "${where[@]}" | sed 's/, $//; s/\(.*\), /\1 and /') (id maps only, and fsid maps where there are)"
	else
		echo "not ok $n - $name differs or is missing"
		printf '%s\n' "${report[@]}"
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ]
