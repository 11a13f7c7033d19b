// SPDX-License-Identifier: MIT
/*
 * umod run: a one-shot embedded host. Loads a module with its parameters,
 * as insmod would, prints the host's log as dmesg would, then unloads it
 * (running its exit) and exits: 0 on success, 1 with kmod's wording when
 * the load fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <umod/umod.h>

#include "tools.h"

static void print_record(void *data, uint64_t seq, int level, uint64_t ts_nsec,
			 const char *text, size_t len)
{
	umod_tool_print_record(data, ts_nsec, text);
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod run [options] FILE.ko [param=value ...]\n"
		"Load FILE.ko into a host in this process, run its init, then its exit.\n\n"
		"Options:\n"
		"  -h, --help     this text\n");
}

/* as kmod: a file that cannot be opened is "could not load", not "insert" */
static int check_file(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		fprintf(stderr, "umod: ERROR: could not load module %s: %s\n",
			path, strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

static int run_module(struct umod_host *host, const char *path, const char *args)
{
	struct umod_module *mod;
	int err = umod_module_insert_file(host, path, args, 0, &mod);

	if (err < 0) {
		fprintf(stderr, "umod: ERROR: could not insert module %s: %s\n",
			path, umod_tool_strerror(-err));
		return 1;
	}
	/* a permanent module (init without exit) stays until the host goes */
	umod_module_remove(host, umod_module_get_name(mod), 0);
	umod_module_unref(mod);
	return 0;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct umod_host *host;
	char *args;
	int c, ret;

	while ((c = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "umod: ERROR: missing filename.\n");
		return 1;
	}
	if (check_file(argv[optind]) < 0)
		return 1;
	args = umod_tool_join_args(argc, argv, optind + 1);
	if (!args || umod_host_new(&host) < 0) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(ENOMEM));
		free(args);
		return 1;
	}
	umod_host_set_log_fn(host, print_record, stdout);
	ret = run_module(host, argv[optind], args);
	umod_host_unref(host);
	free(args);
	return ret;
}

const struct umod_cmd umod_cmd_run = {
	.name = "run",
	.run = run,
	.help = "load a module into a one-shot host, then unload it",
};
