// SPDX-License-Identifier: MIT
/*
 * The of_* API (Linux 6.1's drivers/of/base.c and property.c): finding
 * nodes by path, name, compatible and phandle, walking children, reading
 * properties (big-endian cells, strings, string lists) with 6.1's errnos,
 * and phandle lists with their #cells. A node belongs to its host's tree,
 * which lives as long as the host: of_node_get() and of_node_put() keep
 * the count modules expect and never free.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "drivers/of/of_private.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/kapi.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

struct host_tree {
	struct umod_host *host;
	struct umod_of_tree *tree;
	struct host_tree *next;
};

static struct host_tree *registry;

struct umod_of_tree *umod_of_tree(struct umod_host *host)
{
	struct umod_of_tree *tree = NULL;

	pthread_mutex_lock(&registry_lock);
	for (struct host_tree *h = registry; h; h = h->next)
		if (h->host == host)
			tree = h->tree;
	pthread_mutex_unlock(&registry_lock);
	return tree;
}

int umod_of_set_tree(struct umod_host *host, struct umod_of_tree *tree)
{
	struct host_tree *h = calloc(1, sizeof(*h));

	if (!h)
		return -ENOMEM;
	h->host = host;
	h->tree = tree;
	pthread_mutex_lock(&registry_lock);
	h->next = registry;
	registry = h;
	pthread_mutex_unlock(&registry_lock);
	return 0;
}

void umod_of_host_gone(struct umod_host *host)
{
	struct host_tree **p, *h = NULL;

	pthread_mutex_lock(&registry_lock);
	for (p = &registry; *p; p = &(*p)->next)
		if ((*p)->host == host) {
			h = *p;
			*p = h->next;
			break;
		}
	pthread_mutex_unlock(&registry_lock);
	if (h) {
		umod_of_tree_free(h->tree);
		free(h);
	}
}

struct umod_of_tree *umod_of_caller_tree(void)
{
	struct umod_host *host = umod_caller_host();

	return host ? umod_of_tree(host) : NULL;
}

static uint32_t be32(const void *p)
{
	const unsigned char *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* ---- properties ---------------------------------------------------------------- */

struct property *umod_of_find_property(const struct device_node *np, const char *name,
				       int *lenp)
{
	struct property *pp = NULL;

	if (np && name)
		for (pp = np->properties; pp && strcmp(pp->name, name); pp = pp->next)
			;
	if (lenp)
		*lenp = pp ? pp->length : 0;
	return pp;
}

const void *umod_of_get_property(const struct device_node *np, const char *name, int *lenp)
{
	struct property *pp = umod_of_find_property(np, name, lenp);

	return pp ? pp->value : NULL;
}

/* of_find_property_value_of_size(): -EINVAL none, -ENODATA empty, -EOVERFLOW size out of range */
static const void *value_of_size(const struct device_node *np, const char *name, size_t min,
				 size_t max, size_t *len, int *err)
{
	struct property *pp = umod_of_find_property(np, name, NULL);

	*err = !pp ? -EINVAL : !pp->value ? -ENODATA : 0;
	if (*err)
		return NULL;
	if ((size_t)pp->length < min || (max && (size_t)pp->length > max)) {
		*err = -EOVERFLOW;
		return NULL;
	}
	if (len)
		*len = (size_t)pp->length;
	return pp->value;
}

int umod_of_property_read_u32(const struct device_node *np, const char *name,
			      unsigned int index, uint32_t *out)
{
	const unsigned char *v;
	int err;

	v = value_of_size(np, name, ((size_t)index + 1) * 4, 0, NULL, &err);
	if (!v)
		return err;
	*out = be32(v + index * 4);
	return 0;
}

/* the @index'th string of a string list, or -ENODATA/-EILSEQ */
static int string_at(const struct property *pp, int index, const char **out)
{
	const char *p = pp->value, *end = p + pp->length;

	if (!pp->value || !pp->length)
		return -ENODATA;
	for (int i = 0; p < end; i++) {
		size_t n = strnlen(p, (size_t)(end - p));

		if (p + n >= end)
			return -EILSEQ;
		if (i == index) {
			*out = p;
			return 0;
		}
		p += n + 1;
	}
	return -ENODATA;
}

