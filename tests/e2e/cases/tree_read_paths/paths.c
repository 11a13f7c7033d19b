/*
 * paths.c FILE...: reads each FILE with read(2), then with every other
 * system call that reads (pread, readv, sendfile and splice into a pipe,
 * fstat then sendfile into a file, mmap), and says whether each got the
 * same bytes.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX	(1 << 20)

static char want[MAX], got[MAX];
static size_t want_len;

static void say(const char *how, ssize_t len, size_t skip)
{
	if (len < 0)
		printf("  %-16s %s\n", how, strerror(errno));
	else if ((size_t)len + skip == want_len && !memcmp(got, want + skip, (size_t)len))
		printf("  %-16s %zd bytes, the same\n", how, len);
	else
		printf("  %-16s %zd bytes, NOT the same\n", how, len);
}

static int open_or_die(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0) {
		perror(path);
		exit(1);
	}
	return fd;
}

/* reads what @fd gives with @one until it says 0 */
static ssize_t drain(int fd, ssize_t (*one)(int fd, char *buf, size_t len, off_t off))
{
	size_t len = 0;
	ssize_t n;

	while ((n = one(fd, got + len, MAX - len, (off_t)len)) > 0)
		len += (size_t)n;
	return n < 0 ? n : (ssize_t)len;
}

static ssize_t by_read(int fd, char *buf, size_t len, off_t off)
{
	return read(fd, buf, len);
}

static ssize_t by_pread(int fd, char *buf, size_t len, off_t off)
{
	return pread(fd, buf, len, off + 3);
}

static ssize_t by_readv(int fd, char *buf, size_t len, off_t off)
{
	struct iovec iov[2] = { { buf, 5 }, { buf + 5, len - 5 } };

	return readv(fd, iov, 2);
}

/* through a pipe: sendfile or splice in, read out */
static ssize_t by_pipe(int fd, bool splicing)
{
	size_t len = 0;
	ssize_t n, m;
	int p[2];

	if (pipe(p))
		return -1;
	for (;;) {
		n = splicing ? splice(fd, NULL, p[1], NULL, 65536, 0) :
			       sendfile(p[1], fd, NULL, 65536);
		if (n <= 0)
			break;
		for (; n > 0; n -= m, len += (size_t)m)
			if ((m = read(p[0], got + len, (size_t)n)) <= 0)
				break;
	}
	close(p[0]);
	close(p[1]);
	return n < 0 ? n : (ssize_t)len;
}

/* as Python's shutil.copyfile: the size first, then sendfile into a file */
static ssize_t by_sendfile_file(int fd)
{
	struct stat st;
	int out = open(".sendfile.out", O_RDWR | O_CREAT | O_TRUNC, 0600);
	ssize_t n, len = 0;

	if (fstat(fd, &st))
		return -1;
	while ((n = sendfile(out, fd, NULL, 65536)) > 0)
		len += n;
	if (n >= 0)
		n = pread(out, got, MAX, 0);
	close(out);
	return n < 0 ? n : len;
}

static void by_mmap(int fd)
{
	void *p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		printf("  %-16s %s\n", "mmap shared:", strerror(errno));
	else
		printf("  %-16s mapped\n", "mmap shared:");
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		int fd = open_or_die(argv[i]);
		ssize_t n = drain(fd, by_read);

		printf("%s: read %zd bytes\n", argv[i], n);
		want_len = n < 0 ? 0 : (size_t)n;
		memcpy(want, got, want_len);
		close(fd);
#define ONE(how, skip, expr) do { fd = open_or_die(argv[i]); say(how, expr, skip); close(fd); } while (0)
		ONE("pread at 3:", 3, drain(fd, by_pread));
		ONE("readv:", 0, drain(fd, by_readv));
		ONE("sendfile pipe:", 0, by_pipe(fd, false));
		ONE("splice:", 0, by_pipe(fd, true));
		ONE("fstat, sendfile:", 0, by_sendfile_file(fd));
		fd = open_or_die(argv[i]);
		by_mmap(fd);
		close(fd);
	}
	return 0;
}
