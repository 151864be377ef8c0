// SPDX-License-Identifier: GPL-2.0
/*
 * showids — print the calling process's ids as the system calls report
 * them, including the fsuid and fsgid, which id(1) does not show.
 *
 * usage: showids
 *
 * Prints one line:
 *   uid=RUID,EUID,SUID,FSUID gid=RGID,EGID,SGID,FSGID groups=G1,G2,...
 * The fsuid/fsgid come from setfsuid(-1)/setfsgid(-1), which change
 * nothing and return the current value. All ids are as seen from the
 * caller's user namespace (65534 for an id with no mapping).
 *
 * Exit status: 0 printed; 1 a system call failed; 2 usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/fsuid.h>
#include <unistd.h>

#define MAX_GROUPS 65536

int main(int argc, char *argv[])
{
	static gid_t groups[MAX_GROUPS];
	uid_t ruid, euid, suid, fsuid;
	gid_t rgid, egid, sgid, fsgid;
	int n, i;

	if (argc != 1) {
		fprintf(stderr, "usage: %s\n", argv[0]);
		return 2;
	}
	if (getresuid(&ruid, &euid, &suid) || getresgid(&rgid, &egid, &sgid)) {
		fprintf(stderr, "showids: getresuid/getresgid: %s\n", strerror(errno));
		return 1;
	}
	fsuid = setfsuid(-1);
	fsgid = setfsgid(-1);
	n = getgroups(MAX_GROUPS, groups);
	if (n < 0) {
		fprintf(stderr, "showids: getgroups: %s\n", strerror(errno));
		return 1;
	}
	printf("uid=%u,%u,%u,%u gid=%u,%u,%u,%u groups=", ruid, euid, suid,
	       fsuid, rgid, egid, sgid, fsgid);
	for (i = 0; i < n; i++)
		printf("%s%u", i ? "," : "", groups[i]);
	putchar('\n');
	return fflush(stdout) ? 1 : 0;
}
