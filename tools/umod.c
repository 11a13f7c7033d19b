// SPDX-License-Identifier: MIT
/*
 * umod: dispatch on the subcommand, or on the name we were called by
 * (a symlink named insmod runs `umod insmod`), as kmod does.
 */
#include <stdio.h>
#include <string.h>

#include "tools.h"

static const struct umod_cmd *const cmds[] = {
	&umod_cmd_run,
	&umod_cmd_kunit,
	&umod_cmd_daemon,
	&umod_cmd_insmod,
	&umod_cmd_rmmod,
	&umod_cmd_lsmod,
	&umod_cmd_modinfo,
	&umod_cmd_modprobe,
	&umod_cmd_depmod,
	&umod_cmd_dmesg,
	&umod_cmd_net,
	&umod_cmd_sysfs,
	&umod_cmd_shell,
	&umod_cmd_board,
	&umod_cmd_sign_file,
	&umod_cmd_keys,
	&umod_cmd_version,
};

#define NUM_CMDS	(sizeof(cmds) / sizeof(cmds[0]))

/*
 * In a build with ASan (make SANITIZE=address), a report ends in abort()
 * rather than _exit(): when module code or host code acting for it made
 * the error, the oops handler turns the abort into an oops of that
 * request, and the host goes on, as Linux goes on after a KASAN report.
 * The runtime looks this function up by name; other builds never call it.
 */
__attribute__((visibility("default"))) const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "abort_on_error=1";
}

/* the names a symlink to umod may have; each runs that subcommand */
static const char *const compat_names[] = {
	"insmod", "rmmod", "lsmod", "modinfo", "modprobe", "depmod", "dmesg",
};

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod [options] COMMAND [ARGS...]\n\n"
		"Options:\n"
		"  -V, --version  show the version and the compiled-in features\n"
		"  -h, --help     show this help\n\nCommands:\n");
	for (size_t i = 0; i < NUM_CMDS; i++)
		fprintf(out, "  %-14s %s\n", cmds[i]->name, cmds[i]->help);
	fprintf(out, "\nCalled through a symlink named");
	for (size_t i = 0; i < sizeof(compat_names) / sizeof(compat_names[0]); i++)
		fprintf(out, " %s", compat_names[i]);
	fprintf(out, ",\numod runs that command. `umod COMMAND --help` shows a command's options.\n");
}

static const struct umod_cmd *find(const char *name)
{
	for (size_t i = 0; i < NUM_CMDS; i++)
		if (!strcmp(cmds[i]->name, name))
			return cmds[i];
	return NULL;
}

/* only the kmod-style names dispatch on argv[0]: a symlink "run" stays umod */
static const struct umod_cmd *find_compat(const char *self)
{
	for (size_t i = 0; i < sizeof(compat_names) / sizeof(compat_names[0]); i++)
		if (!strcmp(compat_names[i], self))
			return find(self);
	return NULL;
}

int main(int argc, char *argv[])
{
	const char *self = strrchr(argv[0], '/');
	const struct umod_cmd *cmd;

	self = self ? self + 1 : argv[0];
	cmd = find_compat(self);
	if (cmd)
		return cmd->run(argc, argv);
	if (argc < 2) {
		fprintf(stderr, "umod: missing command\n");
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version"))
		return umod_tool_print_version();
	if (argv[1][0] == '-') {
		fprintf(stderr, "umod: unknown option '%s'\n", argv[1]);
		usage(stderr);
		return 1;
	}
	cmd = find(argv[1]);
	if (!cmd) {
		fprintf(stderr, "umod: unknown command '%s'\n", argv[1]);
		usage(stderr);
		return 1;
	}
	return cmd->run(argc - 1, argv + 1);
}