bool umod_of_device_is_available(const struct device_node *np)
{
	int len;
	const char *status = umod_of_get_property(np, "status", &len);

	if (!np)
		return false;
	if (!status)
		return true;
	return len > 0 && (!strcmp(status, "okay") || !strcmp(status, "ok"));
}

/* __of_device_is_compatible()'s score: earlier compatible strings weigh more */
int umod_of_device_is_compatible(const struct device_node *np, const char *compat)
{
	struct property *pp = umod_of_find_property(np, "compatible", NULL);
	const char *s;

	if (!pp || !compat || !*compat)
		return 0;
	for (int i = 0; !string_at(pp, i, &s); i++)
		if (!strcasecmp(s, compat))
			return 0x40000000 - (i << 16);	/* INT_MAX/2 - (index << 16), as 6.1 */
	return 0;
}

unsigned int umod_of_n_addr_cells(const struct device_node *np)
{
	uint32_t cells;

	for (np = np->parent; np; np = np->parent)
		if (!umod_of_property_read_u32(np, "#address-cells", 0, &cells))
			return cells;
	return 1;	/* OF_ROOT_NODE_ADDR_CELLS_DEFAULT */
}

unsigned int umod_of_n_size_cells(const struct device_node *np)
{
	uint32_t cells;

	for (np = np->parent; np; np = np->parent)
		if (!umod_of_property_read_u32(np, "#size-cells", 0, &cells))
			return cells;
	return 1;	/* OF_ROOT_NODE_SIZE_CELLS_DEFAULT */
}

struct device_node *umod_of_find_node_by_phandle(struct umod_of_tree *tree, unsigned int ph)
{
	for (size_t i = 0; tree && ph && i < tree->nr_nodes; i++)
		if (tree->nodes[i]->phandle == ph)
			return tree->nodes[i];
	return NULL;
}

/*
 * __of_parse_phandle_with_args(): entry @index of the list property
 * (phandle, then as many cells as the target's @cells_name says; a 0
 * phandle is an empty entry). -ENOENT when the list ends before it or
 * the entry is empty, -EINVAL when malformed.
 */
int umod_of_parse_phandle_with_args(struct umod_of_tree *tree, const struct device_node *np,
				    const char *list_name, const char *cells_name, int index,
				    struct of_phandle_args *out)
{
	int len;
	const unsigned char *list = umod_of_get_property(np, list_name, &len);
	size_t words = list ? (size_t)len / 4 : 0, i = 0;

	if (!list)
		return -ENOENT;
	for (int cur = 0; i < words; cur++) {
		uint32_t ph = be32(list + i * 4), count = 0;
		struct device_node *target = ph ? umod_of_find_node_by_phandle(tree, ph) : NULL;

		i++;
		if (ph && !target)
			return -EINVAL;
		if (target && cells_name && umod_of_property_read_u32(target, cells_name, 0, &count))
			return -EINVAL;
		if (count > MAX_PHANDLE_ARGS || count > words - i)
			return -EINVAL;
		if (cur == index) {
			if (!target)
				return -ENOENT;
			out->np = target;
			out->args_count = (int)count;
			for (uint32_t c = 0; c < count; c++)
				out->args[c] = be32(list + (i + c) * 4);
			return 0;
		}
		i += count;
	}
	return -ENOENT;
}

void umod_of_node_path(const struct device_node *np, char *buf, size_t size)
{
	const struct device_node *chain[64];
	size_t n = 0, len = 0;

	for (; np && np->parent && n < UMOD_ARRAY_SIZE(chain); np = np->parent)
		chain[n++] = np;
	buf[0] = '\0';
	if (!n)
		snprintf(buf, size, "/");
	while (n-- && len < size)
		len += (size_t)snprintf(buf + len, size - len, "/%s", chain[n]->full_name);
}

/* ---- the exports: nodes ---------------------------------------------------------- */

