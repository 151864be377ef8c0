// SPDX-License-Identifier: GPL-2.0
/*
 * newfsuidmap, newfsgidmap — write the fsuid_map (fsgid_map) of another
 * process's user namespace for an unprivileged user, within the ranges
 * of filesystem ids that /etc/subfsuid (/etc/subfsgid) grants that user:
 * the fsid counterpart of shadow's setuid-root newuidmap and newgidmap.
 * One program, installed setuid root under both names; the name it runs
 * by chooses the map.
 *
 * usage: newfsuidmap PID|fd:N ID LOWERID COUNT [ID LOWERID COUNT]...
 *
 * It opens the target's /proc directory, reads the grant files, checks
 * the map (syntax, order, owner, grants, disjointness), then keeps only
 * the capability the write needs (CAP_SETUID, CAP_SETGID) with the
 * caller's uid as effective uid, and writes the map in one write(2).
 * See Documentation/newfsuidmap.1.md and Documentation/subfsuid.5.md.
 *
 * Exit status: 0 the map is written; 1 usage, or a map the kernel does
 * not take; 2 no such target; 3 the target is not the caller's; 4 the map,
 * or the id map of its kind, is already written; 5 a range is not
 * granted; 6 a range is not disjoint from other users' ids; 7 a
 * configuration file cannot be read; 8 the kernel refused the write;
 * 9 the kernel has no fsid maps; 10 another system call failed.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <linux/magic.h>
#include <linux/nsfs.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#define EXIT_USAGE	1
#define EXIT_TARGET	2
#define EXIT_OWNER	3
#define EXIT_ORDER	4
#define EXIT_GRANT	5
#define EXIT_DISJOINT	6
#define EXIT_CONFIG	7
#define EXIT_KERNEL	8
#define EXIT_NOFSID	9
#define EXIT_SYSCALL	10

#define MAX_EXTENTS	340		/* the kernel's UID_GID_MAP_MAX_EXTENTS */
#define LAST_ID		4294967294ULL	/* (uid_t)-1 is no id */
#define LINE_MAX_LEN	1024		/* as shadow: longer lines are invalid */
#define DEFAULT_SUB_MIN	100000		/* shadow's SUB_UID_MIN, SUB_GID_MIN */

/* What differs between the two names. */
struct kind {
	const char *prog;	/* newfsuidmap */
	const char *map;	/* fsuid_map: the file written */
	const char *idmap;	/* uid_map: written after it */
	const char *grants;	/* /etc/subfsuid */
	const char *others;	/* /etc/subuid: other users' container ids */
	const char *min_key;	/* SUB_UID_MIN in /etc/login.defs */
	const char *what;	/* uid */
	int cap;		/* CAP_SETUID */
};

static const struct kind kinds[2] = {
	{ "newfsuidmap", "fsuid_map", "uid_map", "/etc/subfsuid", "/etc/subuid",
	  "SUB_UID_MIN", "uid", CAP_SETUID },
	{ "newfsgidmap", "fsgid_map", "gid_map", "/etc/subfsgid", "/etc/subgid",
	  "SUB_GID_MIN", "gid", CAP_SETGID },
};

static const struct kind *k = &kinds[0];

/* One line of the map: ID LOWERID COUNT. */
struct range {
	unsigned long long id, lower, count;
};

/* One valid line of a grant file: OWNER:START:COUNT, OWNER resolved. */
struct grant {
	bool mine;		/* OWNER is the caller */
	unsigned long long start, count;
};

struct grants {
	struct grant *v;
	size_t n;
};

