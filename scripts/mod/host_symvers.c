// SPDX-License-Identifier: MIT
/*
 * host-symvers: the host's own exports in Module.symvers format, with
 * their modversions CRCs, for modpost. The build writes it to
 * build/Module.symvers, as a kernel build writes vmlinux's. A build tool
 * of the host itself, as modpost is, so it reads the export table
 * directly. Linked twice: with an empty CRC table it lists the names the
 * CRCs are then computed for (the bootstrap), with the real one it writes
 * Module.symvers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/module.h"
#include "util/symtab.h"

struct syms {
	const struct umod_ksym **v;
	size_t n, cap;
};

static int collect(const struct umod_ksym *ks, void *data)
{
	struct syms *s = data;

	if (ks->owner)
		return 0;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 128;
		const struct umod_ksym **v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = ks;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp((*(const struct umod_ksym *const *)a)->name,
		      (*(const struct umod_ksym *const *)b)->name);
}

/*
 * --abi NAME=DIR: what the host offers genuine modules of that kernel
 * instead, with the kernel's CRCs (scripts/genuine-survey.sh); then the
 * sections a genuine module is refused for, as "# refused-section NAME".
 */
static int genuine(struct umod_host *host, const char *arg, struct syms *s)
{
	char abi[64];
	const char *eq = strchr(arg, '=');

	if (!eq || (size_t)(eq - arg) >= sizeof(abi))
		return -EINVAL;
	memcpy(abi, arg, (size_t)(eq - arg));
	abi[eq - arg] = '\0';
	if (umod_host_set_abi(host, abi, eq + 1) < 0)
		return -EINVAL;
	for (const char *const *p = umod_genuine_refused_sections; *p; p++)
		printf("# refused-section %s\n", *p);
	return umod_genuine_for_each(host, collect, s);
}

int main(int argc, char *argv[])
{
	struct syms s = { 0 };
	struct umod_host *host;
	int ret = 0;

	if (umod_host_new(&host) < 0) {
		fprintf(stderr, "host-symvers: cannot create a host\n");
		return 1;
	}
	if (argc == 3 && !strcmp(argv[1], "--abi")) {
		ret = genuine(host, argv[2], &s);
		if (ret)
			fprintf(stderr, "host-symvers: --abi %s: %s\n", argv[2], strerror(-ret));
	} else if (umod_symtab_for_each(host->exports, collect, &s)) {
		fprintf(stderr, "host-symvers: out of memory\n");
		ret = 1;
	}
	qsort(s.v, s.n, sizeof(*s.v), by_name);
	for (size_t i = 0; !ret && i < s.n; i++)
		printf("0x%08x\t%s\tvmlinux\t%s\t%s\n", s.v[i]->crc, s.v[i]->name,
		       s.v[i]->flags & UMOD_KSYM_GPL ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL",
		       s.v[i]->ns ? s.v[i]->ns : "");
	free(s.v);
	umod_host_unref(host);
	return ret;
}
