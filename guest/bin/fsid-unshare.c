// SPDX-License-Identifier: GPL-2.0
/*
 * fsid-unshare — run a command in a new user namespace with id maps and
 * fsid maps, the container launcher of the demos (in the spirit of
 * lxc-usernsexec and util-linux's unshare --map-users).
 *
 * usage: fsid-unshare [OPTION]... [--] COMMAND [ARG]...
 *
 * The parent forks a child that unshares a user namespace (and a mount
 * and pid namespace if asked), writes the child's uid_map, gid_map,
 * fsuid_map and fsgid_map from outside, and lets it go on: the child
 * switches to uid and gid 0 inside (or --uid/--gid), which is what makes
 * the fsid maps take effect, and executes COMMAND. Run by a user other
 * than root, it writes the maps through the setuid-root helpers
 * newfsuidmap, newfsgidmap, newuidmap and newgidmap, as rootless container
 * managers do, within the ranges /etc/subfsuid, /etc/subfsgid, /etc/subuid
 * and /etc/subgid grant that user. See Documentation/fsid-unshare.1.md for
 * the options and exit statuses.
 *
 * Exit status: COMMAND's (128+N if killed by signal N); 120 usage or bad
 * option syntax; 121 the kernel has no fsid maps; 122 the kernel or a
 * helper refused a map; 123 another system call failed; 126 COMMAND cannot be executed;
 * 127 COMMAND not found.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define EXIT_USAGE	120
#define EXIT_NOFSID	121
#define EXIT_MAP	122
#define EXIT_SYSCALL	123
#define EXIT_NOEXEC	126
#define EXIT_NOTFOUND	127

#define MAX_LINES	340	/* the kernel's limit of extents per map */

/* The lines of one map file, "INSIDE OUTSIDE COUNT\n" each. */
struct map {
	const char *file;	/* uid_map, gid_map, fsuid_map, fsgid_map */
	char text[MAX_LINES * 36];
	int lines;
};

static struct map maps[4] = {
	{ .file = "uid_map" }, { .file = "gid_map" },
	{ .file = "fsuid_map" }, { .file = "fsgid_map" },
};

/*
 * The setuid-root helper that writes each map for a user other than root,
 * and the file whose grants it checks.
 */
static const char *const helpers[4][2] = {
	{ "newuidmap", "/etc/subuid" }, { "newgidmap", "/etc/subgid" },
	{ "newfsuidmap", "/etc/subfsuid" }, { "newfsgidmap", "/etc/subfsgid" },
};

static const char usage_text[] =
"usage: fsid-unshare [OPTION]... [--] COMMAND [ARG]...\n"
"Run COMMAND in a new user namespace with id maps and fsid maps.\n"
"\n"
"  -m, --map-ids K:IN:OUT:COUNT    a line of uid_map (K=u), gid_map (K=g)\n"
"                                  or both (K=b); may be repeated\n"
"  -f, --map-fsids K:IN:OUT:COUNT  the same for fsuid_map and fsgid_map\n"
"  -M, --mount                     also a new mount namespace\n"
"  -p, --pid                       also a new pid namespace (COMMAND is\n"
"                                  its pid 1)\n"
"  -P, --pid-file FILE             once COMMAND runs, write its pid (as\n"
"                                  seen from here) to FILE\n"
"  -u, --uid UID                   the uid to run COMMAND as inside [0]\n"
"  -g, --gid GID                   the gid to run COMMAND as inside [0]\n"
"  -n, --dry-run                   print the map files it would write, do\n"
"                                  nothing else\n"
"Run by a user other than root, it writes the maps with the setuid helpers\n"
"newfsuidmap, newfsgidmap, newuidmap and newgidmap, within that user's\n"
"grants in /etc/subfsuid, /etc/subfsgid, /etc/subuid and /etc/subgid.\n"
"  -h, --help                      this text\n"
"\n"
"Example: fsid-unshare -m b:0:100000:100000 -f b:0:300000:100000 -- id\n"
"\n"
"Exit status: COMMAND's (128+N if killed by signal N); 120 usage or bad\n"
"option syntax; 121 the kernel has no fsid maps; 122 the kernel or a\n"
"helper refused a map; 123 another system call failed; 126 COMMAND cannot be executed;\n"
"127 COMMAND not found.\n";

