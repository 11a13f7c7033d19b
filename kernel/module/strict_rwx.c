// SPDX-License-Identifier: MIT
/*
 * W^X for module memory, applied once relocation is done: no page is ever
 * writable and executable at once after that point. Text is RX, rodata
 * (with the GOT) R, data RW; ro_after_init stays RW until init returns.
 */
#include <errno.h>
#include <sys/mman.h>

#include "kernel/module/internal.h"

static int set_prot(const struct umod_layout *l, size_t from, size_t to, int prot)
{
	if (to <= from)
		return 0;
	if (mprotect((char *)l->base + from, to - from, prot) < 0)
		return -errno;
	return 0;
}

static int protect_layout(const struct umod_layout *l)
{
	int err;

	if (!l->base || !l->size)
		return 0;
	err = set_prot(l, 0, l->text_size, PROT_READ | PROT_EXEC);
	if (!err)
		err = set_prot(l, l->text_size, l->ro_size, PROT_READ);
	return err;
}

int umod_module_protect(struct umod_module *mod)
{
	int err = protect_layout(&mod->core);

	if (!err)
		err = protect_layout(&mod->init);
	return err;
}

/* init is done: seal ro_after_init, give the init region back */
int umod_module_protect_after_init(struct umod_module *mod)
{
	int err = set_prot(&mod->core, mod->core.ro_size,
			   mod->core.ro_after_init_size, PROT_READ);

	if (mod->init.base && mod->init.size) {
		umod_area_free(mod->host, mod->init.base, mod->init.size, NULL);
		umod_module_memory_release(mod->host, mod->init.size);
		mod->map_size -= mod->init.size;
		mod->init.base = NULL;
		mod->init.size = 0;
	}
	return err;
}
