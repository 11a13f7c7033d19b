// SPDX-License-Identifier: MIT
/*
 * kmod's binary index files (modules.dep.bin, modules.alias.bin, ...),
 * which kmod's modprobe reads instead of the text files: a path-compressed
 * trie over 7-bit ASCII keys, each key holding values ordered by priority
 * (ties: the latest added first). The file layout, all integers big-endian:
 *
 *   u32 magic 0xB007F457, u32 version 0x00020001, u32 offset of the root
 *   node: [prefix NUL] [u8 first, u8 last, u32 child[last - first + 1]]
 *         [u32 count, then count times: u32 priority, value NUL]
 *
 * A node's offset carries flags in its top bits for the parts present
 * (prefix 0x80000000, children 0x20000000, values 0x40000000). Nodes are
 * written children first (post-order), so the same keys and values always
 * give the same bytes: kmod's depmod output can be reproduced exactly.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "util/array.h"
#include "libkmod/libkmod.h"

#define INDEX_MAGIC		0xB007F457u
#define INDEX_VERSION		0x00020001u
#define NODE_PREFIX		0x80000000u
#define NODE_VALUES		0x40000000u
#define NODE_CHILDS		0x20000000u

struct ivalue {
	struct ivalue *next;
	unsigned int priority;
	char value[];
};

struct ichild {
	unsigned char ch;
	struct inode *node;
};

struct inode {
	char *prefix;		/* the rest of the edge into this node */
	struct ivalue *values;
	struct ichild *kids;	/* sorted by ch */
	unsigned int n_kids, cap_kids;
};

struct umod_index {
	struct inode *root;
};

static struct inode *node_new(const char *prefix)
{
	struct inode *n = calloc(1, sizeof(*n));

	if (n && !(n->prefix = strdup(prefix))) {
		free(n);
		return NULL;
	}
	return n;
}

static void node_free(struct inode *n)
{
	if (!n)
		return;
	for (unsigned int i = 0; i < n->n_kids; i++)
		node_free(n->kids[i].node);
	while (n->values) {
		struct ivalue *v = n->values;

		n->values = v->next;
		free(v);
	}
	free(n->kids);
	free(n->prefix);
	free(n);
}

int umod_index_new(struct umod_index **ip)
{
	struct umod_index *idx = calloc(1, sizeof(*idx));

	if (!idx || !(idx->root = node_new(""))) {
		free(idx);
		return -ENOMEM;
	}
	*ip = idx;
	return 0;
}

void umod_index_free(struct umod_index *idx)
{
	if (!idx)
		return;
	node_free(idx->root);
	free(idx);
}

static struct inode *child_of(const struct inode *n, unsigned char ch)
{
	for (unsigned int i = 0; i < n->n_kids; i++)
		if (n->kids[i].ch == ch)
			return n->kids[i].node;
	return NULL;
}

static int child_add(struct inode *n, unsigned char ch, struct inode *kid)
{
	unsigned int i = 0;

	if (umod_array_reserve(&n->kids, &n->cap_kids, n->n_kids, sizeof(*n->kids)))
		return -ENOMEM;
	while (i < n->n_kids && n->kids[i].ch < ch)
		i++;
	memmove(&n->kids[i + 1], &n->kids[i], (n->n_kids - i) * sizeof(n->kids[0]));
	n->kids[i] = (struct ichild){ ch, kid };
	n->n_kids++;
	return 0;
}

/*
 * Before the first value of priority >= @priority: ties put the newest
 * first. 1 if the key held the same value already (kept twice, as kmod).
 */
static int value_add(struct inode *n, const char *value, unsigned int priority)
{
	size_t len = strlen(value) + 1;
	struct ivalue **pos = &n->values, *v = malloc(sizeof(*v) + len);
	int dup = 0;

	if (!v)
		return -ENOMEM;
	for (const struct ivalue *o = n->values; o; o = o->next)
		dup |= !strcmp(o->value, value);
	while (*pos && (*pos)->priority < priority)
		pos = &(*pos)->next;
	v->priority = priority;
	memcpy(v->value, value, len);
	v->next = *pos;
	*pos = v;
	return dup;
}