static void __attribute__((noreturn, format(printf, 2, 3)))
die(int status, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", k->prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

static void __attribute__((noreturn)) usage(void)
{
	fprintf(stderr,
		"usage: %s PID|fd:N ID LOWERID COUNT [ID LOWERID COUNT]...\n"
		"Write the %s of process PID's user namespace (fd:N: an open /proc/PID\n"
		"directory), within your grants in %s. See %s(1).\n",
		k->prog, k->map, k->grants, kinds[0].prog);
	exit(EXIT_USAGE);
}

/*
 * A number as shadow reads one (a2ul(): strtoumax(3) with @base, so
 * leading blanks and a "+" are taken, "-" is not), all of @s, at most
 * @max; -1 if not. Base 0: decimal, 0x hex, leading-0 octal.
 */
static long long parse_base(const char *s, int base, unsigned long long max)
{
	const char *p = s;
	unsigned long long v;
	char *end;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+')
		p++;
	if (*p < '0' || *p > '9')
		return -1;
	errno = 0;
	v = strtoull(p, &end, base);
	if (errno || *end || v > max)
		return -1;
	return (long long)v;
}

static long long parse_num(const char *s, unsigned long long max)
{
	return parse_base(s, 0, max);
}

/* A uid as shadow's get_uid() reads one: base 10, at most 4294967295, or -1. */
static long long parse_uid(const char *s)
{
	return parse_base(s, 10, UINT32_MAX);
}

/* The entries of /etc/passwd (the guest has no NSS): name and uid. */
struct user {
	char *name;
	long long uid, gid;
};

static struct user *users;
static size_t nusers;

static void read_passwd(void)
{
	FILE *f = fopen("/etc/passwd", "re");
	char *line = NULL;
	size_t cap = 0;

	if (!f)
		die(EXIT_CONFIG, "cannot open /etc/passwd: %s", strerror(errno));
	while (getline(&line, &cap, f) >= 0) {
		/* name:password:uid:... */
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		char *c3 = c2 ? strchr(c2 + 1, ':') : NULL, *c4;
		long long uid, gid;

		if (!c3)
			continue;
		c4 = c3 + 1 + strcspn(c3 + 1, ":\n");
		*c1 = *c3 = *c4 = '\0';
		uid = parse_uid(c2 + 1);
		gid = parse_uid(c3 + 1);
		if (uid < 0 || c1 == line)
			continue;
		users = realloc(users, (nusers + 1) * sizeof(*users));
		if (!users || !(users[nusers].name = strdup(line)))
			die(EXIT_SYSCALL, "out of memory");
		users[nusers].gid = gid;
		users[nusers++].uid = uid;
	}
	if (ferror(f) || !feof(f))
		die(EXIT_CONFIG, "cannot read /etc/passwd: %s", strerror(errno));
	free(line);
	fclose(f);
}

/*
 * The uid that a grant line's OWNER stands for, as shadow's
 * getpw_uid_or_nam(): a decimal uid that has an entry, else a name; -1
 * if neither.
 */
static long long owner_uid(const char *owner)
{
	long long uid = parse_uid(owner);

	for (size_t i = 0; i < nusers; i++)
		if (uid >= 0 ? users[i].uid == uid : !strcmp(users[i].name, owner))
			return users[i].uid;
	return -1;
}

/* The caller's entry: the first with its uid, or NULL. */
static const struct user *user_entry(uid_t uid)
{
	for (size_t i = 0; i < nusers; i++)
		if (users[i].uid == (long long)uid)
			return &users[i];
	return NULL;
}

/*
 * Read a grant file in subuid(5)'s format with shadow's rules: lines of
 * exactly three fields OWNER:START:COUNT, none empty, START at most
 * 4294967295 and COUNT at most what is left above it; other lines
 * (comments, NIS lines, lines of 1024 bytes or more) are not grants, and a
 * file whose last line has no newline is not a text file. A missing file
 * grants nothing.
 */
static void read_grants(const char *path, uid_t ruid, const char *name,
			struct grants *g)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	g->v = NULL;
	g->n = 0;
	if (!f) {
		if (errno == ENOENT)
			return;
		die(EXIT_CONFIG, "cannot open %s: %s", path, strerror(errno));
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		char *field[3], *p;
		unsigned long long left;
		long long start, count;
		int n = 0;

		if (len == 0 || line[len - 1] != '\n' || strlen(line) != (size_t)len)
			die(EXIT_CONFIG, "%s: not a text file (a NUL byte, or no newline at its end)",
			    path);
		line[--len] = '\0';
		if (len >= LINE_MAX_LEN || line[0] == '+' || line[0] == '-')
			continue;
		field[0] = line;
		for (p = line; *p; p++)
			if (*p == ':') {
				if (++n > 2)
					break;
				*p = '\0';
				field[n] = p + 1;
			}
		if (n != 2 || !*field[0] || !*field[1] || !*field[2])
			continue;
		start = parse_num(field[1], UINT32_MAX);
		if (start < 0)
			continue;
		/* At most what is left above START, and at most 4294967295. */
		left = UINT32_MAX + 1ULL - (unsigned long long)start;
		count = parse_num(field[2], left < UINT32_MAX ? left : UINT32_MAX);
		if (count < 0)
			continue;
		g->v = realloc(g->v, (g->n + 1) * sizeof(*g->v));
		if (!g->v)
			die(EXIT_SYSCALL, "out of memory");
		g->v[g->n].mine = (name && !strcmp(field[0], name)) ||
				  owner_uid(field[0]) == (long long)ruid;
		g->v[g->n].start = (unsigned long long)start;
		g->v[g->n].count = (unsigned long long)count;
		g->n++;
	}
	if (ferror(f) || !feof(f))
		die(EXIT_CONFIG, "cannot read %s: %s", path, strerror(errno));
	free(line);
	fclose(f);
}

