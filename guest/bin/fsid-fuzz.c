// SPDX-License-Identifier: GPL-2.0
/*
 * fsid-fuzz — write random and mutated text to the id map files of new
 * user namespaces (uid_map, gid_map, fsuid_map, fsgid_map) and check what
 * the kernel answers against invariants. Runs in the guest, as root.
 *
 * usage: fsid-fuzz [-n ITERATIONS] [-s SEED]
 *
 * Each iteration makes a user namespace (a child of the initial one, or,
 * one time in three, a grandchild under a namespace with the maps
 * "0 100000 65536" and, sometimes, "0 300000 65536" as fsid maps), then
 * writes its four map files in a random order, each from the namespace
 * above it, with text that is valid, or valid near a limit, or broken:
 * first+count past 2^32, zero and huge counts, 341 lines, more than a
 * page, an embedded NUL, no newline, garbage; in one write, in two, at a
 * non-zero offset, or from two processes at once. After each write:
 *   - it succeeded for the whole length, or failed with EINVAL or EPERM
 *     (ESPIPE for pwrite(), as for uid_map: the files are not seekable
 *     for it);
 *   - text that no map may hold (a zero count, a range past 4294967295,
 *     overlapping lines, more than 340 lines, a page or more, a fsid map
 *     under a parent without one or after the id map of its kind, a
 *     nested range outside the parent's map) was refused;
 *   - a map that was accepted reads back as written (the lines parsed,
 *     in any order), from the writer's namespace, and a second write is
 *     refused (EPERM);
 *   - of two processes writing at once, at most one succeeded;
 * and once the maps are there, the namespace's task runs a random
 * sequence of setuid-family and setfsuid/setfsgid calls:
 *   - the filesystem ids that /proc/PID/status shows from the initial
 *     namespace are the ones its fsid map (or, without one, its id map)
 *     gives, never others;
 *   - it creates a file on a tmpfs (which takes fsid maps), fstat()s it
 *     and fchown()s it to a random owner, then group: the file exists
 *     only where both filesystem ids have a mapping (EOVERFLOW else),
 *     shows the task's ids inside and the mapped ones from the initial
 *     namespace, and each chown answers as chown(2) does (EINVAL for an
 *     id without mapping; success for the owner keeping its uid or
 *     giving one of its groups, or with CAP_CHOWN; EPERM otherwise).
 * Kernel reports (WARNING, BUG, KASAN, ...) are caught by make check's
 * scan of the guest's kernel log, not here.
 *
 * Output is TAP: one result per invariant kind, with the first failure's
 * seed and iteration; "# seed S" first, so that any run replays with -s S.
 * Exit status: 0 every invariant held; 1 one did not; 2 usage; 3 the
 * kernel has no fsid maps (no /proc/self/fsuid_map).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_EXTENTS	340
#define TEXT_MAX	(3 * 4096)

static const char *const map_names[4] = { "uid_map", "gid_map", "fsuid_map", "fsgid_map" };

/* One parsed line of a map. */
struct extent {
	uint64_t first, lower, count;
};

struct map {
	struct extent e[MAX_EXTENTS + 8];
	int n;
};

/* The invariants, each one TAP result. */
enum { INV_ERRNO, INV_REFUSED, INV_READBACK, INV_ONCE, INV_RACE, INV_FSIDS, INV_FILES, NR_INV };
static const char *const inv_names[NR_INV] = {
	"every write succeeds whole or fails with EINVAL or EPERM",
	"text that no map may hold is refused",
	"an accepted map reads back as written",
	"a map is written once: a second write is refused with EPERM",
	"of two writers at once, at most one succeeds",
	"the filesystem ids a task gets are the ones its maps give",
	"files a task makes or chowns get the owners its maps give, and only those it may give",
};
static long inv_checked[NR_INV];
static char inv_failure[NR_INV][512];

static uint64_t rng_state;
static unsigned long long seed;
static long iteration;

static uint64_t rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

static uint64_t below(uint64_t n)
{
	return n ? rnd() % n : 0;
}

static void __attribute__((format(printf, 2, 3))) fail(int inv, const char *fmt, ...)
{
	va_list ap;
	int len;

	if (inv_failure[inv][0])
		return;
	len = snprintf(inv_failure[inv], sizeof(inv_failure[inv]),
		       "seed %llu, iteration %ld: ", seed, iteration);
	va_start(ap, fmt);
	vsnprintf(inv_failure[inv] + len, sizeof(inv_failure[inv]) - len, fmt, ap);
	va_end(ap);
}

