// SPDX-License-Identifier: MIT
/* umod lsmod: kmod's lsmod, over the daemon's module list (newest first). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>


#include "../daemon/daemon.h"
#include "tools.h"

static void help(void)
{
	printf("Usage:\n"
	       "\tlsmod [options]\n"
	       "Options:\n"
	       "\t-s, --syslog      print to syslog, not stderr\n"
	       "\t-v, --verbose     enables more messages\n"
	       "\t-V, --version     show version\n"
	       "\t-h, --help        show this help\n");
}

static void print_module(const struct umod_listed *m)
{
	printf("%-19s %8lu  %d", m->name, (unsigned long)m->size, (int)m->refcnt);
	if (*m->holders)
		printf(" %s", m->holders);
	putchar('\n');
}

static int list(void)
{
	struct umod_listed m;
	struct umod_client c;
	int err, status;

	err = umod_tool_connect(&c);
	if (err && err != -EPERM)
		return 1;
	if (!err) {
		err = umod_client_list(&c, &status);
		if (!err)
			err = status;
	}
	if (err) {
		umod_tool_err("could not get list of modules: %s\n", strerror(-err));
		umod_client_close(&c);
		return 1;
	}
	puts("Module                  Size  Used by");
	while ((err = umod_client_next_module(&c, &m)) > 0)
		print_module(&m);
	umod_client_close(&c);
	return err < 0 ? 1 : 0;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "syslog", no_argument, NULL, 's' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool use_syslog = false;
	int c;

	while ((c = getopt_long(argc, argv, "svVh", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			use_syslog = true;
			break;
		case 'v':
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
	umod_tool_log_open("lsmod", use_syslog);
	if (optind < argc) {
		umod_tool_err("too many arguments provided.\n");
		return 1;
	}
	return list();
}

const struct umod_cmd umod_cmd_lsmod = {
	.name = "lsmod",
	.run = run,
	.help = "list the modules in the daemon's host",
};
