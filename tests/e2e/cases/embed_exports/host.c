// SPDX-License-Identifier: MIT
/*
 * An application embedding libumod: it exports two of its own functions
 * with UMOD_EXPORT_SYMBOL*(), loads exporter, consumer and appuser, shows
 * that exporter is held, names a module address as an oops report would,
 * and prints its taint.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <umod/umod.h>

static struct umod_host *host;

int app_triple(int x);
int app_triple(int x)
{
	return 3 * x;
}
UMOD_EXPORT_SYMBOL(app_triple);

/* names its caller, the way an oops report names RIP */
void app_where(void);
void app_where(void)
{
	char buf[128];

	umod_host_sprint_symbol(host, __builtin_return_address(0), buf, sizeof(buf));
	printf("app_where called from %s\n", buf);
}
UMOD_EXPORT_SYMBOL_GPL(app_where);

static void print_line(void *data, uint64_t seq, int level, uint64_t ts,
		       const char *text, size_t len)
{
	printf("%s\n", text);
}

static int add_name(struct umod_module *m, void *data)
{
	strcat(data, " ");
	strcat(data, umod_module_get_name(m));
	return 0;
}

static void try_remove(const char *name)
{
	struct umod_module *mod;
	char users[256] = "";
	int err = umod_module_remove(host, name, 0);

	if (!err) {
		printf("removed %s\n", name);
		return;
	}
	umod_module_find(host, name, &mod);
	umod_module_for_each_holder(mod, add_name, users);
	printf("remove %s: %s, refcnt %d, in use by:%s\n", name, strerror(-err),
	       umod_module_get_refcnt(mod), users);
	umod_module_unref(mod);
}

int main(int argc, char *argv[])
{
	char taint[64];

	if (umod_host_new(&host))
		return 1;
	umod_host_set_log_fn(host, print_line, NULL);
	for (int i = 1; i < argc; i++)
		if (umod_module_insert_file(host, argv[i], NULL, 0, NULL))
			printf("could not insert %s\n", argv[i]);
	try_remove("exporter");
	try_remove("consumer");
	try_remove("exporter");
	try_remove("appuser");
	umod_host_print_tainted(host, taint, sizeof(taint));
	printf("%s\n", taint);
	umod_host_unref(host);
	return 0;
}
