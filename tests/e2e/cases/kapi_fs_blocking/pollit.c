/* pollit.c: poll() a node: once without waiting, then up to 10 s for POLLIN */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct pollfd p = { .fd = open(argv[1], O_RDONLY | O_NONBLOCK), .events = POLLIN };
	char buf[64];
	ssize_t n;

	if (p.fd < 0) {
		perror("open");
		return 1;
	}
	int r = poll(&p, 1, 0);

	printf("now: %d revents %s%s\n", r, p.revents & POLLIN ? "IN" : "-",
	       p.revents & POLLOUT ? " OUT" : "");
	n = read(p.fd, buf, sizeof(buf));
	printf("nonblocking read: %zd%s\n", n, n < 0 ? " (EAGAIN)" : "");
	fflush(stdout);
	/* the script writes once it sees the file "polling" */
	close(open("polling", O_CREAT | O_WRONLY, 0644));
	r = poll(&p, 1, 10000);
	printf("waited: %d revents %s\n", r, p.revents & POLLIN ? "IN" : "-");
	n = read(p.fd, buf, sizeof(buf));
	printf("read: %.*s", (int)(n > 0 ? n : 0), buf);
	return 0;
}
