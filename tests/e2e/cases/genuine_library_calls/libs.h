/* SPDX-License-Identifier: MIT */
/*
 * The functions of Debian's genuine crc7, crc-itu-t, crc16, crc64, cordic
 * and libarc4 modules these tests call, and the published check values
 * they are held to: the CRC catalogue's "123456789" checks (CRC-7/MMC,
 * CRC-16/XMODEM, CRC-16/ARC, CRC-64/ECMA-182), cosine and sine to 16
 * bits, RFC 6229's first ARC4 key stream and the classic "Key" vector.
 */
#include <linux/cordic.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/types.h>
#include <crypto/arc4.h>

/* as 6.1's linux/crc7.h, crc-itu-t.h, crc16.h and crc64.h declare them */
u8 crc7_be(u8 crc, const u8 *buffer, size_t len);
u16 crc_itu_t(u16 crc, const u8 *buffer, size_t len);
u16 crc16(u16 crc, const u8 *buffer, size_t len);
u64 crc64_be(u64 crc, const void *p, size_t len);

struct libs {
	typeof(&crc7_be) crc7_be;
	typeof(&crc_itu_t) crc_itu_t;
	typeof(&crc16) crc16;
	typeof(&crc64_be) crc64_be;
	typeof(&cordic_calc_iq) cordic_calc_iq;
	typeof(&arc4_setkey) arc4_setkey;
	typeof(&arc4_crypt) arc4_crypt;
};

static int check_crcs(const char *how, const struct libs *l)
{
	static const u8 msg[] = "123456789";
	u8 c7 = l->crc7_be(0, msg, 9);
	u16 itu = l->crc_itu_t(0, msg, 9), c16 = l->crc16(0, msg, 9);
	u64 c64 = l->crc64_be(0, msg, 9);
	bool ok = c7 == 0xea && itu == 0x31c3 && c16 == 0xbb3d && c64 == 0x6c40df5f0b497347ULL;

	pr_info("%s: crc7_be %#x crc_itu_t %#x crc16 %#x crc64_be %#llx: %s\n", how, c7,
		itu, c16, c64, ok ? "ok" : "WRONG");
	return ok ? 0 : -EINVAL;
}

static int check_cordic(const char *how, const struct libs *l)
{
	static const struct { s32 theta, cos, sin; } v[] = {
		{ 0, 65536, 0 }, { 30, 56756, 32768 }, { 45, 46341, 46341 },
		{ 60, 32768, 56756 }, { 90, 0, 65536 }, { 135, -46341, 46341 },
		{ 180, -65536, 0 }, { 270, 0, -65536 }, { -45, 46341, -46341 },
	};
	int bad = 0;

	for (int k = 0; k < ARRAY_SIZE(v); k++) {
		struct cordic_iq iq = l->cordic_calc_iq(v[k].theta);

		/* 16 rotations: within 2^-10 of the true value */
		if (abs(iq.i - v[k].cos) > 64 || abs(iq.q - v[k].sin) > 64) {
			pr_info("%s: cordic_calc_iq(%d) = (%d, %d), want (%d, %d)\n", how,
				v[k].theta, iq.i, iq.q, v[k].cos, v[k].sin);
			bad++;
		}
	}
	pr_info("%s: cordic_calc_iq at %zu angles: %s\n", how, ARRAY_SIZE(v),
		bad ? "WRONG" : "ok");
	return bad ? -EINVAL : 0;
}

static int check_arc4(const char *how, const struct libs *l)
{
	static const u8 key[5] = { 1, 2, 3, 4, 5 };
	static const u8 rfc6229[16] = { 0xb2, 0x39, 0x63, 0x05, 0xf0, 0x3d, 0xc0, 0x27,
					0xcc, 0xc3, 0x52, 0x4a, 0x0a, 0x11, 0x18, 0xa8 };
	static const u8 key_pt[9] = { 0xbb, 0xf3, 0x16, 0xe8, 0xd9, 0x40, 0xaf, 0x0a, 0xd3 };
	static struct arc4_ctx ctx;
	u8 buf[16] = { 0 };
	bool ok;

	l->arc4_setkey(&ctx, key, sizeof(key));
	l->arc4_crypt(&ctx, buf, buf, sizeof(buf));
	ok = !memcmp(buf, rfc6229, sizeof(buf));
	l->arc4_setkey(&ctx, (const u8 *)"Key", 3);
	memcpy(buf, "Plaintext", 9);
	l->arc4_crypt(&ctx, buf, buf, 9);
	ok = ok && !memcmp(buf, key_pt, sizeof(key_pt));
	pr_info("%s: arc4 RFC 6229 and \"Key\"/\"Plaintext\": %s\n", how, ok ? "ok" : "WRONG");
	return ok ? 0 : -EINVAL;
}

static int check_libs(const char *how, const struct libs *l)
{
	int err = check_crcs(how, l);

	if (!err)
		err = check_cordic(how, l);
	if (!err)
		err = check_arc4(how, l);
	return err;
}
