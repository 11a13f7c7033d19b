// SPDX-License-Identifier: MIT
/*
 * umod daemon: the persistent host the kmod-style tools talk to. This file
 * only reads the command line; daemon/ does the serving.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../daemon/daemon.h"
#include "lib/kstrtox.h"
#include "tools.h"

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod daemon [options]\n"
		"Host modules in a process that stays, serving insmod, rmmod, lsmod,\n"
		"dmesg and sysfs over a Unix socket. Returns once it is ready.\n\n"
		"Options:\n"
		"  -S, --socket SOCKET  listen here (default $UMOD_SOCKET, else\n"
		"                       $XDG_RUNTIME_DIR/umod.sock, else %s)\n"
		"      --state-dir DIR  where the system logfile `messages` goes (default\n"
		"                       $XDG_STATE_HOME/umod, else ~/.local/state/umod;\n"
		"                       /var/log/umod for root)\n"
		"      --force-unload   allow rmmod -f (CONFIG_MODULE_FORCE_UNLOAD)\n"
		"      --abi NAME=DIR   also load genuine Linux modules built for kernel NAME\n"
		"                       (debian-6.1) with the headers in DIR (its\n"
		"                       Module.symvers, utsrelease.h); checks module signatures\n"
		"  -d, --basedir DIR    request_module() loads from DIR/lib/modules/RELEASE\n"
		"                       (default: /lib/modules/<umod's release>)\n"
		"      --release R      that RELEASE\n"
		"      --sysfs DIR      mount the /sys view there with FUSE (DIR/module/...)\n"
		"      --root DIR       mount the whole tree there with FUSE: DIR/proc, DIR/sys,\n"
		"                       DIR/dev (the modules' proc entries and devices)\n"
		"      --foreground     do not detach (for supervisors and tests)\n"
		"      --pidfile FILE   write the daemon's pid there once it is ready\n"
		"      --request-timeout S  drop a client whose request has not come\n"
		"                       whole S seconds after its first byte (default 30)\n"
		"      --panic-on-oops  an oops ends the daemon (panic_on_oops=1)\n"
		"  -b, --board BOARD    the host's simulated hardware: a built-in board (rpi4,\n"
		"                       rpi5), a .dtb or a .dts; again: an overlay merged in\n"
		"      --cmdline STR    the host's kernel command line: MODULE.PARAM=VALUE\n"
		"                       words for each load, watchdog_thresh=N\n"
		"      --module-memory MIB  at most MIB MiB of module memory in all\n"
		"                       (default 1008, x86-64's module area)\n"
		"      --messages-max KIB  past KIB KiB, `messages` moves to messages.1,\n"
		"                       dropping the one before (default 16384; 0: no bound)\n"
		"      --perf-map       list the modules' functions in /tmp/perf-PID.map,\n"
		"                       so that perf report names them\n"
		"      --tap            each network interface a module registers is also a\n"
		"                       TAP device of the host (needs CAP_NET_ADMIN)\n"
		"      --net-bus=DIR    the interfaces join the packet bus in DIR (made 0700\n"
		"                       if missing), with every daemon given the same DIR\n"
		"      --net-bus-if=IF  only interface IF joins the bus (repeatable)\n"
		"      --nbd            serve each disk over NBD on STATE/nbd/DISK.sock, and as\n"
		"                       /dev/nbdN where the host's nbd driver can be had (root)\n"
		"      --uinput         mirror each input device to a host input device through\n"
		"                       /dev/uinput (needs write access to it)\n"
		"      --module-sig     check module signatures (CONFIG_MODULE_SIG): a module\n"
		"                       not signed by a trusted key taints E; trusted: umod's\n"
		"                       build key (build/certs/signing_key.x509, $UMOD_SIGN_CERT)\n"
		"      --keyring FILE|DIR  also trust the X.509 certificates there for\n"
		"                       module signatures (PEM or DER; a directory: each file)\n"
		"      --no-default-keyring  do not trust umod's build key by default\n"
		"      --sig-enforce    refuse modules without a valid signature by a trusted\n"
		"                       key (module.sig_enforce=1); --keyring and this imply\n"
		"                       --module-sig\n"
		"  -V, --version        show the version and the compiled-in features\n"
		"  -h, --help           show this help\n\n"
		"An oops in module code fails the request that ran it and is logged; the\n"
		"module stays as the oops left it, the host is tainted D and goes on. With\n"
		"--panic-on-oops, or where it cannot go on, the report is written to\n"
		"`messages` and the daemon ends with exit status %d.\n",
		UMOD_SOCKET_FALLBACK, UMOD_DAEMON_OOPS_EXIT);
}

static const char *default_state_dir(char *buf, size_t size)
{
	const char *env = getenv("XDG_STATE_HOME");

	if (env && *env && (size_t)snprintf(buf, size, "%s/umod", env) < size)
		return buf;
	env = getenv("HOME");
	if (geteuid() != 0 && env && *env &&
	    (size_t)snprintf(buf, size, "%s/.local/state/umod", env) < size)
		return buf;
	return "/var/log/umod";
}

enum { OPT_STATE_DIR = 256, OPT_FORCE_UNLOAD, OPT_SYSFS, OPT_ROOT, OPT_FOREGROUND, OPT_PIDFILE,
       OPT_RELEASE, OPT_REQUEST_TIMEOUT, OPT_PANIC_ON_OOPS, OPT_CMDLINE,
       OPT_MODULE_MEMORY, OPT_PERF_MAP, OPT_MESSAGES_MAX, OPT_ABI, OPT_TAP,
       OPT_NET_BUS, OPT_NET_BUS_IF, OPT_NBD, OPT_UINPUT };

#define DEFAULT_REQUEST_TIMEOUT_S	30

/* a whole number of seconds, 1 to a day */
static int parse_seconds(const char *arg, unsigned int *out)
{
	unsigned int v;

	if (umod_kstrtouint(arg, 10, &v) || v < 1 || v > 86400) {
		fprintf(stderr, "umod: ERROR: invalid --request-timeout '%s': 1 to 86400 seconds\n",
			arg);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

/* MiB of module memory, 1 to 1 TiB, as bytes */
static int parse_mib(const char *arg, size_t *out)
{
	unsigned int v;

	if (umod_kstrtouint(arg, 10, &v) || v < 1 || v > (1u << 20)) {
		fprintf(stderr, "umod: ERROR: invalid --module-memory '%s': 1 to 1048576 MiB\n", arg);
		return -EINVAL;
	}
	*out = (size_t)v << 20;
	return 0;
}

/* KiB of `messages`, 0 (no bound) to 1 TiB, as bytes */
static int parse_kib(const char *arg, unsigned long long *out)
{
	unsigned int v;

	if (umod_kstrtouint(arg, 10, &v) || v > (1u << 30)) {
		fprintf(stderr, "umod: ERROR: invalid --messages-max '%s': 0 to 1073741824 KiB\n",
			arg);
		return -EINVAL;
	}
	*out = (unsigned long long)v << 10;
	return 0;
}

/* --net-bus-if IF: onto the comma-separated list o->net_bus_ifs */
static int add_bus_if(struct umod_daemon_opts *o, const char *name)
{
	static char list[1024];
	size_t used = strlen(list);

	if (!*name || strlen(name) >= 16 || strchr(name, ',') || strchr(name, '/')) {
		fprintf(stderr, "umod: ERROR: invalid --net-bus-if '%s': an interface name\n", name);
		return -EINVAL;
	}
	if (used + strlen(name) + 2 > sizeof(list)) {
		fprintf(stderr, "umod: ERROR: too many --net-bus-if\n");
		return -E2BIG;
	}
	snprintf(list + used, sizeof(list) - used, "%s%s", used ? "," : "", name);
	o->net_bus_ifs = list;
	return 0;
}

static struct umod_tool_keys keys;	/* o->keys points here */
static struct umod_tool_boards boards;	/* o->boards points here */

static int parse(int argc, char *argv[], struct umod_daemon_opts *o)
{
	static char base_buf[4096];	/* o->tree_base may point here */
	static char bus_buf[4096];	/* o->net_bus may point here */
	static const struct option opts[] = {
		{ "socket", required_argument, NULL, 'S' },
		{ "abi", required_argument, NULL, OPT_ABI },
		{ "state-dir", required_argument, NULL, OPT_STATE_DIR },
		{ "force-unload", no_argument, NULL, OPT_FORCE_UNLOAD },
		{ "sysfs", required_argument, NULL, OPT_SYSFS },
		{ "root", required_argument, NULL, OPT_ROOT },
		{ "foreground", no_argument, NULL, OPT_FOREGROUND },
		{ "pidfile", required_argument, NULL, OPT_PIDFILE },
		{ "basedir", required_argument, NULL, 'd' },
		{ "release", required_argument, NULL, OPT_RELEASE },
		{ "request-timeout", required_argument, NULL, OPT_REQUEST_TIMEOUT },
		{ "panic-on-oops", no_argument, NULL, OPT_PANIC_ON_OOPS },
		{ "board", required_argument, NULL, 'b' },
		{ "cmdline", required_argument, NULL, OPT_CMDLINE },
		{ "module-memory", required_argument, NULL, OPT_MODULE_MEMORY },
		{ "messages-max", required_argument, NULL, OPT_MESSAGES_MAX },
		{ "perf-map", no_argument, NULL, OPT_PERF_MAP },
		{ "tap", no_argument, NULL, OPT_TAP },
		{ "net-bus", required_argument, NULL, OPT_NET_BUS },
		{ "net-bus-if", required_argument, NULL, OPT_NET_BUS_IF },
		{ "nbd", no_argument, NULL, OPT_NBD },
		{ "uinput", no_argument, NULL, OPT_UINPUT },
		{ "keyring", required_argument, NULL, UMOD_OPT_KEYRING },
		{ "no-default-keyring", no_argument, NULL, UMOD_OPT_NO_DEFAULT_KEYRING },
		{ "sig-enforce", no_argument, NULL, UMOD_OPT_SIG_ENFORCE },
		{ "module-sig", no_argument, NULL, UMOD_OPT_MODULE_SIG },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	o->tree_base = "";
	o->keys = &keys;
	o->boards = &boards;
	o->request_timeout_s = DEFAULT_REQUEST_TIMEOUT_S;
	o->messages_max = UMOD_MESSAGES_MAX_DEFAULT;
	o->tree_release = umod_tool_default_release();
	while ((c = getopt_long(argc, argv, "S:d:b:Vh", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (umod_tool_board_option(&boards, optarg))
				return 1;
			break;
		case 'd':
			o->tree_base = umod_tool_absolute(optarg, base_buf, sizeof(base_buf));
			break;
		case OPT_RELEASE:
			o->tree_release = optarg;
			break;
		case 'S':
			o->socket_path = optarg;
			break;
		case OPT_STATE_DIR:
			o->state_dir = optarg;
			break;
		case OPT_FORCE_UNLOAD:
			o->force_unload = true;
			break;
		case OPT_SYSFS:
			o->sysfs_dir = optarg;
			break;
		case OPT_ROOT:
			o->root_dir = optarg;
			break;
		case OPT_MODULE_MEMORY:
			if (parse_mib(optarg, &o->module_memory))
				return 1;
			break;
		case OPT_MESSAGES_MAX:
			if (parse_kib(optarg, &o->messages_max))
				return 1;
			break;
		case OPT_CMDLINE:
			o->cmdline = optarg;
			break;
		case OPT_ABI:
			o->abi = optarg;
			break;
		case OPT_PANIC_ON_OOPS:
			o->panic_on_oops = true;
			break;
		case OPT_PERF_MAP:
			/* process-wide, as the file: the pid is the daemon's at load time */
			umod_perf_map_enable(1);
			break;
		case OPT_TAP:
			o->tap = true;
			break;
		case OPT_NET_BUS:
			o->net_bus = umod_tool_absolute(optarg, bus_buf, sizeof(bus_buf));
			break;
		case OPT_NET_BUS_IF:
			if (add_bus_if(o, optarg))
				return 1;
			break;
		case OPT_NBD:
			o->nbd = true;
			break;
		case OPT_UINPUT:
			o->uinput = true;
			break;
		case OPT_FOREGROUND:
			o->foreground = true;
			break;
		case OPT_PIDFILE:
			o->pidfile = optarg;
			break;
		case OPT_REQUEST_TIMEOUT:
			if (parse_seconds(optarg, &o->request_timeout_s))
				return 1;
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
	if (optind < argc) {
		fprintf(stderr, "umod: ERROR: unexpected argument '%s'\n", argv[optind]);
		return 1;
	}
	return -1;
}

static int run(int argc, char *argv[])
{
	char sock_buf[4096], state_buf[4096], sysfs_buf[PATH_MAX], root_buf[PATH_MAX];
	struct umod_daemon_opts o = { 0 };
	int ret = parse(argc, argv, &o);

	if (ret >= 0)
		return ret;
	if (!o.socket_path)
		o.socket_path = umod_socket_default(sock_buf, sizeof(sock_buf));
	if (!o.state_dir)
		o.state_dir = default_state_dir(state_buf, sizeof(state_buf));
	/* FUSE wants the mount point as an absolute path */
	if (o.sysfs_dir && realpath(o.sysfs_dir, sysfs_buf))
		o.sysfs_dir = sysfs_buf;
	if (o.root_dir && realpath(o.root_dir, root_buf))
		o.root_dir = root_buf;
	return umod_daemon_main(&o);
}

const struct umod_cmd umod_cmd_daemon = {
	.name = "daemon",
	.run = run,
	.help = "run the persistent host the other tools talk to",
};
