/* SPDX-License-Identifier: MIT */
/*
 * The NBD protocol's server side (nbd-server.c), apart from what it
 * serves: the fixed newstyle handshake and the transmission phase over a
 * pair of descriptors, with the export behind a table of calls. nbd.c
 * serves a disk with it; the fuzz target and the unit test a buffer.
 */
#ifndef _UMOD_DRIVERS_BLOCK_NBD_SERVER_H
#define _UMOD_DRIVERS_BLOCK_NBD_SERVER_H

#include <stdbool.h>
#include <stdint.h>

/* the largest READ or WRITE served (what qemu-nbd and nbd-server take) */
#define UMOD_NBD_MAX_PAYLOAD	(32u << 20)

/* each call 0 or a negative errno; @off + @len is within the size */
struct umod_nbd_export_ops {
	/* a client is past the handshake (or the kernel's socket is set) */
	int (*open)(void *priv);
	void (*close)(void *priv);
	int (*read)(void *priv, void *buf, uint32_t len, uint64_t off);
	int (*write)(void *priv, const void *buf, uint32_t len, uint64_t off);
	int (*flush)(void *priv);
	int (*trim)(void *priv, uint64_t off, uint32_t len);
	int (*zero)(void *priv, uint64_t off, uint32_t len);
};

struct umod_nbd_export {
	const char *name;		/* NBD_OPT_LIST's; "" names it too */
	uint64_t size;			/* bytes */
	uint32_t block;			/* the logical block size */
	bool read_only, trim, zero;	/* NBD_FLAG_READ_ONLY, SEND_TRIM, SEND_WRITE_ZEROES */
	const struct umod_nbd_export_ops *ops;
	void *priv;
};

/* the transmission flags the export is announced with */
uint16_t umod_nbd_tx_flags(const struct umod_nbd_export *e);

/*
 * Serves one client reading from @rfd and writing to @wfd: the handshake
 * when @handshake (a client of the socket), else straight to transmission
 * (the kernel's nbd driver, set up by ioctls). Returns at NBD_CMD_DISC or
 * the client's end (0), or when it broke the protocol (-EPROTO) or the
 * connection failed (-errno); the export is closed if it was opened.
 */
int umod_nbd_serve(int rfd, int wfd, const struct umod_nbd_export *e, bool handshake);

#endif /* _UMOD_DRIVERS_BLOCK_NBD_SERVER_H */
