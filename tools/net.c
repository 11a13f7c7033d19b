// SPDX-License-Identifier: MIT
/*
 * umod net send|dump: an interface's port, dev/net/IFNAME in the daemon's
 * tree (net/core/port.c), as commands. send writes one frame (or each
 * frame of a pcap file) to it: the interface transmits it (ndo_start_xmit).
 * dump copies its pcap stream, the frames the interface passed to the host
 * (on to the TAP or the packet bus), to stdout for tcpdump -r; with -c N
 * it reads on, polling the port, until N frames were written. The tree is
 * / inside `umod shell` and DIR with `umod daemon --root DIR`.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/kstrtox.h"
#include "tools.h"

#define FRAME_MAX	65535
#define INPUT_MAX	(64u << 20)
#define PCAP_HDR	24
#define PCAP_REC_HDR	16
#define POLL_NS		10000000	/* 10 ms between reads of an idle port */

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod net send [-r DIR] IFNAME [FILE|-]\n"
		"       umod net dump [-r DIR] [-c COUNT] IFNAME\n"
		"send: the frame in FILE (or each frame of a pcap file; - or none: stdin)\n"
		"is transmitted by the interface. dump: the frames it passed to the host,\n"
		"as pcap on stdout (tcpdump -r -).\n\n"
		"Options:\n"
		"  -r, --root=DIR     the daemon's tree (umod daemon --root DIR); default /\n"
		"  -c, --count=COUNT  dump: wait until COUNT frames were written, then stop\n"
		"  -V, --version      show the version and the compiled-in features\n"
		"  -h, --help         show this help\n");
}

static int open_port(const char *root, const char *ifname, int flags)
{
	char path[4096];
	int fd;

	if (!*ifname || strchr(ifname, '/') || strlen(ifname) >= 16) {
		umod_tool_err("invalid interface name '%s'\n", ifname);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/dev/net/%s", strcmp(root, "/") ? root : "", ifname);
	fd = open(path, flags | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0 && errno == ENOENT)
		umod_tool_err("%s: no such interface (no %s)\n", ifname, path);
	else if (fd < 0)
		umod_tool_err("%s: %s\n", path, strerror(errno));
	return fd;
}

/* FILE (or stdin) whole, at most INPUT_MAX bytes */
static unsigned char *slurp(const char *file, size_t *len)
{
	int fd = !file || !strcmp(file, "-") ? 0 : open(file, O_RDONLY | O_CLOEXEC);
	unsigned char *buf = fd >= 0 ? malloc(INPUT_MAX) : NULL;
	ssize_t n = 0;

	*len = 0;
	while (buf && *len < INPUT_MAX && (n = read(fd, buf + *len, INPUT_MAX - *len)) > 0)
		*len += (size_t)n;
	if (!buf || n < 0 || *len == INPUT_MAX) {
		umod_tool_err("%s: %s\n", file ? file : "-",
			      !buf && fd >= 0 ? "out of memory" : *len == INPUT_MAX ?
			      "over 64 MiB" : strerror(errno));
		free(buf);
		buf = NULL;
	}
	if (fd > 0)
		close(fd);
	return buf;
}

static uint32_t get32(const unsigned char *p, bool swap)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return swap ? __builtin_bswap32(v) : v;
}

static int send_frame(int port, const char *ifname, const unsigned char *f, size_t len)
{
	if (len > FRAME_MAX) {
		umod_tool_err("send %s: a frame of %zu bytes: at most %d\n", ifname, len, FRAME_MAX);
		return -1;
	}
	if (write(port, f, len) < 0) {
		umod_tool_err("send %s: %s\n", ifname, strerror(errno));
		return -1;
	}
	return 0;
}

