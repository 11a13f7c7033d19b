/*
 * user.c DEV: maps DEV's two pages shared, reads what the driver put
 * there, writes through the mapping and msync()s, asks the driver what it
 * sees (MD_GET); lets the driver write (MD_SET) and maps again; then the
 * edges: past the device's end, and write access on a read-only open.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mmap_demo.h"

static sigjmp_buf env;

static void on_sigbus(int sig)
{
	siglongjmp(env, 1);
}

static void peek(int fd, unsigned long off)
{
	struct md_peek p = { .off = off };

	if (ioctl(fd, MD_GET, &p))
		printf("MD_GET: %s\n", strerror(errno));
	else
		printf("driver sees at %lu: \"%s\"\n", off, p.text);
}

/* one byte of @p, or SIGBUS */
static void touch(const char *what, volatile char *p)
{
	if (sigsetjmp(env, 1))
		printf("%s: SIGBUS\n", what);
	else
		printf("%s: '%c'\n", what, *p ? *p : '0');
}

int main(int argc, char **argv)
{
	struct md_peek set = { .off = 4096 + 200, .text = "set by the driver" };
	int fd = open(argv[1], O_RDWR);
	char *p;

	signal(SIGBUS, on_sigbus);
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (fd < 0 || p == MAP_FAILED) {
		perror(argv[1]);
		return 1;
	}
	printf("mapped: \"%s\", \"%s\"\n", p, p + 4096);
	strcpy(p + 100, "written by the process");
	msync(p, 8192, MS_SYNC);
	peek(fd, 100);
	ioctl(fd, MD_SET, &set);
	munmap(p, 8192);
	p = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, 0);
	printf("mapped again: \"%s\"\n", p + 4096 + 200);
	munmap(p, 8192);
	close(fd);
	fd = open(argv[1], O_RDWR);
	p = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, 0);
	printf("after a new open: \"%s\"\n", p + 4096 + 200);
	munmap(p, 8192);
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 8192);
	if (p == MAP_FAILED)
		printf("mmap past the end: %s\n", strerror(errno));
	else
		touch("past the end", p);
	close(fd);
	fd = open(argv[1], O_RDONLY);
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	printf("shared writable mapping of a read-only open: %s\n",
	       p == MAP_FAILED ? strerror(errno) : "mapped");
	close(fd);
	return 0;
}
