// SPDX-License-Identifier: MIT
/*
 * An application whose own library has a cordic_calc_iq (a stand-in that
 * answers (66, 66) at any angle), exported to modules, in a host of
 * Debian's kernel. Arguments: the headers directory, the certificates,
 * then modules to insert in order (-NAME removes NAME).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <umod/umod.h>

/* as 6.1's linux/cordic.h has them */
struct cordic_iq {
	int32_t i;
	int32_t q;
};

struct cordic_iq cordic_calc_iq(int32_t theta);
struct cordic_iq cordic_calc_iq(int32_t theta)
{
	return (struct cordic_iq){ .i = 66, .q = 66 };
}
UMOD_EXPORT_SYMBOL(cordic_calc_iq);

static void print_line(void *data, uint64_t seq, int level, uint64_t ts,
		       const char *text, size_t len)
{
	printf("%s\n", text);
}

int main(int argc, char *argv[])
{
	struct umod_host *host;

	if (argc < 3 || umod_host_new(&host) < 0)
		return 1;
	umod_host_set_log_fn(host, print_line, NULL);
	if (umod_host_set_abi(host, "debian-6.1", argv[1]) < 0 ||
	    umod_host_add_keys(host, argv[2]) < 0)
		return 1;
	for (int i = 3; i < argc; i++) {
		int err;

		if (argv[i][0] == '-') {
			err = umod_module_remove(host, argv[i] + 1, 0);
			printf("remove %s: %d\n", argv[i] + 1, err);
			continue;
		}
		err = umod_module_insert_file(host, argv[i], NULL, 0, NULL);
		printf("insert %s: %d\n", strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i],
		       err);
	}
	umod_host_unref(host);
	return 0;
}
