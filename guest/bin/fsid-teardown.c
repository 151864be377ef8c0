// SPDX-License-Identifier: GPL-2.0
/*
 * fsid-teardown — user namespaces whose four maps have more than five
 * extents are freed whole when they go away. Runs in the guest, as root,
 * on a kernel with /proc/slabinfo (SLUB with CONFIG_SLUB_DEBUG: the debug
 * flavour).
 *
 * usage: fsid-teardown [-n NAMESPACES]
 *
 * Makes NAMESPACES [64] user namespaces and writes each one's uid_map,
 * gid_map, fsuid_map and fsgid_map with 340 extents. A map of more than
 * five extents keeps its extents in two arrays (sorted by first and by
 * lower id), each kmalloc()ed; 340 extents of 12 bytes are 4080 bytes,
 * so each array is one object of kmalloc-4k, a cache little else uses:
 * eight per namespace. It reads the active objects of kmalloc-4k and of
 * user_namespace in /proc/slabinfo before, while the namespaces live, and
 * once their tasks are gone (the kernel frees a namespace from a work
 * item, after an RCU grace period for the credentials: it waits up to
 * 10 s for the counts to come down, shrinking both caches each time so
 * that KASAN's quarantine gives back what was freed). TAP:
 *   1 - while they live, kmalloc-4k holds at least 8 more objects per
 *       namespace and user_namespace one more (the counts see the maps);
 *   2 - afterwards, user_namespace is back where it was (or below);
 *   3 - afterwards, kmalloc-4k is within 8 objects (one namespace's
 *       arrays) of where it was: no map's arrays were left behind.
 * Exit status: 0 all passed; 1 one failed; 2 usage, or a namespace or a
 * map could not be made; 3 no /proc/slabinfo.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define EXTENTS		340
#define MAX_NS		1024

/* Active objects of cache @name in /proc/slabinfo, or -1. */
static long active_objects(const char *name)
{
	char line[512], cache[64];
	long active = -1, n;
	FILE *f = fopen("/proc/slabinfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %ld", cache, &n) == 2 && !strcmp(cache, name))
			active = n;
	fclose(f);
	return active;
}

/* Write @text to /proc/@pid/@file; 0 or -1. */
static int write_map(pid_t pid, const char *file, const char *text)
{
	char path[64];
	size_t len = strlen(text);
	int fd, ok;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ok = write(fd, text, len) == (ssize_t)len;
	close(fd);
	return ok ? 0 : -1;
}

/*
 * @EXTENTS lines of one id each, from @lower up, 2 apart; with a four-digit
 * @lower the text stays under a page, as a map must.
 */
static char *map_text(unsigned int lower)
{
	char *text = malloc(EXTENTS * 32 + 1), *p = text;
	int i;

	if (!text)
		return NULL;
	for (i = 0; i < EXTENTS; i++)
		p += sprintf(p, "%d %u 1\n", i, lower + 2 * i);
	return text;
}

/*
 * Wait a tenth of a second, then shrink both caches: KASAN keeps freed
 * objects in its quarantine, where /proc/slabinfo still counts them,
 * until the cache is shrunk (kmem_cache_shrink() empties the cache's
 * part of the quarantine). Without SYSFS or KASAN this changes nothing.
 */
static void settle(void)
{
	static const char *const shrink[] = {
		"/sys/kernel/slab/user_namespace/shrink",
		"/sys/kernel/slab/kmalloc-4k/shrink",
	};
	struct timespec ts = { 0, 100 * 1000 * 1000 };
	size_t i;

	nanosleep(&ts, NULL);
	for (i = 0; i < sizeof(shrink) / sizeof(shrink[0]); i++) {
		int fd = open(shrink[i], O_WRONLY);

		if (fd >= 0) {
			if (write(fd, "1", 1) != 1)
				perror(shrink[i]);
			close(fd);
		}
	}
}

