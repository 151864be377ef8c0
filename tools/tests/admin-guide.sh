#!/usr/bin/env bash
# admin-guide.sh — the series' admin-guide page,
# Documentation/admin-guide/fsid-mappings.rst in the kernel tree, is linked
# from the admin guide's index and renders without a warning with plain
# docutils (Debian's python3-docutils, not Sphinx) and with pandoc.
#
# usage: tools/tests/admin-guide.sh      (TREE [build/linux]: the tree with
#                                         the series applied, make tree)
# Output is TAP. Exit status: 0 every test passed; 1 some failed; 2 no tree,
# 3 a Debian package is missing (tools/deps.sh printed the command).
set -uo pipefail
BUILD=${BUILD:-build}
TREE=${TREE:-$BUILD/linux}
top=$(cd "$(dirname "$0")/../.." && pwd)
dir=$TREE/Documentation/admin-guide
page=$dir/fsid-mappings.rst
[ -d "$dir" ] || { echo "admin-guide: no kernel tree at $TREE (make tree)" >&2; exit 2; }
"$top/tools/deps.sh" python3-docutils pandoc || exit 3
. "$(dirname "$0")/tap.sh"
echo "1..4"
if [ -f "$page" ]; then result OK "the tree has Documentation/admin-guide/fsid-mappings.rst"
else result FAIL "the tree has Documentation/admin-guide/fsid-mappings.rst"; fi
if grep -qx '   fsid-mappings' "$dir/index.rst"; then result OK "Documentation/admin-guide/index.rst lists it"
else result FAIL "Documentation/admin-guide/index.rst lists it"; fi
# Debian's docutils (/usr/bin/python3), whatever python3 comes first on PATH.
if (cd "$dir" && /usr/bin/python3 -m docutils --halt=warning --report=info fsid-mappings.rst \
	>"$tmp/out.html" 2>"$tmp/err") && [ ! -s "$tmp/err" ]; then
	result OK "docutils renders it without a message (--report=info)"
else
	result FAIL "docutils renders it without a message (--report=info)" "$(cat "$tmp/err")"
fi
if pandoc --fail-if-warnings -f rst -t html "$page" -o "$tmp/pandoc.html" 2>"$tmp/perr" && [ ! -s "$tmp/perr" ]; then
	result OK "pandoc renders it without a warning"
else
	result FAIL "pandoc renders it without a warning" "$(cat "$tmp/perr")"
fi
[ $bad -eq 0 ]
