/* SPDX-License-Identifier: MIT */
/*
 * RFC 7748's X25519 test (section 6.1): Alice's public key is her private
 * key times the base point, computed by Debian's libcurve25519-generic,
 * whose code checks its stack canary at %gs:40.
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/types.h>

/* as 6.1's crypto/curve25519.h declares them */
#define CURVE25519_KEY_SIZE 32
extern const u8 curve25519_base_point[CURVE25519_KEY_SIZE];
void curve25519_generic(u8 out[CURVE25519_KEY_SIZE], const u8 scalar[CURVE25519_KEY_SIZE],
			const u8 point[CURVE25519_KEY_SIZE]);

static int __init x25519_init(void)
{
	static const u8 alice_private[CURVE25519_KEY_SIZE] = {
		0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72,
		0x51, 0xb2, 0x66, 0x45, 0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a,
		0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a,
	};
	static const u8 alice_public[CURVE25519_KEY_SIZE] = {
		0x85, 0x20, 0xf0, 0x09, 0x89, 0x30, 0xa7, 0x54, 0x74, 0x8b, 0x7d, 0xdc,
		0xb4, 0x3e, 0xf7, 0x5a, 0x0d, 0xbf, 0x3a, 0x0d, 0x26, 0x38, 0x1a, 0xf4,
		0xeb, 0xa4, 0xa9, 0x8e, 0xaa, 0x9b, 0x4e, 0x6a,
	};
	u8 out[CURVE25519_KEY_SIZE];
	bool ok;

	curve25519_generic(out, alice_private, curve25519_base_point);
	ok = !memcmp(out, alice_public, sizeof(out));
	pr_info("X25519 of RFC 7748's Alice: %*phN: %s\n", 8, out, ok ? "ok" : "WRONG");
	return ok ? 0 : -EINVAL;
}

static void __exit x25519_exit(void)
{
}

module_init(x25519_init);
module_exit(x25519_exit);
MODULE_LICENSE("GPL");