/* Whether [@start, @start + @count) lies in the caller's grants (shadow's have_range()). */
static bool granted(const struct grants *g, unsigned long long start,
		    unsigned long long count)
{
	unsigned long long end = start + count;	/* exclusive */

	while (start < end) {
		size_t i;

		for (i = 0; i < g->n; i++)
			if (g->v[i].mine && g->v[i].count &&
			    g->v[i].start <= start && start < g->v[i].start + g->v[i].count)
				break;
		if (i == g->n)
			return false;
		start = g->v[i].start + g->v[i].count;
	}
	return true;
}

/* The first line of @g not the caller's that [@start, @start + @count) meets, or NULL. */
static const struct grant *overlap(const struct grants *g, unsigned long long start,
				   unsigned long long count)
{
	for (size_t i = 0; i < g->n; i++)
		if (!g->v[i].mine && g->v[i].count &&
		    start < g->v[i].start + g->v[i].count && g->v[i].start < start + count)
			return &g->v[i];
	return NULL;
}

/* SUB_UID_MIN (SUB_GID_MIN) of /etc/login.defs, or shadow's default. */
static unsigned long long sub_min(void)
{
	FILE *f = fopen("/etc/login.defs", "re");
	unsigned long long v = DEFAULT_SUB_MIN;
	char *line = NULL;
	size_t cap = 0;

	if (!f) {
		if (errno == ENOENT)
			return v;
		die(EXIT_CONFIG, "cannot open /etc/login.defs: %s", strerror(errno));
	}
	while (getline(&line, &cap, f) >= 0) {
		char key[64], val[64];
		long long n;

		if (sscanf(line, " %63s %63s", key, val) == 2 && key[0] != '#' &&
		    !strcmp(key, k->min_key) && (n = parse_num(val, LAST_ID)) >= 0)
			v = (unsigned long long)n;
	}
	if (ferror(f) || !feof(f))
		die(EXIT_CONFIG, "cannot read /etc/login.defs: %s", strerror(errno));
	free(line);
	fclose(f);
	return v;
}

