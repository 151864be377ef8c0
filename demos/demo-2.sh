#!/bin/sh
# demo-2.sh — demo-1 without fsid maps: a container with the uid/gid map
# "0 100000 100000" and no fsuid_map or fsgid_map written. Everything
# behaves as on a kernel without the series. Runs in the guest on the fsid
# kernel (make demo-2); its output is demos/demo-2.expected.
# The commands are eval'd by run and fails: $C in single quotes is meant.
# shellcheck disable=SC2016
. /demos/lib.sh

title "demo-2: a container with id mappings and no fsid mappings"
say "Its uid and gid map is 0 100000 100000: uid 0 inside is kuid 100000."
say "Nobody writes its fsuid_map or fsgid_map, so its filesystem ids go"
say "through the id map, as they do on a kernel without the series. The"
say "steps are those of demo-1: compare the two outputs step by step."

step "Outside: root of the guest, in the initial user namespace"
run 'showids'

step "Start the container"
say "The same fsid-unshare as in demo-1, without -f: only uid_map and gid_map"
say "are written. C is the container's pid."
start C fsid-unshare -m b:0:100000:100000 -- sleep 3600
run 'cd /proc/$C'

step "The four map files"
say "fsuid_map and fsgid_map exist, and read empty, from outside and inside:"
run 'head uid_map gid_map fsuid_map fsgid_map'
run 'nsenter -t $C -U -- head uid_map gid_map fsuid_map fsgid_map'

step "The container's ids in /proc/\$C/status"
say "From outside all four columns, filesystem id included, are 100000."
run "grep -E '^(Uid|Gid):' status"
run "nsenter -t \$C -U -- grep -E '^(Uid|Gid):' status"

step "Files the container creates"
run 'mkdir -m 1777 /tmp/demo && cd /tmp/demo'
run 'nsenter -t $C -U -- touch made-inside'
run 'nsenter -t $C -U -- mkdir made-inside.d'
run "nsenter -t \$C -U -- stat -c '%A %u:%g %n' made-inside made-inside.d"
say "Outside, they belong to the id map's 100000:"
run "stat -c '%A %u:%g %n' made-inside made-inside.d"

step "Host files owned in the fsid range"
run 'echo "written by the host" >owned-300000 && chown 300000:300000 owned-300000'
run 'echo "written by the host" >owned-100000 && chown 100000:100000 owned-100000'
run "stat -c '%A %u:%g %n' owned-300000 owned-100000"
say "Now the file of 100000 is root's inside and the file of 300000 has no"
say "mapping: the reverse of demo-1."
run "nsenter -t \$C -U -- stat -c '%A %u:%g %n' owned-300000 owned-100000"
run "nsenter -t \$C -U -- sh -c 'echo \"written by the container\" >>owned-100000'"
run 'cat owned-100000'
fails "nsenter -t \$C -U -- sh -c 'echo \"written by the container\" >>owned-300000'"

step "chown inside lands in the id range outside"
run 'nsenter -t $C -U -- chown 1000:1000 made-inside'
run "nsenter -t \$C -U -- stat -c '%A %u:%g %n' made-inside"
say "On disk that is 100000 + 1000:"
run "stat -c '%A %u:%g %n' made-inside"
run 'nsenter -t $C -U -S 1000 -G 1000 -- touch made-by-1000'
run "stat -c '%A %u:%g %n' made-by-1000"

step "Stop the container"
run 'kill $C'
say "Without fsid maps, what a container writes is owned by ids of its id"
say "map. Two containers with different id maps then own different files:"
say "demo-3 shows the problem that makes, and how fsid maps solve it."
finish
