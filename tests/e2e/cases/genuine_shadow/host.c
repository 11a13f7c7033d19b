// SPDX-License-Identifier: MIT
/*
 * An application whose own library has a crc7_be (a stand-in that answers
 * 0x42), exported to modules, in a host of Debian's kernel. Arguments:
 * the headers directory, the certificates, then modules to insert in
 * order (-NAME removes NAME).
 */
#include <stdio.h>
#include <string.h>

#include <umod/umod.h>

unsigned char crc7_be(unsigned char crc, const unsigned char *buffer, size_t len);
unsigned char crc7_be(unsigned char crc, const unsigned char *buffer, size_t len)
{
	return 0x42;
}
UMOD_EXPORT_SYMBOL(crc7_be);

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
