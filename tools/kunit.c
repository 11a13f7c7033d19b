// SPDX-License-Identifier: MIT
/*
 * umod kunit: loads the modules into a host in this process; the loader
 * runs their KUnit suites after each init (kernel/kunit/), and this prints
 * the KTAP lines they make on stdout, as `kunit.py parse` reads them. The
 * rest of the kernel log (an oops's report, the modules' own printks)
 * goes to stderr, without the KTAP lines. Exit 0 when every case passed or was skipped, else 1.
 * Several modules' suites make one KTAP document, printed at the end.
 *
 *   umod kunit [--filter GLOB] [--timeout S] [--junit FILE] A.ko [B.ko ...]
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <umod/kunit.h>
#include <umod/umod.h>

#include "tools.h"

/* what the KTAP lines said so far: the verdict, and the JUnit report */
struct ktap_state {
	bool any_suite, failed;
	FILE *junit;		/* the <testcase> elements, or NULL */
	char suite[256];
	char *text;		/* the current case's diagnostic lines */
	size_t text_len;
	unsigned int cases, failures, skipped;
	/* more than one module: their documents, merged at the end */
	bool merge;
	char **lines;
	size_t nlines;
};

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod kunit [options] FILE.ko [FILE.ko ...]\n"
		"Load the modules, run their KUnit suites (after each init, as Linux's\n"
		"loader does) and print the KTAP results on stdout; the rest of the\n"
		"kernel log goes to stderr. Exit 0 if every case passed or was skipped.\n\n"
		"Options:\n"
		"  -f, --filter GLOB  run only SUITE_GLOB[.CASE_GLOB], as kunit.filter_glob\n"
		"  -t, --timeout S    fail a case still running after S seconds (default 300)\n"
		"  -j, --junit FILE   also write the results as JUnit XML to FILE\n"
		"  -h, --help         show this help\n");
}

static void xml_escaped(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '&': fputs("&amp;", out); break;
		case '"': fputs("&quot;", out); break;
		default:
			if ((unsigned char)*s >= 0x20 || *s == '\n' || *s == '\t')
				fputc(*s, out);
		}
	}
}

static void text_add(struct ktap_state *st, const char *line)
{
	size_t n = strlen(line);
	char *p = realloc(st->text, st->text_len + n + 2);

	if (!p)
		return;
	st->text = p;
	memcpy(p + st->text_len, line, n);
	st->text_len += n;
	p[st->text_len++] = '\n';
	p[st->text_len] = '\0';
}

/* "    ok 2 - name # SKIP why": a case of the current suite, for JUnit */
static void junit_case(struct ktap_state *st, const char *result)
{
	bool bad = !strncmp(result, "not ok ", 7);
	const char *name = strstr(result, " - ");
	const char *skip = strstr(result, " # SKIP");
	char buf[512];

	if (!name)
		return;
	snprintf(buf, sizeof(buf), "%.*s", (int)(skip ? skip - name - 3 : (long)strlen(name + 3)),
		 name + 3);
	st->cases++;
	fputs("    <testcase classname=\"", st->junit);
	xml_escaped(st->junit, st->suite);
	fputs("\" name=\"", st->junit);
	xml_escaped(st->junit, buf);
	fputs("\"", st->junit);
	if (bad || skip) {
		fputs(">\n", st->junit);
		if (bad) {
			st->failures++;
			fputs("      <failure message=\"not ok\">", st->junit);
			xml_escaped(st->junit, st->text ? st->text : "");
			fputs("</failure>\n", st->junit);
		} else {
			st->skipped++;
			fputs("      <skipped message=\"", st->junit);
			xml_escaped(st->junit, skip[7] ? skip + 8 : "");
			fputs("\"/>\n", st->junit);
		}
		fputs("    </testcase>\n", st->junit);
	} else {
		fputs("/>\n", st->junit);
	}
}

