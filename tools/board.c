// SPDX-License-Identifier: MIT
/*
 * umod board: the simulated hardware of a daemon's host; and the --board
 * option of run, daemon and shell. A board is a built-in one's name
 * (rpi4, rpi5), a .dtb or a .dts; a later --board that is an overlay (a
 * /plugin/ dts) is merged into the first, as `dtoverlay` on a Pi.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <umod/umod.h>

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

int umod_tool_load_boards(struct umod_host *host, const struct umod_tool_boards *b)
{
	for (unsigned int i = 0; i < b->n; i++) {
		char why[512];
		int err = umod_host_load_board(host, b->names[i]);

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
