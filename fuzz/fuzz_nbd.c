// SPDX-License-Identifier: MIT
/*
 * The NBD server (drivers/block/nbd-server.c) over arbitrary client bytes:
 * the handshake, then requests, against a 64 KiB export in memory. Every
 * read and write the server passes on must lie inside the export (the
 * bounds checks), and the session must end when the bytes do. The input
 * comes through a memfd, the replies go to /dev/null.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "drivers/block/nbd-server.h"

#define EXPORT_SIZE	65536u

static unsigned char disk[EXPORT_SIZE];

static void check(uint64_t off, uint32_t len)
{
	fuzz_assert(len <= EXPORT_SIZE && off <= EXPORT_SIZE - len);
}

static int mem_read(void *priv, void *buf, uint32_t len, uint64_t off)
{
	check(off, len);
	memcpy(buf, disk + off, len);
	return 0;
}

static int mem_write(void *priv, const void *buf, uint32_t len, uint64_t off)
{
	check(off, len);
	memcpy(disk + off, buf, len);
	return 0;
}

static int mem_range(void *priv, uint64_t off, uint32_t len)
{
	check(off, len);
	memset(disk + off, 0, len);
	return 0;
}

static int mem_flush(void *priv)
{
	return 0;
}

static const struct umod_nbd_export_ops mem_ops = {
	.read = mem_read,
	.write = mem_write,
	.flush = mem_flush,
	.trim = mem_range,
	.zero = mem_range,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct umod_nbd_export e = { "fuzz", EXPORT_SIZE, 512, false, true, true,
					   &mem_ops, NULL };
	int in = memfd_create("nbd-fuzz", MFD_CLOEXEC), out = open("/dev/null", O_WRONLY);

	fuzz_assert(in >= 0 && out >= 0);
	fuzz_assert(write(in, data, size) == (ssize_t)size);
	lseek(in, 0, SEEK_SET);
	/* the first byte picks the phase: a client's handshake or the kernel's requests */
	umod_nbd_serve(in, out, &e, !(size && data[0] == 0x25));
	close(in);
	close(out);
	return 0;
}
