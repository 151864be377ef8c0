// SPDX-License-Identifier: GPL-2.0
/*
 * fsid-bench — the cost of file and credential system calls in user
 * namespaces with 0 to 340 id mappings, with and without fsid mappings
 * (the cover letter's fstat() table, and more calls).
 *
 * usage: fsid-bench [-n FILES] [-r ROWS] [-o OPS] [-m MODES] [-k LABEL] DIR
 *
 * For each row (a number of mappings, N) and mode, a child process:
 *   N = 0     stays in the initial user namespace, as root;
 *   N > 0     unshares a user namespace whose uid_map and gid_map the
 *             parent writes with N lines ("K 10000+K 1" for K = N-1
 *             ... 0, the first two ids long, "N-1 10000+N-1 2", so that
 *             ids 0 to N are mapped and uid 0 is found on the last line)
 *             and, in mode "set", fsuid_map and fsgid_map likewise
 *             ("K 20000+K 1"); the child then becomes uid and gid 0.
 * It makes a directory DIR/fsid-bench.N.MODE, and times each system call
 * of each op on FILES files there, one call at a time, with
 * clock_gettime(CLOCK_MONOTONIC) before and after:
 *   create     open(O_CREAT|O_EXCL) + close of a new file
 *   stat       stat() by path
 *   fstat      fstat() of an open file
 *   fchown     fchown(fd, 0, 0) (the owner it already has)
 *   setresuid  setresuid(0, 0, 0) (the ids it already has, which 6.1
 *              answers without new credentials; FILES calls)
 *   setresuid-change
 *              setresuid(-1, E, -1), E = 1, 0, 1, 0, ...: new credentials
 *              with a new euid and fsuid on every call (FILES calls)
 * Under QEMU -icount shift=0,sleep=off the guest clock advances one
 * nanosecond per executed instruction, so a time is an instruction count.
 *
 * Output: one CSV line per row, mode and op, after a header line:
 *   label,mode,mappings,op,calls,total_ns,median_ns
 * total_ns sums the calls' times, median_ns is the median call (which an
 * interrupt landing in a few calls does not move). Both include the cost
 * of one clock_gettime().
 *
 *   -n FILES  files per row [10000]
 *   -r ROWS   comma-separated mapping counts, 0-340
 *             [0,1,2,3,5,6,10,50,100,200,300,340]
 *   -o OPS    comma-separated ops
 *             [create,stat,fstat,fchown,setresuid,setresuid-change]
 *   -m MODES  comma-separated modes: unset (id maps only), set (id and
 *             fsid maps; rows > 0 only) [unset,set, or unset when the
 *             kernel has no /proc/self/fsuid_map]
 *   -k LABEL  the first CSV column [the kernel release]
 *
 * Exit status: 0 measured; 1 a system call failed (the message names it);
 * 2 usage; 3 mode "set" asked for on a kernel without fsid maps.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ROWS	32
#define MAX_MAPPINGS	340
#define ID_BASE		10000	/* first outside id of the id maps */
#define FSID_BASE	20000	/* first outside id of the fsid maps */

static const char *const op_names[] = {
	"create", "stat", "fstat", "fchown", "setresuid", "setresuid-change",
};
#define NR_OPS	(int)(sizeof(op_names) / sizeof(op_names[0]))

static long files = 10000;
static int rows[MAX_ROWS], nr_rows;
static int ops[NR_OPS], nr_ops;
static int mode_unset, mode_set;
static const char *label, *dir;