static struct device_node *kapi_of_node_get(struct device_node *np)
{
	if (np)
		__atomic_add_fetch(&np->kobj.kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
	return np;
}

static void kapi_of_node_put(struct device_node *np)
{
	if (np)
		__atomic_sub_fetch(&np->kobj.kref.refcount.refs.counter, 1, __ATOMIC_RELAXED);
}

void umod_of_node_put(struct device_node *np)
{
	kapi_of_node_put(np);
}

static struct device_node *kapi_of_find_node_opts_by_path(const char *path, const char **opts)
{
	struct umod_of_tree *tree = umod_of_caller_tree();
	struct device_node *np;
	char comp[256];

	if (!tree || !path || path[0] != '/')
		return NULL;	/* aliases are not kept */
	np = tree->root;
	while (np && *path) {
		size_t n;

		path += strspn(path, "/");
		n = strcspn(path, "/:");
		if (!n || n >= sizeof(comp))
			break;
		memcpy(comp, path, n);
		comp[n] = '\0';
		for (np = np->child; np && strcmp(np->full_name, comp) &&
		     (strchr(comp, '@') || strcmp(np->name, comp)); np = np->sibling)
			;
		path += n;
		if (*path == ':') {
			if (opts)
				*opts = path + 1;
			break;
		}
	}
	return kapi_of_node_get(np);
}

/* the node after @from in blob order (from the root when NULL) that @ok takes */
static struct device_node *find_after(struct device_node *from,
				      bool (*ok)(struct device_node *np, const void *a,
						 const void *b),
				      const void *a, const void *b)
{
	struct umod_of_tree *tree = umod_of_caller_tree();
	size_t i = 0;

	if (!tree)
		return NULL;
	if (from)
		while (i < tree->nr_nodes && tree->nodes[i++] != from)
			;
	for (; i < tree->nr_nodes; i++)
		if (ok(tree->nodes[i], a, b)) {
			kapi_of_node_put(from);
			return kapi_of_node_get(tree->nodes[i]);
		}
	kapi_of_node_put(from);
	return NULL;
}

static bool name_ok(struct device_node *np, const void *name, const void *unused)
{
	return !name || !strcasecmp(np->name, name);
}

static bool type_ok(struct device_node *np, const void *type, const void *unused)
{
	const char *t = umod_of_get_property(np, "device_type", NULL);

	return t && type && !strcasecmp(t, type);
}

static bool compat_ok(struct device_node *np, const void *type, const void *compat)
{
	return (!type || type_ok(np, type, NULL)) && umod_of_device_is_compatible(np, compat);
}

static struct device_node *kapi_of_find_node_by_name(struct device_node *from, const char *name)
{
	return find_after(from, name_ok, name, NULL);
}

static struct device_node *kapi_of_find_node_by_type(struct device_node *from, const char *type)
{
	return find_after(from, type_ok, type, NULL);
}

static struct device_node *kapi_of_find_compatible_node(struct device_node *from,
							const char *type, const char *compat)
{
	return find_after(from, compat_ok, type, compat);
}

static struct device_node *kapi_of_find_node_by_phandle(unsigned int handle)
{
	return kapi_of_node_get(umod_of_find_node_by_phandle(umod_of_caller_tree(), handle));
}

static struct device_node *kapi_of_get_parent(const struct device_node *np)
{
	return np ? kapi_of_node_get(np->parent) : NULL;
}

static struct device_node *kapi_of_get_next_parent(struct device_node *np)
{
	struct device_node *parent = np ? kapi_of_node_get(np->parent) : NULL;

	kapi_of_node_put(np);
	return parent;
}

static struct device_node *kapi_of_get_next_child(const struct device_node *np,
						  struct device_node *prev)
{
	struct device_node *next;

	if (!np)
		return NULL;
	next = prev ? prev->sibling : np->child;
	kapi_of_node_put(prev);
	return kapi_of_node_get(next);
}

static struct device_node *kapi_of_get_next_available_child(const struct device_node *np,
							    struct device_node *prev)
{
	struct device_node *next = kapi_of_get_next_child(np, prev);

