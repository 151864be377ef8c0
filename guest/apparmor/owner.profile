# owner.profile — the AppArmor profiles of guest/bin/fsid-apparmor.c, which
# checks that "owner" rules follow the owner the kernel's permission checks
# see, a filesystem id where fsid maps apply. Compiled on the host with
# apparmor_parser (make guest), loaded in the guest through securityfs.
abi <abi/3.0>,

# Everything, but no writing, creating or deleting of one's own files
# below /run/aa (a tmpfs: takes fsid maps) and /dev/aa (devtmpfs: keeps
# the id maps).
profile fsid_owner_deny {
  capability,
  file,
  deny owner /{run,dev}/aa/** w,
}

# Reading everything; writing only one's own files there.
profile fsid_owner_allow {
  capability,
  /** r,
  owner /{run,dev}/aa/** w,
}