/* @n keeps prefix[0..j); a new child at prefix[j] takes the rest and all @n had */
static int split(struct inode *n, size_t j)
{
	struct inode *tail = node_new(n->prefix + j + 1);
	unsigned char ch = (unsigned char)n->prefix[j];

	if (!tail)
		return -ENOMEM;
	tail->values = n->values;
	tail->kids = n->kids;
	tail->n_kids = n->n_kids;
	tail->cap_kids = n->cap_kids;
	n->values = NULL;
	n->kids = NULL;
	n->n_kids = n->cap_kids = 0;
	n->prefix[j] = '\0';
	return child_add(n, ch, tail);
}

static bool ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 128)
			return false;
	return true;
}

int umod_index_insert(struct umod_index *idx, const char *key, const char *value,
		      unsigned int priority)
{
	struct inode *n = idx->root;
	size_t i = 0;

	if (!ascii(key) || !ascii(value))
		return -EILSEQ;	/* kmod's format has 128 children per node */
	for (;;) {
		size_t j = 0;
		struct inode *kid;
		int err;

		while (n->prefix[j] && n->prefix[j] == key[i + j])
			j++;
		if (n->prefix[j] && (err = split(n, j)))
			return err;
		i += j;
		if (!key[i])
			return value_add(n, value, priority);
		kid = child_of(n, (unsigned char)key[i]);
		if (!kid) {
			kid = node_new(key + i + 1);
			if (!kid || child_add(n, (unsigned char)key[i], kid) < 0) {
				node_free(kid);
				return -ENOMEM;
			}
			return value_add(kid, value, priority);
		}
		n = kid;
		i++;
	}
}

/* ---- writing --------------------------------------------------------------- */

/*
 * The file is built in memory, then written at once: a node's offset is
 * where the buffer ends, where ftell() would cost a system call (an
 * lseek) per node, 60,000 of them for a depmod of Debian's tree.
 */
struct wbuf {
	unsigned char *p;
	size_t len, cap;
	bool oom;
};

static void put(struct wbuf *w, const void *data, size_t n)
{
	if (w->oom)
		return;
	if (w->cap - w->len < n) {
		size_t cap = w->cap ? w->cap : 65536;
		unsigned char *p;

		while (cap - w->len < n)
			cap *= 2;
		p = realloc(w->p, cap);
		if (!p) {
			w->oom = true;
			return;
		}
		w->p = p;
		w->cap = cap;
	}
	memcpy(w->p + w->len, data, n);
	w->len += n;
}

static void put_u8(struct wbuf *w, unsigned int c)
{
	unsigned char b = (unsigned char)c;

	put(w, &b, 1);
}

static void put_u32(struct wbuf *w, uint32_t v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };

	put(w, b, 4);
}

/* a string with its NUL */
static void put_str(struct wbuf *w, const char *s)
{
	put(w, s, strlen(s) + 1);
}

/* depth is bounded by the key length; 512 bytes of offsets per level */
static uint32_t write_node(const struct inode *n, struct wbuf *out)
{
	uint32_t offs[128] = { 0 }, off;
	unsigned int first = 0, count = 0;

	if (n->n_kids) {
		first = n->kids[0].ch;
		count = n->kids[n->n_kids - 1].ch - first + 1u;
		for (unsigned int i = 0; i < n->n_kids; i++)
			offs[n->kids[i].ch - first] = write_node(n->kids[i].node, out);
	}
	off = (uint32_t)out->len;
	if (n->prefix[0]) {
		put_str(out, n->prefix);
		off |= NODE_PREFIX;
	}
	if (count) {
		put_u8(out, first);
		put_u8(out, first + count - 1);
		for (unsigned int i = 0; i < count; i++)
			put_u32(out, offs[i]);
		off |= NODE_CHILDS;
	}
	if (n->values) {
		uint32_t nv = 0;

		for (const struct ivalue *v = n->values; v; v = v->next)
			nv++;
		put_u32(out, nv);
		for (const struct ivalue *v = n->values; v; v = v->next) {
			put_u32(out, v->priority);
			put_str(out, v->value);
		}
		off |= NODE_VALUES;
	}
	return off;
}

