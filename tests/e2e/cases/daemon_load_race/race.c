// SPDX-License-Identifier: MIT
/*
 * Loaders and unloaders of the same modules, racing, for daemon_load_race:
 *   race SOCKET SECONDS LOADERS UNLOADERS MOD.ko...
 * Each thread has its own connection and loops until the time is up:
 * a loader sends INSERT of the modules in turn, an unloader REMOVE. The
 * counts of each reply status go to stdout, per operation, so the case
 * can compare the successes with the init and exit lines of the log.
 * An unexpected status, or a daemon that hangs up, ends it with exit 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum { OP_INSERT = 2, OP_REMOVE = 3, F_INT = 1, F_STR = 2, F_BYTES = 3 };

struct image {
	const char *name;	/* the module's name: the file's, without .ko */
	unsigned char *data;
	size_t len;
};

static const char *sock_path;
static time_t end;
static struct image *images;
static int nimages;
/* per op: 0, -EEXIST, -ENOENT, -EBUSY, -EWOULDBLOCK, other */
static long counts[2][6];
static pthread_mutex_t counts_lock = PTHREAD_MUTEX_INITIALIZER;
static int failed;

static int dial(void)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	strncpy(sun.sun_path, sock_path, sizeof(sun.sun_path) - 1);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sun, sizeof(sun)) < 0) {
		perror("connect");
		exit(1);
	}
	return fd;
}

static int full_io(int fd, void *buf, size_t len, int writing)
{
	unsigned char *p = buf;

	while (len) {
		ssize_t n = writing ? send(fd, p, len, MSG_NOSIGNAL) : read(fd, p, len);

		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* the reply's status: its first field, an INT; the rest is skipped */
static int reply(int fd, int64_t *status)
{
	unsigned char hdr[16], f[16], skip[4096];
	uint32_t len;

	if (full_io(fd, hdr, sizeof(hdr), 0))
		return -1;
	memcpy(&len, hdr + 8, 4);
	if (len < 16 || full_io(fd, f, sizeof(f), 0))
		return -1;
	memcpy(status, f + 8, 8);
	for (len -= 16; len; ) {
		uint32_t n = len < sizeof(skip) ? len : sizeof(skip);

		if (full_io(fd, skip, n, 0))
			return -1;
		len -= n;
	}
	return 0;
}

static void put_field(unsigned char **p, int type, const void *data, uint32_t size)
{
	memset(*p, 0, 8);
	(*p)[0] = (unsigned char)type;
	memcpy(*p + 4, &size, 4);
	memcpy(*p + 8, data, size);
	*p += 8 + size;
}

static int request(int fd, int op, const struct image *im)
{
	uint64_t flags = 0;
	size_t max = 16 + 3 * 8 + (im->len + strlen(im->name) + 1 + 8);
	unsigned char *buf = malloc(max), *p = buf + 16;
	uint32_t len;
	int ret;

	if (!buf)
		return -1;
	if (op == OP_INSERT) {
		put_field(&p, F_BYTES, im->data, (uint32_t)im->len);
		put_field(&p, F_STR, "", 1);
	} else {
		put_field(&p, F_STR, im->name, (uint32_t)strlen(im->name) + 1);
	}
	put_field(&p, F_INT, &flags, 8);
	len = (uint32_t)(p - buf - 16);
	memset(buf, 0, 16);
	memcpy(buf, "UMOD\1\0", 6);
	buf[6] = (unsigned char)op;
	memcpy(buf + 8, &len, 4);
	ret = full_io(fd, buf, (size_t)(p - buf), 1);
	free(buf);
	return ret;
}

static void count(int op, int64_t status)
{
	int slot;

	switch (status) {
	case 0: slot = 0; break;
	case -EEXIST: slot = 1; break;
	case -ENOENT: slot = 2; break;
	case -EBUSY: slot = 3; break;
	case -EWOULDBLOCK: slot = 4; break;
	default: slot = 5; break;
	}
	pthread_mutex_lock(&counts_lock);
	counts[op == OP_REMOVE][slot]++;
	if (slot == 5 || (op == OP_INSERT && (slot == 2 || slot == 4)) ||
	    (op == OP_REMOVE && slot == 1)) {
		if (failed++ < 5)
			fprintf(stderr, "%s: status %lld\n", op == OP_REMOVE ? "rmmod" : "insmod",
				(long long)status);
	}
	pthread_mutex_unlock(&counts_lock);
}

static void *client(void *arg)
{
	int op = (int)(intptr_t)arg, fd = dial();
	int64_t status;

	if (reply(fd, &status) || status)
		goto hangup;
	for (int i = 0; time(NULL) < end; i = (i + 1) % nimages) {
		if (request(fd, op, &images[i]) || reply(fd, &status))
			goto hangup;
		count(op, status);
	}
	close(fd);
	return NULL;
hangup:
	pthread_mutex_lock(&counts_lock);
	if (failed++ < 5)
		fprintf(stderr, "the daemon hung up\n");
	pthread_mutex_unlock(&counts_lock);
	close(fd);
	return NULL;
}

static void read_image(const char *path, struct image *im)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	const char *base = strrchr(path, '/');
	struct stat st;
	char *dot;

	if (fd < 0 || fstat(fd, &st) || !(im->data = malloc((size_t)st.st_size)) ||
	    full_io(fd, im->data, (size_t)st.st_size, 0)) {
		perror(path);
		exit(1);
	}
	close(fd);
	im->len = (size_t)st.st_size;
	im->name = strdup(base ? base + 1 : path);
	dot = strstr(im->name, ".ko");
	if (dot)
		*dot = '\0';
}

int main(int argc, char *argv[])
{
	static const char *const names[] = { "ok", "exists", "absent", "busy", "in use", "other" };
	pthread_t t[128];
	int loaders, unloaders, n = 0;

	if (argc < 6) {
		fprintf(stderr, "usage: race SOCKET SECONDS LOADERS UNLOADERS MOD.ko...\n");
		return 2;
	}
	sock_path = argv[1];
	end = time(NULL) + atoi(argv[2]);
	loaders = atoi(argv[3]);
	unloaders = atoi(argv[4]);
	if (loaders + unloaders > 128 || loaders < 1 || unloaders < 1)
		return 2;
	nimages = argc - 5;
	images = calloc((size_t)nimages, sizeof(*images));
	for (int i = 0; i < nimages; i++)
		read_image(argv[5 + i], &images[i]);
	for (int i = 0; i < loaders + unloaders; i++)
		if (!pthread_create(&t[n], NULL, client,
				    (void *)(intptr_t)(i < loaders ? OP_INSERT : OP_REMOVE)))
			n++;
	while (n--)
		pthread_join(t[n], NULL);
	for (int op = 0; op < 2; op++) {
		printf("%s:", op ? "rmmod" : "insmod");
		for (int s = 0; s < 6; s++)
			printf(" %s=%ld", names[s], counts[op][s]);
		printf("\n");
	}
	return failed != 0;
}
