/* user.c: the guide's ioctl.c driven with its own numbers, pointers and values */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

struct ioctl_arg {
	unsigned int reg;
	unsigned int val;
};

#define IOC_MAGIC '\x66'
#define IOCTL_VALSET _IOW(IOC_MAGIC, 0, struct ioctl_arg)
#define IOCTL_VALGET _IOR(IOC_MAGIC, 1, struct ioctl_arg)
#define IOCTL_VALGET_NUM _IOR(IOC_MAGIC, 2, int)
#define IOCTL_VALSET_NUM _IOW(IOC_MAGIC, 3, int)

static void said(const char *what, int ret)
{
	printf("%s: %d%s%s\n", what, ret, ret < 0 ? " " : "", ret < 0 ? strerror(errno) : "");
}

int main(int argc, char **argv)
{
	struct ioctl_arg a = { 0 }, *edge;
	int fd = open(argv[1], O_RDWR), n = -1;
	char *pages;

	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	said("get", ioctl(fd, IOCTL_VALGET, &a));
	printf("val %x\n", a.val);
	a.val = 0x42;
	said("set", ioctl(fd, IOCTL_VALSET, &a));
	memset(&a, 0, sizeof(a));
	said("get", ioctl(fd, IOCTL_VALGET, &a));
	printf("val %x\n", a.val);
	said("set num 7", ioctl(fd, IOCTL_VALSET_NUM, 7));
	said("get num", ioctl(fd, IOCTL_VALGET_NUM, &n));
	printf("num %d\n", n);
	said("get to an unmapped address", ioctl(fd, IOCTL_VALGET, (void *)16));
	said("set from an unmapped address", ioctl(fd, IOCTL_VALSET, (void *)16));
	/* an argument whose second half is on an unmapped page */
	pages = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(pages + 4096, 4096);
	edge = (struct ioctl_arg *)(pages + 4096 - 4);
	edge->reg = 0xaaaaaaaa;
	said("get across the end of a mapping", ioctl(fd, IOCTL_VALGET, edge));
	printf("its first half %x\n", edge->reg);
	close(fd);
	return 0;
}
