// SPDX-License-Identifier: MIT
/*
 * umod board: the simulated hardware of a daemon's host; and the --board
 * option of run, daemon and shell. A board is a built-in one's name
 * (rpi4, rpi5), a .dtb or a .dts; a later --board that is an overlay (a
 * /plugin/ dts) is merged into the first, as `dtoverlay` on a Pi; a .so is
 * a plugin of device models, loaded before the boards.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <umod/umod.h>

#include "../daemon/daemon.h"
#include "tools.h"

int umod_tool_board_option(struct umod_tool_boards *b, const char *arg)
{
	if (b->n == UMOD_TOOL_MAX_BOARDS) {
		fprintf(stderr, "umod: ERROR: at most %d --board options\n", UMOD_TOOL_MAX_BOARDS);
		return 1;
	}
	/* a file (the daemon changes directory: made absolute), else a built-in name */
	b->names[b->n] = strchr(arg, '/') || !access(arg, F_OK)
		? umod_tool_absolute(arg, b->paths[b->n], sizeof(b->paths[b->n])) : arg;
	b->n++;
	return 0;
}

/* the host's last error line, the board loader's reason */
static void last_error(struct umod_host *host, char *buf, size_t size)
{
	char text[512];
	uint64_t seq = 0;
	int level;

	buf[0] = '\0';
	while (umod_log_read(host, &seq, &level, NULL, text, sizeof(text)) >= 0)
		if (level <= 3)
			snprintf(buf, size, "%s", text);
}

static bool is_plugin(const char *name)
{
	size_t n = strlen(name);

	return n > 3 && !strcmp(name + n - 3, ".so");
}

/* the plugins (.so) first, so that the boards' nodes find their models */
int umod_tool_load_boards(struct umod_host *host, const struct umod_tool_boards *b)
{
	for (unsigned int k = 0; k < 2 * b->n; k++) {
		unsigned int i = k % b->n;
		char why[512];
		int err;

		if (is_plugin(b->names[i]) != (k < b->n))
			continue;
		err = umod_host_load_board(host, b->names[i]);
		if (!err)
			continue;
		last_error(host, why, sizeof(why));
		/* the log line names the board already */
		if (why[0])
			fprintf(stderr, "umod: ERROR: could not load the board: %s\n", why);
		else
			fprintf(stderr, "umod: ERROR: could not load board %s: %s\n", b->names[i],
				strerror(-err));
		return err;
	}
	return 0;
}

/* ---- umod board: the daemon's board -------------------------------------------- */

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod board lines\n"
		"       umod board watch [-n COUNT] [-t SECONDS]\n"
		"The daemon's board: `lines` prints the log of its GPIO lines' changes\n"
		"(/sys/kernel/debug/board/lines: time, chip, line, name, direction, level,\n"
		"consumer); `watch` prints it, then each change as it comes, until COUNT\n"
		"lines are printed or SECONDS have passed (default: until interrupted).\n\n"
		"Options:\n"
		"  -n, --count COUNT    stop after COUNT lines\n"
		"  -t, --timeout SECS   stop after SECS seconds\n"
		"  -V, --version        show the version and the compiled-in features\n"
		"  -h, --help           show this help\n");
}

/* the log as the daemon has it now; NULL (and *errp) on failure */
static char *read_lines(int *errp)
{
	struct umod_client c;
	const void *value;
	char *text = NULL;
	size_t len;
	int status, err = umod_tool_connect(&c);

	if (err) {
		*errp = err;
		return NULL;
	}
	err = umod_client_sysfs(&c, UMOD_OP_SYSFS_READ, "/kernel/debug/board/lines", NULL,
				&status);
	if (!err)
		err = status;
	if (!err)
		err = umod_client_value(&c, &value, &len);
	if (!err && (text = malloc(len + 1))) {
		memcpy(text, value, len);
		text[len] = '\0';
	}
	umod_client_close(&c);
	*errp = err ? err : text ? 0 : -ENOMEM;
	return text;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "count", required_argument, NULL, 'n' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	long count = -1, printed = 0;
	double timeout = -1, start = now_s();
	char last[256] = "";
	const char *verb;
	int c, err = 0;

	/* the verb first, its options after it */
	verb = argc > 1 && argv[1][0] != '-' ? argv[1] : "";
	if (verb[0]) {
		argc--;
		argv++;
	}
	while ((c = getopt_long(argc, argv, "+n:t:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			count = strtol(optarg, NULL, 10);
			break;
		case 't':
			timeout = strtod(optarg, NULL);
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			return umod_tool_print_version();
		default:
			usage(stderr);
			return 1;
		}
	}
	if ((strcmp(verb, "lines") && strcmp(verb, "watch")) || optind != argc) {
		usage(stderr);
		return 1;
	}
	umod_tool_log_open("board", false);
	for (;;) {
		char *text = read_lines(&err), *line, *next, *from;

		if (!text)
			break;
		/* what follows the last line printed (all of it the first time) */
		from = text;
		if (last[0] && (line = strstr(text, last)))
			from = line + strlen(last);
		for (line = from; *line && (count < 0 || printed < count); line = next) {
			next = strchr(line, '\n');
			next = next ? next + 1 : line + strlen(line);
			fwrite(line, 1, (size_t)(next - line), stdout);
			snprintf(last, sizeof(last), "%.*s", (int)(next - line), line);
			printed++;
		}
		free(text);
		fflush(stdout);
		if (!strcmp(verb, "lines") || (count >= 0 && printed >= count) ||
		    (timeout >= 0 && now_s() - start >= timeout))
			break;
		usleep(50000);
	}
	if (err == -ENOENT)
		umod_tool_err("board %s: the daemon has no board (umod daemon --board BOARD)\n", verb);
	else if (err < 0)
		umod_tool_err("board %s: %s\n", verb, umod_tool_errstr(-err));
	return err < 0 ? 1 : 0;
}

const struct umod_cmd umod_cmd_board = {
	.name = "board",
	.run = run,
	.help = "show the daemon's board: its GPIO lines' changes",
};
