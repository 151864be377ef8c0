// SPDX-License-Identifier: GPL-2.0
/*
 * Lab 4, reference selftest: the sticky bit binds a container's users
 * with fsid maps as it does without them.
 *
 * The rule of the security model: an fsid map changes which on-disk ids a
 * task acts as, never which restrictions bind it. In a sticky directory
 * (mode 1777) an entry may be removed only by the owner of the entry, the
 * owner of the directory, or a task with CAP_FOWNER over the entry
 * (may_delete(), check_sticky(); with fsid maps the owners are compared
 * with the task's filesystem uid).
 *
 * A container with uid/gid map "0 100000 100000" runs with fsid map
 * "0 300000 100000" (variant fsid) or with id maps only (variant idmap,
 * which is what a kernel without the series runs: its answers are
 * vanilla's). On a tmpfs mounted from outside, the container's root makes
 * a sticky directory "sticky" and two files in it, "mine" of its uid 1000
 * and "other" of its uid 2000; then one of its tasks, as uid 1000 (no
 * capabilities left) or as root, removes one file. The answers are the
 * same in both variants; only the owners the host sees differ.
 *
 * Build it statically, as the selftests of fsid_mappings are:
 *   gcc -std=gnu11 -Wall -Werror -O2 -static -pthread \
 *       -I build/linux/tools/testing/selftests/fsid_mappings \
 *       -o lab4_sticky_test lab4_sticky_test.c
 */
#include "fsid_mappings.h"
#include <sys/mman.h>
#include <sys/mount.h>
#include "../kselftest_harness.h"

#define MNT		"/mnt/lab4-sticky"
#define OTHER_ID	2000

/* What the container does, and what came of it. */
struct job {
	bool dir_of_user;	/* "sticky" belongs to uid 1000, not to root */
	unsigned int as;	/* who removes: 0 or USER_ID */
	const char *victim;	/* "sticky/mine" or "sticky/other" */
	int err;		/* out: 0 removed, else unlink()'s errno */
};

FIXTURE(sticky) {
	struct job *job;	/* shared with the container's task */
};

FIXTURE_VARIANT(sticky) {
	const char *fsidmap;	/* NULL: id maps only */
	const char *dir;	/* the owners of "sticky", seen from outside */
	const char *mine;	/* of uid 1000's file */
	const char *other;	/* of uid 2000's file */
};

FIXTURE_VARIANT_ADD(sticky, fsid) {
	.fsidmap = FSID_MAP,
	.dir = "300000:300000",
	.mine = "301000:301000",
	.other = "302000:302000",
};

FIXTURE_VARIANT_ADD(sticky, idmap) {
	.fsidmap = NULL,
	.dir = "100000:100000",
	.mine = "101000:101000",
	.other = "102000:102000",
};

/* A private mount namespace and a fresh tmpfs, mode 1777, at MNT. */
FIXTURE_SETUP(sticky)
{
	ASSERT_EQ(unshare(CLONE_NEWNS), 0);
	ASSERT_EQ(mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), 0);
	ASSERT_TRUE(mkdir(MNT, 0755) == 0 || errno == EEXIST);
	ASSERT_EQ(mount("lab4", MNT, "tmpfs", 0, "mode=1777"), 0);
	ASSERT_EQ(chdir(MNT), 0);
	self->job = mmap(NULL, sizeof(*self->job), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(self->job, MAP_FAILED);
	self->job->err = -1;
}

FIXTURE_TEARDOWN(sticky)
{
	munmap(self->job, sizeof(*self->job));
	if (chdir("/"))
		return;
	umount2(MNT, MNT_DETACH);
}

/* A file owned by @id:@id of the container, made by its root. */
static int make_file(const char *name, unsigned int id)
{
	int fd = open(name, O_CREAT | O_EXCL | O_WRONLY, 0644);

	if (fd < 0 || fchown(fd, id, id))
		return -1;
	return close(fd);
}

/* In the container: set the directory up as root, then do the job. */
static int sticky_job(void *arg)
{
	struct job *job = arg;

	CHILD_CHECK(become_root() == 0);
	CHILD_CHECK(mkdir("sticky", 0777) == 0);
	CHILD_CHECK(chmod("sticky", 01777) == 0);
	if (job->dir_of_user)
		CHILD_CHECK(chown("sticky", USER_ID, USER_ID) == 0);
	CHILD_CHECK(make_file("sticky/mine", USER_ID) == 0);
	CHILD_CHECK(make_file("sticky/other", OTHER_ID) == 0);
	if (job->as)
		CHILD_CHECK(drop_to(job->as) == 0);
	job->err = unlink(job->victim) ? errno : 0;
	return 0;
}

static void run_job(struct __test_metadata *_metadata,
		    const FIXTURE_VARIANT(sticky) *variant, struct job *job)
{
	ASSERT_EQ(userns_run(0, ID_MAP, variant->fsidmap, sticky_job, job), 0);
}

/* uid 1000 may not remove the file of uid 2000 in root's sticky directory. */
TEST_F(sticky, user_may_not_remove_another_users_file)
{
	char buf[32];

	self->job->as = USER_ID;
	self->job->victim = "sticky/other";
	run_job(_metadata, variant, self->job);
	EXPECT_EQ(self->job->err, EPERM);
	/* Still there, with the owners the variant gives. */
	EXPECT_STREQ(owner("sticky/other", buf), variant->other);
	EXPECT_STREQ(owner("sticky/mine", buf), variant->mine);
	EXPECT_STREQ(owner("sticky", buf), variant->dir);
}

/* It may remove its own. */
TEST_F(sticky, user_may_remove_own_file)
{
	struct stat st;

	self->job->as = USER_ID;
	self->job->victim = "sticky/mine";
	run_job(_metadata, variant, self->job);
	EXPECT_EQ(self->job->err, 0);
	EXPECT_EQ(lstat("sticky/mine", &st), -1);
	EXPECT_EQ(errno, ENOENT);
}

/* The owner of the sticky directory may remove any file in it. */
TEST_F(sticky, directory_owner_may_remove_any_file)
{
	self->job->dir_of_user = true;
	self->job->as = USER_ID;
	self->job->victim = "sticky/other";
	run_job(_metadata, variant, self->job);
	EXPECT_EQ(self->job->err, 0);
}

/* Root of the container has CAP_FOWNER over the files its maps map. */
TEST_F(sticky, root_may_remove_any_file)
{
	self->job->as = 0;
	self->job->victim = "sticky/other";
	run_job(_metadata, variant, self->job);
	EXPECT_EQ(self->job->err, 0);
}

TEST_HARNESS_MAIN
