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
	&umod_cmd_daemon,
	&umod_cmd_insmod,
	&umod_cmd_rmmod,
	&umod_cmd_lsmod,
	&umod_cmd_modinfo,
	&umod_cmd_dmesg,
	&umod_cmd_depmod,
	&umod_cmd_sysfs,
	&umod_cmd_modprobe,
};

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod COMMAND [ARGS...]\n\nCommands:\n");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(out, "  %-14s %s\n", cmds[i]->name, cmds[i]->help);
}

static const struct umod_cmd *find(const char *name)
{
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(cmds[i]->name, name))
			return cmds[i];
	return NULL;
}

int main(int argc, char *argv[])
{
	const char *self = strrchr(argv[0], '/');
	const struct umod_cmd *cmd;

	self = self ? self + 1 : argv[0];
	cmd = find(self);
	if (cmd)
		return cmd->run(argc, argv);
	if (argc < 2) {
		usage(stderr);
		return 1;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	cmd = find(argv[1]);
	if (!cmd) {
		fprintf(stderr, "umod: unknown command '%s'\n", argv[1]);
		usage(stderr);
		return 1;
	}
	return cmd->run(argc - 1, argv + 1);
}