/* Say what went wrong, prefixed with the program's name; return @status. */
static int vcomplain(int status, const char *fmt, va_list ap)
{
	fputs("fsid-unshare: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	return status;
}

/* complain(), for errors after the child exists: the caller cleans up. */
static int __attribute__((format(printf, 2, 3)))
complain(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vcomplain(status, fmt, ap);
	va_end(ap);
	return status;
}

/* complain() and exit with @status. */
static void __attribute__((noreturn, format(printf, 2, 3)))
die(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vcomplain(status, fmt, ap);
	va_end(ap);
	exit(status);
}

/* An unsigned 32-bit decimal number, all of @s, or -1. */
static long long parse_id(const char *s)
{
	unsigned long long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (unsigned int)(*s - '0');
		if (v > UINT_MAX)
			return -1;
	}
	return (long long)v;
}

/*
 * Add "K:IN:OUT:COUNT" (@opt is -m or -f) to the maps. The kernel checks
 * the ranges against each other and against the parent; here only the
 * syntax, and what a single line can get wrong on its own.
 */
static void add_map_line(const char *opt, const char *arg, int fsid)
{
	char buf[64], *field[4], *save = NULL, *p;
	long long v[3];
	int i, n = 0;

	if (strlen(arg) >= sizeof(buf))
		die(EXIT_USAGE, "%s %s: too long", opt, arg);
	strcpy(buf, arg);
	for (p = strtok_r(buf, ":", &save); p && n < 4; p = strtok_r(NULL, ":", &save))
		field[n++] = p;
	if (n != 4 || p || arg[strlen(arg) - 1] == ':' ||
	    strstr(arg, "::") || arg[0] == ':')
		die(EXIT_USAGE, "%s %s: want KIND:INSIDE:OUTSIDE:COUNT, e.g. b:0:100000:65536",
		    opt, arg);
	if (strcmp(field[0], "u") && strcmp(field[0], "g") && strcmp(field[0], "b"))
		die(EXIT_USAGE, "%s %s: KIND must be u (uids), g (gids) or b (both), not \"%s\"",
		    opt, arg, field[0]);
	for (i = 0; i < 3; i++) {
		v[i] = parse_id(field[i + 1]);
		if (v[i] < 0)
			die(EXIT_USAGE, "%s %s: \"%s\" is not a number from 0 to %u",
			    opt, arg, field[i + 1], UINT_MAX);
	}
	if (v[2] == 0)
		die(EXIT_USAGE, "%s %s: COUNT must be at least 1", opt, arg);
	if (v[0] + v[2] - 1 > UINT_MAX - 1 || v[1] + v[2] - 1 > UINT_MAX - 1)
		die(EXIT_USAGE, "%s %s: the range goes past id %u", opt, arg, UINT_MAX - 1);
	for (i = 0; i < 2; i++) {
		struct map *m = &maps[fsid * 2 + i];
		size_t len = strlen(m->text);

		if ((i == 0 && field[0][0] == 'g') || (i == 1 && field[0][0] == 'u'))
			continue;
		if (m->lines == MAX_LINES)
			die(EXIT_USAGE, "%s %s: %s can have at most %d lines", opt, arg,
			    m->file, MAX_LINES);
		snprintf(m->text + len, sizeof(m->text) - len, "%lld %lld %lld\n",
			 v[0], v[1], v[2]);
		m->lines++;
	}
}

static long long parse_id_option(const char *opt, const char *arg)
{
	long long v = parse_id(arg);

	if (v < 0 || v == UINT_MAX)
		die(EXIT_USAGE, "%s %s: not an id (0 to %u)", opt, arg, UINT_MAX - 1);
	return v;
}