/* The target's /proc directory: /proc/PID, or the directory open as fd N. */
static int open_target(const char *arg)
{
	char path[64];
	struct statfs sfs;
	struct stat st;
	long long n;
	int fd;

	if (!strncmp(arg, "fd:", 3)) {
		n = parse_uid(arg + 3);
		if (n < 0 || n > INT_MAX)
			die(EXIT_USAGE, "%s: not fd:N with N a file descriptor", arg);
		fd = (int)n;
		if (fstatfs(fd, &sfs) < 0)
			die(EXIT_TARGET, "%s: %s", arg, strerror(errno));
		if (sfs.f_type != PROC_SUPER_MAGIC || fstat(fd, &st) < 0 ||
		    !S_ISDIR(st.st_mode))
			die(EXIT_TARGET, "%s: not an open /proc/PID directory", arg);
		if (fstatat(fd, "uid_map", &st, 0) < 0 || !S_ISREG(st.st_mode)) {
			/*
			 * A /proc/PID directory whose process is gone has no
			 * files, and its link reads "/proc/PID (deleted)".
			 */
			char link[64], name[PATH_MAX];
			ssize_t l;

			snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
			l = readlink(link, name, sizeof(name) - 1);
			name[l > 0 ? l : 0] = '\0';
			if (l > 10 && !strcmp(name + l - 10, " (deleted)")) {
				name[l - 10] = '\0';
				die(EXIT_TARGET, "%s: %s: the process has exited", arg, name);
			}
			die(EXIT_TARGET, "%s: not an open /proc/PID directory", arg);
		}
		return fd;
	}
	n = parse_uid(arg);
	if (n <= 0 || n > INT_MAX)
		die(EXIT_USAGE, "%s: not a process id", arg);
	snprintf(path, sizeof(path), "/proc/%lld", n);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		die(EXIT_TARGET, "no process %lld: %s", n, strerror(errno));
	return fd;
}

/* What an errno of opening a file of the target's /proc directory adds. */
static const char *gone(int err)
{
	return err == ENOENT || err == ESRCH ? " (it has exited)" : "";
}

/* Whether the target's map file @name is empty (unwritten). */
static bool map_empty(int dir, const char *name)
{
	char c;
	int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		die(EXIT_TARGET, "cannot open the target's %s: %s%s", name, strerror(errno),
		    gone(errno));
	n = read(fd, &c, 1);
	if (n < 0)
		die(EXIT_TARGET, "cannot read the target's %s: %s", name, strerror(errno));
	close(fd);
	return n == 0;
}

/*
 * The target is the caller's: the process (its /proc directory's owner,
 * its effective ids) and its user namespace, whose parent is the caller's.
 */
static void check_owner(int dir, uid_t ruid, gid_t rgid)
{
	struct stat st, self, parent;
	uid_t owner;
	int ns, pns;

	if (fstat(dir, &st) < 0)
		die(EXIT_TARGET, "cannot stat the target: %s", strerror(errno));
	if (st.st_uid != ruid || st.st_gid != rgid)
		die(EXIT_OWNER, "the target process is owned by another user (uid %u gid %u, not %u %u)",
		    (unsigned int)st.st_uid, (unsigned int)st.st_gid,
		    (unsigned int)ruid, (unsigned int)rgid);
	ns = openat(dir, "ns/user", O_RDONLY | O_CLOEXEC);
	if (ns < 0)
		die(EXIT_TARGET, "cannot open the target's user namespace: %s%s", strerror(errno),
		    gone(errno));
	if (ioctl(ns, NS_GET_OWNER_UID, &owner) < 0)
		die(EXIT_SYSCALL, "NS_GET_OWNER_UID: %s", strerror(errno));
	if (owner != ruid)
		die(EXIT_OWNER, "the target's user namespace is owned by uid %u, not by you (%u)",
		    (unsigned int)owner, (unsigned int)ruid);
	pns = ioctl(ns, NS_GET_PARENT);
	if (pns < 0 || fstat(pns, &parent) < 0 || stat("/proc/self/ns/user", &self) < 0 ||
	    parent.st_dev != self.st_dev || parent.st_ino != self.st_ino)
		die(EXIT_OWNER, "the target's user namespace is not a child of yours");
	close(pns);
	close(ns);
}

