// SPDX-License-Identifier: MIT
/*
 * libFuzzer against a genuine module's function: Debian's crc-itu-t.ko,
 * loaded unmodified into a host of its kernel, computes crc_itu_t() of
 * each input, and a reference written here (CRC-16, polynomial 0x1021,
 * most significant bit first) must agree; a difference aborts, which
 * libFuzzer reports with the input. The genuine code is not instrumented,
 * so the search is guided by the reference's coverage and the comparison.
 * GENUINE_HEADERS, GENUINE_CERTS and GENUINE_MODULE name the package's
 * headers, certificate and crc-itu-t.ko.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/umod.h>

static uint16_t (*crc_itu_t)(uint16_t crc, const uint8_t *buffer, size_t len);

static int find(void *data, const char *name, char type, const void *addr)
{
	if (strcmp(name, "crc_itu_t"))
		return 0;
	crc_itu_t = (uint16_t (*)(uint16_t, const uint8_t *, size_t))addr;
	return 1;
}

static int each_module(struct umod_module *mod, void *data)
{
	return umod_module_for_each_symbol(mod, find, NULL);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct umod_host *host;

	if (umod_host_new(&host) ||
	    umod_host_set_abi(host, "debian-6.1", getenv("GENUINE_HEADERS")) ||
	    umod_host_add_keys(host, getenv("GENUINE_CERTS")) < 0 ||
	    umod_module_insert_file(host, getenv("GENUINE_MODULE"), NULL, 0, NULL) ||
	    umod_host_for_each_module(host, each_module, NULL) != 1 ||
	    umod_host_prepare_thread(host)) {
		fprintf(stderr, "cannot load the genuine crc-itu-t.ko\n");
		exit(1);
	}
	return 0;
}

static uint16_t reference(uint16_t crc, const uint8_t *p, size_t len)
{
	while (len--) {
		crc ^= (uint16_t)(*p++ << 8);
		for (int i = 0; i < 8; i++)
			crc = crc & 0x8000 ? (uint16_t)(crc << 1) ^ 0x1021 : (uint16_t)(crc << 1);
	}
	return crc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint16_t seed = size >= 2 ? (uint16_t)(data[0] | data[1] << 8) : 0;

	if (crc_itu_t(seed, data, size) != reference(seed, data, size))
		abort();
	return 0;
}
