// SPDX-License-Identifier: MIT
/*
 * umod insmod: kmod's insmod against the daemon. The file is read here,
 * as init_module() takes an image from user memory, and sent whole; the
 * daemon's host links and initialises it.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <umod/umod.h>

#include "../daemon/daemon.h"
#include "util/decompress.h"
#include "util/file.h"
#include "tools.h"

static void help(void)
{
	printf("Usage:\n"
	       "\tinsmod [options] filename [args]\n"
	       "Options:\n"
	       "\t-f, --force       skip the version magic and modversions checks\n"
	       "\t                  (taints the host F). DANGEROUS\n"
	       "\t-V, --version     show version\n"
	       "\t-h, --help        show this help\n");
}

/* the whole file, or -errno */
static int read_image(const char *path, void **imagep, size_t *lenp)
{
	void *image = NULL;
	size_t len = 0, size;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = umod_file_check(fd, UMOD_PROTO_MAX_REQUEST, &size);
	if (err)
		goto out;
	image = malloc(size + 1);
	if (!image) {
		err = -ENOMEM;
		goto out;
	}
	while (len < size) {
		ssize_t n = read(fd, (char *)image + len, size - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? -errno : -EIO;
			goto out;
		}
		len += (size_t)n;
	}
out:
	close(fd);
	if (err) {
		free(image);
		return err;
	}
	*imagep = image;
	*lenp = len;
	return 0;
}

/* a .ko.xz/.ko.zst is decompressed here, as kmod's insmod does before init_module() */
static int decompress_image(void **imagep, size_t *lenp, bool *mapped)
{
	const void *out;
	size_t out_len;
	int err;

	*mapped = false;
	if (umod_compression_of(*imagep, *lenp) == UMOD_COMPRESSION_NONE)
		return 0;
	err = umod_decompress(*imagep, *lenp, UMOD_DECOMPRESS_MAX, &out, &out_len);
	if (err)
		return err;
	free(*imagep);
	*imagep = (void *)out;
	*lenp = out_len;
	*mapped = true;
	return 0;
}

static int insert(const char *path, const char *args, unsigned int flags)
{
	struct umod_client c;
	struct stat st;
	void *image = NULL;
	size_t len = 0;
	bool mapped = false;
	int err, status;

	/* as kmod: a file that is not there is "could not load" */
	if (stat(path, &st) < 0) {
		umod_tool_err("could not load module %s: %s\n", path, strerror(errno));
		return 1;
	}
	err = read_image(path, &image, &len);
	if (err) {
		umod_tool_err("could not insert module %s: %s\n", path, umod_tool_strerror(-err));
		return 1;
	}
	err = decompress_image(&image, &len, &mapped);
	if (err) {
		free(image);
		umod_tool_err("could not insert module %s: %s\n", path, umod_tool_strerror(-err));
		return 1;
	}
	err = umod_tool_connect(&c);
	if (err && err != -EPERM) {
		mapped ? umod_file_unmap(image, len) : free(image);
		return 1;	/* no daemon: umod_tool_connect() said so */
	}
	if (!err) {
		err = umod_client_insert(&c, image, len, args, flags, &status);
		if (!err && status == -ENOTRECOVERABLE)
			umod_tool_die_of_oops(&c);
		if (!err)
			err = status;
		umod_client_close(&c);
	}
	mapped ? umod_file_unmap(image, len) : free(image);
	if (err)
		umod_tool_err("could not insert module %s: %s\n", path,
			      umod_tool_strerror(-err));
	return err ? 1 : 0;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "force", no_argument, NULL, 'f' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned int flags = 0;
	char *args;
	int c, ret;

	umod_tool_log_open("insmod", false);
	while ((c = getopt_long(argc, argv, "psfVh", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
		case 's':
			break;		/* ignored, as by kmod */
		case 'f':
			flags |= UMOD_INSERT_FORCE_VERMAGIC | UMOD_INSERT_FORCE_MODVERSION;
			break;
		case 'h':
			help();
			return 0;
		case 'V':
			return umod_tool_print_version();
		default:
			return 1;
		}
	}
	if (optind >= argc) {
		umod_tool_err("missing filename.\n");
		return 1;
	}
	if (!strcmp(argv[optind], "-")) {
		umod_tool_err("this tool does not support loading from stdin!\n");
		return 1;
	}
	args = umod_tool_join_args(argc, argv, optind + 1);
	if (!args) {
		umod_tool_err("out of memory\n");
		return 1;
	}
	ret = insert(argv[optind], args, flags);
	free(args);
	return ret;
}

const struct umod_cmd umod_cmd_insmod = {
	.name = "insmod",
	.run = run,
	.help = "insert a module into the daemon's host",
};
