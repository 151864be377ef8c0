// SPDX-License-Identifier: GPL-2.0
/*
 * Lab 3, reference test: ramfs takes fsid mappings.
 *
 * The container has uid/gid map "0 100000 100000" and, but in the third
 * check, fsid map "0 300000 100000". Its root mounts a ramfs in a mount
 * namespace of its own and creates a file there; the host looks at both
 * through /proc/<pid>/root:
 *
 *   1. the file is owned by the filesystem ids, 300000:300000 (0:0 inside);
 *   2. so is the root of the mount;
 *   3. with id maps only, the file is owned by the ids, 100000:100000, as
 *      without the series;
 *   4. a mounter without filesystem ids (fsid map "1000 301000 1000":
 *      root has none) cannot mount a ramfs: EOVERFLOW.
 *
 * On a kernel where ramfs keeps the id maps, 1, 2 and 4 fail. Output is
 * TAP, one line per check. Exit status: 0 every check passed; 1 some
 * failed; 2 the test could not run (not root, no fsid maps, ...).
 *
 * Build it as the selftests are built, statically, with the selftests'
 * helpers (fsid_mappings.h):
 *   gcc -std=gnu11 -Wall -Werror -O2 -static -pthread \
 *       -I build/linux/tools/testing/selftests/fsid_mappings \
 *       -o lab3_ramfs_test lab3_ramfs_test.c
 */
#include "fsid_mappings.h"
#include <sys/mount.h>

#define PARTIAL_FSID_MAP "1000 301000 1000\n"	/* root (0) has no filesystem id */

static int failed, checks;

static void report(bool ok, const char *what, const char *got)
{
	checks++;
	if (ok) {
		printf("ok %d - %s\n", checks, what);
	} else {
		failed++;
		printf("not ok %d - %s\n#   got: %s\n", checks, what, got);
	}
}

/* In the container: mount a ramfs on @arg, create "f" in it, wait. */
static int mount_and_create(void *arg)
{
	const char *dir = arg;
	char path[256], buf[32];
	int fd;

	CHILD_CHECK(become_root() == 0);
	CHILD_CHECK(mount("lab3", dir, "ramfs", 0, NULL) == 0);
	snprintf(path, sizeof(path), "%s/f", dir);
	fd = open(path, O_CREAT | O_WRONLY | O_EXCL, 0644);
	CHILD_CHECK(fd >= 0);
	close(fd);
	CHILD_CHECK(strcmp(owner(path, buf), "0:0") == 0);
	/* The host looks now, through /proc/<pid>/root. */
	CHILD_CHECK(userns_sync_child() == 0);
	return 0;
}

/*
 * Run mount_and_create() in a container with @fsidmap (NULL: id maps
 * only); the owners of the mount's root and of its file, seen from here.
 */
static int owners(const char *fsidmap, char root[32], char file[32])
{
	char dir[] = "/tmp/lab3-XXXXXX", path[256];
	struct userns u;
	int ret = -1;

	if (!mkdtemp(dir) || chmod(dir, 0755))
		return -1;
	if (userns_start(&u, CLONE_NEWNS, -1, mount_and_create, dir))
		goto out;
	if (write_maps(u.pid, ID_MAP, fsidmap)) {
		kill(u.pid, SIGKILL);
		userns_finish(&u);
		goto out;
	}
	userns_go(&u);
	if (userns_wait_child(&u) == 0) {
		snprintf(path, sizeof(path), "/proc/%d/root%s", u.pid, dir);
		owner(path, root);
		snprintf(path, sizeof(path), "/proc/%d/root%s/f", u.pid, dir);
		owner(path, file);
		userns_go(&u);
		ret = 0;
	}
	if (userns_finish(&u))
		ret = -1;
out:
	rmdir(dir);
	return ret;
}

/* In the container without a filesystem id: the errno of the mount. */
static int mount_without_fsid(void *arg)
{
	const char *dir = arg;

	CHILD_CHECK(become_root() == 0);
	if (mount("lab3", dir, "ramfs", 0, NULL) == 0)
		return 0;
	return errno == EOVERFLOW ? 200 : 201;
}

int main(void)
{
	char root[32] = "(none)", file[32] = "(none)", got[64];
	char dir[] = "/tmp/lab3-XXXXXX";
	int ret;

	if (geteuid() != 0 || access("/proc/self/fsuid_map", F_OK)) {
		fprintf(stderr, "lab3_ramfs_test: needs root and a kernel with fsid maps\n");
		return 2;
	}
	printf("1..4\n");

	if (owners(FSID_MAP, root, file)) {
		fprintf(stderr, "lab3_ramfs_test: the container with fsid maps did not run\n");
		return 2;
	}
	report(!strcmp(file, "300000:300000"),
	       "a file the container's root creates on its ramfs is owned by its filesystem ids, 300000:300000",
	       file);
	report(!strcmp(root, "300000:300000"),
	       "the root of the ramfs it mounts is owned by its filesystem ids, 300000:300000",
	       root);

	if (owners(NULL, root, file)) {
		fprintf(stderr, "lab3_ramfs_test: the container with id maps only did not run\n");
		return 2;
	}
	report(!strcmp(file, "100000:100000"),
	       "with id maps only, the file is owned by the ids, 100000:100000",
	       file);

	if (!mkdtemp(dir) || chmod(dir, 0755))
		return 2;
	ret = userns_run(CLONE_NEWNS, ID_MAP, PARTIAL_FSID_MAP,
			 mount_without_fsid, dir);
	rmdir(dir);
	snprintf(got, sizeof(got), "%s",
		 ret == 0 ? "the mount succeeded" :
		 ret == 201 ? "another errno" : "the container did not run");
	report(ret == 200,
	       "a mounter without filesystem ids cannot mount a ramfs (EOVERFLOW)",
	       got);
	return failed ? 1 : 0;
}
