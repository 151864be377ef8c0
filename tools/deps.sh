#!/usr/bin/env bash
# deps.sh — make sure the Debian packages this project needs are installed.
#
# usage: tools/deps.sh PACKAGE...
#
# Checks each package with dpkg-query. When some are missing and we are
# root, runs `apt-get update` and `apt-get install -y` for them; otherwise
# prints the exact command to run and fails.
#
# Exit status: 0 all installed (now or already); 1 some are missing and we
# are not root (the command is printed); 2 usage error or no dpkg/apt
# (not a Debian system); 3 apt-get failed.
set -euo pipefail

if [ $# -eq 0 ]; then
	echo "usage: $0 PACKAGE..." >&2
	exit 2
fi
if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
	echo "deps: this is not a Debian system (no dpkg-query/apt-get): install by hand: $*" >&2
	exit 2
fi

# One dpkg-query for all: a package it does not know is not printed at all.
installed=" $(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "$@" 2>/dev/null |
	awk '$2 == "installed" { sub(/:.*/, "", $1); printf "%s ", $1 }' || true)"
missing=()
for p in "$@"; do
	[[ $installed == *" $p "* ]] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing Debian packages: ${missing[*]}" >&2
	echo "deps: as root, run:  apt-get update && $cmd" >&2
	exit 1
fi
echo "deps: installing missing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update -q >&2 || ! $cmd >&2; then
	echo "deps: apt-get failed installing: ${missing[*]}" >&2
	exit 3
fi
