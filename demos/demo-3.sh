#!/bin/sh
# demo-3.sh — shared storage across two containers with non-overlapping id
# maps, "0 100000 100000" and "0 200000 100000": first both with the fsid
# map "0 300000 100000", then both without fsid maps. Runs in the guest on
# the fsid kernel with an empty ext4 image as /dev/vda (make demo-3); its
# output is demos/demo-3.expected.
# needs: disk 64M
# The commands are eval'd by run and fails: $C in single quotes is meant.
# shellcheck disable=SC2016
. /demos/lib.sh

show='stat -c '\''%A %u:%g %n'\'

title "demo-3: two containers share a disk"
say "Container A maps ids 0 100000 100000, container B 0 200000 100000: no"
say "kuid is in both, so neither can signal, trace or otherwise reach the"
say "other's processes. We want them to share one ext4 disk."

step "Mount the shared disk"
say "The host attached an empty ext4 image to the guest as /dev/vda."
run 'mkdir /shared && mount -t ext4 /dev/vda /shared'
say "Root of the guest gives a directory of it to the fsid range's root:"
run 'mkdir /shared/data && chown 300000:300000 /shared/data'
run 'cd /shared/data'

step "Two containers with the same fsid map"
say "Both get the fsuid and fsgid map 0 300000 100000. A and B are their pids."
start A fsid-unshare -m b:0:100000:100000 -f b:0:300000:100000 -- sleep 3600
start B fsid-unshare -m b:0:200000:100000 -f b:0:300000:100000 -- sleep 3600
say "Their ids differ, their filesystem ids do not:"
run "grep Uid: /proc/\$A/status"
run "grep Uid: /proc/\$B/status"

step "Each writes a file"
run "nsenter -t \$A -U -- sh -c 'echo \"written by A\" >from-a'"
run "nsenter -t \$B -U -- sh -c 'echo \"written by B\" >from-b'"
say "On disk both are 300000's:"
run "$show . from-a from-b"
say "and each container sees them all as its root's:"
run "nsenter -t \$A -U -- $show . from-a from-b"
run "nsenter -t \$B -U -- $show . from-a from-b"

step "Each writes the other's file"
run "nsenter -t \$B -U -- sh -c 'echo \"B was here\" >>from-a'"
run "nsenter -t \$A -U -- sh -c 'echo \"A was here\" >>from-b'"
run 'cat from-a from-b'

step "Owners other than root agree too"
say "Root in A gives from-a to its uid and gid 1000. B sees 1000:1000, the"
say "disk 301000:301000."
run 'nsenter -t $A -U -- chown 1000:1000 from-a'
run "nsenter -t \$B -U -- $show from-a"
run "$show from-a"
say "uid 1000 of B (kuid 201000) may write it, as the owner:"
run "nsenter -t \$B -U -S 1000 -G 1000 -- sh -c 'echo \"B 1000 was here\" >>from-a'"
run 'cat from-a'
run 'kill $A $B'

step "The same two containers without fsid maps"
say "This is what a kernel without the series offers. Each container's"
say "files get the owners of its id map."
start A fsid-unshare -m b:0:100000:100000 -- sleep 3600
start B fsid-unshare -m b:0:200000:100000 -- sleep 3600
say "A directory on the disk that anyone may write in, like /tmp:"
run 'mkdir -m 1777 /shared/plain && cd /shared/plain'
run "nsenter -t \$A -U -- sh -c 'echo \"written by A\" >from-a'"
run "nsenter -t \$B -U -- sh -c 'echo \"written by B\" >from-b'"
say "On disk, A's root wrote as 100000 and B's as 200000:"
run "$show from-a from-b"
say "Each container sees the other's file as owned by 65534, nobody and"
say "nogroup: the owner has no mapping in its namespace."
run "nsenter -t \$A -U -- $show from-a from-b"
run "nsenter -t \$B -U -- $show from-a from-b"
say "And neither can write the other's file:"
fails "nsenter -t \$B -U -- sh -c 'echo \"B was here\" >>from-a'"
fails "nsenter -t \$A -U -- sh -c 'echo \"A was here\" >>from-b'"
say "The files of the first part, 300000's on disk, now have no owner in"
say "either container; in A, for one:"
run "nsenter -t \$A -U -- $show /shared/data /shared/data/from-b"
fails "nsenter -t \$A -U -- sh -c 'echo \"A was here\" >>/shared/data/from-b'"
run 'kill $A $B'
say "Without fsid maps the two containers could share this disk only by"
say "giving up their separation: overlapping id maps. With fsid maps they"
say "keep separate ids and write the disk as the same owners."
finish
