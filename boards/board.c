// SPDX-License-Identifier: MIT
/*
 * A host's board: the simulated hardware, described as Linux describes a
 * board, by its device tree. umod_host_load_board() takes a built-in
 * board's name (rpi4, rpi5), a .dtb, or a .dts (compiled with dtc); the
 * blob is unflattened (drivers/of/fdt.c) and becomes the host's tree,
 * /sys/firmware/devicetree/base shows it, its device models start
 * (boards/model.c: a node's "umod,model") and its nodes become platform
 * devices (drivers/of/platform.c), so that drivers bind as on the board.
 * Loading an overlay (a /plugin/ dts) after the board merges it in and
 * adds the devices of its new nodes, as `dtoverlay` does on a Pi. A .so
 * is a plugin of device models (include/umod/model.h): its types are
 * there for the nodes of the board loaded after it.
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boards/board.h"
#include "drivers/gpio/gpiolib.h"
#include "drivers/i2c/i2c-core.h"
#include "drivers/spi/spi.h"
#include "drivers/usb/core/usb.h"
#include "drivers/of/of_private.h"
#include "drivers/pci/pci.h"
#include "kernel/printk/internal.h"
#include "lib/iomap.h"
#include "util/file.h"

extern char **environ;

/* ---- getting the blob ------------------------------------------------------ */

static const struct umod_board_builtin *builtin(const char *name)
{
	for (const struct umod_board_builtin *b = umod_board_builtins; b->name; b++)
		if (!strcmp(b->name, name))
			return b;
	return NULL;
}

/* dtc's output, read from its stdout into a growing buffer */
static int read_all(int fd, unsigned char **bufp, size_t *lenp)
{
	size_t cap = 64 << 10, len = 0;
	unsigned char *buf = malloc(cap);
	ssize_t n;

	while (buf && (n = read(fd, buf + len, cap - len)) > 0) {
		len += (size_t)n;
		if (len == cap) {
			unsigned char *grown = cap < UMOD_FDT_MAX_SIZE ? realloc(buf, cap * 2) : NULL;

			if (!grown) {
				free(buf);
				return -EFBIG;
			}
			buf = grown;
			cap *= 2;
		}
	}
	if (!buf)
		return -ENOMEM;
	*bufp = buf;
	*lenp = len;
	return 0;
}

