/* A small evdev reader: the device's identity through the EVIOC* ioctls,
 * then the events that writing argv[3] to argv[2] makes, argv[4] of them. */
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static void print_bits(const char *what, const unsigned long *bits, int len)
{
	printf("%s (%d bytes):", what, len);
	for (int i = 0; i < len * 8; i++)
		if (bits[i / 64] >> (i % 64) & 1)
			printf(" %d", i);
	printf("\n");
}

int main(int argc, char **argv)
{
	unsigned long bits[12];
	struct input_event ev[64];
	struct input_absinfo abs;
	struct input_id id;
	char name[256];
	int fd, v, n, want = atoi(argv[4]), got = 0;
	struct pollfd pfd;

	if ((fd = open(argv[1], O_RDONLY)) < 0)
		return perror(argv[1]), 1;
	ioctl(fd, EVIOCGVERSION, &v);
	printf("version %#x\n", v);
	ioctl(fd, EVIOCGID, &id);
	printf("id bus %#x vendor %#x product %#x version %#x\n", id.bustype, id.vendor,
	       id.product, id.version);
	n = ioctl(fd, EVIOCGNAME(sizeof(name)), name);
	printf("name (%d): %s\n", n, name);
	n = ioctl(fd, EVIOCGUNIQ(sizeof(name)), name);
	printf("uniq: %d %s\n", n, n < 0 ? strerror(errno) : name);
	print_bits("ev", bits, ioctl(fd, EVIOCGBIT(0, sizeof(bits)), bits));
	memset(bits, 0, sizeof(bits));
	print_bits("key", bits, ioctl(fd, EVIOCGBIT(EV_KEY, sizeof(bits)), bits));
	memset(bits, 0, sizeof(bits));
	print_bits("prop", bits, ioctl(fd, EVIOCGPROP(sizeof(bits)), bits));
	if (ioctl(fd, EVIOCGABS(ABS_Y), &abs) == 0)
		printf("abs y: %d [%d, %d] fuzz %d\n", abs.value, abs.minimum, abs.maximum, abs.fuzz);
	else
		printf("abs y: %s\n", strerror(errno));
	pfd = (struct pollfd){ .fd = fd, .events = POLLIN };
	printf("poll before: %d\n", poll(&pfd, 1, 0));
	n = open(argv[2], O_WRONLY);
	if (n < 0 || write(n, argv[3], strlen(argv[3])) < 0)
		return perror(argv[2]), 1;
	close(n);
	while (got < want) {
		if (poll(&pfd, 1, 5000) != 1)
			return printf("poll: timed out after %d events\n", got), 1;
		n = (int)read(fd, ev, sizeof(ev));
		if (n <= 0 || n % sizeof(ev[0]))
			return printf("read: %d\n", n), 1;
		for (int i = 0; i < n / (int)sizeof(ev[0]); i++, got++)
			printf("%s type %d code %d value %d\n", ev[i].input_event_sec > 0 ? "" : "no time!",
			       ev[i].type, ev[i].code, ev[i].value);
	}
	memset(bits, 0xff, sizeof(bits));
	print_bits("keys down", bits, ioctl(fd, EVIOCGKEY(sizeof(bits)), bits));
	close(fd);
	return 0;
}