/* Read the map from the command line and check what the kernel checks on its own. */
static size_t parse_map(int argc, char **argv, struct range *r)
{
	size_t n = 0;

	if (argc % 3 || argc / 3 > MAX_EXTENTS)
		usage();
	for (int i = 0; i < argc; i += 3, n++) {
		long long v[3];

		for (int j = 0; j < 3; j++) {
			v[j] = parse_num(argv[i + j], j < 2 ? LAST_ID : LAST_ID + 1);
			if (v[j] < 0)
				die(EXIT_USAGE, "\"%s\" is not a number from 0 to %llu", argv[i + j],
				    j < 2 ? LAST_ID : LAST_ID + 1);
		}
		r[n] = (struct range){ v[0], v[1], v[2] };
		if (!r[n].count)
			die(EXIT_USAGE, "range %s %s %s: COUNT must be at least 1",
			    argv[i], argv[i + 1], argv[i + 2]);
		if (r[n].id + r[n].count - 1 > LAST_ID || r[n].lower + r[n].count - 1 > LAST_ID)
			die(EXIT_USAGE, "range %s %s %s goes past %s %llu", argv[i], argv[i + 1],
			    argv[i + 2], k->what, LAST_ID);
		for (size_t j = 0; j < n; j++) {
			if (r[n].id < r[j].id + r[j].count && r[j].id < r[n].id + r[n].count)
				die(EXIT_USAGE, "ranges %llu-%llu and %llu-%llu inside overlap",
				    r[j].id, r[j].id + r[j].count - 1, r[n].id,
				    r[n].id + r[n].count - 1);
			if (r[n].lower < r[j].lower + r[j].count &&
			    r[j].lower < r[n].lower + r[n].count)
				die(EXIT_USAGE, "ranges %llu-%llu and %llu-%llu outside overlap",
				    r[j].lower, r[j].lower + r[j].count - 1, r[n].lower,
				    r[n].lower + r[n].count - 1);
		}
	}
	return n;
}

/* Keep CAP_SETUID (CAP_SETGID) only, and the caller's uid as every uid. */
static void drop_privileges(uid_t ruid, bool lower_root)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2] = { { 0 } };

	if (geteuid() == 0 && ruid != 0) {
		if (prctl(PR_SET_KEEPCAPS, 1L, 0L, 0L, 0L) < 0)
			die(EXIT_SYSCALL, "prctl(PR_SET_KEEPCAPS): %s", strerror(errno));
		if (setresuid(ruid, ruid, ruid) < 0)
			die(EXIT_SYSCALL, "setresuid(%u): %s", (unsigned int)ruid, strerror(errno));
	}
	data[0].effective = 1U << k->cap;
	/* As for uid_map, mapping the parent's uid 0 needs CAP_SETFCAP. */
	if (lower_root && k->cap == CAP_SETUID)
		data[0].effective |= 1U << CAP_SETFCAP;
	data[0].permitted = data[0].effective;
	if (syscall(SYS_capset, &hdr, data) < 0)
		die(EXIT_SYSCALL, "capset: %s", strerror(errno));
}