int umod_index_write(const struct umod_index *idx, FILE *out)
{
	struct wbuf w = { 0 };
	uint32_t root;
	int err = 0;

	put_u32(&w, INDEX_MAGIC);
	put_u32(&w, INDEX_VERSION);
	put_u32(&w, 0);		/* the root's offset, known last */
	root = write_node(idx->root, &w);
	if (w.oom) {
		err = -ENOMEM;
	} else {
		w.p[8] = (unsigned char)(root >> 24);
		w.p[9] = (unsigned char)(root >> 16);
		w.p[10] = (unsigned char)(root >> 8);
		w.p[11] = (unsigned char)root;
		if (fwrite(w.p, 1, w.len, out) != w.len || ferror(out))
			err = -EIO;
	}
	free(w.p);
	return err;
}

/* ---- reading: exact lookups, as kmod's index_search() ------------------------ */

static bool get_u32(const unsigned char *buf, size_t len, size_t off, uint32_t *v)
{
	if (off > len || len - off < 4)
		return false;
	*v = (uint32_t)buf[off] << 24 | (uint32_t)buf[off + 1] << 16 |
	     (uint32_t)buf[off + 2] << 8 | buf[off + 3];
	return true;
}

/* a NUL-terminated string at @off inside the buffer, or NULL */
static const char *get_str(const unsigned char *buf, size_t len, size_t off)
{
	if (off >= len || !memchr(buf + off, '\0', len - off))
		return NULL;
	return (const char *)buf + off;
}

/*
 * Follows @key from node @node; every offset is checked against the file,
 * and the walk is bounded by the key's length (a child always consumes a
 * character), so a corrupt file cannot loop. Returns the node's first
 * value, or NULL.
 */
static const char *search(const unsigned char *buf, size_t len, uint32_t node, const char *key)
{
	for (;;) {
		size_t off = node & 0x0FFFFFFFu;
		uint32_t child = 0, count;

		if (node & NODE_PREFIX) {
			const char *prefix = get_str(buf, len, off);
			size_t plen;

			if (!prefix)
				return NULL;
			plen = strlen(prefix);
			if (strncmp(prefix, key, plen))
				return NULL;
			key += plen;
			off += plen + 1;
		}
		if (node & NODE_CHILDS) {
			unsigned char first, last;

			if (off + 2 > len)
				return NULL;
			first = buf[off];
			last = buf[off + 1];
			if (*key && (unsigned char)*key >= first && (unsigned char)*key <= last &&
			    !get_u32(buf, len, off + 2 + 4u * ((unsigned char)*key - first), &child))
				return NULL;
			off += 2 + 4u * (last >= first ? last - first + 1u : 0);
		}
		if (!*key) {
			if (!(node & NODE_VALUES) || !get_u32(buf, len, off, &count) || !count)
				return NULL;
			return get_str(buf, len, off + 8);
		}
		/* written children first: a child lies before its parent */
		if (!child || (child & 0x0FFFFFFFu) >= (node & 0x0FFFFFFFu))
			return NULL;
		node = child;
		key++;
	}
}

bool umod_index_valid(const void *image, size_t len)
{
	uint32_t magic, version, root;

	return get_u32(image, len, 0, &magic) && magic == INDEX_MAGIC &&
	       get_u32(image, len, 4, &version) && version >> 16 == INDEX_VERSION >> 16 &&
	       get_u32(image, len, 8, &root);
}

const char *umod_index_lookup(const void *image, size_t len, const char *key)
{
	uint32_t root;

	if (!umod_index_valid(image, len) || !get_u32(image, len, 8, &root))
		return NULL;
	return search(image, len, root, key);
}