/* An interesting 32-bit value, or a random one. */
static uint64_t pick_id(void)
{
	static const uint64_t values[] = {
		0, 1, 2, 999, 1000, 65534, 65535, 65536, 99999, 100000,
		165535, 165536, 200000, 300000, 4294967293ULL, 4294967294ULL,
		4294967295ULL,
	};

	if (below(3))
		return values[below(sizeof(values) / sizeof(values[0]))];
	return below(1ULL << 32);
}

static uint64_t pick_count(void)
{
	static const uint64_t values[] = {
		0, 1, 2, 1000, 65535, 65536, 100000, 4294967295ULL,
	};

	if (below(3))
		return values[below(sizeof(values) / sizeof(values[0]))];
	return 1 + below(200000);
}

/*
 * Make the text of one map into @buf (size TEXT_MAX): mostly lines that
 * lie inside [@lo, @lo + @span) for their lower ids, sometimes anything.
 * Returns its length; *@model is what it holds if the kernel parses it as
 * the lines it was built from, and *@broken is set when the text is not
 * such lines at all (garbage, NUL, no newline, a page or more).
 */
static size_t make_text(char *buf, uint64_t lo, uint64_t span, struct map *model, int *broken)
{
	int lines, i, mode = (int)below(10);
	size_t len = 0;

	*broken = 0;
	model->n = 0;
	lines = mode == 0 ? MAX_EXTENTS + 1 : 1 + (int)below(below(4) ? 3 : 12);
	for (i = 0; i < lines && len + 80 < TEXT_MAX; i++) {
		struct extent *e = &model->e[model->n++];

		if (below(4)) {
			/* Plausible: inside the allowed lower range. */
			e->count = 1 + below(span < 70000 ? span : 70000);
			e->lower = lo + below(span - e->count + 1);
			e->first = below(3) ? below(70000) : pick_id();
		} else {
			e->first = pick_id();
			e->lower = pick_id();
			e->count = pick_count();
		}
		len += snprintf(buf + len, TEXT_MAX - len, "%llu %llu %llu\n",
				(unsigned long long)e->first, (unsigned long long)e->lower,
				(unsigned long long)e->count);
	}
	switch (mode) {
	case 1:	/* no newline at the end */
		if (len)
			len--;
		*broken = 1;
		break;
	case 2:	/* an embedded NUL */
		if (len > 2) {
			buf[below(len - 1)] = '\0';
			*broken = 1;
		}
		break;
	case 3:	/* garbage in a line */
		if (len > 2) {
			buf[below(len - 1)] = "x-+ \t:"[below(6)];
			*broken = 1;
		}
		break;
	case 4:	/* a page or more, padded with spaces */
		while (len < 4096 + below(4096) && len < TEXT_MAX - 2)
			buf[len++] = ' ';
		buf[len++] = '\n';
		*broken = 1;
		break;
	}
	return len;
}

/* True if no map may hold @m (whatever the parent). */
static int never_valid(const struct map *m)
{
	int i, j;

	if (m->n == 0 || m->n > MAX_EXTENTS)
		return 1;
	for (i = 0; i < m->n; i++) {
		const struct extent *a = &m->e[i];

		if (a->count == 0 || a->first > 4294967295ULL || a->lower > 4294967295ULL ||
		    a->count > 4294967295ULL ||
		    a->first + a->count - 1 > 4294967294ULL ||
		    a->lower + a->count - 1 > 4294967294ULL)
			return 1;
		for (j = 0; j < i; j++) {
			const struct extent *b = &m->e[j];

			if (a->first < b->first + b->count && b->first < a->first + a->count)
				return 1;
			if (a->lower < b->lower + b->count && b->lower < a->lower + a->count)
				return 1;
		}
	}
	return 0;
}

/* True if every lower range of @m lies inside [@lo, @lo + @span). */
static int inside(const struct map *m, uint64_t lo, uint64_t span)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (m->e[i].lower < lo || m->e[i].lower + m->e[i].count > lo + span)
			return 0;
	return 1;
}