/* a pcap file (either byte order, µs or ns): each record; else the whole input */
static int send_input(int port, const char *ifname, const unsigned char *in, size_t len)
{
	uint32_t magic = len >= PCAP_HDR ? get32(in, false) : 0;
	bool swap = magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1;
	size_t off = PCAP_HDR;

	if (!swap && magic != 0xa1b2c3d4 && magic != 0xa1b23c4d)
		return send_frame(port, ifname, in, len);
	while (off + PCAP_REC_HDR <= len) {
		uint32_t caplen = get32(in + off + 8, swap);

		off += PCAP_REC_HDR;
		if (caplen > len - off) {
			umod_tool_err("send %s: a pcap record runs past the end of the file\n", ifname);
			return -1;
		}
		if (send_frame(port, ifname, in + off, caplen))
			return -1;
		off += caplen;
	}
	return 0;
}

static int do_send(const char *root, const char *ifname, const char *file)
{
	size_t len;
	unsigned char *in = slurp(file, &len);
	int port = in ? open_port(root, ifname, O_WRONLY) : -1, err = -1;

	if (port >= 0)
		err = send_input(port, ifname, in, len);
	if (port >= 0)
		close(port);
	free(in);
	return err ? 1 : 0;
}

struct dump {
	unsigned char buf[PCAP_HDR + PCAP_REC_HDR + FRAME_MAX];
	size_t have;		/* bytes in buf */
	bool header_done;
	unsigned long frames, count;	/* count 0: no bound */
};

/* whole header and records out of d->buf; true once count frames were written */
static bool dump_out(struct dump *d)
{
	size_t off = 0;

	for (;;) {
		size_t need = d->header_done ? PCAP_REC_HDR : PCAP_HDR;

		if (d->count && d->frames == d->count)
			break;
		if (d->header_done && d->have - off >= PCAP_REC_HDR)
			need += get32(d->buf + off + 8, false);
		if (d->have - off < need)
			break;
		fwrite(d->buf + off, 1, need, stdout);
		off += need;
		d->frames += d->header_done;
		d->header_done = true;
	}
	memmove(d->buf, d->buf + off, d->have - off);
	d->have -= off;
	fflush(stdout);
	return d->count && d->frames == d->count;
}

static int do_dump(const char *root, const char *ifname, unsigned long count)
{
	struct dump *d = calloc(1, sizeof(*d));
	int port = d ? open_port(root, ifname, O_RDONLY) : -1;
	const struct timespec idle = { 0, POLL_NS };
	ssize_t n = 0;

	if (port < 0) {
		free(d);
		return 1;
	}
	d->count = count;
	while (!dump_out(d)) {
		n = read(port, d->buf + d->have, sizeof(d->buf) - d->have);
		if (n < 0)
			break;
		d->have += (size_t)n;
		if (n == 0 && !count)
			break;
		if (n == 0)
			nanosleep(&idle, NULL);
	}
	if (n < 0)
		umod_tool_err("dump %s: %s\n", ifname, strerror(errno));
	close(port);
	free(d);
	return n < 0 ? 1 : 0;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "count", required_argument, NULL, 'c' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *root = "/", *verb;
	unsigned int count = 0;
	int c, left;

	umod_tool_log_open("umod", false);
	while ((c = getopt_long(argc, argv, "r:c:Vh", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			root = optarg;
			break;
		case 'c':
			if (umod_kstrtouint(optarg, 10, &count) || !count) {
				umod_tool_err("invalid --count '%s': a number of frames, 1 or more\n",
					      optarg);
				return 1;
			}
			break;
		case 'V':
			return umod_tool_print_version();
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	verb = optind < argc ? argv[optind] : "";
	left = argc - optind;
	if (!strcmp(verb, "send") && (left == 2 || left == 3) && !count)
		return do_send(root, argv[optind + 1], left == 3 ? argv[optind + 2] : NULL);
	if (!strcmp(verb, "dump") && left == 2)
		return do_dump(root, argv[optind + 1], count);
	usage(stderr);
	return 1;
}

const struct umod_cmd umod_cmd_net = {
	.name = "net",
	.run = run,
	.help = "send a frame through a network interface, dump its frames as pcap",
};
