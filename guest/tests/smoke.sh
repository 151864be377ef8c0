#!/bin/sh
# smoke.sh — the guest's smoke test: the right kernel booted, the guest
# userland is complete, user namespaces work, and /proc/self/fsuid_map and
# fsgid_map exist exactly when the kernel has CONFIG_USER_NS_FSID=y.
#
# usage: /tests/smoke.sh RELEASE FSID
#   RELEASE  the `uname -r` the host built (e.g. 6.1.192-fsid)
#   FSID     yes if this kernel was built with CONFIG_USER_NS_FSID=y, else no
# Output is TAP; exit status 0 when every test passed, 1 otherwise, 2 usage.
. /tests/tap.sh
if [ $# -ne 2 ] || { [ "$2" != yes ] && [ "$2" != no ]; }; then
	echo "usage: $0 RELEASE yes|no" >&2
	exit 2
fi
release=$1 fsid=$2
plan 13

is "uname -r is the kernel the host built" "$(uname -r)" "$release"
is "uname -m is x86_64" "$(uname -m)" x86_64

fstype() { awk -v m="$1" '$2 == m { t = $3 } END { print t }' /proc/mounts; }
is "pseudo filesystems mounted (proc sysfs devtmpfs devpts tmpfs)" \
	"$(fstype /proc) $(fstype /sys) $(fstype /dev) $(fstype /dev/pts) $(fstype /tmp)" \
	"proc sysfs devtmpfs devpts tmpfs"
is "/init runs the command as root" "$(showids)" "uid=0,0,0,0 gid=0,0,0,0 groups="
is "/etc/passwd and /etc/group give user 1000 in groups 1000 and 100" \
	"$(id -u user):$(id -g user):$(id -G user | tr ' ' '\n' | sort -n | tr '\n' ' ')" "1000:1000:100 1000 "
is "su to user 1000 gives its ids, fsuid and supplementary groups" \
	"$(su -s /bin/sh user -c showids)" "uid=1000,1000,1000,1000 gid=1000,1000,1000,1000 groups=100,1000"

# An unprivileged user namespace: user 1000 maps itself to root (unshare -r
# writes uid_map "0 1000 1", setgroups "deny", gid_map "0 1000 1").
asuser() { su -s /bin/sh user -c "$1"; }
inns() { asuser "unshare -r sh -c '$1'"; }
maps=$(inns 'cat /proc/self/uid_map /proc/self/gid_map' | awk '{ print $1, $2, $3 }' | tr '\n' ';')
is "an unprivileged user namespace gets uid_map and gid_map 0 1000 1" "$maps" "0 1000 1;0 1000 1;"
# Its supplementary groups stay: 100 has no mapping (65534), 1000 is 0.
is "inside it, uid 1000 is root, fsuid included" "$(inns showids)" "uid=0,0,0,0 gid=0,0,0,0 groups=65534,0"

dir=/tmp/smoke
rm -rf $dir
mkdir $dir
chown user:user $dir
inns "touch $dir/made-inside"
is "a file made inside is 0:0 inside" "$(inns "stat -c %u:%g $dir/made-inside")" "0:0"
is "and 1000:1000 outside" "$(stat -c %u:%g $dir/made-inside)" "1000:1000"
touch $dir/root-file
is "a root-owned file has no mapping inside: 65534:65534 (overflow ids)" \
	"$(inns "stat -c %u:%g $dir/root-file")" "65534:65534"

if [ "$fsid" = yes ]; then
	check "CONFIG_USER_NS_FSID=y: /proc/self/fsuid_map exists" test -e /proc/self/fsuid_map
	check "CONFIG_USER_NS_FSID=y: /proc/self/fsgid_map exists" test -e /proc/self/fsgid_map
else
	check "no CONFIG_USER_NS_FSID: /proc/self/fsuid_map is absent" test ! -e /proc/self/fsuid_map
	check "no CONFIG_USER_NS_FSID: /proc/self/fsgid_map is absent" test ! -e /proc/self/fsgid_map
fi
rm -rf $dir
done_testing
