// SPDX-License-Identifier: MIT
/*
 * The ELF image path of a load: validation, .modinfo and this_module
 * checks, vermagic, layout, the name reservation, symbol resolution and
 * relocation, then the rollback (UMOD_LOAD_STOP_BEFORE_INIT): no module
 * code runs. After every input the host must hold no module.
 */
#include "fuzz.h"
#include "kernel/module/internal.h"

static struct umod_host *host;

static int count_module(struct umod_module *mod, void *data)
{
	(*(int *)data)++;
	return 0;
}

static int count_unformed(struct umod_host *h)
{
	int n = 0;

	pthread_mutex_lock(&h->module_mutex);
	for (struct umod_list *l = h->modules.next; l != &h->modules; l = l->next)
		n++;
	pthread_mutex_unlock(&h->module_mutex);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int err, n = 0;

	if (!host && umod_host_new(&host))
		abort();
	err = umod_load_module(host, data, size, NULL, UMOD_LOAD_STOP_BEFORE_INIT, NULL);
	fuzz_assert(err <= 0);
	umod_host_for_each_module(host, count_module, &n);
	fuzz_assert(n == 0);
	fuzz_assert(count_unformed(host) == 0);
	umod_log_clear(host);
	return 0;
}
