// SPDX-License-Identifier: MIT
/*
 * umod run: a one-shot embedded host. Loads modules with their
 * parameters, in the order given, as insmod would, prints the host's log
 * as dmesg would, then unloads them newest first (running their exits)
 * and exits: 0 on success, 1 with kmod's wording when a load fails, after
 * unloading what was already loaded.
 *
 *   umod run [--taint] [--board B] a.ko [param=value ...] b.ko [param=value ...]
 *
 * An argument without '=' that ends in .ko starts the next module; the
 * others are parameters of the module before them. --sysfs prints the
 * host's /sys/module tree once all are loaded, or after the failure
 * (format in sysfs_tree.c); --cmdline gives the host a kernel command line;
 * --force-unload gives it CONFIG_MODULE_FORCE_UNLOAD and makes the final
 * unloads forced, as rmmod -f; --perf-map writes /tmp/perf-PID.map for perf;
 * --gdb runs the same command under gdb.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
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
	fprintf(out, "Usage: umod run [options] FILE.ko [param=value ...] [FILE.ko [param=value ...]]...\n"
		"Load the modules into a host in this process, in order, running their\n"
		"init; then unload them in reverse order, running their exit.\n\n"
		"Options:\n"
		"  -b, --board BOARD  the host's simulated hardware: a built-in board (rpi4,\n"
		"                     rpi5), a .dtb or a .dts; again: an overlay merged in\n"
		"      --abi NAME=DIR also load genuine Linux modules built for kernel NAME\n"
		"                     (debian-6.1) with the headers in DIR (its Module.symvers,\n"
		"                     utsrelease.h); checks module signatures\n"
		"  -c, --cmdline STR  the host's kernel command line: its MODULE.PARAM=VALUE\n"
		"                     words apply before the arguments (as modprobe does)\n"
		"  -s, --sysfs        print the host's /sys/module once the modules are loaded\n"
		"                     (or one failed), one line per entry: PATH MODE VALUE\n"
		"                     (directories end in '/')\n"
		"  -t, --taint        print the host's taint at the end\n"
		"  -f, --force        skip the version magic and modversions checks\n"
		"                     (taints F), as insmod -f\n"
		"      --force-vermagic, --force-modversion\n"
		"                     skip only the one check, as modprobe's options\n"
		"  -d, --basedir DIR  request_module() loads from DIR/lib/modules/RELEASE\n"
		"                     (default: /lib/modules/<umod's release>)\n"
		"  -S, --release R    that RELEASE\n"
		"      --force-unload allow forced unload, and unload as rmmod -f does\n"
		"                     (even a module in use or without exit; taints R)\n"
		"      --perf-map     list the modules' functions in /tmp/perf-PID.map,\n"
		"                     so that perf report names them\n"
		"      --module-sig   check module signatures (CONFIG_MODULE_SIG): a module\n"
		"                     not signed by a trusted key taints E; trusted: umod's\n"
		"                     build key (build/certs/signing_key.x509, $UMOD_SIGN_CERT)\n"
		"  -k, --keyring FILE|DIR  also trust the X.509 certificates there for module\n"
		"                     signatures (PEM or DER; a directory: each file in it)\n"
		"      --no-default-keyring  do not trust umod's build key by default\n"
		"      --sig-enforce  refuse modules without a valid signature by a trusted\n"
		"                     key (module.sig_enforce=1); --keyring and this imply\n"
		"                     --module-sig\n"
		"      --gdb          run this under gdb, with scripts/gdb/umod.py if found\n"
		"                     ($UMOD_GDB_SCRIPT, else beside the build tree's umod)\n"
		"  -V, --version      show the version and the compiled-in features\n"
		"  -h, --help         show this help\n");
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

static int insert(struct umod_host *host, const char *path, const char *args,
		  unsigned int flags, struct umod_module **modp)
{
	int err;

	if (check_file(path) < 0)
		return -1;
	err = umod_module_insert_file(host, path, args, flags, modp);
	if (err < 0) {
		fprintf(stderr, "umod: ERROR: could not insert module %s: %s\n",
			path, umod_tool_strerror(-err));
		return -1;
	}
	return 0;
}

static bool is_module_arg(const char *arg)
{
	size_t len = strlen(arg);

	return !strchr(arg, '=') && len > 3 && !strcmp(arg + len - 3, ".ko");
}

/* argv[*i] is a module; its parameters follow up to the next module */
static int load_next(struct umod_host *host, int argc, char *argv[], int *i,
		     unsigned int flags, struct umod_module **modp)
{
	int first = *i + 1, end = first;
	char **params;
	char *args;
	int ret;

	while (end < argc && !is_module_arg(argv[end]))
		end++;
	params = argv + first;
	args = umod_tool_join_args(end - first, params, 0);
	if (!args) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(ENOMEM));
		return -1;
	}
	ret = insert(host, argv[*i], args, flags, modp);
	free(args);
	*i = end;
	return ret;
}