/* `dtc -q -I dts -O dtb -o - PATH`; its errors go to our stderr, as a build's would */
static int compile_dts(struct umod_host *host, const char *path, unsigned char **bufp,
		       size_t *lenp)
{
	char *argv[] = { "dtc", "-q", "-I", "dts", "-O", "dtb", "-o", "-", (char *)path, NULL };
	posix_spawn_file_actions_t fa;
	int fds[2], status, err;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return -errno;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	err = posix_spawnp(&pid, "dtc", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (err) {
		close(fds[0]);
		umod_log_printk(host->log, KERN_ERR "board %s: dtc: %s (needs device-tree-compiler)\n",
				path, strerror(err));
		return -err;
	}
	err = read_all(fds[0], bufp, lenp);
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (!err && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
		umod_log_printk(host->log, KERN_ERR "board %s: dtc could not compile it\n", path);
		free(*bufp);
		err = -EINVAL;
	}
	return err;
}

/* .so: a plugin of device models */
static bool is_plugin_name(const char *what)
{
	size_t n = strlen(what);

	return n > 3 && !strcmp(what + n - 3, ".so");
}

/* .dtb, .dtbo: a blob, whatever its first bytes */
static bool is_blob_name(const char *what)
{
	size_t n = strlen(what);

	return (n > 4 && !strcmp(what + n - 4, ".dtb")) || (n > 5 && !strcmp(what + n - 5, ".dtbo"));
}

/* the blob of @what: a built-in board, a .dtb (its name or magic says so), or dts source */
static int board_blob(struct umod_host *host, const char *what, unsigned char **bufp,
		      size_t *lenp)
{
	const struct umod_board_builtin *b = builtin(what);
	const void *image;
	size_t len;
	bool heap;
	int err;

	if (b) {
		*bufp = malloc(b->len);
		if (!*bufp)
			return -ENOMEM;
		memcpy(*bufp, b->dtb, b->len);
		*lenp = b->len;
		return 0;
	}
	err = umod_file_read(what, &image, &len, &heap);
	if (err) {
		umod_log_printk(host->log, KERN_ERR "board %s: %s\n", what, strerror(-err));
		return err;
	}
	if ((len >= 4 && !memcmp(image, "\xd0\x0d\xfe\xed", 4)) || is_blob_name(what)) {
		*bufp = malloc(len ? len : 1);
		if (*bufp)
			memcpy(*bufp, image, len);
		*lenp = len;
		umod_file_free(image, len, heap);
		return *bufp ? 0 : -ENOMEM;
	}
	umod_file_free(image, len, heap);
	return compile_dts(host, what, bufp, lenp);
}

/* ---- the tree becomes the board ------------------------------------------------- */

struct report_ctx {
	struct umod_host *host;
	const char *what;
};

static void report(void *data, const char *msg)
{
	struct report_ctx *r = data;

	umod_log_printk(r->host->log, KERN_ERR "OF: fdt: %s: %s\n", r->what, msg);
}

static int start_board(struct umod_host *host, struct umod_of_tree *tree)
{
	int err = umod_of_set_tree(host, tree);

	if (err) {
		umod_of_tree_free(tree);
		return err;
	}
	err = umod_of_sysfs_add(host, tree);
	if (!err)
		err = umod_intc_init(host);
	if (!err)
		err = umod_gpio_sim_register(host);
	if (!err)
		err = umod_i2c_sim_register(host);
	if (!err)
		err = umod_spi_sim_register(host);
	if (!err)
		err = umod_usb_sim_register(host);
	if (!err)
		err = umod_board_models_start(host);
	if (!err)
		err = umod_pci_scan(host);
	if (!err)
		err = umod_of_platform_populate(host);
	return err;
}

/* an overlay merged into the running board: /sys shows it, its devices appear */
static int apply_overlay(struct umod_host *host, struct umod_of_tree *base,
			 struct umod_of_tree *ov, struct report_ctx *r)
{
	int err = umod_of_overlay_apply(base, ov, report, r);

	if (err) {
		umod_of_tree_free(ov);
		return err;
	}
	umod_of_sysfs_remove(host);
	err = umod_of_sysfs_add(host, base);
	if (!err)
		err = umod_intc_init(host);
	if (!err)
		err = umod_board_models_start(host);
	if (!err)
		err = umod_pci_scan(host);
	if (!err)
		err = umod_of_platform_populate(host);
	return err;
}

UMOD_API int umod_host_load_board(struct umod_host *host, const char *board)
{
	struct report_ctx r = { host, board };
	struct umod_of_tree *tree, *base;
	unsigned char *blob = NULL;
	size_t len = 0;
	int err;

	if (!host || !board)
		return -EINVAL;
	if (is_plugin_name(board))
		return umod_board_load_plugin(host, board);
	err = board_blob(host, board, &blob, &len);
	if (err)
		return err;
	err = umod_fdt_unflatten(blob, len, &tree, report, &r);
	free(blob);
	if (err)
		return err;
	base = umod_of_tree(host);
	if (umod_fdt_is_overlay(tree)) {
		if (base)
			return apply_overlay(host, base, tree, &r);
		umod_log_printk(host->log, KERN_ERR "board %s: an overlay needs a board first\n",
				board);
		umod_of_tree_free(tree);
		return -EINVAL;
	}
	if (base) {
		umod_log_printk(host->log, KERN_ERR "board %s: the host has a board already\n", board);
		umod_of_tree_free(tree);
		return -EBUSY;
	}
	return start_board(host, tree);
}

/* the host goes: its board's devices, models, files and tree with it */
void umod_board_host_gone(struct umod_host *host)
{
	umod_iomap_host_gone(host);
	if (umod_of_tree(host))
		umod_of_platform_depopulate(host);
	umod_board_bus_host_gone(host);
	umod_pci_host_gone(host);
	umod_board_models_stop(host);
	umod_intc_host_gone(host);
	if (!umod_of_tree(host))
		return;
	umod_of_sysfs_remove(host);
	umod_of_host_gone(host);
}
