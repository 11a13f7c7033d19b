/* SPDX-License-Identifier: MIT */
/*
 * The host's side of the kernel's pure library (lib/ other than
 * vsprintf.h's): what the exports call, for host code and unit tests.
 * The structures are the modules' own (include/umod/kabi/).
 */
#ifndef _UMOD_LIB_KLIB_H
#define _UMOD_LIB_KLIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <umod/kabi/idr.h>
#include <umod/kabi/rbtree.h>

/* lib/ctype.c */
extern const unsigned char umod_ctype[256];

/* lib/hexdump.c */
extern const char umod_hex_asc[];
extern const char umod_hex_asc_upper[];
int umod_hex_to_bin(unsigned char ch);
int umod_hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
			    char *linebuf, size_t linebuflen, bool ascii);

/* lib/string.c */
ssize_t umod_strscpy(char *dest, const char *src, size_t count);

/* lib/string_helpers.c */
char *umod_skip_spaces(const char *str);
char *umod_strim(char *s);
bool umod_sysfs_streq(const char *s1, const char *s2);
int umod_match_string(const char *const *array, size_t n, const char *string);
int umod_sysfs_match_string(const char *const *array, size_t n, const char *s);

/* lib/sort.c, lib/list_sort.c */
void umod_sort(void *base, size_t num, size_t size, int (*cmp)(const void *, const void *),
	       void (*swap)(void *, void *, int));
void umod_sort_r(void *base, size_t num, size_t size,
		 int (*cmp)(const void *, const void *, const void *),
		 void (*swap)(void *, void *, int), const void *priv);
struct lnode;
void umod_list_sort(void *priv, struct lnode *head,
		    int (*cmp)(void *, const struct lnode *, const struct lnode *));

/* lib/rbtree.c */
void umod_rb_insert_color(struct rb_node *node, struct rb_root *root);
void umod_rb_erase(struct rb_node *node, struct rb_root *root);
struct rb_node *umod_rb_next(const struct rb_node *node);
struct rb_node *umod_rb_prev(const struct rb_node *node);
struct rb_node *umod_rb_first(const struct rb_root *root);
struct rb_node *umod_rb_last(const struct rb_root *root);
struct rb_node *umod_rb_first_postorder(const struct rb_root *root);
struct rb_node *umod_rb_next_postorder(const struct rb_node *node);
void umod_rb_replace_node(struct rb_node *victim, struct rb_node *new, struct rb_root *root);

/* lib/idr.c */
int umod_idr_alloc(struct idr *idr, void *ptr, int start, int end, unsigned int gfp);
int umod_idr_alloc_u32(struct idr *idr, void *ptr, uint32_t *nextid, unsigned long max,
		       unsigned int gfp);
int umod_idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, unsigned int gfp);
void *umod_idr_find(const struct idr *idr, unsigned long id);
void *umod_idr_remove(struct idr *idr, unsigned long id);
void *umod_idr_get_next_ul(struct idr *idr, unsigned long *nextid);
void *umod_idr_get_next(struct idr *idr, int *nextid);
void umod_idr_destroy(struct idr *idr);
int umod_ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, unsigned int gfp);
void umod_ida_free(struct ida *ida, unsigned int id);

/* lib/random.c */
void umod_get_random_bytes(void *buf, size_t len);
uint32_t umod_get_random_u32_below(uint32_t ceil);

/* lib/math/gcd.c */
unsigned long umod_gcd(unsigned long a, unsigned long b);

/* lib/crc32.c: __crc32c_le() */
uint32_t umod_crc32c_le(uint32_t crc, const void *p, size_t len);

/* lib/crc64.c: crc64_rocksoft_generic() */
uint64_t umod_crc64_rocksoft_generic(uint64_t crc, const void *p, size_t len);

/* lib/siphash.c: SipHash-2-4 (%p's hash too) */
uint64_t umod_siphash(const void *data, size_t len, const uint64_t key[2]);
uint64_t umod_siphash_1u64(uint64_t word, const uint64_t key[2]);

#endif /* _UMOD_LIB_KLIB_H */