/*
 * Newest first; a module that cannot go (permanent, or in use) stays
 * until the host goes, unless forced. Returns 1 if an exit oopsed, as the
 * rmmod that ran it would have been killed.
 */
static int unload_all(struct umod_host *host, struct umod_module **mods, int n,
		      unsigned int flags)
{
	int ret = 0;

	while (n-- > 0) {
		const char *name = umod_module_get_name(mods[n]);

		if (umod_module_remove(host, name, flags) == -ENOTRECOVERABLE) {
			fprintf(stderr, "umod: ERROR: could not remove module %s: %s\n", name,
				umod_tool_errstr(ENOTRECOVERABLE));
			ret = 1;
		}
		umod_module_unref(mods[n]);
	}
	return ret;
}

static void print_taint(struct umod_host *host)
{
	char buf[64];
	size_t len;

	printf("kernel.tainted = %lu\n", umod_host_get_taint(host));
	umod_host_print_tainted(host, buf, sizeof(buf));
	/* the kernel pads the unset columns; a line needs no trailing blanks */
	for (len = strlen(buf); len && buf[len - 1] == ' '; len--)
		buf[len - 1] = '\0';
	printf("%s\n", buf);
}

static int run_modules(struct umod_host *host, int argc, char *argv[], int i, bool sysfs,
		       unsigned int flags, unsigned int remove_flags)
{
	struct umod_module **mods = calloc((size_t)argc, sizeof(*mods));
	int n = 0, ret = 0;

	if (!mods) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(ENOMEM));
		return 1;
	}
	/* the first argument is a module whatever its name */
	while (i < argc && !ret) {
		if (load_next(host, argc, argv, &i, flags, &mods[n]) < 0)
			ret = 1;
		else
			n++;
	}
	/* after a failure too: it shows that nothing of that module stayed */
	if (sysfs)
		umod_tool_print_sysfs(host, "", stdout);
	if (unload_all(host, mods, n, remove_flags))
		ret = 1;
	free(mods);
	return ret;
}

enum { OPT_FORCE_VERMAGIC = 256, OPT_FORCE_MODVERSION, OPT_FORCE_UNLOAD, OPT_PERF_MAP,
       OPT_GDB, OPT_ABI };

/* the gdb helpers: $UMOD_GDB_SCRIPT, or the build tree's (build/bin/umod) */
static const char *gdb_script(const char *self, char *buf, size_t size)
{
	const char *env = getenv("UMOD_GDB_SCRIPT");
	const char *slash = strrchr(self, '/');

	if (env && *env)
		return env;
	if (slash && (size_t)snprintf(buf, size, "%.*s/../../scripts/gdb/umod.py",
				      (int)(slash - self), self) < size &&
	    !access(buf, R_OK))
		return buf;
	return NULL;
}

/*
 * --gdb: this very command, without --gdb, under gdb; a breakpoint on a
 * module function waits for the module instead of asking.
 */
