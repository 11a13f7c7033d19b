// SPDX-License-Identifier: MIT
/*
 * umod host-symvers: the host's own exports in Module.symvers format, for
 * modpost. The build writes it to build/Module.symvers, as a kernel build
 * writes vmlinux's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

#include "tools.h"

struct sym {
	char *name;
	int gpl;
};

struct syms {
	struct sym *v;
	size_t n, cap;
};

static int collect(const char *name, const char *owner, int gpl, void *data)
{
	struct syms *s = data;

	if (owner)
		return 0;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct sym *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n].name = strdup(name);
	if (!s->v[s->n].name)
		return -1;
	s->v[s->n++].gpl = gpl;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct sym *)a)->name, ((const struct sym *)b)->name);
}

static int run(int argc, char *argv[])
{
	struct syms s = { 0 };
	struct umod_host *host;
	int ret = 0;

	if (umod_host_new(&host) < 0) {
		fprintf(stderr, "umod host-symvers: cannot create a host\n");
		return 1;
	}
	if (umod_host_for_each_export(host, collect, &s) < 0) {
		fprintf(stderr, "umod host-symvers: out of memory\n");
		ret = 1;
	}
	qsort(s.v, s.n, sizeof(*s.v), by_name);
	for (size_t i = 0; i < s.n; i++) {
		if (!ret)
			printf("0x00000000\t%s\tvmlinux\t%s\t\n", s.v[i].name,
			       s.v[i].gpl ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL");
		free(s.v[i].name);
	}
	free(s.v);
	umod_host_unref(host);
	return ret;
}

const struct umod_cmd umod_cmd_host_symvers = {
	.name = "host-symvers",
	.run = run,
	.help = "print the host's exports as Module.symvers lines",
};
