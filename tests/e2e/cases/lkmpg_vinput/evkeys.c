/* A small evdev reader: the device's name, phys and id through the EVIOC*
 * ioctls, then argv[2] events as they arrive, one a line. */
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct pollfd pfd = { .events = POLLIN };
	struct input_event ev;
	char name[64] = "", phys[64] = "";
	int want = argc > 2 ? atoi(argv[2]) : 0;
	struct input_id id;

	if (argc < 3 || (pfd.fd = open(argv[1], O_RDONLY)) < 0)
		return perror(argc < 3 ? "usage: evkeys DEVICE COUNT" : argv[1]), 1;
	if (ioctl(pfd.fd, EVIOCGNAME(sizeof(name) - 1), name) < 0 ||
	    ioctl(pfd.fd, EVIOCGPHYS(sizeof(phys) - 1), phys) < 0 ||
	    ioctl(pfd.fd, EVIOCGID, &id) < 0)
		return perror("ioctl"), 1;
	printf("%s: \"%s\" phys \"%s\" bus %#x vendor %#x product %#x\n", argv[1], name, phys,
	       id.bustype, id.vendor, id.product);
	fflush(stdout);
	for (int got = 0; got < want; got++) {
		if (poll(&pfd, 1, 5000) != 1)
			return printf("timed out after %d events\n", got), 1;
		if (read(pfd.fd, &ev, sizeof(ev)) != sizeof(ev))
			return perror("read"), 1;
		printf("%s type %u code %u value %d\n", ev.input_event_sec > 0 ? "event" : "no time!",
		       ev.type, ev.code, ev.value);
	}
	return 0;
}
