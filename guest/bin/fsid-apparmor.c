// SPDX-License-Identifier: GPL-2.0
/*
 * fsid-apparmor — AppArmor's "owner" rules with and without fsid maps.
 * Runs in the guest, as root, on a kernel with AppArmor.
 *
 * usage: fsid-apparmor POLICY
 *
 * POLICY is guest/apparmor/owner.profile compiled on the host (make
 * guest: $BUILD/apparmor/owner.bin, in the guest /apparmor/owner.bin),
 * with two profiles, for the files below /run/aa and /dev/aa:
 *   fsid_owner_deny   everything, but no writing with "deny owner"
 *   fsid_owner_allow  reading, and writing with "owner" only
 * It loads POLICY through securityfs, mounts a tmpfs on /run/aa (a
 * filesystem that takes fsid maps) and makes /dev/aa on devtmpfs (one that
 * keeps the id maps). Then, once per cell, a child makes a user namespace
 * with uid and gid map "0 100000 1000", and in the "fsid maps" cells
 * fsuid and fsgid map "0 300000 1000" too; as its uid 0 it changes to one
 * of the profiles and tries one operation on a file of mode 0666 in a
 * directory of mode 0777, so that the permission bits allow every one and
 * AppArmor alone decides:
 *   write   open(O_WRONLY) a file owned by 100000, 300000 or 200000
 *   create  a new file
 *   unlink  a file owned by 100000 or 300000
 * The caller owns a file when the owner is its filesystem uid: 300000 on
 * the tmpfs in the fsid-map cells, 100000 everywhere else (devtmpfs keeps
 * the id maps; a file being created is its own). The deny profile must
 * then refuse exactly the owned files (EACCES), the allow profile allow
 * exactly them. On a kernel without fsid maps only the id-map cells run;
 * they expect what the same cells expect on a kernel with them, so that
 * the answers with the id maps only are those of a kernel without the
 * series. One TAP line per cell.
 *
 * Exit status: 0 all passed; 1 one failed; 2 usage, or the set-up failed
 * (a message says which step); 3 the kernel has no AppArmor.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define SECURITYFS	"/sys/kernel/security"
#define AA_DIR		SECURITYFS "/apparmor"
#define ID_BASE		100000	/* the uid and gid maps' kernel ids */
#define FSID_BASE	300000	/* the fsuid and fsgid maps' */
#define STRANGER	200000	/* an owner that is neither */
#define RANGE		1000

enum op { OP_WRITE, OP_CREATE, OP_UNLINK };
static const char *const op_name[] = { "write", "create", "unlink" };

struct target {
	const char *dir;	/* the directory, on a tmpfs or devtmpfs */
	bool fsid_mapped;	/* does its filesystem take fsid maps? */
	enum op op;
	unsigned int owner;	/* of the existing file; unused for create */
};

static const struct target targets[] = {
	{ "/run/aa", true, OP_WRITE, ID_BASE },
	{ "/run/aa", true, OP_WRITE, FSID_BASE },
	{ "/run/aa", true, OP_WRITE, STRANGER },
	{ "/run/aa", true, OP_CREATE, 0 },
	{ "/run/aa", true, OP_UNLINK, ID_BASE },
	{ "/run/aa", true, OP_UNLINK, FSID_BASE },
	{ "/dev/aa", false, OP_WRITE, ID_BASE },
	{ "/dev/aa", false, OP_WRITE, FSID_BASE },
};

static void die(const char *what)
{
	fprintf(stderr, "fsid-apparmor: %s: %s\n", what, strerror(errno));
	exit(2);
}

/* Write @len bytes of @buf to @path; 0 or an errno. */
static int write_file(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY), err = 0;

	if (fd < 0)
		return errno;
	if (write(fd, buf, len) != (ssize_t)len)
		err = errno ? errno : EIO;
	close(fd);
	return err;
}

/* Write the map "0 @base RANGE" to /proc/@pid/@file, or die. */
static void write_map(pid_t pid, const char *file, int base)
{
	char path[64], text[64];

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	snprintf(text, sizeof(text), "0 %d %d\n", base, RANGE);
	errno = write_file(path, text, strlen(text));
	if (errno)
		die(path);
}

/* Load the compiled policy @path (replacing profiles of the same name). */
static void load_policy(const char *path)
{
	static char buf[1 << 20];
	ssize_t len;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		die(path);
	len = read(fd, buf, sizeof(buf));
	if (len <= 0 || len == sizeof(buf))
		die("reading the policy");
	close(fd);
	errno = write_file(AA_DIR "/.replace", buf, len);
	if (errno)
		die("loading the policy (" AA_DIR "/.replace)");
}