int main(int argc, char **argv)
{
	static struct range r[MAX_EXTENTS];
	struct grants grants, others;
	const struct user *me;
	const char *base, *name;
	uid_t ruid = getuid();
	gid_t rgid = getgid();
	unsigned long long min;
	char text[MAX_EXTENTS * 33 + 1], self_map[32];
	size_t n, len = 0;
	long pagesize = sysconf(_SC_PAGESIZE);
	bool lower_root = false, own_gid = false, *own;
	int dir, fd;
	ssize_t w;

	/*
	 * A setuid program may be started with 0, 1 or 2 closed: keep them
	 * taken, so that no file it opens becomes the one its messages go to.
	 */
	for (int i = 0; i < 3; i++)
		if (fcntl(i, F_GETFD) < 0 && open("/dev/null", O_RDWR) != i)
			return EXIT_SYSCALL;
	if (argc < 1 || !argv[0])
		return EXIT_USAGE;
	base = strrchr(argv[0], '/');
	base = base ? base + 1 : argv[0];
	if (!strcmp(base, kinds[1].prog))
		k = &kinds[1];
	else if (strcmp(base, kinds[0].prog))
		die(EXIT_USAGE, "run me as %s or %s, not as %s", kinds[0].prog,
		    kinds[1].prog, base);
	if (argc < 5)
		usage();

	/* 1. What the command line alone says. */
	n = parse_map(argc - 2, argv + 2, r);
	for (size_t i = 0; i < n; i++) {
		len += (size_t)snprintf(text + len, sizeof(text) - len, "%llu %llu %llu\n",
					r[i].id, r[i].lower, r[i].count);
		lower_root |= r[i].lower == 0;
	}
	if (pagesize > 0 && len >= (size_t)pagesize)
		die(EXIT_USAGE, "the map is %zu bytes; the kernel takes less than %ld in one write",
		    len, pagesize);
	snprintf(self_map, sizeof(self_map), "/proc/self/%s", k->map);
	if (access(self_map, F_OK))
		die(EXIT_NOFSID, "this kernel has no %s (CONFIG_USER_NS_FSID)", k->map);

	/* 2-4. The target, its owner, the order of its maps. */
	dir = open_target(argv[1]);
	check_owner(dir, ruid, rgid);
	if (!map_empty(dir, k->map))
		die(EXIT_ORDER, "the target's %s is already written", k->map);
	if (!map_empty(dir, k->idmap))
		die(EXIT_ORDER, "the target's %s is already written: the kernel takes %s only before it",
		    k->idmap, k->map);

	/* The grants, and the ids of everyone else. */
	read_passwd();
	me = user_entry(ruid);
	name = me ? me->name : NULL;
	read_grants(k->grants, ruid, name, &grants);
	read_grants(k->others, ruid, name, &others);
	min = sub_min();

	/*
	 * 5. Each range granted, or the caller's own id once, as newuidmap
	 * and newgidmap allow: its real uid, or its primary group (that of
	 * /etc/passwd) when it is its real gid.
	 */
	own = calloc(n ? n : 1, sizeof(*own));
	if (!own)
		die(EXIT_SYSCALL, "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (r[i].count == 1 &&
		    (k->cap == CAP_SETUID ? r[i].lower == ruid :
		     r[i].lower == rgid && me && me->gid == (long long)rgid)) {
			own[i] = true;
			own_gid |= k->cap == CAP_SETGID;
			continue;
		}
		if (!granted(&grants, r[i].lower, r[i].count))
			die(EXIT_GRANT, "range %llu %llu %llu: %s %llu-%llu is not granted to you in %s",
			    r[i].id, r[i].lower, r[i].count, k->what, r[i].lower,
			    r[i].lower + r[i].count - 1, k->grants);
	}
	/* 6. Each granted range apart from other users' ids. */
	for (size_t i = 0; i < n; i++) {
		const struct grant *o;

		if (own[i])
			continue;
		if (r[i].lower < min)
			die(EXIT_DISJOINT, "range %llu %llu %llu: %s %llu-%llu reaches below %s (%llu), the system's own ids",
			    r[i].id, r[i].lower, r[i].count, k->what, r[i].lower,
			    r[i].lower + r[i].count - 1, k->min_key, min);
		o = overlap(&others, r[i].lower, r[i].count);
		if (o)
			die(EXIT_DISJOINT, "range %llu %llu %llu: %s %llu-%llu meets another user's range %llu-%llu in %s",
			    r[i].id, r[i].lower, r[i].count, k->what, r[i].lower,
			    r[i].lower + r[i].count - 1, o->start, o->start + o->count - 1,
			    k->others);
	}

	/*
	 * The write, with only the capability it needs. A group mapped as
	 * the caller's own, not granted, is one it could drop with
	 * setgroups(2) inside: deny that first, as newgidmap does.
	 */
	drop_privileges(ruid, lower_root);
	if (own_gid) {
		fd = openat(dir, "setgroups", O_WRONLY | O_CLOEXEC);
		if (fd < 0 || write(fd, "deny", 4) != 4)
			die(EXIT_KERNEL, "cannot deny setgroups in the target's namespace: %s",
			    strerror(errno));
		close(fd);
	}
	fd = openat(dir, k->map, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		die(EXIT_KERNEL, "cannot open the target's %s: %s", k->map, strerror(errno));
	w = write(fd, text, len);
	if (w < 0)
		die(EXIT_KERNEL, "the kernel refused the %s: %s", k->map, strerror(errno));
	if ((size_t)w != len)
		die(EXIT_KERNEL, "the kernel took %zd of %zu bytes of the %s", w, len, k->map);
	if (close(fd) < 0)
		die(EXIT_KERNEL, "closing the %s: %s", k->map, strerror(errno));
	return 0;
}