static void keep_line(struct ktap_state *st, const char *line)
{
	char **v = realloc(st->lines, (st->nlines + 1) * sizeof(*v));
	char *copy = strdup(line);

	if (!v || !copy) {
		free(copy);
		if (v)
			st->lines = v;
		return;
	}
	st->lines = v;
	v[st->nlines++] = copy;
}

/*
 * Each module's suites are a KTAP document of their own; for several
 * modules, one document: a single header and plan, the suites numbered
 * on from module to module.
 */
static void print_merged(struct ktap_state *st)
{
	size_t suites = 0, n = 0;

	for (size_t i = 0; i < st->nlines; i++)
		suites += !strncmp(st->lines[i], "ok ", 3) || !strncmp(st->lines[i], "not ok ", 7);
	printf("KTAP version 1\n1..%zu\n", suites);
	for (size_t i = 0; i < st->nlines; i++) {
		const char *l = st->lines[i], *rest;
		bool bad = !strncmp(l, "not ok ", 7);

		if (!strcmp(l, "KTAP version 1") || !strncmp(l, "1..", 3))
			continue;	/* a module's own header */
		if (bad || !strncmp(l, "ok ", 3)) {
			rest = strstr(l, " - ");
			printf("%s %zu%s\n", bad ? "not ok" : "ok", ++n, rest ? rest : "");
		} else {
			puts(l);
		}
	}
	fflush(stdout);
}

/*
 * The KTAP lines reach the kernel log too, and stderr has the rest of the
 * log only. Each line comes to on_line() just before its record is logged
 * (kernel/kunit/test.c, kunit_log()), so the log sink drops the records
 * that match a line on its way; these are those lines. A case's thread
 * still running past its timeout may log in between: the queue is
 * searched, not only its head.
 */
#define KTAP_PENDING	64

static struct {
	pthread_mutex_t lock;
	char *line[KTAP_PENDING];
	unsigned int n;
} pending = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void pending_add(const char *line)
{
	char *copy = strdup(line);

	pthread_mutex_lock(&pending.lock);
	if (pending.n == KTAP_PENDING) {	/* never logged: let the oldest go */
		free(pending.line[0]);
		memmove(pending.line, pending.line + 1, --pending.n * sizeof(*pending.line));
	}
	if (copy)
		pending.line[pending.n++] = copy;
	pthread_mutex_unlock(&pending.lock);
}

/* was @text a KTAP line on its way to the log? It is taken off the queue */
static bool pending_take(const char *text)
{
	bool found = false;

	pthread_mutex_lock(&pending.lock);
	for (unsigned int i = 0; i < pending.n && !found; i++) {
		if (strcmp(pending.line[i], text))
			continue;
		free(pending.line[i]);
		memmove(pending.line + i, pending.line + i + 1,
			(--pending.n - i) * sizeof(*pending.line));
		found = true;
	}
	pthread_mutex_unlock(&pending.lock);
	return found;
}

static void on_line(void *data, const char *line)
{
	struct ktap_state *st = data;

	pending_add(line);
	if (st->merge) {
		keep_line(st, line);
	} else {
		puts(line);
		fflush(stdout);
	}
	if (!strncmp(line, "not ok ", 7))
		st->failed = true;	/* a suite's result: its cases decide it */
	if (!strncmp(line, "    # Subtest: ", 15)) {
		st->any_suite = true;
		snprintf(st->suite, sizeof(st->suite), "%s", line + 15);
	}
	if (!st->junit)
		return;
	if (!strncmp(line, "    ok ", 7) || !strncmp(line, "    not ok ", 11)) {
		junit_case(st, line + 4);
		free(st->text);
		st->text = NULL;
		st->text_len = 0;
	} else if (!strncmp(line, "    ", 4)) {
		text_add(st, line);
	}
}

static void log_to_stderr(void *data, uint64_t seq, int level, uint64_t ts_nsec,
			  const char *text, size_t len)
{
	if (!pending_take(text))
		umod_tool_print_record(stderr, ts_nsec, text);
}