	while (next && !umod_of_device_is_available(next))
		next = kapi_of_get_next_child(np, next);
	return next;
}

static struct device_node *kapi_of_get_child_by_name(const struct device_node *np,
						     const char *name)
{
	for (struct device_node *c = np ? np->child : NULL; c; c = c->sibling)
		if (!strcasecmp(c->name, name))
			return kapi_of_node_get(c);
	return NULL;
}

static struct device_node *kapi_of_get_compatible_child(const struct device_node *np,
							const char *compat)
{
	for (struct device_node *c = np ? np->child : NULL; c; c = c->sibling)
		if (umod_of_device_is_compatible(c, compat))
			return kapi_of_node_get(c);
	return NULL;
}

static int kapi_of_device_is_compatible(const struct device_node *np, const char *compat)
{
	return umod_of_device_is_compatible(np, compat);
}

static bool kapi_of_device_is_available(const struct device_node *np)
{
	return umod_of_device_is_available(np);
}

/* of_match_node(): the best-scoring entry (compatible, then type, then name), as 6.1 */
const struct of_device_id *umod_of_match_node(const struct of_device_id *matches,
					      const struct device_node *np)
{
	const struct of_device_id *best = NULL;
	int best_score = 0;

	for (; np && matches && (matches->name[0] || matches->type[0] || matches->compatible[0]);
	     matches++) {
		int score = 0;

		if (matches->compatible[0]) {
			score = umod_of_device_is_compatible(np, matches->compatible);
			if (!score)
				continue;
		}
		if (matches->type[0]) {
			if (!type_ok((struct device_node *)np, matches->type, NULL))
				continue;
			score += 2;
		}
		if (matches->name[0]) {
			if (strcmp(np->name, matches->name))
				continue;
			score++;
		}
		if (score > best_score) {
			best = matches;
			best_score = score;
		}
	}
	return best;
}

static bool match_ok(struct device_node *np, const void *matches, const void *unused)
{
	return umod_of_match_node(matches, np) != NULL;
}

static struct device_node *kapi_of_find_matching_node_and_match(struct device_node *from,
								const struct of_device_id *matches,
								const struct of_device_id **match)
{
	struct device_node *np = find_after(from, match_ok, matches, NULL);

	if (match)
		*match = np ? umod_of_match_node(matches, np) : NULL;
	return np;
}

static bool kapi_of_node_name_eq(const struct device_node *np, const char *name)
{
	return np && !strcmp(np->name, name);
}

static bool kapi_of_node_name_prefix(const struct device_node *np, const char *prefix)
{
	return np && !strncmp(np->name, prefix, strlen(prefix));
}

/* of_machine_is_compatible(): the root's compatible */
static bool kapi_of_machine_is_compatible(const char *compat)
{
	struct umod_of_tree *tree = umod_of_caller_tree();

	return tree && umod_of_device_is_compatible(tree->root, compat) > 0;
}

/* each /aliases entry STEMN: @fn(N, the path it names, @arg) */
static void for_each_alias(struct umod_of_tree *tree, const char *stem,
			   void (*fn)(int id, const char *path, void *arg), void *arg)
{
	struct device_node *aliases = NULL;
	size_t len = strlen(stem);

	for (struct device_node *c = tree ? tree->root->child : NULL; c; c = c->sibling)
		if (!strcmp(c->full_name, "aliases"))
			aliases = c;
	for (struct property *pp = aliases ? aliases->properties : NULL; pp; pp = pp->next) {
		char *end;
		long id;

		if (strncmp(pp->name, stem, len) || !pp->length ||
		    ((const char *)pp->value)[pp->length - 1])
			continue;
		id = strtol(pp->name + len, &end, 10);
		if (end != pp->name + len && !*end && id >= 0 && id < 0x10000)
			fn((int)id, pp->value, arg);
	}
}

struct alias_find {
	const char *path;
	int id;
};

static void alias_of_path(int id, const char *path, void *arg)
{
	struct alias_find *f = arg;

	if (!strcmp(path, f->path))
		f->id = id;
}

static void alias_highest(int id, const char *path, void *arg)
{
	struct alias_find *f = arg;

	if (id > f->id)
		f->id = id;
}

/* of_alias_get_id(): N of the /aliases entry STEMN that names @np's path */
int umod_of_alias_get_id(struct umod_of_tree *tree, const struct device_node *np,
			 const char *stem)
{
	char path[256];
	struct alias_find f = { path, -ENODEV };

	umod_of_node_path(np, path, sizeof(path));
	for_each_alias(tree, stem, alias_of_path, &f);
	return f.id;
}

/* of_alias_get_highest_id() */
int umod_of_alias_get_highest_id(struct umod_of_tree *tree, const char *stem)
{
	struct alias_find f = { NULL, -ENODEV };

	for_each_alias(tree, stem, alias_highest, &f);
	return f.id;
}

static int kapi_of_alias_get_id(struct device_node *np, const char *stem)
{
	return umod_of_alias_get_id(umod_of_caller_tree(), np, stem);
}

static int kapi_of_alias_get_highest_id(const char *stem)
{
	return umod_of_alias_get_highest_id(umod_of_caller_tree(), stem);
}

static int kapi_of_n_addr_cells(struct device_node *np)
{
	return (int)umod_of_n_addr_cells(np);
}

static int kapi_of_n_size_cells(struct device_node *np)
{
	return (int)umod_of_n_size_cells(np);
}

/* ---- the exports: properties -------------------------------------------------------- */

static struct property *kapi_of_find_property(const struct device_node *np, const char *name,
					      int *lenp)
{
	return umod_of_find_property(np, name, lenp);
}

static const void *kapi_of_get_property(const struct device_node *np, const char *name,
					int *lenp)
{
	return umod_of_get_property(np, name, lenp);
}

static int kapi_of_property_count_elems_of_size(const struct device_node *np,
						const char *name, int elem_size)
{
	struct property *pp = umod_of_find_property(np, name, NULL);

	if (!pp)
		return -EINVAL;
	if (!pp->value)
		return -ENODATA;
	if (elem_size <= 0 || pp->length % elem_size)
		return -EINVAL;
	return pp->length / elem_size;
}

static int kapi_of_property_read_u32_index(const struct device_node *np, const char *name,
					   uint32_t index, uint32_t *out)
{
	return umod_of_property_read_u32(np, name, index, out);
}

/* of_property_read_variable_uN_array(): big-endian cells, between min and max of them */
static int read_array(const struct device_node *np, const char *name, void *out, size_t size,
		      size_t min, size_t max)
{
	const unsigned char *v;
	size_t len, n;
	int err;

	v = value_of_size(np, name, min * size, max * size, &len, &err);
	if (!v)
		return err;
	n = max ? len / size < max ? len / size : max : len / size;
	for (size_t i = 0; i < n; i++) {
		uint64_t x = 0;

		for (size_t b = 0; b < size; b++)
			x = x << 8 | v[i * size + b];
		if (size == 1)
			((uint8_t *)out)[i] = (uint8_t)x;
		else if (size == 2)
			((uint16_t *)out)[i] = (uint16_t)x;
		else if (size == 4)
			((uint32_t *)out)[i] = (uint32_t)x;
		else
			((uint64_t *)out)[i] = x;
	}
	return (int)n;
}

static int kapi_of_property_read_variable_u8_array(const struct device_node *np,
						   const char *name, uint8_t *out,
						   size_t min, size_t max)
{
	return read_array(np, name, out, 1, min, max);
}

static int kapi_of_property_read_variable_u16_array(const struct device_node *np,
						    const char *name, uint16_t *out,
						    size_t min, size_t max)
{
	return read_array(np, name, out, 2, min, max);
}

static int kapi_of_property_read_variable_u32_array(const struct device_node *np,
						    const char *name, uint32_t *out,
						    size_t min, size_t max)
{
	return read_array(np, name, out, 4, min, max);
}

static int kapi_of_property_read_variable_u64_array(const struct device_node *np,
						    const char *name, uint64_t *out,
						    size_t min, size_t max)
{
	return read_array(np, name, out, 8, min, max);
}

static int kapi_of_property_read_u64(const struct device_node *np, const char *name,
				     uint64_t *out)
{
	int n = read_array(np, name, out, 8, 1, 1);

	return n < 0 ? n : 0;
}

static int kapi_of_property_read_string(const struct device_node *np, const char *name,
					const char **out)
{
	struct property *pp = umod_of_find_property(np, name, NULL);

	if (!pp)
		return -EINVAL;
	if (!pp->value)
		return -ENODATA;
	if (strnlen(pp->value, (size_t)pp->length) >= (size_t)pp->length)
		return -EILSEQ;
	*out = pp->value;
	return 0;
}

/*
 * of_property_read_string_helper(): with @out, up to @sz strings from
 * @skip on (their count, or -ENODATA/-EILSEQ); without, how many there are.
 */
static int kapi_of_property_read_string_helper(const struct device_node *np,
					       const char *name, const char **out,
					       size_t sz, int skip)
{
	struct property *pp = umod_of_find_property(np, name, NULL);
	const char *s;
	int i, n = 0;

	if (!pp)
		return -EINVAL;
	if (!pp->value)
		return -ENODATA;
	for (i = 0; !string_at(pp, i, &s); i++)
		if (out && i >= skip && (size_t)n < sz)
			out[n++] = s;
	if (string_at(pp, i, &s) == -EILSEQ)
		return -EILSEQ;
	if (!out)
		return i - skip;
	return n ? n : -ENODATA;
}

static int kapi_of_property_match_string(const struct device_node *np, const char *name,
					 const char *string)
{
	struct property *pp = umod_of_find_property(np, name, NULL);
	const char *s;
	int i, err;

	if (!pp)
		return -EINVAL;
	if (!pp->value)
		return -ENODATA;
	for (i = 0; !(err = string_at(pp, i, &s)); i++)
		if (!strcmp(s, string))
			return i;
	return err == -EILSEQ ? -EILSEQ : -ENODATA;
}

static int kapi___of_parse_phandle_with_args(const struct device_node *np,
					     const char *list_name, const char *cells_name,
					     int cell_count, int index,
					     struct of_phandle_args *out)
{
	struct of_phandle_args args;
	int err;