/* The errno of @op on @path, done as the caller is. */
static int attempt(enum op op, const char *path)
{
	int fd;

	switch (op) {
	case OP_WRITE:
		fd = open(path, O_WRONLY);
		break;
	case OP_CREATE:
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		break;
	default:
		return unlink(path) ? errno : 0;
	}
	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/*
 * One cell: a child in a new user namespace (fsid maps if @fsid) under
 * @profile tries @op on @path. Returns the errno it saw, or -1 with a
 * message if the child could not get there.
 */
static int run_cell(bool fsid, const char *profile, enum op op,
		    const char *path)
{
	char cmd[128], c;
	int ready[2], go[2], status;
	pid_t pid;

	if (pipe(ready) || pipe(go))
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		close(ready[0]);
		close(go[1]);
		if (unshare(CLONE_NEWUSER) || write(ready[1], "u", 1) != 1)
			_exit(250);
		if (read(go[0], &c, 1) != 1)
			_exit(251);
		if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
			_exit(252);
		snprintf(cmd, sizeof(cmd), "changeprofile %s", profile);
		if (write_file("/proc/self/attr/current", cmd, strlen(cmd)))
			_exit(253);
		_exit(attempt(op, path));
	}
	close(ready[1]);
	close(go[0]);
	/* The maps are written once the child has its namespace. */
	if (read(ready[0], &c, 1) != 1) {
		waitpid(pid, &status, 0);
		fprintf(stderr, "fsid-apparmor: the child could not make a user namespace\n");
		return -1;
	}
	close(ready[0]);
	/* fsid maps first: the kernel takes them only before id maps. */
	if (fsid) {
		write_map(pid, "fsuid_map", FSID_BASE);
		write_map(pid, "fsgid_map", FSID_BASE);
	}
	write_map(pid, "uid_map", ID_BASE);
	write_map(pid, "gid_map", ID_BASE);
	if (write(go[1], "g", 1) != 1)
		die("waking the child");
	close(go[1]);
	if (waitpid(pid, &status, 0) != pid)
		die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) >= 250) {
		fprintf(stderr, "fsid-apparmor: the child did not get to try (status %#x: %s)\n",
			status, WIFEXITED(status) && WEXITSTATUS(status) == 253 ?
			"changeprofile refused" : "user namespace set-up");
		return -1;
	}
	return WEXITSTATUS(status);
}

/* A file of mode 0666 owned by @owner, made fresh for each cell. */
static void make_file(const char *path, unsigned int owner)
{
	int fd;

	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0 || fchown(fd, owner, owner) || fchmod(fd, 0666))
		die(path);
	close(fd);
}

static void make_dir(const char *path)
{
	if (mkdir(path, 0777) && errno != EEXIST)
		die(path);
	if (chmod(path, 0777))
		die(path);
}

int main(int argc, char **argv)
{
	static const char *const profiles[] = { "fsid_owner_deny", "fsid_owner_allow" };
	int n = 0, failed = 0, cells = 0;
	bool has_fsid;

	if (argc != 2) {
		fprintf(stderr, "usage: %s POLICY\n", argv[0]);
		return 2;
	}
	if (access(AA_DIR, F_OK) &&
	    mount("securityfs", SECURITYFS, "securityfs", 0, NULL) && errno != EBUSY)
		die("mounting securityfs");
	if (access(AA_DIR "/.replace", W_OK)) {
		fprintf(stderr, "fsid-apparmor: the kernel has no AppArmor (no %s)\n", AA_DIR);
		return 3;
	}
	load_policy(argv[1]);
	make_dir("/run/aa");
	if (mount("tmpfs", "/run/aa", "tmpfs", 0, "mode=0777"))
		die("mounting a tmpfs on /run/aa");
	make_dir("/dev/aa");
	has_fsid = !access("/proc/self/fsuid_map", F_OK);

	for (int fsid = 0; fsid <= (int)has_fsid; fsid++)
		cells += 2 * (int)(sizeof(targets) / sizeof(targets[0]));
	printf("1..%d\n", cells);
	for (int fsid = 0; fsid <= (int)has_fsid; fsid++) {
		for (int p = 0; p < 2; p++) {
			for (size_t t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
				const struct target *tg = &targets[t];
				unsigned int fs_uid = fsid && tg->fsid_mapped ? FSID_BASE : ID_BASE;
				bool owned = tg->op == OP_CREATE || tg->owner == fs_uid;
				bool deny = p == 0 ? owned : !owned;
				char path[64], what[64];
				int got;

				snprintf(path, sizeof(path), "%s/cell%d", tg->dir, n + 1);
				if (tg->op == OP_CREATE) {
					unlink(path);
					snprintf(what, sizeof(what), "a new file");
				} else {
					make_file(path, tg->owner);
					snprintf(what, sizeof(what), "a file owned by %u", tg->owner);
				}
				got = run_cell(fsid, profiles[p], tg->op, path);
				n++;
				if (got < 0)
					return 2;
				if (got == (deny ? EACCES : 0)) {
					printf("ok %d - %s, %s: %s %s on %s: %s\n", n,
					       profiles[p], fsid ? "fsid maps" : "id maps only",
					       op_name[tg->op], what, tg->dir,
					       deny ? "EACCES" : "allowed");
				} else {
					failed++;
					printf("not ok %d - %s, %s: %s %s on %s: want %s, got %s\n", n,
					       profiles[p], fsid ? "fsid maps" : "id maps only",
					       op_name[tg->op], what, tg->dir,
					       deny ? "EACCES" : "success",
					       got ? strerror(got) : "success");
				}
				unlink(path);
			}
		}
	}
	return failed ? 1 : 0;
}
