// SPDX-License-Identifier: MIT
/*
 * The appended module signature (libkmod/signature.c): the trailer, its lengths,
 * and the PKCS#7 blob handed to OpenSSL. What it reports must fit in the
 * input, and the kmod-style hex of it must be well formed.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "libkmod/libkmod.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct umod_sig_info info;
	int err = umod_signature_info(data, size, &info);
	char *hex;

	fuzz_assert(err == 0 || err == -ENODATA || err == -EBADMSG || err == -ENOMEM);
	if (!err) {
		fuzz_assert(info.id_type && info.hash_algo);
		fuzz_assert(info.sig_len + info.key_id_len + info.signer_len <= size);
		hex = umod_signature_hex(info.sig, info.sig_len);
		fuzz_assert(!hex || strlen(hex) <= info.sig_len * 6 + 1);
		free(hex);
	}
	umod_signature_info_release(&info);
	return 0;
}