	if (index < 0)
		return -EINVAL;
	if (!cells_name) {
		/* a fixed count: as if every target had #cells = cell_count */
		int len;
		const unsigned char *list = umod_of_get_property(np, list_name, &len);
		size_t step = (size_t)cell_count + 1, at = (size_t)index * step;

		if (!list)
			return -ENOENT;
		if ((at + step) * 4 > (size_t)len)
			return -ENOENT;
		args.np = umod_of_find_node_by_phandle(umod_of_caller_tree(), be32(list + at * 4));
		args.args_count = cell_count;
		for (int c = 0; c < cell_count && c < MAX_PHANDLE_ARGS; c++)
			args.args[c] = be32(list + (at + 1 + (size_t)c) * 4);
		err = args.np ? 0 : -ENOENT;
	} else {
		err = umod_of_parse_phandle_with_args(umod_of_caller_tree(), np, list_name,
						      cells_name, index, &args);
	}
	if (!err && out) {
		*out = args;
		kapi_of_node_get(args.np);
	}
	return err;
}

/* of_count_phandle_with_args(): the entries of the list, empty ones included */
static int kapi_of_count_phandle_with_args(const struct device_node *np, const char *list_name,
					   const char *cells_name)
{
	struct umod_of_tree *tree = umod_of_caller_tree();
	int len, n = 0;
	const unsigned char *list = umod_of_get_property(np, list_name, &len);
	size_t words = list ? (size_t)len / 4 : 0;

	if (!list)
		return -ENOENT;
	for (size_t i = 0; i < words; n++) {
		uint32_t ph = be32(list + i * 4), count = 0;
		struct device_node *target = ph ? umod_of_find_node_by_phandle(tree, ph) : NULL;

		i++;
		if (ph && (!target || (cells_name &&
				       umod_of_property_read_u32(target, cells_name, 0, &count))))
			return -EINVAL;
		if (count > words - i)
			return -EINVAL;
		i += count;
	}
	return n;
}

static const struct umod_kapi_export of_base_exports[] = {
	UMOD_KAPI("of_node_get", kapi_of_node_get),
	UMOD_KAPI("of_node_put", kapi_of_node_put),
	UMOD_KAPI("of_find_node_opts_by_path", kapi_of_find_node_opts_by_path),
	UMOD_KAPI("of_find_node_by_name", kapi_of_find_node_by_name),
	UMOD_KAPI("of_find_node_by_type", kapi_of_find_node_by_type),
	UMOD_KAPI("of_find_compatible_node", kapi_of_find_compatible_node),
	UMOD_KAPI("of_find_matching_node_and_match", kapi_of_find_matching_node_and_match),
	UMOD_KAPI("of_find_node_by_phandle", kapi_of_find_node_by_phandle),
	UMOD_KAPI("of_get_parent", kapi_of_get_parent),
	UMOD_KAPI("of_get_next_parent", kapi_of_get_next_parent),
	UMOD_KAPI("of_get_next_child", kapi_of_get_next_child),
	UMOD_KAPI("of_get_next_available_child", kapi_of_get_next_available_child),
	UMOD_KAPI("of_get_child_by_name", kapi_of_get_child_by_name),
	UMOD_KAPI("of_get_compatible_child", kapi_of_get_compatible_child),
	UMOD_KAPI("of_device_is_compatible", kapi_of_device_is_compatible),
	UMOD_KAPI("of_device_is_available", kapi_of_device_is_available),
	UMOD_KAPI("of_match_node", umod_of_match_node),
	UMOD_KAPI("of_node_name_eq", kapi_of_node_name_eq),
	UMOD_KAPI("of_node_name_prefix", kapi_of_node_name_prefix),
	UMOD_KAPI("of_machine_is_compatible", kapi_of_machine_is_compatible),
	UMOD_KAPI_GPL("of_alias_get_id", kapi_of_alias_get_id),
	UMOD_KAPI_GPL("of_alias_get_highest_id", kapi_of_alias_get_highest_id),
	UMOD_KAPI("of_n_addr_cells", kapi_of_n_addr_cells),
	UMOD_KAPI("of_n_size_cells", kapi_of_n_size_cells),
	UMOD_KAPI("of_find_property", kapi_of_find_property),
	UMOD_KAPI("of_get_property", kapi_of_get_property),
	UMOD_KAPI_GPL("of_property_count_elems_of_size", kapi_of_property_count_elems_of_size),
	UMOD_KAPI_GPL("of_property_read_u32_index", kapi_of_property_read_u32_index),
	UMOD_KAPI_GPL("of_property_read_u64", kapi_of_property_read_u64),
	UMOD_KAPI_GPL("of_property_read_variable_u8_array", kapi_of_property_read_variable_u8_array),
	UMOD_KAPI_GPL("of_property_read_variable_u16_array", kapi_of_property_read_variable_u16_array),
	UMOD_KAPI_GPL("of_property_read_variable_u32_array", kapi_of_property_read_variable_u32_array),
	UMOD_KAPI_GPL("of_property_read_variable_u64_array", kapi_of_property_read_variable_u64_array),
	UMOD_KAPI_GPL("of_property_read_string", kapi_of_property_read_string),
	UMOD_KAPI_GPL("of_property_read_string_helper", kapi_of_property_read_string_helper),
	UMOD_KAPI_GPL("of_property_match_string", kapi_of_property_match_string),
	UMOD_KAPI("__of_parse_phandle_with_args", kapi___of_parse_phandle_with_args),
	UMOD_KAPI("of_count_phandle_with_args", kapi_of_count_phandle_with_args),
};

const struct umod_kapi_table umod_kapi_of_base = UMOD_KAPI_TABLE(of_base_exports);
