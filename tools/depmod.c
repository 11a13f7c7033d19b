// SPDX-License-Identifier: MIT
/*
 * umod depmod [-b BASE] [-C PATH]... [-a] [-n] [-e] [-w] [-P C] [-E SYMVERS|-F SYSTEM.MAP]
 *             [RELEASE]: kmod's depmod over BASE/lib/modules/RELEASE (default:
 * /lib/modules/<umod's release>), writing modules.dep, modules.alias,
 * modules.softdep, modules.symbols and modules.devname there, or with -n to
 * stdout, as depmod.d (or the -C paths) says. The work is libkmod/depmod.c's.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libkmod/libkmod.h"
#include "tools.h"

#define MAX_CONFIGS	16

static void usage(FILE *out)
{
	fprintf(out, "Usage:\n"
		"\tumod depmod -[aA] [options] [forced_version]\n\n"
		"If no arguments (except options) are given, \"depmod -a\" is assumed\n\n"
		"Options:\n"
		"\t-a, --all            Probe all modules\n"
		"\t-A, --quick          Same as -a\n"
		"\t-e, --errsyms        Report not supplied symbols\n"
		"\t-E, --symvers=FILE   Use Module.symvers file to check symbol versions\n"
		"\t-F, --filesyms=FILE  Use the file (System.map) for the kernel's symbols\n"
		"\t-n, --show           Write the dependency file on stdout only\n"
		"\t-P, --symbol-prefix  Architecture symbol prefix\n"
		"\t-C, --config=PATH    Read configuration from PATH\n"
		"\t-w, --warn           Warn on duplicates\n"
		"\t-b, --basedir=DIR    Use an image of a module tree.\n"
		"\t-q, --quiet          Accepted, as kmod's; depmod says little anyway\n"
		"\t-v, --verbose        Accepted; nothing more is printed\n"
		"\t-V, --version        show version\n"
		"\t-h, --help           show this help\n");
}

/* kmod's is_version_number(): "^[0-9]+\.[0-9]+" */
static bool is_version_number(const char *s)
{
	const char *p = s;

	while (isdigit((unsigned char)*p))
		p++;
	if (p == s || *p != '.')
		return false;
	return isdigit((unsigned char)p[1]);
}

static int run_depmod(struct umod_depmod_opts *opts_in, bool show)
{
	struct umod_depmod_opts opts = *opts_in;
	const char *dirname = opts.dirname;
	struct umod_depmod *d;
	int err = umod_depmod_run(&opts, &d);

	if (err == -ENOMEM) {
		fprintf(stderr, "depmod: FATAL: %s\n", strerror(ENOMEM));
		return 1;
	}
	if (err == -ELOOP)
		return 1;	/* the cycles are reported */
	if (err && (opts.symvers || opts.system_map) &&
	    umod_tool_readable(opts.symvers ? opts.symvers : opts.system_map) < 0) {
		fprintf(stderr, "depmod: FATAL: could not load %s: %s\n",
			opts.symvers ? opts.symvers : opts.system_map, strerror(-err));
		return 1;
	}
	if (err) {
		fprintf(stderr, "depmod: ERROR: could not open directory %s: %s\n",
			dirname, strerror(-err));
		fprintf(stderr, "depmod: FATAL: could not search modules: %s\n", strerror(-err));
		return 1;
	}
	err = show ? umod_depmod_write_stream(d, stdout) : umod_depmod_write_files(d);
	umod_depmod_free(d);
	return err ? 1 : 0;
}

/* depmod.d first: it says where the modules are */
static int run_with_conf(struct umod_depmod_opts *o, const char *release,
			 const char *const *config, bool show)
{
	struct umod_depmod_conf conf = { .err = stderr, .release = release };
	int ret;

	if (umod_depmod_conf_load(&conf, config) < 0) {
		fprintf(stderr, "depmod: FATAL: %s\n", strerror(ENOMEM));
		umod_depmod_conf_release(&conf);
		return 1;
	}
	o->conf = &conf;
	ret = run_depmod(o, show);
	umod_depmod_conf_release(&conf);
	return ret;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "quick", no_argument, NULL, 'A' },
		{ "basedir", required_argument, NULL, 'b' },
		{ "errsyms", no_argument, NULL, 'e' },
		{ "symvers", required_argument, NULL, 'E' },
		{ "filesyms", required_argument, NULL, 'F' },
		{ "config", required_argument, NULL, 'C' },
		{ "symbol-prefix", required_argument, NULL, 'P' },
		{ "warn", no_argument, NULL, 'w' },
		{ "show", no_argument, NULL, 'n' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *base = NULL, *release = umod_tool_default_release();
	const char *config[MAX_CONFIGS + 1] = { NULL };
	unsigned int n_config = 0;
	struct umod_depmod_opts o = { .err = stderr };
	char dirname[PATH_MAX];
	bool show = false;
	int c;

	while ((c = getopt_long(argc, argv, "aAb:C:eE:F:nP:qvwVh", opts, NULL)) != -1) {
		switch (c) {
		case 'a': case 'A': case 'q': case 'v':
			break;
		case 'b':
			base = optarg;
			break;
		case 'e':
			o.warn_unknown = true;
			break;
		case 'E':
			o.symvers = optarg;
			break;
		case 'F':
			o.system_map = optarg;
			break;
		case 'n':
			show = true;
			break;
		case 'C':
			if (n_config == MAX_CONFIGS) {
				fprintf(stderr, "depmod: FATAL: too many -C\n");
				return 1;
			}
			config[n_config++] = optarg;
			break;
		case 'P':
			if (optarg[1] != '\0') {
				fprintf(stderr, "depmod: FATAL: -P only takes a single char\n");
				return 1;
			}
			o.sym_prefix = optarg[0];
			break;
		case 'w':
			o.warn_dups = true;
			break;
		case 'V':
			return umod_tool_print_version();
		case 'h':
			usage(stdout);
			return 0;
		default:
			return 1;
		}
	}
	if (optind < argc) {
		if (!is_version_number(argv[optind])) {
			fprintf(stderr, "depmod: ERROR: Bad version passed %s\n", argv[optind]);
			return 1;
		}
		release = argv[optind++];
	}
	if (optind < argc) {
		fprintf(stderr, "depmod: FATAL: %s: module lists are not supported; use -a\n",
			argv[optind]);
		return 1;
	}
	if (umod_tool_tree_dir(base, release, dirname, sizeof(dirname)) < 0) {
		fprintf(stderr, "depmod: FATAL: %s: %s\n", base ? base : "", strerror(ENAMETOOLONG));
		return 1;
	}
	if (o.warn_unknown && !o.symvers && !o.system_map) {
		fprintf(stderr, "depmod: WARNING: -e needs -E or -F\n");
		o.warn_unknown = false;
	}
	if (o.symvers)
		o.system_map = NULL;	/* kmod takes -E over -F */
	o.dirname = dirname;
	return run_with_conf(&o, release, n_config ? config : NULL, show);
}

const struct umod_cmd umod_cmd_depmod = {
	.name = "depmod",
	.run = run,
	.help = "write modules.dep and the other indexes of a module tree",
};
