// SPDX-License-Identifier: MIT
/*
 * umod sysfs ls|read|write PATH [VALUE]: the daemon's /sys, without a
 * mount. PATH is /sys/module/..., /sys/kernel/... (anything below /sys),
 * or the same without /sys. read prints
 * the file as cat would; write stores VALUE exactly (no newline added:
 * `echo` adds one, as the kernel then sees).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../daemon/daemon.h"
#include "tools.h"

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod sysfs ls PATH\n"
		"       umod sysfs read PATH\n"
		"       umod sysfs write PATH VALUE\n"
		"The daemon's /sys: PATH is /sys/module/..., /sys/kernel/... (with or without /sys);\n"
		"and /proc/modules, /proc/kallsyms, /proc/sys/kernel/tainted (read).\n\n"
		"Options:\n"
		"  -V, --version  show the version and the compiled-in features\n"
		"  -h, --help     show this help\n");
}

/* "/sys/module/x", "module/x" and "/module/x" all name /module/x */
static void view_path(const char *arg, char *buf, size_t size)
{
	if (!strncmp(arg, "/sys", 4) && (arg[4] == '/' || !arg[4]))
		arg += 4;
	while (*arg == '/')
		arg++;
	snprintf(buf, size, "/%s", arg);
}

static void mode_string(unsigned int mode, char s[11])
{
	static const char rwx[] = "rwxrwxrwx";

	s[0] = S_ISDIR(mode) ? 'd' : S_ISLNK(mode) ? 'l' : '-';
	for (int i = 0; i < 9; i++)
		s[i + 1] = mode & (0400 >> i) ? rwx[i] : '-';
	s[10] = '\0';
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct umod_dirent *)a)->name,
		      ((const struct umod_dirent *)b)->name);
}

/* the entries sorted by name, as ls shows them; a file by the name given */
static int list(struct umod_client *c, const char *arg)
{
	struct umod_dirent *v = NULL, *more;
	size_t n = 0, cap = 0;
	char mode[11];
	int err;

	for (;;) {
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			more = realloc(v, cap * sizeof(*v));
			if (!more) {
				free(v);
				return -ENOMEM;
			}
			v = more;
		}
		err = umod_client_next_entry(c, &v[n]);
		if (err <= 0)
			break;
		n++;
	}
	qsort(v, n, sizeof(*v), by_name);
	for (size_t i = 0; !err && i < n; i++) {
		mode_string(v[i].mode, mode);
		printf("%s %s%s%s\n", mode, *v[i].name ? v[i].name : arg,
		       *v[i].target ? " -> " : "", v[i].target);
	}
	free(v);
	return err;
}

static int print_value(struct umod_client *c)
{
	const void *value;
	size_t len;
	int err = umod_client_value(c, &value, &len);

	if (!err)
		fwrite(value, 1, len, stdout);
	return err;
}

static int run(int argc, char *argv[])
{
	const char *verb = argc > 1 ? argv[1] : "";
	int want = !strcmp(verb, "write") ? 4 : 3, op, err, status;
	struct umod_client c;
	char path[4096];

	if (!strcmp(verb, "-h") || !strcmp(verb, "--help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(verb, "-V") || !strcmp(verb, "--version"))
		return umod_tool_print_version();
	op = !strcmp(verb, "ls") ? UMOD_OP_SYSFS_LS : !strcmp(verb, "read") ? UMOD_OP_SYSFS_READ :
	     !strcmp(verb, "write") ? UMOD_OP_SYSFS_WRITE : 0;
	if (!op || argc != want) {
		usage(stderr);
		return 1;
	}
	umod_tool_log_open("sysfs", false);
	view_path(argv[2], path, sizeof(path));
	err = umod_tool_connect(&c);
	if (err && err != -EPERM)
		return 1;
	if (!err)
		err = umod_client_sysfs(&c, (uint16_t)op, path, op == UMOD_OP_SYSFS_WRITE ?
					argv[3] : NULL, &status);
	if (!err)
		err = status;
	if (!err && op == UMOD_OP_SYSFS_LS)
		err = list(&c, argv[2]);
	if (!err && op == UMOD_OP_SYSFS_READ)
		err = print_value(&c);
	umod_client_close(&c);
	if (err < 0)
		umod_tool_err("%s %s: %s\n", verb, argv[2], umod_tool_errstr(-err));
	return err < 0 ? 1 : 0;
}

const struct umod_cmd umod_cmd_sysfs = {
	.name = "sysfs",
	.run = run,
	.help = "list, read or write the daemon's /sys/module files",
};
