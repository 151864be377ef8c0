#!/bin/sh
# demo-4.sh — rootless containers share a disk: the administrator grants
# two unprivileged users, alice and bob, container ids of their own
# (/etc/subuid, /etc/subgid) and the same filesystem ids (/etc/subfsuid,
# /etc/subfsgid); each starts a container with fsid-unshare, which writes
# its maps through the setuid helpers newuidmap, newgidmap, newfsuidmap
# and newfsgidmap, and both write the shared disk as the same owners.
# carol, without a grant, is refused; so is a grant that meets another
# user's container ids. Runs in the guest on the fsid kernel with an
# empty ext4 image as /dev/vda (make demo-4); its output is
# demos/demo-4.expected.
# needs: disk 64M
# The commands are eval'd by run and fails: $A in single quotes is meant.
# shellcheck disable=SC2016
. /demos/lib.sh

show='stat -c '\''%A %u:%g %n'\'

title "demo-4: rootless containers share a disk"
say "alice (uid 1001) and bob (uid 1002) are ordinary users of this machine."
say "Each starts a container without root's help; the two must share a disk."

step "The administrator's grants"
say "Container ids of their own, one range each, as for rootless podman:"
run 'printf "%s\n" alice:100000:65536 bob:165536:65536 | tee /etc/subuid /etc/subgid'
say "and one range of filesystem ids that both may map:"
run 'printf "%s\n" alice:300000:65536 bob:300000:65536 | tee /etc/subfsuid /etc/subfsgid'
say "The helpers that write maps within those grants are setuid root:"
run 'stat -c "%A %U %n" /usr/bin/newuidmap /usr/bin/newgidmap /usr/bin/newfsuidmap /usr/bin/newfsgidmap'

step "Mount the shared disk"
run 'mkdir /shared && mount -t ext4 /dev/vda /shared'
say "Root gives a directory of it to the shared range's root:"
run 'mkdir /shared/data && chown 300000:300000 /shared/data'
run 'cd /shared/data'

step "alice and bob each start a container, A and B"
say "fsid-unshare, run by a user, writes the fsid maps with newfsuidmap and"
say "newfsgidmap, then the id maps with newuidmap and newgidmap."
start_as alice A 'fsid-unshare -m b:0:100000:65536 -f b:0:300000:65536 -- sleep 3600'
start_as bob B 'fsid-unshare -m b:0:165536:65536 -f b:0:300000:65536 -- sleep 3600'
say "Their ids differ, their filesystem ids do not:"
run 'grep -h -e ^Uid: -e ^FsidUid: /proc/$A/status /proc/$B/status'

step "Each writes a file, and the other's"
run_as alice "nsenter -t \$A -U -- sh -c 'echo \"written in A\" >from-alice'"
run_as bob "nsenter -t \$B -U -- sh -c 'echo \"written in B\" >from-bob'"
run_as bob "nsenter -t \$B -U -- sh -c 'echo \"B was here\" >>from-alice'"
run_as alice "nsenter -t \$A -U -- sh -c 'echo \"A was here\" >>from-bob'"
say "On disk both files are 300000's, and each container sees them as its root's:"
run "$show from-alice from-bob"
run_as alice "nsenter -t \$A -U -- $show from-alice from-bob"
run_as bob "nsenter -t \$B -U -- $show from-alice from-bob"
run 'cat from-alice from-bob'
run 'kill $A $B'

step "carol has no grant"
say "She may map her own ids, but not the shared range:"
fails_as carol 'fsid-unshare -m b:0:1003:1 -f b:0:300000:65536 -- true'

step "A grant must stay apart from other users' container ids"
say "Had the administrator also given alice bob's first 100 ids as filesystem"
say "ids, her files would name bob's container's ids, which then restrict his"
say "processes: the helper refuses that grant."
run 'echo alice:165536:100 >>/etc/subfsuid'
fails_as alice 'fsid-unshare -m b:0:100000:65536 -f u:0:165536:100 -- true'
finish
