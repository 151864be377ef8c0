#!/usr/bin/env bash
# mkinitramfs.sh — build the guest's initramfs (an uncompressed newc cpio).
#
# usage: tools/vm/mkinitramfs.sh OUT.cpio [DIR=GUESTDIR ...]
#
# Contents, all owned by root but the home directories under /home/ of
# guest/rootfs/etc/passwd's users (user 1000; alice, bob, carol: 1001-1003):
#   /init                 guest/init
#   /etc, ...             guest/rootfs/ copied as it is (passwd, group, profile)
#   /tests/               guest/tests/*
#   /demos/               demos/*.sh, the demo scenarios and their lib.sh
#   /bin/busybox + links  the host's static busybox ($BUSYBOX), one link per applet
#   /usr/bin/             the project's static C programs, $BUILD/guest-bin/*;
#                         newfsuidmap setuid root (mode 4755), with
#                         newfsgidmap a hard link to it (the name chooses
#                         the map)
#   GUESTDIR/             each extra DIR=GUESTDIR argument, recursively
#   /usr/sbin/NAME        each host program of $HOST_PROGS ("PATH:NAME ..."),
#                         with the shared libraries ldd lists for it; a
#                         program's /etc/FILE data comes with $HOST_ETC
#                         (mkfs.ext4, which mount_setattr's tests run)
#   /usr/bin/NAME         each host program of $HOST_SETUID, setuid root
#                         (mode 4755) with its shared libraries: shadow's
#                         newuidmap and newgidmap, which unprivileged users'
#                         containers need (Debian package uidmap)
# The archive is written with the kernel's own usr/gen_init_cpio (built from
# $TREE), so device nodes and owners need no root on the host, and with a
# fixed time stamp, so the same inputs give the same bytes.
#
# Environment: BUILD [build], TREE [$BUILD/linux], BUSYBOX [/bin/busybox],
# HOST_PROGS ["/sbin/mke2fs:mkfs.ext4"], HOST_ETC ["mke2fs.conf"],
# HOST_SETUID ["/usr/bin/newuidmap /usr/bin/newgidmap"].
# Exit status: 0 written; 2 usage or a missing input.
set -euo pipefail

BUILD=${BUILD:-build}
TREE=${TREE:-$BUILD/linux}
BUSYBOX=${BUSYBOX:-/bin/busybox}
HOST_PROGS=${HOST_PROGS-/sbin/mke2fs:mkfs.ext4}
HOST_ETC=${HOST_ETC-mke2fs.conf}
HOST_SETUID=${HOST_SETUID-/usr/bin/newuidmap /usr/bin/newgidmap}
top=$(cd "$(dirname "$0")/../.." && pwd)
# The directories every image has (besides /tmp, 1777, and /etc, from guest/rootfs).
base_dirs="bin sbin usr usr/bin usr/sbin proc sys dev run mnt root tests demos home"