static int exec_gdb(int argc, char *argv[], int optend)
{
	char self[4096], script[4200];
	const char **av = calloc((size_t)argc + 10, sizeof(*av));
	const char *path;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int k = 0;

	if (!av || n < 0) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(av ? errno : ENOMEM));
		free(av);
		return 1;
	}
	self[n] = '\0';
	av[k++] = "gdb";
	av[k++] = "-q";
	av[k++] = "-iex";
	av[k++] = "set breakpoint pending on";
	path = gdb_script(self, script, sizeof(script));
	if (path) {
		av[k++] = "-x";
		av[k++] = path;
	}
	av[k++] = "--args";
	av[k++] = self;
	for (int i = 0; i < argc; i++)
		if (i >= optend || strcmp(argv[i], "--gdb"))
			av[k++] = argv[i];
	execvp("gdb", (char **)av);
	fprintf(stderr, "umod: ERROR: cannot run gdb: %s\n", strerror(errno));
	free(av);
	return 1;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "board", required_argument, NULL, 'b' },
		{ "abi", required_argument, NULL, OPT_ABI },
		{ "cmdline", required_argument, NULL, 'c' },
		{ "sysfs", no_argument, NULL, 's' },
		{ "taint", no_argument, NULL, 't' },
		{ "force", no_argument, NULL, 'f' },
		{ "force-vermagic", no_argument, NULL, OPT_FORCE_VERMAGIC },
		{ "force-modversion", no_argument, NULL, OPT_FORCE_MODVERSION },
		{ "basedir", required_argument, NULL, 'd' },
		{ "release", required_argument, NULL, 'S' },
		{ "force-unload", no_argument, NULL, OPT_FORCE_UNLOAD },
		{ "perf-map", no_argument, NULL, OPT_PERF_MAP },
		{ "gdb", no_argument, NULL, OPT_GDB },
		{ "keyring", required_argument, NULL, 'k' },
		{ "no-default-keyring", no_argument, NULL, UMOD_OPT_NO_DEFAULT_KEYRING },
		{ "sig-enforce", no_argument, NULL, UMOD_OPT_SIG_ENFORCE },
		{ "module-sig", no_argument, NULL, UMOD_OPT_MODULE_SIG },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct umod_tool_keys keys;	/* static: -h's early return is no leak */
	static struct umod_tool_boards boards;
	struct umod_host *host = NULL;
	const char *cmdline = NULL, *abi = NULL, *base = "";
	const char *release = umod_tool_default_release();
	char base_buf[4096];
	bool taint = false, sysfs = false, force_unload = false, gdb = false;
	unsigned int flags = 0;
	int c, ret;

	while ((c = getopt_long(argc, argv, "+b:c:stfd:S:k:Vh", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (umod_tool_board_option(&boards, optarg))
				return 1;
			break;
		case 'f':
			flags |= UMOD_INSERT_FORCE_VERMAGIC | UMOD_INSERT_FORCE_MODVERSION;
			break;
		case OPT_FORCE_VERMAGIC:
			flags |= UMOD_INSERT_FORCE_VERMAGIC;
			break;
		case OPT_FORCE_MODVERSION:
			flags |= UMOD_INSERT_FORCE_MODVERSION;
			break;
		case 'd':
			base = umod_tool_absolute(optarg, base_buf, sizeof(base_buf));
			break;
		case 'S':
			release = optarg;
			break;
		case OPT_FORCE_UNLOAD:
			force_unload = true;
			break;
		case OPT_PERF_MAP:
			umod_perf_map_enable(1);
			break;
		case OPT_GDB:
			gdb = true;
			break;
		case 'c':
			cmdline = optarg;
			break;
		case OPT_ABI:
			abi = optarg;
			break;
		case 's':
			sysfs = true;
			break;
		case 't':
			taint = true;
			break;
		case 'V':
			return umod_tool_print_version();
		case 'h':
			usage(stdout);
			return 0;
		default:
			c = umod_tool_keys_option(&keys, c, optarg);
			if (c < 0)
				usage(stderr);
			if (c)
				return 1;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "umod: ERROR: missing filename.\n");
		return 1;
	}
	if (gdb)
		return exec_gdb(argc, argv, optind);
	if (umod_host_new(&host) < 0 || umod_host_set_cmdline(host, cmdline) < 0 ||
	    umod_host_set_module_tree(host, base, release) < 0) {
		umod_host_unref(host);
		fprintf(stderr, "umod: ERROR: %s\n", strerror(ENOMEM));
		return 1;
	}
	umod_host_set_log_fn(host, print_record, stdout);
	if ((abi && umod_tool_set_abi(host, abi) < 0) || umod_tool_add_keyrings(host, &keys) < 0) {
		umod_host_unref(host);
		free(keys.paths);
		return 1;
	}
	/* a fault in module code: the oops goes where dmesg's lines go */
	umod_host_install_oops(host, (const int[]){ STDOUT_FILENO }, 1, 0);
	umod_host_set_force_unload(host, force_unload);
	if (umod_tool_load_boards(host, &boards) < 0) {
		umod_host_unref(host);
		free(keys.paths);
		return 1;
	}
	ret = run_modules(host, argc, argv, optind, sysfs, flags,
			  force_unload ? UMOD_REMOVE_FORCE : 0);
	if (taint)
		print_taint(host);
	umod_host_unref(host);
	free(keys.paths);
	return ret;
}

const struct umod_cmd umod_cmd_run = {
	.name = "run",
	.run = run,
	.help = "load modules into a one-shot host, then unload them",
};
