/* SPDX-License-Identifier: MIT */
/*
 * UUIDs (lib/uuid.c): uuid_t is big-endian (RFC 4122, %pU's default),
 * guid_t little-endian in its first three fields (%pUl). Random ones
 * are version 4, variant 1, from get_random_bytes().
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/uuid.h>
#elif !defined(_LINUX_UUID_H)
#define _LINUX_UUID_H

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/types.h>

#define UUID_SIZE 16
#define UUID_STRING_LEN 36

typedef struct {
	__u8 b[UUID_SIZE];
} uuid_t;

typedef struct {
	__u8 b[UUID_SIZE];
} guid_t;

#define UUID_INIT(a, b, c, d0, d1, d2, d3, d4, d5, d6, d7)			\
((uuid_t)								\
{{ ((a) >> 24) & 0xff, ((a) >> 16) & 0xff, ((a) >> 8) & 0xff, (a) & 0xff, \
   ((b) >> 8) & 0xff, (b) & 0xff,					\
   ((c) >> 8) & 0xff, (c) & 0xff,					\
   (d0), (d1), (d2), (d3), (d4), (d5), (d6), (d7) }})

#define GUID_INIT(a, b, c, d0, d1, d2, d3, d4, d5, d6, d7)			\
((guid_t)								\
{{ (a) & 0xff, ((a) >> 8) & 0xff, ((a) >> 16) & 0xff, ((a) >> 24) & 0xff, \
   (b) & 0xff, ((b) >> 8) & 0xff,					\
   (c) & 0xff, ((c) >> 8) & 0xff,					\
   (d0), (d1), (d2), (d3), (d4), (d5), (d6), (d7) }})

#define NULL_UUID_BE	UUID_INIT(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
#define NULL_GUID	GUID_INIT(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

static inline bool uuid_equal(const uuid_t *u1, const uuid_t *u2)
{
	return memcmp(u1, u2, sizeof(uuid_t)) == 0;
}

static inline void uuid_copy(uuid_t *dst, const uuid_t *src)
{
	memcpy(dst, src, sizeof(uuid_t));
}

static inline bool uuid_is_null(const uuid_t *uuid)
{
	return uuid_equal(uuid, &NULL_UUID_BE);
}

static inline bool guid_equal(const guid_t *u1, const guid_t *u2)
{
	return memcmp(u1, u2, sizeof(guid_t)) == 0;
}

static inline void guid_copy(guid_t *dst, const guid_t *src)
{
	memcpy(dst, src, sizeof(guid_t));
}

static inline bool guid_is_null(const guid_t *guid)
{
	return guid_equal(guid, &NULL_GUID);
}

/* version 4 (random), variant 1, in big-endian (uuid) byte order */
static inline void generate_random_uuid(unsigned char uuid[UUID_SIZE])
{
	get_random_bytes(uuid, UUID_SIZE);
	uuid[6] = (uuid[6] & 0x0F) | 0x40;
	uuid[8] = (uuid[8] & 0x3F) | 0x80;
}

/* the same in guid byte order: the version is in byte 7 */
static inline void generate_random_guid(unsigned char guid[UUID_SIZE])
{
	get_random_bytes(guid, UUID_SIZE);
	guid[7] = (guid[7] & 0x0F) | 0x40;
	guid[8] = (guid[8] & 0x3F) | 0x80;
}

static inline void uuid_gen(uuid_t *u)
{
	generate_random_uuid(u->b);
}

static inline void guid_gen(guid_t *g)
{
	generate_random_guid(g->b);
}

/* "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", hex digits of either case */
static inline bool uuid_is_valid(const char *uuid)
{
	for (unsigned int i = 0; i < UUID_STRING_LEN; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (uuid[i] != '-')
				return false;
		} else if (hex_to_bin((unsigned char)uuid[i]) < 0) {
			return false;
		}
	}
	return true;
}

/* the string's bytes in the order @si gives for each of the 16 */
static inline int __uuid_parse(const char *uuid, __u8 b[UUID_SIZE], const __u8 si[UUID_SIZE])
{
	static const __u8 pos[UUID_SIZE] = { 0, 2, 4, 6, 9, 11, 14, 16,
					     19, 21, 24, 26, 28, 30, 32, 34 };

	if (!uuid_is_valid(uuid))
		return -EINVAL;
	for (unsigned int i = 0; i < UUID_SIZE; i++) {
		int hi = hex_to_bin((unsigned char)uuid[pos[i]]);
		int lo = hex_to_bin((unsigned char)uuid[pos[i] + 1]);

		b[si[i]] = (__u8)((hi << 4) | lo);
	}
	return 0;
}

static inline int uuid_parse(const char *uuid, uuid_t *u)
{
	static const __u8 be[UUID_SIZE] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

	return __uuid_parse(uuid, u->b, be);
}

static inline int guid_parse(const char *uuid, guid_t *u)
{
	static const __u8 le[UUID_SIZE] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };

	return __uuid_parse(uuid, u->b, le);
}

#endif /* _LINUX_UUID_H */
