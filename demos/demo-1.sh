#!/bin/sh
# demo-1.sh — a container whose filesystem ids are mapped differently from
# its ids: uid/gid map "0 100000 100000", fsuid/fsgid map "0 300000 100000".
# Runs in the guest on the fsid kernel (make demo-1); its output is
# demos/demo-1.expected. On a kernel without the series it stops at the
# first step with fsid-unshare's message and exit status 121.
# The commands are eval'd by run and fails: $C in single quotes is meant.
# shellcheck disable=SC2016
. /demos/lib.sh

title "demo-1: a container with different id and fsid mappings"
say "Its uid and gid map is   0 100000 100000: uid 0 inside is kuid 100000."
say "Its fsuid and fsgid map is 0 300000 100000: its root's files are kuid 300000's."
say "The id map names the container's processes to the rest of the system;"
say "the fsid map alone decides which owners its files get."

step "Outside: root of the guest, in the initial user namespace"
say "showids prints the real, effective and saved uid and the fsuid, then the gids."
run 'showids'

step "Start the container"
say "fsid-unshare creates a user namespace, writes its four map files from"
say "outside, switches to uid 0 and gid 0 inside (from then on the fsid maps"
say "apply) and runs sleep: that process is the container, and C its pid."
say "'nsenter -t \$C -U -- CMD' runs CMD inside it, as its uid 0."
start C fsid-unshare -m b:0:100000:100000 -f b:0:300000:100000 -- sleep 3600
run 'cd /proc/$C'

step "The four map files"
say "Read from outside. Each line is: first id inside, first id outside, count."
run 'head uid_map gid_map fsuid_map fsgid_map'
say "Read from inside, the lines are the same: a reader inside the namespace"
say "sees the outside ids in the parent namespace, which is ours here."
run 'nsenter -t $C -U -- head uid_map gid_map fsuid_map fsgid_map'

step "The container's ids in /proc/\$C/status"
say "Uid: and Gid: list the real, effective and saved ids and the fsuid (fsgid),"
say "through the id maps: from outside, 100000. FsidUid: and FsidGid: are the"
say "filesystem ids, through the fsid maps: 300000, the id its files are owned by."
run "grep -E '^(Fsid)?(Uid|Gid):' status"
say "From inside, all are 0."
run "nsenter -t \$C -U -- grep -E '^(Fsid)?(Uid|Gid):' status"

step "Files the container creates"
say "Root of the guest makes a directory anyone may write in, like /tmp."
run 'mkdir -m 1777 /tmp/demo && cd /tmp/demo'
say "Root inside creates a file and a directory there."
run 'nsenter -t $C -U -- touch made-inside'
run 'nsenter -t $C -U -- mkdir made-inside.d'
say "Inside, they belong to root, 0:0:"
run "nsenter -t \$C -U -- stat -c '%A %u:%g %n' made-inside made-inside.d"
say "Outside, their owner is the fsid map's 300000, not the id map's 100000:"
run "stat -c '%A %u:%g %n' made-inside made-inside.d"

step "Host files owned in the fsid range"
say "Root of the guest creates two files: one for 300000:300000, where the"
say "fsid map puts the container's root, one for 100000:100000, where its id"
say "map puts it."
run 'echo "written by the host" >owned-300000 && chown 300000:300000 owned-300000'
run 'echo "written by the host" >owned-100000 && chown 100000:100000 owned-100000'
run "stat -c '%A %u:%g %n' owned-300000 owned-100000"
say "Inside, the file of 300000 looks root-owned. 100000 is not in the fsid"
say "map, so that file's owner shows as 65534, nobody and nogroup:"
run "nsenter -t \$C -U -- stat -c '%A %u:%g %n' owned-300000 owned-100000"
say "Root inside may write to the file it owns,"
run "nsenter -t \$C -U -- sh -c 'echo \"written by the container\" >>owned-300000'"
run 'cat owned-300000'
say "but not to the other: its capabilities do not reach a file whose owner"
say "has no mapping, and to the file's mode it is 'other', with r-- only."
fails "nsenter -t \$C -U -- sh -c 'echo \"written by the container\" >>owned-100000'"

step "chown inside lands in the fsid range outside"
say "Root inside gives made-inside to its uid and gid 1000."
run 'nsenter -t $C -U -- chown 1000:1000 made-inside'
run "nsenter -t \$C -U -- stat -c '%A %u:%g %n' made-inside"
say "On disk that is 300000 + 1000:"
run "stat -c '%A %u:%g %n' made-inside"
say "A process of uid 1000 inside (kuid 101000 to the rest of the system)"
say "creates its files as 301000 too:"
run 'nsenter -t $C -U -S 1000 -G 1000 -- touch made-by-1000'
run "nsenter -t \$C -U -- stat -c '%A %u:%g %n' made-by-1000"
run "stat -c '%A %u:%g %n' made-by-1000"

step "Stop the container"
run 'kill $C'
say "Its files stay on disk with owners from the fsid range, 300000 and"
say "301000: another container with the same fsid map, whatever its id map,"
say "sees them as 0 and 1000 (demo-3). demo-2 is this demo without fsid maps."
finish