/* ---- reading: wildcard search, as kmod's index_searchwild() ------------------- */

/*
 * The keys of a modules.alias.bin are patterns; a search walks the trie
 * along the name and, at every '*', '?' or '[' met on the way (in a prefix
 * or as a child), enumerates the whole subtree, testing each key with
 * fnmatch(). Like kmod's, the walk can meet one key twice (through a
 * wildcard child and along the name itself, when the name has that
 * character): both matches count.
 */
struct node_view {
	const char *prefix;	/* "" if none */
	unsigned int first, last;	/* last < first: no children */
	size_t kids;		/* offset of the child table */
	size_t values;		/* offset of the value count, 0 if none */
};

struct wild {
	const unsigned char *buf;
	size_t len;
	char key[1024];		/* the key built so far */
	size_t klen;
	struct umod_index_hit *hits;
	unsigned int n, cap;
	int err;
};

static bool read_node(const unsigned char *buf, size_t len, uint32_t node, struct node_view *v)
{
	size_t off = node & 0x0FFFFFFFu;

	memset(v, 0, sizeof(*v));
	v->prefix = "";
	v->first = 1;
	if (node & NODE_PREFIX) {
		if (!(v->prefix = get_str(buf, len, off)))
			return false;
		off += strlen(v->prefix) + 1;
	}
	if (node & NODE_CHILDS) {
		if (off + 2 > len)
			return false;
		v->first = buf[off];
		v->last = buf[off + 1];
		v->kids = off + 2;
		if (v->last >= v->first)
			off += 2 + 4u * (v->last - v->first + 1u);
		else
			off += 2;
		if (off > len)
			return false;
	}
	if (node & NODE_VALUES)
		v->values = off;
	return true;
}

static uint32_t kid_of(const struct wild *w, uint32_t node, const struct node_view *v,
		       unsigned int ch)
{
	uint32_t child = 0;

	if (ch < v->first || ch > v->last || !get_u32(w->buf, w->len, v->kids + 4u * (ch - v->first), &child))
		return 0;
	return (child & 0x0FFFFFFFu) < (node & 0x0FFFFFFFu) ? child : 0;
}

/* kmod's add_value(): sorted by priority, a tie before the earlier ones */
static void hit_add(struct wild *w, const char *value, uint32_t priority)
{
	unsigned int i = 0;

	if (umod_array_reserve(&w->hits, &w->cap, w->n, sizeof(*w->hits))) {
		w->err = -ENOMEM;
		return;
	}
	while (i < w->n && w->hits[i].priority < priority)
		i++;
	memmove(&w->hits[i + 1], &w->hits[i], (w->n - i) * sizeof(w->hits[0]));
	w->hits[i] = (struct umod_index_hit){ value, priority };
	w->n++;
}

static void all_values(struct wild *w, const struct node_view *v)
{
	uint32_t count = 0, prio;
	size_t off = v->values + 4;

	if (!get_u32(w->buf, w->len, v->values, &count))
		return;
	for (uint32_t i = 0; i < count && !w->err; i++) {
		const char *s;

		if (!get_u32(w->buf, w->len, off, &prio) || !(s = get_str(w->buf, w->len, off + 4)))
			return;
		hit_add(w, s, prio);
		off += 4 + strlen(s) + 1;
	}
}

static bool key_push(struct wild *w, const char *s, size_t n)
{
	if (w->klen + n >= sizeof(w->key))
		return false;
	memcpy(w->key + w->klen, s, n);
	w->klen += n;
	w->key[w->klen] = '\0';
	return true;
}

static void key_pop(struct wild *w, size_t n)
{
	w->klen -= n;
	w->key[w->klen] = '\0';
}

