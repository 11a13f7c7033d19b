// SPDX-License-Identifier: MIT
/*
 * Hex dumps as lib/hexdump.c prints them: hex_dump_to_buffer() builds one
 * row ("00 01 02 ...  ..."), print_hex_dump() prints the rows with their
 * prefix (none, the hashed %p address, or the offset), and the hex helpers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "lib/klib.h"
#include "lib/vsprintf.h"

const char umod_hex_asc[] = "0123456789abcdef";
const char umod_hex_asc_upper[] = "0123456789ABCDEF";

int umod_hex_to_bin(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	ch |= 0x20;
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	return -1;
}

/* @count bytes from 2 * @count hex digits; -EINVAL at the first bad digit */
static int kapi_hex2bin(uint8_t *dst, const char *src, size_t count)
{
	while (count--) {
		int hi = umod_hex_to_bin((unsigned char)*src++);
		int lo;

		if (hi < 0)
			return -EINVAL;
		lo = umod_hex_to_bin((unsigned char)*src++);
		if (lo < 0)
			return -EINVAL;
		*dst++ = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

static char *kapi_bin2hex(char *dst, const void *src, size_t count)
{
	const uint8_t *p = src;

	while (count--) {
		*dst++ = umod_hex_asc[*p >> 4];
		*dst++ = umod_hex_asc[*p++ & 15];
	}
	return dst;
}

/* printable ASCII, as the kernel's isascii() && isprint() */
static bool printable(uint8_t c)
{
	return c >= 0x20 && c < 0x7f;
}

static uint64_t load_le(const uint8_t *p, int size)
{
	uint64_t v = 0;

	for (int i = size - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/*
 * Groups are read in the CPU's order (little-endian here); a @len that is
 * not a multiple of @groupsize, or a bad @groupsize, falls back to bytes.
 * The ASCII column starts at rowsize * 2 + rowsize / groupsize + 1.
 * Returns the length the whole line needs (as snprintf()).
 */
int umod_hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
			    char *linebuf, size_t linebuflen, bool ascii)
{
	const uint8_t *p = buf;
	size_t lx = 0, ngroups, ascii_column;
	char tmp[400];

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	if (len > (size_t)rowsize)
		len = (size_t)rowsize;
	if (groupsize != 1 && groupsize != 2 && groupsize != 4 && groupsize != 8)
		groupsize = 1;
	if (len % (size_t)groupsize)
		groupsize = 1;
	ngroups = len / (size_t)groupsize;
	ascii_column = (size_t)rowsize * 2 + (size_t)(rowsize / groupsize) + 1;

	for (size_t j = 0; j < ngroups; j++) {
		uint64_t v = load_le(p + j * (size_t)groupsize, groupsize);

		if (j)
			tmp[lx++] = ' ';
		for (int d = groupsize * 2 - 1; d >= 0; d--)
			tmp[lx++] = umod_hex_asc[(v >> (4 * d)) & 15];
	}
	if (ascii && len) {
		while (lx < ascii_column)
			tmp[lx++] = ' ';
		for (size_t j = 0; j < len; j++)
			tmp[lx++] = printable(p[j]) ? (char)p[j] : '.';
	}
	if (linebuflen) {
		size_t n = lx < linebuflen - 1 ? lx : linebuflen - 1;

		memcpy(linebuf, tmp, n);
		linebuf[n] = '\0';
	}
	return (int)lx;
}

static void kapi_print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
				int rowsize, int groupsize, const void *buf, size_t len, bool ascii)
{
	struct umod_log *log = umod_module_log(UMOD_CALLER());
	const uint8_t *p = buf;
	char line[32 * 3 + 2 + 32 + 1], msg[256];

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	for (size_t i = 0; i < len; i += (size_t)rowsize) {
		size_t linelen = len - i < (size_t)rowsize ? len - i : (size_t)rowsize;

		umod_hex_dump_to_buffer(p + i, linelen, rowsize, groupsize, line, sizeof(line),
					ascii);
		if (prefix_type == 1)		/* DUMP_PREFIX_ADDRESS: %p, hashed */
			umod_snprintf(msg, sizeof(msg), "%s%s%p: %s\n", level, prefix_str,
				      (const void *)(p + i), line);
		else if (prefix_type == 2)	/* DUMP_PREFIX_OFFSET */
			umod_snprintf(msg, sizeof(msg), "%s%s%.8zx: %s\n", level, prefix_str,
				      i, line);
		else
			umod_snprintf(msg, sizeof(msg), "%s%s%s\n", level, prefix_str, line);
		umod_log_printk(log, "%s", msg);
	}
}

static int kapi_hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
				   char *linebuf, size_t linebuflen, bool ascii)
{
	return umod_hex_dump_to_buffer(buf, len, rowsize, groupsize, linebuf, linebuflen, ascii);
}

static const struct umod_kapi_export hexdump_exports[] = {
	UMOD_KAPI("hex_asc", umod_hex_asc),
	UMOD_KAPI("hex_asc_upper", umod_hex_asc_upper),
	UMOD_KAPI("hex_to_bin", umod_hex_to_bin),
	UMOD_KAPI("hex2bin", kapi_hex2bin),
	UMOD_KAPI("bin2hex", kapi_bin2hex),
	UMOD_KAPI("hex_dump_to_buffer", kapi_hex_dump_to_buffer),
	UMOD_KAPI("print_hex_dump", kapi_print_hex_dump),
};

const struct umod_kapi_table umod_kapi_hexdump = UMOD_KAPI_TABLE(hexdump_exports);