int main(int argc, char **argv)
{
	static pid_t pids[MAX_NS];
	char *idmap = map_text(1000), *fsidmap = map_text(5000);
	long ns_before, ns_live, ns_after, k4_before, k4_live, k4_after;
	int n = 64, c, i, tries, bad = 0, made = 0;

	while ((c = getopt(argc, argv, "n:h")) != -1) {
		char *end;

		switch (c) {
		case 'n':
			n = (int)strtol(optarg, &end, 10);
			if (*end || n < 1 || n > MAX_NS) {
				fprintf(stderr, "fsid-teardown: -n wants 1 to %d namespaces, not '%s'\n",
					MAX_NS, optarg);
				return 2;
			}
			break;
		default:
			fprintf(stderr, "usage: fsid-teardown [-n NAMESPACES]\n");
			return c == 'h' ? 0 : 2;
		}
	}
	if (optind != argc || !idmap || !fsidmap) {
		fprintf(stderr, "usage: fsid-teardown [-n NAMESPACES]\n");
		return 2;
	}
	if (access("/proc/slabinfo", R_OK)) {
		fprintf(stderr, "fsid-teardown: no /proc/slabinfo (it needs SLUB with CONFIG_SLUB_DEBUG)\n");
		return 3;
	}
	settle();
	ns_before = active_objects("user_namespace");
	k4_before = active_objects("kmalloc-4k");
	for (i = 0; i < n; i++) {
		int ready[2];
		char b;

		if (pipe(ready))
			break;
		pids[i] = fork();
		if (pids[i] == 0) {
			close(ready[0]);
			if (unshare(CLONE_NEWUSER) || write(ready[1], "r", 1) != 1)
				_exit(1);
			pause();
			_exit(0);
		}
		close(ready[1]);
		if (pids[i] < 0 || read(ready[0], &b, 1) != 1) {
			close(ready[0]);
			break;
		}
		close(ready[0]);
		made++;
		/* fsid maps first: the kernel takes them only before id maps. */
		if (write_map(pids[i], "fsuid_map", fsidmap) || write_map(pids[i], "fsgid_map", fsidmap) ||
		    write_map(pids[i], "uid_map", idmap) || write_map(pids[i], "gid_map", idmap)) {
			fprintf(stderr, "fsid-teardown: writing the maps of namespace %d: %s\n",
				i, strerror(errno));
			break;
		}
	}
	ns_live = active_objects("user_namespace");
	k4_live = active_objects("kmalloc-4k");
	for (i = 0; i < made; i++) {
		kill(pids[i], SIGKILL);
		waitpid(pids[i], NULL, 0);
	}
	if (made < n) {
		fprintf(stderr, "fsid-teardown: made %d of %d namespaces\n", made, n);
		return 2;
	}
	for (tries = 0; tries < 100; tries++) {
		settle();
		ns_after = active_objects("user_namespace");
		k4_after = active_objects("kmalloc-4k");
		if (ns_after <= ns_before && k4_after - k4_before < 8)
			break;
	}
	printf("# %d namespaces, 4 maps of %d extents each\n", n, EXTENTS);
	printf("# user_namespace: %ld before, %ld while they live, %ld after\n",
	       ns_before, ns_live, ns_after);
	printf("# kmalloc-4k: %ld before, %ld while they live, %ld after\n",
	       k4_before, k4_live, k4_after);
	printf("1..3\n");
	if (ns_before < 0 || k4_before < 0) {
		printf("not ok 1 - /proc/slabinfo has no user_namespace or kmalloc-4k line\n");
		bad++;
	} else if (ns_live - ns_before >= n && k4_live - k4_before >= 8L * n) {
		printf("ok 1 - while they live: %ld more namespaces, %ld more kmalloc-4k objects\n",
		       ns_live - ns_before, k4_live - k4_before);
	} else {
		printf("not ok 1 - while they live: %ld more namespaces (want %d), %ld more kmalloc-4k objects (want %d)\n",
		       ns_live - ns_before, n, k4_live - k4_before, 8 * n);
		bad++;
	}
	if (ns_after <= ns_before) {
		printf("ok 2 - every namespace was freed\n");
	} else {
		printf("not ok 2 - %ld namespaces more than before after %d.%d s\n",
		       ns_after - ns_before, tries / 10, tries % 10);
		bad++;
	}
	if (k4_after - k4_before < 8) {
		printf("ok 3 - the extent arrays were freed (%+ld kmalloc-4k objects)\n",
		       k4_after - k4_before);
	} else {
		printf("not ok 3 - %ld kmalloc-4k objects more than before after %d.%d s\n",
		       k4_after - k4_before, tries / 10, tries % 10);
		bad++;
	}
	return bad ? 1 : 0;
}
