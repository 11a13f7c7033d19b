// SPDX-License-Identifier: MIT
/*
 * umod dmesg: util-linux's dmesg over the daemon's printk ring. Options
 * and line formats are dmesg's: "[    0.000123] text", -r "<1>[...] text",
 * -t bare text, -x "kern  :alert : [...] text".
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../daemon/daemon.h"
#include "tools.h"

static const char *const level_names[8] = {
	"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
};

struct dmesg_opts {
	unsigned int levels;	/* bit per level to show; 0: all */
	unsigned int flags;	/* UMOD_LOG_CLEAR */
	bool follow, follow_new, clear_only, raw, notime, decode;
};

static void usage(FILE *out)
{
	fprintf(out, "\nUsage:\n dmesg [options]\n\n"
		"Display or control the kernel ring buffer.\n\nOptions:\n"
		" -C, --clear                 clear the kernel ring buffer\n"
		" -c, --read-clear            read and clear all messages\n"
		" -k, --kernel                display kernel messages\n"
		" -l, --level <list>          restrict output to defined levels\n"
		" -r, --raw                   print the raw message buffer\n"
		" -t, --notime                don't show any timestamp with messages\n"
		" -w, --follow                wait for new messages\n"
		" -W, --follow-new            wait and print only new messages\n"
		" -x, --decode                decode facility and level to readable string\n"
		"\n -h, --help                  display this help\n"
		" -V, --version               display version\n");
}

/* a level: a name (any case) or 0..7, as util-linux's parse_level() */
static int parse_level(const char *s, size_t len)
{
	if (len == 1 && isdigit((unsigned char)*s) && *s < '8')
		return *s - '0';
	for (int i = 0; i < 8; i++)
		if (strlen(level_names[i]) == len && !strncasecmp(s, level_names[i], len))
			return i;
	return -1;
}

static int parse_levels(const char *list, unsigned int *mask)
{
	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		int level = parse_level(p, len);

		if (level < 0) {
			fprintf(stderr, "dmesg: unknown level '%.*s'\n", (int)len, p);
			return -EINVAL;
		}
		*mask |= 1u << level;
		p += len + (p[len] == ',');
	}
	return 0;
}

static void print_rec(const struct dmesg_opts *o, const struct umod_logrec *r)
{
	if (o->levels && !(o->levels & (1u << r->level)))
		return;
	int indent = 0;

	if (o->raw)
		indent = printf("<%d>", r->level);
	else if (o->decode)
		indent = printf("%-6s:%-6s: ", "kern", level_names[r->level]);
	if (!o->notime)
		indent += umod_tool_print_stamp(stdout, r->ts_nsec);
	umod_tool_print_text(stdout, r->text, indent);
	fflush(stdout);
}

/* every record from *@seq on; with @wait, blocks for the next ones */
static int read_records(struct umod_client *c, const struct dmesg_opts *o,
			uint64_t *seq, unsigned int flags, bool print)
{
	struct umod_logrec r;
	int err, status, n;

	do {
		err = umod_client_log_read(c, *seq, flags, &status);
		if (!err)
			err = status;
		if (err)
			return err;
		for (n = 0; (err = umod_client_next_record(c, &r)) > 0; n++) {
			if (print)
				print_rec(o, &r);
			*seq = r.seq + 1;
		}
		fflush(stdout);
		if (err < 0)
			return err;
	} while (n || (flags & UMOD_LOG_WAIT));
	return 0;
}

static int dmesg(const struct dmesg_opts *o)
{
	struct umod_client c;
	uint64_t seq = 0;
	int err;

	err = umod_tool_connect(&c);
	if (err && err != -EPERM)
		return 1;
	if (!err)
		err = read_records(&c, o, &seq, o->flags, !o->clear_only && !o->follow_new);
	if (!err && (o->follow || o->follow_new))
		err = read_records(&c, o, &seq, UMOD_LOG_WAIT, true);
	umod_client_close(&c);
	if (err) {
		fprintf(stderr, "dmesg: read kernel buffer failed: %s\n", strerror(-err));
		return 1;
	}
	return 0;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "clear", no_argument, NULL, 'C' },
		{ "read-clear", no_argument, NULL, 'c' },
		{ "kernel", no_argument, NULL, 'k' },
		{ "level", required_argument, NULL, 'l' },
		{ "raw", no_argument, NULL, 'r' },
		{ "notime", no_argument, NULL, 't' },
		{ "follow", no_argument, NULL, 'w' },
		{ "follow-new", no_argument, NULL, 'W' },
		{ "decode", no_argument, NULL, 'x' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct dmesg_opts o = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "Cckl:rtwWxVh", opts, NULL)) != -1) {
		switch (c) {
		case 'C':
			o.clear_only = true;
			o.flags |= UMOD_LOG_CLEAR;
			break;
		case 'c':
			o.flags |= UMOD_LOG_CLEAR;
			break;
		case 'k':
			break;		/* every record here is the kernel's */
		case 'l':
			if (parse_levels(optarg, &o.levels))
				return 1;
			break;
		case 'r':
			o.raw = true;
			break;
		case 't':
			o.notime = true;
			break;
		case 'w':
			o.follow = true;
			break;
		case 'W':
			o.follow_new = true;
			break;
		case 'x':
			o.decode = true;
			break;
		case 'V':
			return umod_tool_print_version();
		case 'h':
			usage(stdout);
			return 0;
		default:
			fprintf(stderr, "Try 'dmesg --help' for more information.\n");
			return 1;
		}
	}
	umod_tool_log_open("dmesg", false);
	return dmesg(&o);
}

const struct umod_cmd umod_cmd_dmesg = {
	.name = "dmesg",
	.run = run,
	.help = "print or control the daemon's printk ring",
};
