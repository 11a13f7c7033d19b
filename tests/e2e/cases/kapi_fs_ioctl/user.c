/* user.c: talks to /dev/ioctl_demo with the driver's own numbers */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ioctl_demo.h"

int main(int argc, char **argv)
{
	struct ioctl_demo_arg a;
	int fd = open(argv[1], O_RDWR), n;

	if (fd < 0) {
		perror("open");
		return 1;
	}
	if (ioctl(fd, IOCTL_VALGET, &a) == 0)
		printf("get: %d %s\n", a.val, a.name);
	a.val = 42;
	strcpy(a.name, "from user");
	printf("set: %d\n", ioctl(fd, IOCTL_VALSET, &a));
	memset(&a, 0, sizeof(a));
	ioctl(fd, IOCTL_VALGET, &a);
	printf("get: %d %s\n", a.val, a.name);
	ioctl(fd, IOCTL_VALGET_NUM, &n);
	printf("num: %d\n", n);
	n = 5;
	ioctl(fd, IOCTL_SWAP, &n);
	printf("swap gave %d\n", n);
	ioctl(fd, IOCTL_VALGET_NUM, &n);
	printf("num: %d\n", n);
	printf("reset: %d\n", ioctl(fd, IOCTL_RESET));
	ioctl(fd, IOCTL_VALGET_NUM, &n);
	printf("num: %d\n", n);
	n = ioctl(fd, _IO('x', 9));
	printf("unknown: %d %s\n", n, strerror(errno));
	n = (int)lseek(fd, 0, SEEK_SET);
	printf("lseek: %d %s\n", n, strerror(errno));
	close(fd);
	return 0;
}