/*
 * Have @helper write map @i of @pid ("HELPER PID IN OUT COUNT..."): 0, or
 * the exit status after saying what went wrong. The helper says why it
 * refused; this adds where the grants it checks are kept.
 */
static int run_helper(pid_t pid, int i)
{
	static char *argv[3 + 3 * MAX_LINES + 1];
	char text[sizeof(maps[0].text)], pidbuf[16], *save = NULL, *p;
	const char *helper = helpers[i][0];
	int n = 0, status;
	pid_t h;

	strcpy(text, maps[i].text);
	snprintf(pidbuf, sizeof(pidbuf), "%d", pid);
	argv[n++] = (char *)helper;
	argv[n++] = pidbuf;
	for (p = strtok_r(text, " \n", &save); p; p = strtok_r(NULL, " \n", &save))
		argv[n++] = p;
	argv[n] = NULL;
	fflush(NULL);
	h = fork();
	if (h < 0)
		return complain(EXIT_SYSCALL, "fork: %s", strerror(errno));
	if (h == 0) {
		execvp(helper, argv);
		fprintf(stderr, "fsid-unshare: cannot run %s: %s\n", helper, strerror(errno));
		_exit(errno == ENOENT ? 127 : 126);
	}
	if (waitpid(h, &status, 0) != h)
		return complain(EXIT_SYSCALL, "waitpid: %s", strerror(errno));
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status) && (WEXITSTATUS(status) == 127 || WEXITSTATUS(status) == 126))
		return complain(EXIT_MAP, "%s %s: a user other than root writes the %s with the setuid helper %s (%s)",
				helper, WEXITSTATUS(status) == 127 ? "was not found" : "could not be run",
				maps[i].file, helper,
				i < 2 ? "Debian package uidmap" : "guest/bin/newfsuidmap.c");
	if (i >= 2 && WIFEXITED(status) && WEXITSTATUS(status) == 9)
		return complain(EXIT_NOFSID, "this kernel has no /proc/self/%s — was it built with CONFIG_USER_NS_FSID=y?",
				maps[i].file);
	if (i >= 2 && WIFEXITED(status) && WEXITSTATUS(status) == 5)
		return complain(EXIT_MAP, "no grant: the %s asked for is not granted to you; an administrator grants ranges of filesystem %cids in %s (subfsuid(5))",
				maps[i].file, i == 2 ? 'u' : 'g', helpers[i][1]);
	if (i >= 2)
		return complain(EXIT_MAP, "%s refused the %s (%s %d: see newfsuidmap(1))",
				helper, maps[i].file,
				WIFEXITED(status) ? "exit status" : "signal",
				WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	return complain(EXIT_MAP, "%s refused the %s (%s %d); its ranges are granted in %s",
			helper, maps[i].file,
			WIFEXITED(status) ? "exit status" : "signal",
			WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
			helpers[i][1]);
}

/*
 * Write the maps of @pid: 0, or the exit status after saying what went
 * wrong (for a refused map, the errno and the text written).
 */
static int write_maps(pid_t pid)
{
	static const int write_order[4] = { 2, 3, 0, 1 };
	char path[64];
	int i, j, fd;

	/*
	 * A user other than root: the helpers, in the same order (newgidmap
	 * denies setgroups itself where the kernel asks for it).
	 */
	if (geteuid() != 0) {
		for (j = 0; j < 4; j++) {
			i = write_order[j];
			if (maps[i].lines && (fd = run_helper(pid, i)))
				return fd;
		}
		return 0;
	}
	/*
	 * The fsid maps first: the kernel takes them only while the id map
	 * of their kind is unwritten.
	 */
	for (j = 0; j < 4; j++) {
		struct map *m;
		ssize_t len;

		i = write_order[j];
		m = &maps[i];
		len = (ssize_t)strlen(m->text);
		if (!m->lines)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/%s", pid, m->file);
		fd = open(path, O_WRONLY);
		if (fd < 0 && errno == ENOENT && i >= 2)
			return complain(EXIT_NOFSID, "this kernel has no /proc/self/%s — was it built with CONFIG_USER_NS_FSID=y?",
					m->file);
		if (fd < 0)
			return complain(EXIT_SYSCALL, "%s: %s", path, strerror(errno));
		if (write(fd, m->text, len) != len) {
			int err = errno;

			close(fd);
			return complain(EXIT_MAP, "the kernel refused %s (%s), written as:\n%s",
					m->file, strerror(err), m->text);
		}
		close(fd);
	}
	return 0;
}