static int write_junit(const char *path, struct ktap_state *st)
{
	FILE *out = fopen(path, "we");
	char *body = NULL;
	size_t len = 0;
	int err;

	if (!out) {
		fprintf(stderr, "umod: ERROR: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fflush(st->junit);
	rewind(st->junit);
	body = malloc(1 << 16);
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuites tests=\"%u\" failures=\"%u\" skipped=\"%u\">\n"
		"  <testsuite name=\"kunit\" tests=\"%u\" failures=\"%u\" skipped=\"%u\">\n",
		st->cases, st->failures, st->skipped, st->cases, st->failures, st->skipped);
	while (body && (len = fread(body, 1, 1 << 16, st->junit)) > 0)
		fwrite(body, 1, len, out);
	free(body);
	fputs("  </testsuite>\n</testsuites>\n", out);
	err = ferror(out);
	if (fclose(out) || err) {
		fprintf(stderr, "umod: ERROR: %s: write failed\n", path);
		return 1;
	}
	return 0;
}

static int run_all(struct umod_host *host, int argc, char *argv[])
{
	struct umod_module **mods = calloc((size_t)argc, sizeof(*mods));
	int n = 0, ret = 0;

	if (!mods)
		return 1;
	for (int i = 0; i < argc; i++) {
		int err = umod_module_insert_file(host, argv[i], "", 0, &mods[n]);

		if (err < 0) {
			fprintf(stderr, "umod: ERROR: could not insert module %s: %s\n",
				argv[i], umod_tool_strerror(-err));
			ret = 1;
			break;
		}
		n++;
	}
	while (n-- > 0) {
		umod_module_remove(host, umod_module_get_name(mods[n]), 0);
		umod_module_unref(mods[n]);
	}
	free(mods);
	return ret;
}

static int kunit(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "filter", required_argument, NULL, 'f' },
		{ "timeout", required_argument, NULL, 't' },
		{ "junit", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct ktap_state st = { 0 };
	struct umod_host *host = NULL;
	const char *junit = NULL;
	char *end;
	long secs;
	int c, ret;

	while ((c = getopt_long(argc, argv, "+f:t:j:h", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (umod_kunit_set_filter(optarg) < 0)
				return 1;
			break;
		case 't':
			secs = strtol(optarg, &end, 10);
			if (*end || secs <= 0 || secs > 86400) {
				fprintf(stderr, "umod: ERROR: bad timeout '%s'\n", optarg);
				return 1;
			}
			umod_kunit_set_timeout((unsigned int)secs);
			break;
		case 'j':
			junit = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "umod: ERROR: missing filename.\n");
		return 1;
	}
	if (junit && !(st.junit = tmpfile())) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(errno));
		return 1;
	}
	if (umod_host_new(&host) < 0) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(ENOMEM));
		return 1;
	}
	umod_host_set_log_fn(host, log_to_stderr, NULL);
	umod_host_install_oops(host, (const int[]){ STDERR_FILENO }, 1, 0);
	umod_kunit_set_output(on_line, &st);
	st.merge = argc - optind > 1;
	ret = run_all(host, argc - optind, argv + optind);
	umod_kunit_set_output(NULL, NULL);
	if (st.merge)
		print_merged(&st);
	for (size_t i = 0; i < st.nlines; i++)
		free(st.lines[i]);
	free(st.lines);
	/* a case past its timeout still runs its module's code: both stay,
	 * and go with the process */
	if (umod_host_shutdown(host) == 0)
		umod_host_unref(host);
	if (!ret && !st.any_suite) {
		fprintf(stderr, "umod: ERROR: no KUnit suites ran\n");
		ret = 1;
	}
	if (junit && write_junit(junit, &st))
		ret = 1;
	if (st.junit)
		fclose(st.junit);
	free(st.text);
	return ret || st.failed ? 1 : 0;
}

const struct umod_cmd umod_cmd_kunit = {
	.name = "kunit",
	.run = kunit,
	.help = "load modules and run their KUnit tests (KTAP output)",
};
