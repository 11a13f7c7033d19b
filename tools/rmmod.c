// SPDX-License-Identifier: MIT
/*
 * umod rmmod: kmod's rmmod against the daemon. As kmod does, it looks
 * before it leaps: a module that is not loaded, has holders or a non-zero
 * use count is refused here with kmod's words, unless -f asks the host to
 * try anyway (which only a host with --force-unload honours).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <umod/kabi.h>
#include <umod/umod.h>

#include "../daemon/daemon.h"
#include "tools.h"

static void help(void)
{
	printf("Usage:\n"
	       "\trmmod [options] modulename ...\n"
	       "Options:\n"
	       "\t-f, --force       forces a module unload and may crash your\n"
	       "\t                  machine. This requires Forced Module Removal\n"
	       "\t                  option in your kernel. DANGEROUS\n"
	       "\t-s, --syslog      print to syslog, not stderr\n"
	       "\t-v, --verbose     enables more messages\n"
	       "\t-V, --version     show version\n"
	       "\t-h, --help        show this help\n");
}

static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if ((*a == '-' ? '_' : *a) != (*b == '-' ? '_' : *b))
			return false;
	return *a == *b;
}

/* "a,b" -> " a b", as kmod lists holders */
static void print_holders(const char *name, const char *holders)
{
	char line[4096];
	size_t n = 0;

	for (const char *p = holders; *p && n + 2 < sizeof(line); p++) {
		if (p == holders || *p == ',')
			line[n++] = ' ';
		if (*p != ',')
			line[n++] = *p;
	}
	line[n] = '\0';
	umod_tool_err("Module %s is in use by:%s\n", name, line);
}

/* kmod's check_module_inuse(): 0 if @name may go, else it said why */
static int check_inuse(struct umod_client *c, const char *name)
{
	struct umod_listed m;
	int err, status;

	err = umod_client_list(c, &status);
	if (!err)
		err = status;
	while (err >= 0 && (err = umod_client_next_module(c, &m)) > 0) {
		if (!same_name(m.name, name))
			continue;
		if (*m.holders) {
			print_holders(name, m.holders);
			return -EBUSY;
		}
		if (m.refcnt != 0) {
			umod_tool_err("Module %s is in use\n", name);
			return -EBUSY;
		}
		return 0;
	}
	if (err < 0) {
		umod_tool_err("could not get list of modules: %s\n", strerror(-err));
		return err;
	}
	umod_tool_err("Module %s is not currently loaded\n", name);
	return -ENOENT;
}

/*
 * A refused delete_module(): libkmod's own line first, then rmmod's, as
 * kmod 30 prints them (its log names the source line it comes from).
 */
static void remove_failed(const char *name, const char *arg, int err)
{
	umod_tool_err("../libkmod/libkmod-module.c:856 kmod_module_remove_module() could not remove '%s': %s\n",
		      name, umod_tool_errstr(-err));
	umod_tool_err("could not remove module %s: %s\n", arg, umod_tool_errstr(-err));
}

static void arg_modname(const char *arg, char *name, size_t size)
{
	struct stat st;

	umod_tool_modname(arg, stat(arg, &st) == 0, name, size);
}

static int remove_one(struct umod_client *c, const char *arg, unsigned int flags)
{
	char name[UMOD_MODULE_NAME_LEN + 8];
	int err, status;

	arg_modname(arg, name, sizeof(name));
	if (!(flags & UMOD_REMOVE_FORCE) && check_inuse(c, name) < 0)
		return 1;
	err = umod_client_remove(c, name, flags, &status);
	if (!err && status == -ENOTRECOVERABLE)
		umod_tool_die_of_oops(c);
	if (!err)
		err = status;
	if (err) {
		remove_failed(name, arg, err);
		return 1;
	}
	return 0;
}

static int remove_all(int argc, char *argv[], unsigned int flags)
{
	struct umod_client c;
	int err, failed = 0;

	err = umod_tool_connect(&c);
	if (err == -EPERM) {
		for (int i = optind; i < argc; i++) {
			char name[UMOD_MODULE_NAME_LEN + 8];

			arg_modname(argv[i], name, sizeof(name));
			remove_failed(name, argv[i], -EPERM);
		}
		return 1;
	}
	if (err)
		return 1;
	for (int i = optind; i < argc; i++)
		failed += remove_one(&c, argv[i], flags);
	umod_client_close(&c);
	return failed ? 1 : 0;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "force", no_argument, NULL, 'f' },
		{ "syslog", no_argument, NULL, 's' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "wait", no_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned int flags = 0;
	bool use_syslog = false;
	int c;

	while ((c = getopt_long(argc, argv, "fsvVwh", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			flags |= UMOD_REMOVE_FORCE;
			break;
		case 's':
			use_syslog = true;
			break;
		case 'v':
		case 'w':
			break;		/* kmod prints nothing more on success either */
		case 'h':
			help();
			return 0;
		case 'V':
			return umod_tool_print_version();
		default:
			return 1;
		}
	}
	umod_tool_log_open("rmmod", use_syslog);
	if (optind >= argc) {
		umod_tool_err("missing module name.\n");
		return 1;
	}
	return remove_all(argc, argv, flags);
}

const struct umod_cmd umod_cmd_rmmod = {
	.name = "rmmod",
	.run = run,
	.help = "remove modules from the daemon's host",
};
