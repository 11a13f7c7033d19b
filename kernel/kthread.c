// SPDX-License-Identifier: MIT
/* kernel threads: filled in once sched's sleeping model is merged */
#include "kernel/module/internal.h"

void umod_kthread_leftovers(struct umod_module *mod)
{
	(void)mod;
}

static const struct umod_kapi_export kthread_exports[] = {
	{ NULL, NULL, 0 },
};

const struct umod_kapi_table umod_kapi_kthread = { kthread_exports, 0 };