/*
 * Wait until the process @pid, which holds the write end of the
 * close-on-exec pipe @fd, has executed COMMAND (the pipe then reads end
 * of file), and write @pid to @file by renaming a complete temporary
 * file over it: whoever reads @file finds a whole pid, of a process that
 * already runs COMMAND with its ids inside. 0, or EXIT_SYSCALL after
 * saying what failed.
 */
static int write_pid_file(const char *file, int fd, pid_t pid)
{
	char tmp[PATH_MAX], c;
	ssize_t n;
	FILE *f;

	do
		n = read(fd, &c, 1);
	while (n < 0 && errno == EINTR);
	close(fd);
	if (snprintf(tmp, sizeof(tmp), "%s.tmp", file) >= (int)sizeof(tmp))
		return complain(EXIT_SYSCALL, "--pid-file %s: name too long", file);
	f = fopen(tmp, "w");
	if (!f)
		return complain(EXIT_SYSCALL, "--pid-file %s: %s", tmp, strerror(errno));
	fprintf(f, "%d\n", pid);
	if (fclose(f) || rename(tmp, file)) {
		unlink(tmp);
		return complain(EXIT_SYSCALL, "--pid-file %s: %s", file, strerror(errno));
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "map-ids", required_argument, NULL, 'm' },
		{ "map-fsids", required_argument, NULL, 'f' },
		{ "mount", no_argument, NULL, 'M' },
		{ "pid", no_argument, NULL, 'p' },
		{ "pid-file", required_argument, NULL, 'P' },
		{ "uid", required_argument, NULL, 'u' },
		{ "gid", required_argument, NULL, 'g' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int flags = CLONE_NEWUSER, dry_run = 0, sync_pipe[2], status, c, i;
	int exec_pipe[2] = { -1, -1 };
	const char *pid_file = NULL;
	long long uid = 0, gid = 0;
	pid_t pid;
	char go;

	while ((c = getopt_long(argc, argv, "+m:f:MpP:u:g:nh", longopts, NULL)) != -1) {
		switch (c) {
		case 'm':
			add_map_line("-m", optarg, 0);
			break;
		case 'f':
			add_map_line("-f", optarg, 1);
			break;
		case 'M':
			flags |= CLONE_NEWNS;
			break;
		case 'p':
			flags |= CLONE_NEWPID;
			break;
		case 'P':
			if (!*optarg)
				die(EXIT_USAGE, "-P: the pid file needs a name");
			pid_file = optarg;
			break;
		case 'u':
			uid = parse_id_option("-u", optarg);
			break;
		case 'g':
			gid = parse_id_option("-g", optarg);
			break;
		case 'n':
			dry_run = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		default:
			fputs(usage_text, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind == argc)
		die(EXIT_USAGE, "no COMMAND given (see --help)");
	if ((maps[2].lines || maps[3].lines) && !maps[0].lines && !maps[1].lines)
		die(EXIT_USAGE, "fsid maps (-f) need id maps (-m): the ids inside must exist");
	if (dry_run) {
		for (i = 0; i < 4; i++)
			printf("%s:\n%s", maps[i].file, maps[i].text);
		return 0;
	}
	/* Fail early, with the clear message, on a kernel without fsid maps. */
	if ((maps[2].lines || maps[3].lines) && access("/proc/self/fsuid_map", F_OK))
		die(EXIT_NOFSID, "this kernel has no /proc/self/fsuid_map — was it built with CONFIG_USER_NS_FSID=y?");

	if (pipe2(sync_pipe, O_CLOEXEC))
		die(EXIT_SYSCALL, "pipe: %s", strerror(errno));
	/* --pid-file: learn when COMMAND runs (-p: the child's child runs it). */
	if (pid_file && !(flags & CLONE_NEWPID) && pipe2(exec_pipe, O_CLOEXEC))
		die(EXIT_SYSCALL, "pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		die(EXIT_SYSCALL, "fork: %s", strerror(errno));
	if (pid == 0) {
		close(sync_pipe[1]);
		if (exec_pipe[0] >= 0)
			close(exec_pipe[0]);
		if (unshare(flags))
			die(EXIT_SYSCALL, "unshare: %s", strerror(errno));
		/* The parent writes the maps while this waits, then closes. */
		kill(getpid(), SIGSTOP);
		if (read(sync_pipe[0], &go, 1) != 1 || go != 'g')
			_exit(EXIT_SYSCALL);	/* the parent said what failed */
		if (flags & CLONE_NEWPID) {
			/* The first child of a new pid namespace is its init. */
			if (pid_file && pipe2(exec_pipe, O_CLOEXEC))
				die(EXIT_SYSCALL, "pipe: %s", strerror(errno));
			pid = fork();
			if (pid < 0)
				die(EXIT_SYSCALL, "fork: %s", strerror(errno));
			if (pid > 0) {
				if (pid_file) {
					close(exec_pipe[1]);
					if (write_pid_file(pid_file, exec_pipe[0], pid)) {
						kill(pid, SIGKILL);
						_exit(EXIT_SYSCALL);
					}
				}
				if (waitpid(pid, &status, 0) != pid)
					die(EXIT_SYSCALL, "waitpid: %s", strerror(errno));
				_exit(WIFEXITED(status) ? WEXITSTATUS(status) :
				      128 + WTERMSIG(status));
			}
			if (pid_file)
				close(exec_pipe[0]);
		}
		if (setresgid((gid_t)gid, (gid_t)gid, (gid_t)gid))
			die(EXIT_SYSCALL, "setresgid(%lld): %s", gid, strerror(errno));
		if (setgroups(0, NULL) && errno != EPERM)
			die(EXIT_SYSCALL, "setgroups: %s", strerror(errno));
		if (setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid))
			die(EXIT_SYSCALL, "setresuid(%lld): %s", uid, strerror(errno));
		execvp(argv[optind], argv + optind);
		die(errno == ENOENT ? EXIT_NOTFOUND : EXIT_NOEXEC, "%s: %s",
		    argv[optind], strerror(errno));
	}
	close(sync_pipe[0]);
	if (exec_pipe[1] >= 0)
		close(exec_pipe[1]);
	/* Wait until the child has unshared and stopped itself. */
	if (waitpid(pid, &status, WUNTRACED) != pid)
		die(EXIT_SYSCALL, "waitpid: %s", strerror(errno));
	if (!WIFSTOPPED(status))
		return WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_SYSCALL;
	c = write_maps(pid);
	if (c) {
		/* Nothing has run inside: take the child down, keep the status. */
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		return c;
	}
	if (write(sync_pipe[1], "g", 1) != 1 || kill(pid, SIGCONT))
		die(EXIT_SYSCALL, "waking the child: %s", strerror(errno));
	close(sync_pipe[1]);
	if (exec_pipe[0] >= 0 && write_pid_file(pid_file, exec_pipe[0], pid)) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		return EXIT_SYSCALL;
	}
	if (waitpid(pid, &status, 0) != pid)
		die(EXIT_SYSCALL, "waitpid: %s", strerror(errno));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
