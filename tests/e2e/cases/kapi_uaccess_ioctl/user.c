/* user.c: uaccess_demo's ioctls, with pointers good, bad and half good */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "uaccess_demo.h"

static void said(const char *what, long ret)
{
	printf("%s: %ld%s%s\n", what, ret, ret < 0 ? " " : "", ret < 0 ? strerror(errno) : "");
}

int main(int argc, char **argv)
{
	char out[64], *page;
	struct ua_str s = { "a string longer than _IOC_SIZE", out, sizeof(out) };
	struct ua_sizes z = { 0xfe, 0xfffe, 0xfffffffe, 0xfffffffffffffffeULL };
	int fd = open(argv[1], O_RDWR);

	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	said("reverse", ioctl(fd, UA_REVERSE, &s));
	printf("out: %s\n", out);
	said("sizes", ioctl(fd, UA_SIZES, &z));
	printf("now: %x %x %x %llx\n", z.a, z.b, z.c, (unsigned long long)z.d);
	/* a page, then an unmapped one: the string runs into the hole */
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(page + 4096, 4096);
	memset(page, 'x', 4096);
	s.in = page + 4096 - 3;
	said("reverse of a string running off its mapping", ioctl(fd, UA_REVERSE, &s));
	s.in = (const char *)16;
	said("reverse from an unmapped address", ioctl(fd, UA_REVERSE, &s));
	s.in = "ok";
	s.out = page + 4096 - 2;
	said("reverse into two bytes before the hole", ioctl(fd, UA_REVERSE, &s));
	printf("those two bytes: %.2s\n", page + 4094);
	s.out = page + 4096 - 10;
	s.out_len = 20;
	said("clear across the hole (bytes left)", ioctl(fd, UA_CLEAR, &s));
	printf("cleared: %d\n", page[4090] == 0 && page[4095] == 0 && page[4085] == 'x');
	said("access_ok of a user address", ioctl(fd, UA_ACCESS_OK, page));
	said("access_ok of a kernel address", ioctl(fd, UA_ACCESS_OK, (void *)-4096L));
	close(fd);
	return 0;
}
