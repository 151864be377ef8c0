#!/usr/bin/env bash
# call-trace.sh (test) — tools/bench/call-trace.sh traces one call: its
# usage errors, and on fchown() the functions each kernel must run:
# chown_common(), notify_change() and setattr_prepare() everywhere,
# make_kfsuid() only on fsid with fsid maps (the key is off without them,
# and vanilla has no such function), with a total in a plausible range.
#
# usage: tools/tests/call-trace.sh
# Output is TAP; exit status 0 when every test passed, 1 otherwise.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tool=$top/tools/bench/call-trace.sh
. "$(dirname "$0")/tap.sh"
echo "1..6"
"$tool" fsid unset chmod >/dev/null 2>"$tmp/err"
rc=$?
expect "an unknown op is a usage error: status 2 and a message" \
	eval '[ $rc -eq 2 ] && grep -q "OP must be" "$tmp/err"'
"$tool" fsid sometimes fchown >/dev/null 2>"$tmp/err"
rc=$?
expect "an unknown mode is a usage error: status 2 and a message" \
	eval '[ $rc -eq 2 ] && grep -q "MODE must be" "$tmp/err"'
# count FILE FUNCTION: the instructions the trace gives FUNCTION (0 if none).
count() { awk -v f="$2" '$2 == f { print $1; found = 1 } END { if (!found) print 0 }' "$1"; }
for run in vanilla:unset fsid:unset fsid:set; do
	f=${run%:*} m=${run#*:}
	"$tool" "$f" "$m" fchown >"$tmp/$f-$m" 2>"$tmp/$f-$m.err" || true
done
total=$(awk '$1 == "total" { print $2 }' "$tmp/vanilla-unset")
expect "vanilla's fchown() runs chown_common, notify_change and setattr_prepare, $total instructions in all" \
	eval '[ "${total:-0}" -gt 500 ] && [ "$total" -lt 5000 ] &&
	      [ $(count "$tmp/vanilla-unset" chown_common) -gt 0 ] &&
	      [ $(count "$tmp/vanilla-unset" notify_change) -gt 0 ] &&
	      [ $(count "$tmp/vanilla-unset" setattr_prepare) -gt 0 ]'
expect "fsid with fsid maps translates the new owner with make_kfsuid() and make_kfsgid()" \
	eval '[ $(count "$tmp/fsid-set" make_kfsuid) -gt 0 ] && [ $(count "$tmp/fsid-set" make_kfsgid) -gt 0 ]'
expect "fsid without fsid maps does not: the static key is off, make_kuid() is called" \
	eval '[ $(count "$tmp/fsid-unset" make_kfsuid) -eq 0 ] && [ $(count "$tmp/fsid-unset" make_kuid) -gt 0 ]'
expect "every trace ends with a total line" \
	eval 'grep -q "^total [0-9]" "$tmp/fsid-unset" && grep -q "^total [0-9]" "$tmp/fsid-set"'
tap_status