/* Parse a map file's text as the kernel prints it. -1 if it does not parse. */
static int parse_map(const char *text, struct map *m)
{
	unsigned long long a, b, c;
	const char *p = text;
	int used;

	m->n = 0;
	while (*p) {
		if (sscanf(p, "%llu %llu %llu%n", &a, &b, &c, &used) != 3 || m->n >= MAX_EXTENTS)
			return -1;
		m->e[m->n].first = a;
		m->e[m->n].lower = b;
		m->e[m->n].count = c;
		m->n++;
		p += used;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	return 0;
}

static int by_first(const void *x, const void *y)
{
	const struct extent *a = x, *b = y;

	return a->first < b->first ? -1 : a->first > b->first;
}

/*
 * Put @m's lines in the order of their first ids: a map of more than five
 * lines reads back sorted that way (the kernel keeps it sorted to search).
 */
static void sort_map(struct map *m)
{
	qsort(m->e, m->n, sizeof(m->e[0]), by_first);
}

static int same_map(const struct map *a, const struct map *b)
{
	int i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (a->e[i].first != b->e[i].first || a->e[i].lower != b->e[i].lower ||
		    a->e[i].count != b->e[i].count)
			return 0;
	return 1;
}

static int read_file(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* A task parked in a new user namespace until its pipe closes. */
struct target {
	pid_t pid;
	int go;		/* write end: closing it lets the task go on */
	int ready;	/* read end: the task writes a byte once it unshared */
};

/*
 * Fork a task that unshares a user namespace and waits. With @job, the
 * task then runs @job(@arg) once the pipe says 'g', and exits with its
 * status; a byte other than 'g' (or end of file) makes it exit 0.
 */
static int start_target(struct target *t, int (*job)(void *), void *arg)
{
	int go[2], ready[2];
	char c;

	if (pipe(go) || pipe(ready))
		return -1;
	t->pid = fork();
	if (t->pid < 0)
		return -1;
	if (t->pid == 0) {
		close(go[1]);
		close(ready[0]);
		if (unshare(CLONE_NEWUSER))
			_exit(99);
		if (write(ready[1], "r", 1) != 1)
			_exit(99);
		if (read(go[0], &c, 1) != 1 || c != 'g' || !job)
			_exit(0);
		_exit(job(arg));
	}
	close(go[0]);
	close(ready[1]);
	t->go = go[1];
	t->ready = ready[0];
	if (read(t->ready, &c, 1) != 1) {
		waitpid(t->pid, NULL, 0);
		return -1;
	}
	return 0;
}

static int finish_target(struct target *t, int go)
{
	int status = 0;

	if (go && write(t->go, "g", 1) != 1)
		kill(t->pid, SIGKILL);
	close(t->go);
	close(t->ready);
	if (waitpid(t->pid, &status, 0) != t->pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * Write @len bytes of @text to @path in the way @how says (0 one write,
 * 1 two, 2 at a non-zero offset): 0, an errno, -1 a short write, -2 both
 * halves accepted, -3 accepted at an offset, -100 - errno open() failed.
 */
static int write_map(const char *path, const char *text, size_t len, int how)
{
	int fd, err = 0;
	ssize_t n;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -100 - errno;
	if (how == 1 && len > 1) {
		/* Two writes: the first part, then the rest. */
		size_t half = 1 + below(len - 1);

		n = write(fd, text, half);
		if (n < 0)
			err = errno;
		else if ((size_t)n != half)
			err = -1;
		else {
			n = write(fd, text + half, len - half);
			err = n < 0 ? errno : ((size_t)n == len - half ? 0 : -1);
			if (!err)
				err = -2;	/* both halves accepted: a map of part of it */
		}
	} else if (how == 2) {
		/* At a non-zero offset: pwrite(), or lseek() and write(). */
		off_t off = 1 + (off_t)below(8);

		if (below(2))
			n = pwrite(fd, text, len, off);
		else
			n = lseek(fd, off, SEEK_SET) == off ? write(fd, text, len) : -1;
		err = n < 0 ? errno : -3;
	} else {
		n = write(fd, text, len);
		err = n < 0 ? errno : ((size_t)n == len ? 0 : -1);
	}
	close(fd);
	return err;
}

/* What the namespace of a target knows about its maps, as written. */
struct ns_maps {
	struct map m[4];
	int set[4];
};

/* The lower id that @id maps to in @m, or -1. */
static long long lookup(const struct map *m, uint64_t id)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (id >= m->e[i].first && id < m->e[i].first + m->e[i].count)
			return (long long)(m->e[i].lower + id - m->e[i].first);
	return -1;
}

/* Where level-1 tasks make files: a tmpfs (fsid-mapped) of mode 1777. */
#define FILES_DIR	"/run/fsid-fuzz"

/* What a level-1 task did, reported to the initial namespace. */
struct job_report {
	uint32_t fsid[2];	/* its fsuid and fsgid inside, at the end */
	int create_err;		/* open(O_CREAT) of FILES_DIR/f<pid>: 0 or errno */
	uint32_t st_own[2];	/* the new file's owner as fstat() shows it inside */
	int chown_cap;		/* CAP_CHOWN in its effective set at the chown */
	uint32_t to[2];		/* the owner and group it chowned to */
	int chown_err[2];	/* what fchown() answered for each: 0 or errno */
	uint32_t st_before[2];	/* the owner before each chown, inside */
	uint32_t st_after[2];	/* the owner after the two chowns, inside */
	int nogroups;		/* setgroups(0, NULL) worked: no extra groups */
};

/* Whether CAP_CHOWN is in this task's effective set now. */
static int has_cap_chown(void)
{
	char status[4096], *p;

	if (read_file("/proc/self/status", status, sizeof(status)))
		return -1;
	p = strstr(status, "CapEff:");
	return p ? (int)(strtoull(p + 7, NULL, 16) & 1) : -1;
}

/* An id for setresuid(), setfsuid() or fchown(): mostly a mapped one. */
static uint32_t pick_inside(void)
{
	return (uint32_t)(below(3) ? below(70000) : pick_id());
}

/*
 * The job of a level-1 target: a random sequence of setuid-family and
 * setfsuid/setfsgid calls, then create a file in FILES_DIR, fstat it,
 * chown it to a random owner and group, and report what happened on the
 * pipe whose write end @arg points to.
 */
static int fsid_job(void *arg)
{
	int report = *(int *)arg;
	struct job_report r;
	struct stat st;
	char path[64];
	int i, fd;

	memset(&r, 0, sizeof(r));
	/*
	 * New credentials, whatever follows: the maps apply to credentials
	 * committed after they are written.
	 */
	if (prctl(PR_SET_KEEPCAPS, 0, 0, 0, 0))
		return 0;
	/* Become uid/gid 0 inside if mapped, drop the extra groups. */
	if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
		return 0;
	r.nogroups = setgroups(0, NULL) == 0;
	for (i = 0; i < 6; i++) {
		uint32_t u = pick_inside();

		switch (below(6)) {
		case 0:
			setfsuid(u);
			break;
		case 1:
			setfsgid(u);
			break;
		case 2:
			/* Keeps uid 0 somewhere half of the time. */
			setresuid(below(2) ? 0 : u, u, below(2) ? 0 : u);
			break;
		case 3:
			setresgid(u, u, u);
			break;
		case 4:
			setreuid(-1, u);
			break;
		default:
			setegid(u);
			break;
		}
	}
	r.fsid[0] = (uint32_t)setfsuid(-1);
	r.fsid[1] = (uint32_t)setfsgid(-1);
	snprintf(path, sizeof(path), FILES_DIR "/f%d", (int)getpid());
	fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0600);
	r.create_err = fd < 0 ? errno : 0;
	if (fd >= 0 && !fstat(fd, &st)) {
		r.st_own[0] = st.st_uid;
		r.st_own[1] = st.st_gid;
		r.chown_cap = has_cap_chown();
		for (i = 0; i < 2; i++) {
			r.to[i] = below(3) ? pick_inside() : r.fsid[i];
			r.st_before[i] = i ? st.st_gid : st.st_uid;
			r.chown_err[i] = fchown(fd, i ? (uid_t)-1 : r.to[i],
						i ? r.to[i] : (gid_t)-1) ? errno : 0;
			if (fstat(fd, &st))
				return 1;
		}
		r.st_after[0] = st.st_uid;
		r.st_after[1] = st.st_gid;
	}
	if (write(report, &r, sizeof(r)) != sizeof(r))
		return 1;
	/* Wait until the parent has read /proc/PID/status. */
	pause();
	return 0;
}

/* The filesystem id, the "FsidUid:" or "FsidGid:" line of @status. */
static long long status_fsid(const char *status, const char *key)
{
	const char *p = strstr(status, key);
	unsigned long long id;

	if (!p || sscanf(p + strlen(key), "%llu", &id) != 1)
		return -1;
	return (long long)id;
}

static char text[TEXT_MAX + 16], readback[TEXT_MAX * 2];

/*
 * Write map @k of @pid from this task's namespace, check the answer
 * against the invariants and record an accepted map in @maps. @lo/@span:
 * the lower range a map may use here; @fsid_allowed: 0 when the parent
 * has no fsid map of that kind, so that a fsid map must be refused.
 */
static void fuzz_one_map(pid_t pid, int k, uint64_t lo, uint64_t span, int fsid_allowed,
			 struct ns_maps *maps)
{
	char path[64];
	struct map model, got;
	int broken, how, err, err2, never;
	size_t len;

	snprintf(path, sizeof(path), "/proc/%d/%s", pid, map_names[k]);
	len = make_text(text, lo, span, &model, &broken);
	how = below(8) == 0 ? 1 : (below(10) == 0 ? 2 : 0);
	/* An fsid map is taken only while the id map of its kind is unwritten. */
	never = len >= 4096 || (k >= 2 && (!fsid_allowed || maps->set[k - 2])) ||
		(!broken && (never_valid(&model) || !inside(&model, lo, span)));
	if (how == 0 && below(12) == 0) {
		/* Two writers at once. */
		pid_t other = fork();

		if (other == 0)
			_exit(write_map(path, text, len, 0) == 0 ? 0 : 1);
		err = write_map(path, text, len, 0);
		waitpid(other, &err2, 0);
		inv_checked[INV_RACE]++;
		if (err == 0 && WIFEXITED(err2) && WEXITSTATUS(err2) == 0)
			fail(INV_RACE, "both writers of %s succeeded", map_names[k]);
		if (err && WIFEXITED(err2) && WEXITSTATUS(err2) == 0)
			err = 0;	/* the other one wrote it */
	} else {
		err = write_map(path, text, len, how);
	}
	/* Whatever was answered, the map holds what reads back. */
	if (!read_file(path, readback, sizeof(readback)) && !parse_map(readback, &got) && got.n) {
		maps->m[k] = got;
		maps->set[k] = 1;
	}
	inv_checked[INV_ERRNO]++;
	if (err < 0 || (err > 0 && err != EINVAL && err != EPERM && !(how == 2 && err == ESPIPE))) {
		fail(INV_ERRNO, "%s (write %d): %s%s", map_names[k], how,
		     err == -1 ? "a short write" : err == -2 ? "both halves of a split write accepted" :
		     err == -3 ? "a write at a non-zero offset accepted" :
		     err <= -100 ? "open(): " : strerror(err), err <= -100 ? strerror(-100 - err) : "");
		return;
	}
	if (err)
		return;
	inv_checked[INV_REFUSED]++;
	if (never)
		fail(INV_REFUSED, "%s accepted %d line(s) that no map may hold: %.120s",
		     map_names[k], model.n, text);
	inv_checked[INV_READBACK]++;
	if (read_file(path, readback, sizeof(readback)) || parse_map(readback, &got)) {
		fail(INV_READBACK, "%s: cannot read it back", map_names[k]);
		return;
	}
	sort_map(&got);
	sort_map(&model);
	if (!broken && !same_map(&got, &model)) {
		int i = 0;

		while (i < got.n && i < model.n && got.e[i].first == model.e[i].first &&
		       got.e[i].lower == model.e[i].lower && got.e[i].count == model.e[i].count)
			i++;
		fail(INV_READBACK, "%s reads back %d line(s), %d written; line %d reads \"%llu %llu %llu\", written \"%llu %llu %llu\"",
		     map_names[k], got.n, model.n, i + 1,
		     i < got.n ? (unsigned long long)got.e[i].first : 0ULL,
		     i < got.n ? (unsigned long long)got.e[i].lower : 0ULL,
		     i < got.n ? (unsigned long long)got.e[i].count : 0ULL,
		     i < model.n ? (unsigned long long)model.e[i].first : 0ULL,
		     i < model.n ? (unsigned long long)model.e[i].lower : 0ULL,
		     i < model.n ? (unsigned long long)model.e[i].count : 0ULL);
	}
	inv_checked[INV_ONCE]++;
	err = write_map(path, "0 0 1\n", 6, 0);
	if (err != EPERM)
		fail(INV_ONCE, "a second write of %s: %s", map_names[k],
		     err ? strerror(err) : "accepted");
}

/*
 * Write the four maps of @pid in a random order; with @sane_ids, uid_map
 * and gid_map get "0 100000 65536" and only the fsid maps are fuzzed.
 */
static void fuzz_maps(pid_t pid, uint64_t lo, uint64_t span, const int fsid_allowed[2],
		      int sane_ids, struct ns_maps *maps)
{
	int order[4] = { 0, 1, 2, 3 }, i, j, t;

	for (i = 3; i > 0; i--) {
		j = (int)below(i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	memset(maps, 0, sizeof(*maps));
	for (i = 0; i < 4; i++) {
		char path[64];

		if (sane_ids && order[i] < 2) {
			snprintf(path, sizeof(path), "/proc/%d/%s", pid, map_names[order[i]]);
			if (write_map(path, "0 100000 65536\n", 15, 0) == 0) {
				maps->m[order[i]].n = 1;
				maps->m[order[i]].e[0] = (struct extent){ 0, 100000, 65536 };
				maps->set[order[i]] = 1;
			}
			continue;
		}
		fuzz_one_map(pid, order[i], lo, span, order[i] < 2 || fsid_allowed[order[i] - 2], maps);
	}
}

/* The filesystem id of @id inside for map kind @k (0 uid, 1 gid), or -1. */
static long long fs_lookup(const struct ns_maps *maps, int k, uint32_t id)
{
	if (maps->set[2 + k])
		return lookup(&maps->m[2 + k], id);
	if (maps->set[k])
		return lookup(&maps->m[k], id);
	return -1;
}

/* Count one check of the files invariant; fail it unless @ok. */
#define FILES_CHECK(ok, ...)					\
	do {							\
		inv_checked[INV_FILES]++;			\
		if (!(ok))					\
			fail(INV_FILES, __VA_ARGS__);		\
	} while (0)

/*
 * The file that level-1 task @pid made and chowned (@r): created where
 * its filesystem ids have a mapping (EOVERFLOW where not), owned as its
 * maps give, and each chown answered as the rules of chown(2) do with
 * the filesystem ids: EINVAL for an id with no mapping, success for the
 * owner giving the file to itself or to one of its groups, or with
 * CAP_CHOWN, EPERM otherwise. Then init's stat() shows the owners that
 * the maps give for the ids the task sees.
 */
static void check_files(const struct ns_maps *maps, const struct job_report *r, pid_t pid)
{
	long long ku = fs_lookup(maps, 0, r->fsid[0]), kg = fs_lookup(maps, 1, r->fsid[1]);
	uint32_t now[2] = { r->fsid[0], r->fsid[1] };
	char path[64];
	struct stat st;
	int i;

	if (!maps->set[0] || !maps->set[1] || lookup(&maps->m[0], r->fsid[0]) < 0 ||
	    lookup(&maps->m[1], r->fsid[1]) < 0)
		return;		/* ids not mapped inside: nothing to predict */
	FILES_CHECK(r->create_err == ((ku < 0 || kg < 0) ? EOVERFLOW : 0),
		    "fsuid %u, fsgid %u inside (filesystem ids %lld, %lld): creating a file gave %s",
		    r->fsid[0], r->fsid[1], ku, kg, r->create_err ? strerror(r->create_err) : "success");
	if (r->create_err)
		return;
	FILES_CHECK(r->st_own[0] == r->fsid[0] && r->st_own[1] == r->fsid[1],
		    "a file made with fsuid %u, fsgid %u shows %u:%u inside",
		    r->fsid[0], r->fsid[1], r->st_own[0], r->st_own[1]);
	for (i = 0; i < 2; i++) {
		uint32_t to = r->to[i];
		int want;

		if (i == 1 && !r->nogroups)
			break;	/* extra groups we do not model */
		if (to == UINT32_MAX)
			want = 0;	/* -1: no change */
		else if (fs_lookup(maps, i, to) < 0)
			want = EINVAL;
		else if (r->chown_cap == 1)
			want = 0;
		else if (now[0] != r->fsid[0])
			want = EPERM;	/* no longer the owner */
		else if (i == 0)
			want = to == r->fsid[0] ? 0 : EPERM;
		else
			want = to == r->fsid[1] || to == now[1] ? 0 : EPERM;
		FILES_CHECK(r->chown_err[i] == want,
			    "fs%cid %u inside, CAP_CHOWN %d: chown of the %s from %u to %u gave %s, not %s",
			    i ? 'g' : 'u', r->fsid[i], r->chown_cap, i ? "group" : "owner",
			    r->st_before[i], to, r->chown_err[i] ? strerror(r->chown_err[i]) : "success",
			    want ? strerror(want) : "success");
		if (!r->chown_err[i] && to != UINT32_MAX)
			now[i] = to;
	}
	FILES_CHECK(r->st_after[0] == now[0] && r->st_after[1] == now[1],
		    "after the chowns the file shows %u:%u inside, not %u:%u",
		    r->st_after[0], r->st_after[1], now[0], now[1]);
	snprintf(path, sizeof(path), FILES_DIR "/f%d", (int)pid);
	if (lstat(path, &st)) {
		FILES_CHECK(0, "%s: %s", path, strerror(errno));
		return;
	}
	FILES_CHECK(st.st_uid == fs_lookup(maps, 0, now[0]) && st.st_gid == fs_lookup(maps, 1, now[1]),
		    "a file owned by %u:%u inside is %u:%u from the initial namespace, the maps give %lld:%lld",
		    now[0], now[1], st.st_uid, st.st_gid, fs_lookup(maps, 0, now[0]),
		    fs_lookup(maps, 1, now[1]));
	unlink(path);
}

/* Level 1: a child of the initial namespace, written by root. */
static void level1(void)
{
	static const int allowed[2] = { 1, 1 };
	static struct ns_maps level1_maps;
	struct ns_maps *maps = &level1_maps;
	struct target t;
	char path[64];
	int report[2];
	struct job_report r;

	if (pipe(report))
		return;
	if (start_target(&t, fsid_job, &report[1])) {
		close(report[0]);
		close(report[1]);
		return;
	}
	close(report[1]);
	fuzz_maps(t.pid, 0, 1ULL << 32, allowed, (int)below(2), maps);
	if (write(t.go, "g", 1) == 1 && read(report[0], &r, sizeof(r)) == sizeof(r)) {
		/* The ids the task reports inside, and what init sees. */
		int k;

		snprintf(path, sizeof(path), "/proc/%d/status", t.pid);
		if (!read_file(path, readback, sizeof(readback))) {
			for (k = 0; k < 2; k++) {
				const struct map *idmap = maps->set[k] ? &maps->m[k] : NULL;
				long long want = fs_lookup(maps, k, r.fsid[k]), got;

				got = status_fsid(readback, k ? "\nFsidGid:" : "\nFsidUid:");
				if (!idmap || lookup(idmap, r.fsid[k]) < 0)
					continue;	/* not a mapped id inside */
				inv_checked[INV_FSIDS]++;
				if (want < 0)
					want = 65534;	/* no filesystem id: overflow id */
				if (got != want)
					fail(INV_FSIDS, "fs%cid %u inside: /proc/%d/status shows %lld, the maps give %lld",
					     k ? 'g' : 'u', r.fsid[k], t.pid, got, want);
			}
		}
		check_files(maps, &r, t.pid);
	}
	kill(t.pid, SIGKILL);
	close(report[0]);
	finish_target(&t, 0);
}

/* What the middle namespace of level 2 shares with the top. */
struct level2_shared {
	int allowed[2];		/* it has an fsuid_map, an fsgid_map */
	long checked[NR_INV];
	char failure[NR_INV][512];
};

/* Level 2: the middle namespace's root writes its child's maps. */
static int level2_job(void *arg)
{
	struct level2_shared *sh = arg;
	struct ns_maps maps;
	struct target t;

	memset(inv_checked, 0, sizeof(inv_checked));
	memset(inv_failure, 0, sizeof(inv_failure));
	/*
	 * Switching ids made this task (and the child it forks) not
	 * dumpable, which gives their /proc files to the initial root: make
	 * it dumpable again, as container managers do.
	 */
	if (setresgid(0, 0, 0) || setresuid(0, 0, 0) || prctl(PR_SET_DUMPABLE, 1))
		return 97;
	if (start_target(&t, NULL, NULL))
		return 98;
	fuzz_maps(t.pid, 0, 65536, sh->allowed, 0, &maps);
	finish_target(&t, 0);
	memcpy(sh->checked, inv_checked, sizeof(inv_checked));
	memcpy(sh->failure, inv_failure, sizeof(inv_failure));
	return 0;
}

static void level2(void)
{
	struct level2_shared *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
					MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct target t;
	char path[64];
	int k, i;

	if (sh == MAP_FAILED)
		return;
	memset(sh, 0, sizeof(*sh));
	sh->allowed[0] = (int)below(2);
	sh->allowed[1] = (int)below(2);
	if (start_target(&t, level2_job, sh) == 0) {
		/* fsid maps first: they are taken only before the id maps. */
		for (i = 0; i < 4; i++) {
			const char *txt;

			k = (i + 2) % 4;
			txt = k < 2 ? "0 100000 65536\n" : "0 300000 65536\n";

			if (k >= 2 && !sh->allowed[k - 2])
				continue;
			snprintf(path, sizeof(path), "/proc/%d/%s", t.pid, map_names[k]);
			if (write_map(path, txt, strlen(txt), 0))
				fail(INV_ERRNO, "the middle namespace's %s (%s) was refused",
				     map_names[k], txt);
		}
		finish_target(&t, 1);
		for (i = 0; i < NR_INV; i++) {
			inv_checked[i] += sh->checked[i];
			if (!inv_failure[i][0] && sh->failure[i][0])
				memcpy(inv_failure[i], sh->failure[i], sizeof(inv_failure[i]));
		}
	}
	/* The middle namespace drew from a copy of the generator: move on. */
	for (i = 0; i < 64; i++)
		rnd();
	munmap(sh, sizeof(*sh));
}

int main(int argc, char **argv)
{
	long iterations = 1000;
	int c, i, bad = 0;

	seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 32);
	while ((c = getopt(argc, argv, "n:s:h")) != -1) {
		char *end;

		switch (c) {
		case 'n':
			iterations = strtol(optarg, &end, 10);
			if (*end || iterations < 1) {
				fprintf(stderr, "fsid-fuzz: -n wants a number of iterations, not '%s'\n", optarg);
				return 2;
			}
			break;
		case 's':
			seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg) {
				fprintf(stderr, "fsid-fuzz: -s wants a decimal seed, not '%s'\n", optarg);
				return 2;
			}
			break;
		default:
			fprintf(stderr, "usage: fsid-fuzz [-n ITERATIONS] [-s SEED]\n");
			return c == 'h' ? 0 : 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "usage: fsid-fuzz [-n ITERATIONS] [-s SEED]\n");
		return 2;
	}
	if (access("/proc/self/fsuid_map", F_OK)) {
		fprintf(stderr, "fsid-fuzz: this kernel has no /proc/self/fsuid_map\n");
		return 3;
	}
	printf("# seed %llu, %ld iterations (replay: fsid-fuzz -n %ld -s %llu)\n",
	       seed, iterations, iterations, seed);
	fflush(stdout);
	rng_state = seed ? seed : 1;
	/* Level-1 tasks make their files here (a tmpfs takes fsid maps). */
	if ((mkdir(FILES_DIR, 0755) && errno != EEXIST) ||
	    mount("tmpfs", FILES_DIR, "tmpfs", 0, "mode=1777"))
		printf("# %s: %s: no file checks\n", FILES_DIR, strerror(errno));
	for (iteration = 0; iteration < iterations; iteration++) {
		if (below(3))
			level1();
		else
			level2();
	}
	umount2(FILES_DIR, MNT_DETACH);
	printf("1..%d\n", NR_INV);
	for (i = 0; i < NR_INV; i++) {
		if (inv_failure[i][0] || !inv_checked[i]) {
			printf("not ok %d - %s\n#   %s\n", i + 1, inv_names[i],
			       inv_failure[i][0] ? inv_failure[i] : "never checked: no case reached it");
			bad++;
		} else {
			printf("ok %d - %s (%ld checks)\n", i + 1, inv_names[i], inv_checked[i]);
		}
	}
	return bad ? 1 : 0;
}
