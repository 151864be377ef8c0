#!/bin/sh
# selftest.sh — run one kernel selftest program in the guest.
#
# usage: /tests/selftest.sh NAME
#   NAME  a program in /selftests (fsid_maps_test, mount_setattr_test, ...)
#
# If the host attached a disk (/dev/vda, an ext4 image), it is mounted at
# /mnt/ext4 first: fsid_vfs_test's ext4 cases use it. The program's own
# TAP output is the output; the exit status is the program's, 2 for usage,
# 3 when the disk is there but does not mount.
if [ $# -ne 1 ] || [ ! -x "/selftests/$1" ]; then
	echo "usage: $0 NAME (one of: $(ls /selftests | tr '\n' ' '))" >&2
	exit 2
fi
if [ -b /dev/vda ]; then
	mkdir -p /mnt/ext4
	mount -t ext4 /dev/vda /mnt/ext4 || { echo "selftest: /dev/vda does not mount as ext4" >&2; exit 3; }
fi
cd /tmp || exit 1
"/selftests/$1"