die() { printf 'mkinitramfs: %s\n' "$*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: $0 OUT.cpio [DIR=GUESTDIR ...]"
out=$1
shift
[ -x "$BUSYBOX" ] || die "no busybox at $BUSYBOX (Debian package busybox-static)"
ldd "$BUSYBOX" >/dev/null 2>&1 && die "$BUSYBOX is dynamically linked; the guest needs busybox-static"
[ -f "$TREE/usr/gen_init_cpio.c" ] || die "no kernel tree at $TREE (for usr/gen_init_cpio.c): run make tree"

gen=$BUILD/gen_init_cpio
if [ ! -x "$gen" ] || [ "$TREE/usr/gen_init_cpio.c" -nt "$gen" ]; then
	cc -O2 -o "$gen" "$TREE/usr/gen_init_cpio.c"
fi

list=$(mktemp)
trap 'rm -f "$list"' EXIT
# mode_of FILE: 755 for executables, 644 otherwise.
mode_of() { if [ -x "$1" ]; then echo 755; else echo 644; fi; }
# add_tree SRCDIR DESTDIR: every directory and file below SRCDIR.
add_tree() {
	local src=$1 dst=$2 rel
	(cd "$src" && find . -mindepth 1 -type d | sort) | while read -r rel; do
		echo "dir $dst/${rel#./} 755 0 0"
	done
	(cd "$src" && find . -mindepth 1 -type f | sort) | while read -r rel; do
		echo "file $dst/${rel#./} $(realpath "$src/$rel") $(mode_of "$src/$rel") 0 0"
	done
}
{
	for d in $base_dirs; do
		echo "dir /$d 755 0 0"
	done
	echo "dir /tmp 1777 0 0"
	awk -F: '$6 ~ /^\/home\/[a-z]+$/ { printf "dir %s 755 %s %s\n", $6, $3, $4 }' "$top/guest/rootfs/etc/passwd"
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /init $top/guest/init 755 0 0"
	add_tree "$top/guest/rootfs" ""
	add_tree "$top/guest/tests" /tests
	for f in "$top"/demos/*.sh; do
		echo "file /demos/${f##*/} $f $(mode_of "$f") 0 0"
	done
	echo "file /bin/busybox $(realpath "$BUSYBOX") 755 0 0"
	"$BUSYBOX" --list-full | sort | while read -r applet; do
		[ "$applet" = bin/busybox ] || echo "slink /$applet /bin/busybox 777 0 0"
	done
	if [ -d "$BUILD/guest-bin" ]; then
		for f in "$BUILD"/guest-bin/*; do
			[ -f "$f" ] || continue
			case ${f##*/} in
			newfsuidmap) echo "file /usr/bin/newfsuidmap $(realpath "$f") 4755 0 0 /usr/bin/newfsgidmap" ;;
			*) echo "file /usr/bin/${f##*/} $(realpath "$f") 755 0 0" ;;
			esac
		done
	fi
	# Host programs and the libraries they load, at the host's paths.
	libs=$(for spec in $HOST_PROGS $HOST_SETUID; do
		prog=${spec%%:*}
		[ -x "$prog" ] || die "no host program $prog (HOST_PROGS, HOST_SETUID; newuidmap and newgidmap: Debian package uidmap)"
		ldd "$prog" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
	done | sort -u)
	for spec in $HOST_PROGS; do
		echo "file /usr/sbin/${spec#*:} $(realpath "${spec%%:*}") 755 0 0"
	done
	for prog in $HOST_SETUID; do
		echo "file /usr/bin/${prog##*/} $(realpath "$prog") 4755 0 0"
	done
	for lib in $libs; do dirname "$lib"; done | sort -u | awk '{
		n = split($0, part, "/"); path = ""
		for (i = 2; i <= n; i++) { path = path "/" part[i]; print path }
	}' | sort -u | grep -vxF -f <(printf '/%s\n' $base_dirs tmp etc) |
		while read -r d; do echo "dir $d 755 0 0"; done
	for lib in $libs; do echo "file $lib $(realpath "$lib") 755 0 0"; done
	for f in $HOST_ETC; do
		[ -f "/etc/$f" ] || die "no /etc/$f on the host (HOST_ETC)"
		echo "file /etc/$f /etc/$f 644 0 0"
	done
	for arg in "$@"; do
		src=${arg%%=*}
		dst=${arg#*=}
		[ -d "$src" ] && [ "$src" != "$arg" ] || die "bad argument '$arg': want DIR=GUESTDIR"
		echo "dir $dst 755 0 0"
		add_tree "$src" "$dst"
	done
} >"$list"
# A later line for the same path would shadow an earlier one: refuse that.
dups=$(awk '{print $2}' "$list" | sort | uniq -d)
[ -z "$dups" ] || die "paths given twice: $dups"
"$gen" -t 0 "$list" >"$out.tmp"
mv "$out.tmp" "$out"
echo "mkinitramfs: $out: $(grep -c . "$list") entries, $(($(stat -c %s "$out") / 1024)) KiB" >&2
