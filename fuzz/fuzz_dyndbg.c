// SPDX-License-Identifier: MIT
/*
 * The dynamic debug query parser (lib/dynamic_debug.c) over arbitrary
 * control-file writes, on a fake module's call sites: whatever is
 * written, a site's flags stay within the five 6.1 knows, its class'd
 * site moves only when a query names its class, and the result is
 * -EINVAL or a count of at most every site per query.
 */
#include <errno.h>
#include <string.h>

#include <umod/kabi/dynamic_debug.h>

#include "fuzz.h"
#include "kernel/module/internal.h"
#include "lib/dynamic_debug.h"

#define SITE(fn, line, fmt)	{ .modname = "demo", .function = fn, \
				  .filename = "/src/demo.c", .format = fmt, \
				  .lineno = line, .class_id = _DPRINTK_CLASS_DFLT }

static struct _ddebug sites[] = {
	SITE("demo_init", 10, "init %d\n"),
	SITE("demo_read", 20, "read\t%zu\n"),
	SITE("demo_write", 30, "write\n"),
	SITE("demo_write", 31, "classy\n"),
};
static const char *names[] = { "ONE" };
static struct ddebug_class_map map = { .mod_name = "demo", .class_names = names,
				       .length = 1, .base = 7 };
static struct umod_section secs[] = {
	{ "__dyndbg", sites, sizeof(sites) },
	{ "__dyndbg_classes", &map, sizeof(map) },
};
static struct umod_host *host;

static void setup(void)
{
	struct umod_module *mod;

	if (umod_host_new(&host) || umod_module_alloc(host, "demo", &mod))
		abort();
	sites[3].class_id = 7;
	mod->sections = secs;
	mod->num_sections = 2;
	fuzz_assert(!umod_ddebug_add_module(mod));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t queries = 1;
	char *q;
	int ret;

	if (!host)
		setup();
	if (size > 4096)
		return 0;
	q = malloc(size + 1);
	if (!q)
		return 0;
	memcpy(q, data, size);
	q[size] = '\0';
	for (size_t i = 0; i < size; i++)
		queries += data[i] == ';' || data[i] == '\n';
	for (size_t i = 0; i < sizeof(sites) / sizeof(sites[0]); i++)
		sites[i].flags = 0;
	ret = umod_ddebug_exec_queries(host, q, size && (data[0] & 1) ? "demo" : NULL);
	fuzz_assert(ret == -EINVAL || (ret >= 0 && (size_t)ret <= 4 * queries));
	for (size_t i = 0; i < sizeof(sites) / sizeof(sites[0]); i++)
		fuzz_assert(!(sites[i].flags & ~_DPRINTK_FLAGS_INCL_ANY & ~_DPRINTK_FLAGS_PRINT));
	if (!memmem(data, size, "class", 5))
		fuzz_assert(sites[3].flags == 0);
	free(q);
	return 0;
}
