// SPDX-License-Identifier: MIT
/*
 * parse_args() over arbitrary argument strings, with a fake parameter
 * table of one parameter per type the host exports (every param_ops_*
 * symbol: int and charp today, each new type as it is added), named after
 * its type, plus a dashed name. Values are freed after each input, as an
 * unload frees them; LSan sees any copy that stays behind.
 */
#include <errno.h>
#include <string.h>

#include "kernel/module/module.h"
#include "kernel/params.h"
#include "util/symtab.h"

#include "fuzz.h"

#define MAX_PARAMS	64

union storage {
	long long n;
	void *p;
	char bytes[64];
};

static struct kernel_param params[MAX_PARAMS];
static union storage store[MAX_PARAMS];
static char names[MAX_PARAMS][40];
static unsigned int num;
/* module_param_string()'s kind of argument: a buffer and its size */
static char strbuf[MAX_PARAMS][16];
static struct kparam_string strings[MAX_PARAMS];

static int add_type(const struct umod_ksym *sym, void *data)
{
	if (strncmp(sym->name, "param_ops_", 10) || num + 2 > MAX_PARAMS)
		return 0;
	for (int dashed = 0; dashed < 2; dashed++) {
		snprintf(names[num], sizeof(names[num]), "%s%s",
			 dashed ? "p-" : "", sym->name + 10);
		params[num].name = names[num];
		params[num].ops = (const struct kernel_param_ops *)(uintptr_t)sym->addr;
		params[num].arg = &store[num];
		if (!strcmp(sym->name, "param_ops_string")) {
			strings[num].maxlen = sizeof(strbuf[num]);
			strings[num].string = strbuf[num];
			params[num].arg = &strings[num];
		}
		num++;
	}
	return 0;
}

static void setup(void)
{
	struct umod_host *host;

	if (umod_host_new(&host))
		abort();
	umod_symtab_for_each(host->exports, add_type, NULL);
	umod_host_unref(host);
	fuzz_assert(num >= 4);
}

static int unknown(char *param, char *val, const char *doing, void *arg)
{
	fuzz_assert(param && doing);
	return (*param & 1) ? 0 : -ENOENT;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *args;

	if (!num)
		setup();
	if (!size)
		return 0;
	args = malloc(size);
	if (!args)
		return 0;
	/* the first byte picks whether unknown names go to a callback */
	memcpy(args, data + 1, size - 1);
	args[size - 1] = '\0';
	memset(store, 0, sizeof(store));
	umod_parse_args(NULL, "fuzz", args, params, num, (data[0] & 1) ? unknown : NULL, NULL);
	umod_params_free(params, num);
	free(args);
	return 0;
}
