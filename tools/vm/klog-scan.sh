#!/usr/bin/env bash
# klog-scan.sh — look for kernel reports in guest kernel logs: warnings,
# BUGs, oopses, panics, refcount and list corruption, lockdep, KASAN,
# UBSAN, kmemleak and hung-task reports.
#
# usage: tools/vm/klog-scan.sh FILE...
#
# Each FILE is a kernel log that tools/vm/run-guest.sh kept (KLOG_DIR). Every
# report found is printed as "klog: FILE: LINE", with up to 12 lines of
# what follows it (the call trace), each prefixed "klog: ".
# Exit status: 0 no report in any FILE; 1 some report; 2 usage or a FILE
# that cannot be read.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 FILE..." >&2; exit 2; }

# What the kernel prints when something is wrong, one extended regular
# expression per kind of report.
patterns=(
	'WARNING: '                      # WARN(), WARN_ON(), lockdep's warnings
	'BUG: '                          # BUG(), "BUG: KASAN", "BUG: sleeping function"
	'kernel BUG at '
	'Oops'
	'general protection fault'
	'Kernel panic'
	'refcount_t: '
	'list_(add|del) corruption'
	'INFO: possible (circular|recursive|irq lock inversion)'
	'possible deadlock'
	'UBSAN: '
	'KASAN: '
	'KFENCE: '
	'unreferenced object 0x'         # kmemleak
	'INFO: task .* blocked for more than'
	'Call Trace:'
)
re=$(IFS='|'; echo "${patterns[*]}")
found=0
for f in "$@"; do
	[ -r "$f" ] || { echo "klog-scan: cannot read '$f'" >&2; exit 2; }
	if grep -qE -- "$re" "$f"; then
		found=1
		grep -nE -A 12 -- "$re" "$f" | head -n 60 | sed "s|^|klog: $f: |"
	fi
done
exit $found
