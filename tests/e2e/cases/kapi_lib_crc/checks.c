// SPDX-License-Identifier: GPL-2.0
/*
 * The CRC library and SipHash from a Linux 6.1 module, each given the
 * usual check input "123456789": the values are the published check
 * values of the catalogue CRC each function (with its init and final
 * xor) computes, and SipHash-2-4's reference vectors for key 00..0f.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/crc-ccitt.h>
#include <linux/crc-itu-t.h>
#include <linux/crc16.h>
#include <linux/crc32.h>
#include <linux/crc32c.h>
#include <linux/crc64.h>
#include <linux/crc7.h>
#include <linux/crc8.h>
#include <linux/module.h>
#include <linux/siphash.h>

static const u8 check[] = "123456789";
DECLARE_CRC8_TABLE(smbus);
DECLARE_CRC8_TABLE(maxim);

static int __init checks_init(void)
{
	const siphash_key_t key = { { 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL } };
	u8 in[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	u32 crc;

	pr_info("CRC-32/ISO-HDLC %08x\n", ~crc32_le(~0, check, 9));
	pr_info("CRC-32/BZIP2 %08x\n", ~crc32_be(~0, check, 9));
	pr_info("CRC-32/JAMCRC %08x\n", crc32(~0, check, 9));
	pr_info("CRC-32C %08x %08x\n", ~crc32c(~0, check, 9), ~__crc32c_le(~0, check, 9));
	/* in two pieces: the running value carries over */
	crc = crc32_le(~0, check, 4);
	pr_info("CRC-32 in pieces %08x, combined %08x\n", ~crc32_le(crc, check + 4, 5),
		~crc32_le_combine(crc32_le(~0, check, 4), crc32_le(0, check + 4, 5), 5));
	pr_info("CRC-16/ARC %04x\n", crc16(0, check, 9));
	pr_info("CRC-16/KERMIT %04x\n", crc_ccitt(0, check, 9));
	pr_info("CRC-16/IBM-SDLC %04x\n", (u16)~crc_ccitt(0xffff, check, 9));
	pr_info("CRC-16/XMODEM %04x\n", crc_itu_t(0, check, 9));
	pr_info("CRC-7/MMC %02x\n", crc7_be(0, check, 9) >> 1);
	crc8_populate_msb(smbus, 0x07);
	crc8_populate_lsb(maxim, 0x8c);	/* 0x31 reflected */
	pr_info("CRC-8/SMBUS %02x\n", crc8(smbus, check, 9, 0));
	pr_info("CRC-8/MAXIM-DOW %02x\n", crc8(maxim, check, 9, 0));
	pr_info("CRC-64/ECMA-182 %016llx\n", crc64_be(0, check, 9));
	pr_info("CRC-64/NVME %016llx\n", crc64_rocksoft(check, 9));

	pr_info("siphash(0 bytes) %016llx\n", siphash(in, 0, &key));
	pr_info("siphash(8 bytes) %016llx\n", siphash(in, 8, &key));
	pr_info("siphash_1u64 same %d\n",
		siphash_1u64(0x0706050403020100ULL, &key) == siphash(in, 8, &key));
	return 0;
}

static void __exit checks_exit(void)
{
}

module_init(checks_init);
module_exit(checks_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("CRC and SipHash check values from module code");