static void __attribute__((noreturn, format(printf, 2, 3)))
die(int status, const char *fmt, ...)
{
	va_list ap;

	fputs("fsid-bench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

static void __attribute__((noreturn)) usage(const char *why)
{
	fprintf(stderr, "fsid-bench: %s\n"
		"usage: fsid-bench [-n FILES] [-r ROWS] [-o OPS] [-m MODES] [-k LABEL] DIR\n",
		why);
	exit(2);
}

static unsigned long long now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Write the N-line map FILE of process PID, its lines starting at BASE;
 * the first line maps two ids, so that ids 0 to N are mapped.
 */
static void write_map(pid_t pid, const char *file, int n, unsigned int base)
{
	char path[64], text[4096];
	size_t len = 0;
	int k, fd;

	for (k = n - 1; k >= 0; k--) {
		int w = snprintf(text + len, sizeof(text) - len, "%d %u %d\n", k,
				 base + k, k == n - 1 ? 2 : 1);

		if (w < 0 || (size_t)w >= sizeof(text) - len)
			die(1, "the %d-line %s does not fit in a page", n, file);
		len += (size_t)w;
	}
	snprintf(path, sizeof(path), "/proc/%d/%s", pid, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		die(1, "open %s: %s", path, strerror(errno));
	if (write(fd, text, len) != (ssize_t)len)
		die(1, "write %s (%d lines): %s", path, n, strerror(errno));
	close(fd);
}

/* Time one op on the files of the current directory; print its line. */
static void run_op(int op, int n, const char *mode, int *fds,
		   unsigned long long *t)
{
	unsigned long long total = 0, t0;
	char name[32];
	long i;
	int r = 0;

	for (i = 0; i < files; i++) {
		snprintf(name, sizeof(name), "f%06ld", i);
		switch (op) {
		case 0: /* create */
			t0 = now();
			r = open(name, O_CREAT | O_EXCL | O_WRONLY, 0644);
			if (r >= 0)
				r = close(r);
			t[i] = now() - t0;
			break;
		case 1: { /* stat */
			struct stat st;

			t0 = now();
			r = stat(name, &st);
			t[i] = now() - t0;
			break;
		}
		case 2: { /* fstat */
			struct stat st;

			t0 = now();
			r = fstat(fds[i], &st);
			t[i] = now() - t0;
			break;
		}
		case 3: /* fchown */
			t0 = now();
			r = fchown(fds[i], 0, 0);
			t[i] = now() - t0;
			break;
		case 4: /* setresuid */
			t0 = now();
			r = setresuid(0, 0, 0);
			t[i] = now() - t0;
			break;
		case 5: /* setresuid-change */
			t0 = now();
			r = setresuid((uid_t)-1, i & 1 ? 0 : 1, (uid_t)-1);
			t[i] = now() - t0;
			break;
		}
		if (r < 0)
			die(1, "%s of %s (%d mappings, %s): %s", op_names[op], name, n,
			    mode, strerror(errno));
		total += t[i];
	}
	/* An odd FILES leaves setresuid-change with euid 1: back to 0. */
	if (geteuid() != 0 && setresuid((uid_t)-1, 0, (uid_t)-1))
		die(1, "setresuid back to euid 0 (%d mappings, %s): %s", n, mode,
		    strerror(errno));
	qsort(t, (size_t)files, sizeof(*t), cmp_ull);
	printf("%s,%s,%d,%s,%ld,%llu,%llu\n", label, mode, n, op_names[op], files,
	       total, t[files / 2]);
	fflush(stdout);
}

/* The child's part of a row: make the files, run the ops, clean up. */
static void measure(int n, const char *mode)
{
	unsigned long long *t = calloc((size_t)files, sizeof(*t));
	int *fds = calloc((size_t)files, sizeof(*fds));
	char sub[64], name[32];
	long i;
	int k;

	if (!t || !fds)
		die(1, "out of memory for %ld files", files);
	snprintf(sub, sizeof(sub), "fsid-bench.%d.%s", n, mode);
	if (mkdir(sub, 0755) || chdir(sub))
		die(1, "%s/%s: %s", dir, sub, strerror(errno));
	/* The files the ops after "create" use, whether or not it is timed. */
	for (k = 0; k < nr_ops; k++)
		if (ops[k] == 0)
			run_op(0, n, mode, fds, t);
	for (i = 0; i < files; i++) {
		snprintf(name, sizeof(name), "f%06ld", i);
		fds[i] = open(name, O_RDONLY | O_CREAT, 0644);
		if (fds[i] < 0)
			die(1, "open %s: %s", name, strerror(errno));
	}
	for (k = 0; k < nr_ops; k++)
		if (ops[k] != 0)
			run_op(ops[k], n, mode, fds, t);
	for (i = 0; i < files; i++) {
		snprintf(name, sizeof(name), "f%06ld", i);
		close(fds[i]);
		unlink(name);
	}
	if (chdir("..") || rmdir(sub))
		die(1, "removing %s/%s: %s", dir, sub, strerror(errno));
}

/* One row in one mode, in a child process. */
static void row(int n, int set)
{
	const char *mode = set ? "set" : "unset";
	int status, sync_pipe[2];
	pid_t pid;
	char go;

	if (pipe(sync_pipe))
		die(1, "pipe: %s", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		die(1, "fork: %s", strerror(errno));
	if (pid == 0) {
		close(sync_pipe[1]);
		if (n > 0) {
			if (unshare(CLONE_NEWUSER))
				die(1, "unshare(CLONE_NEWUSER): %s", strerror(errno));
			if (read(sync_pipe[0], &go, 1) != 1)
				_exit(1);	/* the parent said what failed */
			if (setresgid(0, 0, 0) || setresuid(0, 0, 0))
				die(1, "becoming uid 0 with %d mappings: %s", n, strerror(errno));
			setgroups(0, NULL);
		}
		measure(n, mode);
		_exit(0);
	}
	close(sync_pipe[0]);
	if (n > 0) {
		char path[64];

		/* The child has unshared once its uid_map is writable as its own. */
		snprintf(path, sizeof(path), "/proc/%d/ns/user", pid);
		for (;;) {
			char self[64] = "", child[64] = "";

			if (readlink("/proc/self/ns/user", self, sizeof(self) - 1) < 0 ||
			    readlink(path, child, sizeof(child) - 1) < 0)
				die(1, "reading %s: %s", path, strerror(errno));
			if (strcmp(self, child))
				break;
			usleep(1000);
		}
		/* fsid maps first: the kernel takes them only before id maps. */
		if (set) {
			write_map(pid, "fsuid_map", n, FSID_BASE);
			write_map(pid, "fsgid_map", n, FSID_BASE);
		}
		write_map(pid, "uid_map", n, ID_BASE);
		write_map(pid, "gid_map", n, ID_BASE);
		if (write(sync_pipe[1], "g", 1) != 1)
			die(1, "waking the child: %s", strerror(errno));
	}
	close(sync_pipe[1]);
	if (waitpid(pid, &status, 0) != pid)
		die(1, "waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		die(1, "the measuring child of row %d (%s) failed", n, mode);
}

/* Parse a comma-separated list with PARSE, storing up to MAX items. */
static int parse_list(char *s, int *out, int max, int (*parse)(const char *))
{
	int count = 0;
	char *tok, *save = NULL;

	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (count == max)
			usage("too many items in a list");
		out[count++] = parse(tok);
	}
	if (!count)
		usage("an empty list");
	return count;
}

static int parse_row(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s < '0' || *s > '9' || *end || v > MAX_MAPPINGS) {
		fprintf(stderr, "fsid-bench: -r: '%s' is not a mapping count 0-%d\n",
			s, MAX_MAPPINGS);
		exit(2);
	}
	return (int)v;
}

static int parse_op(const char *s)
{
	int i;

	for (i = 0; i < NR_OPS; i++)
		if (!strcmp(s, op_names[i]))
			return i;
	fprintf(stderr, "fsid-bench: -o: no op '%s' (create, stat, fstat, fchown, "
		"setresuid, setresuid-change)\n", s);
	exit(2);
}

static int parse_mode(const char *s)
{
	if (!strcmp(s, "unset"))
		return 0;
	if (!strcmp(s, "set"))
		return 1;
	fprintf(stderr, "fsid-bench: -m: no mode '%s' (unset, set)\n", s);
	exit(2);
}

/*
 * RLIMIT_NOFILE cannot exceed fs.nr_open (1048576 by default): for a
 * million files and more, raise it first (as root in the initial
 * namespace, which is how the guest runs this).
 */
static void raise_nr_open(long want)
{
	const char *path = "/proc/sys/fs/nr_open";
	long cur = 0;
	FILE *f = fopen(path, "r+");

	if (!f || fscanf(f, "%ld", &cur) != 1)
		die(1, "reading %s: %s", path, f ? "not a number" : strerror(errno));
	if (cur < want) {
		rewind(f);
		if (fprintf(f, "%ld\n", want) < 0 || fflush(f))
			die(1, "raising %s to %ld for %ld files: %s", path, want,
			    files, strerror(errno));
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	char rows_arg[] = "0,1,2,3,5,6,10,50,100,200,300,340";
	char ops_arg[] = "create,stat,fstat,fchown,setresuid,setresuid-change";
	int modes[2], nr_modes = 0, has_fsid, c, i;
	struct utsname uts;
	struct rlimit rl;
	char *end;

	has_fsid = access("/proc/self/fsuid_map", F_OK) == 0;
	while ((c = getopt(argc, argv, "n:r:o:m:k:h")) != -1) {
		switch (c) {
		case 'n':
			files = strtol(optarg, &end, 10);
			if (*optarg < '1' || *optarg > '9' || *end || files > 10000000)
				usage("-n wants a number of files, 1-10000000");
			break;
		case 'r':
			nr_rows = parse_list(optarg, rows, MAX_ROWS, parse_row);
			break;
		case 'o':
			nr_ops = parse_list(optarg, ops, NR_OPS, parse_op);
			break;
		case 'm':
			nr_modes = parse_list(optarg, modes, 2, parse_mode);
			break;
		case 'k':
			label = optarg;
			break;
		case 'h':
			puts("usage: fsid-bench [-n FILES] [-r ROWS] [-o OPS] [-m MODES] [-k LABEL] DIR\n"
			     "(the comment at the top of guest/bin/fsid-bench.c explains each)");
			return 0;
		default:
			usage("unknown option");
		}
	}
	if (optind != argc - 1)
		usage("say the directory to make the files in (DIR), once");
	dir = argv[optind];
	if (!nr_rows)
		nr_rows = parse_list(rows_arg, rows, MAX_ROWS, parse_row);
	if (!nr_ops)
		nr_ops = parse_list(ops_arg, ops, NR_OPS, parse_op);
	if (!nr_modes) {
		modes[nr_modes++] = 0;
		if (has_fsid)
			modes[nr_modes++] = 1;
	}
	for (i = 0; i < nr_modes; i++) {
		if (modes[i])
			mode_set = 1;
		else
			mode_unset = 1;
	}
	if (mode_set && !has_fsid)
		die(3, "mode set needs fsid maps, and this kernel has no /proc/self/fsuid_map");
	if (!label)
		label = uname(&uts) ? "unknown" : strdup(uts.release);
	if (chdir(dir))
		die(1, "%s: %s", dir, strerror(errno));
	/* One descriptor per file, inherited by the measuring children. */
	raise_nr_open(files + 64);
	rl.rlim_cur = rl.rlim_max = (rlim_t)files + 64;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		die(1, "setrlimit(RLIMIT_NOFILE, %ld): %s", files + 64, strerror(errno));

	puts("label,mode,mappings,op,calls,total_ns,median_ns");
	for (i = 0; i < nr_rows; i++) {
		if (mode_unset)
			row(rows[i], 0);
		if (mode_set && rows[i] > 0)
			row(rows[i], 1);
	}
	return 0;
}