/* every key under @node (its prefix from @j on), tested against @name */
static void wild_all(struct wild *w, uint32_t node, size_t j, const char *name)
{
	struct node_view v;
	size_t n;

	if (w->err || !read_node(w->buf, w->len, node, &v) || j > strlen(v.prefix))
		return;
	n = strlen(v.prefix + j);
	if (!key_push(w, v.prefix + j, n))
		return;
	for (unsigned int ch = v.first; ch <= v.last && !w->err; ch++) {
		uint32_t kid = kid_of(w, node, &v, ch);
		char c = (char)ch;

		if (kid && key_push(w, &c, 1)) {
			wild_all(w, kid, 0, name);
			key_pop(w, 1);
		}
	}
	if (v.values && fnmatch(w->key, name, 0) == 0)
		all_values(w, &v);
	key_pop(w, n);
}

static void wild_node(struct wild *w, uint32_t node, const char *name)
{
	static const char wildcards[] = "*?[";

	while (node && !w->err) {
		struct node_view v;
		size_t j;

		if (!read_node(w->buf, w->len, node, &v))
			return;
		for (j = 0; v.prefix[j]; j++) {
			if (strchr(wildcards, v.prefix[j])) {
				wild_all(w, node, j, name + j);
				return;
			}
			if (v.prefix[j] != name[j])
				return;
		}
		name += j;
		for (const char *c = wildcards; *c; c++) {
			uint32_t kid = kid_of(w, node, &v, (unsigned char)*c);

			if (kid && key_push(w, c, 1)) {
				wild_all(w, kid, 0, name);
				key_pop(w, 1);
			}
		}
		if (!*name) {
			if (v.values)
				all_values(w, &v);
			return;
		}
		node = kid_of(w, node, &v, (unsigned char)*name);
		name++;
	}
}

int umod_index_searchwild(const void *image, size_t len, const char *name,
			  struct umod_index_hit **hitsp, unsigned int *np)
{
	struct wild w = { .buf = image, .len = len };
	uint32_t root;

	*hitsp = NULL;
	*np = 0;
	if (!umod_index_valid(image, len) || !get_u32(image, len, 8, &root))
		return 0;
	wild_node(&w, root, name);
	if (w.err) {
		free(w.hits);
		return w.err;
	}
	*hitsp = w.hits;
	*np = w.n;
	return 0;
}

/* ---- dump: modprobe -c ------------------------------------------------------- */

/* a node's values in file order, each as "KEY VALUE\n" */
static void dump_values(const struct wild *w, const struct node_view *v, FILE *out)
{
	uint32_t count = 0, prio;
	size_t off = v->values + 4;

	if (!get_u32(w->buf, w->len, v->values, &count))
		return;
	for (uint32_t i = 0; i < count; i++) {
		const char *s;

		if (!get_u32(w->buf, w->len, off, &prio) || !(s = get_str(w->buf, w->len, off + 4)))
			return;
		fprintf(out, "%s %s\n", w->key, s);
		off += 4 + strlen(s) + 1;
	}
}

/* pre-order, children by character: kmod's index_dump_node() */
static void dump_node(struct wild *w, uint32_t node, FILE *out)
{
	struct node_view v;
	size_t n;

	if (!read_node(w->buf, w->len, node, &v))
		return;
	n = strlen(v.prefix);
	if (!key_push(w, v.prefix, n))
		return;
	if (v.values)
		dump_values(w, &v, out);
	for (unsigned int ch = v.first; ch <= v.last; ch++) {
		uint32_t kid = kid_of(w, node, &v, ch);
		char c = (char)ch;

		if (kid && key_push(w, &c, 1)) {
			dump_node(w, kid, out);
			key_pop(w, 1);
		}
	}
	key_pop(w, n);
}

void umod_index_dump(const void *image, size_t len, const char *prefix, FILE *out)
{
	struct wild w = { .buf = image, .len = len };
	uint32_t root;

	if (!umod_index_valid(image, len) || !get_u32(image, len, 8, &root) ||
	    !key_push(&w, prefix, strlen(prefix)))
		return;
	dump_node(&w, root, out);
}
