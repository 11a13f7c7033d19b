/* app.c: an application that loads a kernel-style plugin, with the kernel's checks */
#include <stdio.h>
#include <umod/umod.h>

/* what plugins may call, as EXPORT_SYMBOL() makes kernel functions callable */
int app_version(void)
{
	return 3;
}
UMOD_EXPORT_SYMBOL(app_version);

/* every printk() of a plugin, and every loader message, comes here */
static void print_line(void *d, uint64_t seq, int level, uint64_t ts, const char *text, size_t len)
{
	printf("<%d> %s\n", level, text);
}

int main(int argc, char *argv[])
{
	struct umod_host *host;
	struct umod_module *mod;
	int err;

	if (argc < 2 || umod_host_new(&host) < 0)
		return 2;
	umod_host_set_log_fn(host, print_line, NULL);
	/* argv[2]: the plugin's parameters, "name=value ..." */
	err = umod_module_insert_file(host, argv[1], argc > 2 ? argv[2] : NULL, 0, &mod);
	if (!err) {
		printf("%s is live\n", umod_module_get_name(mod));
		umod_module_remove(host, umod_module_get_name(mod), 0);
		umod_module_unref(mod);
	}
	umod_host_unref(host);	/* unloads whatever is still loaded */
	return err ? 1 : 0;
}
