/* SPDX-License-Identifier: MIT */
/*
 * ARC4, the RC4 stream cipher (6.1's lib/crypto/arc4.c, module libarc4),
 * kept for the protocols that still require it. umod's host has none of
 * its own: a module calling these links against a genuine kernel's
 * libarc4.ko (Documentation/admin-guide/genuine-modules.rst).
 */
#ifndef _CRYPTO_ARC4_H
#define _CRYPTO_ARC4_H

#include <linux/types.h>

#define ARC4_MIN_KEY_SIZE	1
#define ARC4_MAX_KEY_SIZE	256
#define ARC4_BLOCK_SIZE		1

struct arc4_ctx {
	u32 S[256];
	u32 x, y;
};

/* 0; @key_len is ARC4_MIN_KEY_SIZE to ARC4_MAX_KEY_SIZE bytes */
int arc4_setkey(struct arc4_ctx *ctx, const u8 *in_key, unsigned int key_len);
/* @len bytes of @in XORed with the key stream into @out (in place is fine) */
void arc4_crypt(struct arc4_ctx *ctx, u8 *out, const u8 *in, unsigned int len);

#endif /* _CRYPTO_ARC4_H */
