#!/usr/bin/env bash
# npm-ci.sh — install the npm packages pinned by a package.json and its
# package-lock.json into a folder of build/, once: again only when either
# file is newer than the last install (docs-build.sh, slides-build.sh).
#
# usage: Documentation/docs/npm-ci.sh SRCDIR NPMDIR WHAT
#   SRCDIR  holds package.json and package-lock.json
#   NPMDIR  where node_modules/ goes (emptied before an install)
#   WHAT    what is installed, for the message
# Exit status: 0 installed, or nothing to do; 1 npm ci failed (its last
# lines are printed); 3 no npm and it could not be installed.
set -uo pipefail

[ $# -eq 3 ] || { echo "usage: $0 SRCDIR NPMDIR WHAT" >&2; exit 2; }
src=$1 npmdir=$2 what=$3
top=$(cd "$(dirname "$0")/../.." && pwd)
# On this project's machines nodejs comes from nodesource and brings npm,
# and Debian's npm package cannot be installed beside it: use any npm on
# PATH, and install Debian's only when there is none.
command -v npm >/dev/null || "$top/tools/deps.sh" npm || exit 3
stamp=$npmdir/node_modules/.installed
if [ -e "$stamp" ] && [ ! "$src/package-lock.json" -nt "$stamp" ] && [ ! "$src/package.json" -nt "$stamp" ]; then
	exit 0
fi
echo "npm-ci: installing $what with npm ci into $npmdir"
rm -rf "$npmdir"
mkdir -p "$npmdir"
cp "$src/package.json" "$src/package-lock.json" "$npmdir/"
log=$npmdir/npm.log
if ! (cd "$npmdir" && npm ci --no-audit --no-fund --no-update-notifier --ignore-scripts) >"$log" 2>&1; then
	tail -n 20 "$log" >&2
	echo "npm-ci: npm ci failed in $npmdir (output above); the first build needs the npm registry" >&2
	exit 1
fi
touch "$stamp"
