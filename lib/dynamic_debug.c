// SPDX-License-Identifier: MIT
/*
 * Dynamic debug (Linux 6.1's lib/dynamic_debug.c): each module's call
 * sites (its __dyndbg section) form a table, listed in the control file
 * (proc/dynamic_debug/control and sys/kernel/debug/dynamic_debug/control
 * of the host's namespace) as
 *     # filename:lineno [module]function flags format
 *     /src/hello.c:12 [hello]hello_init =p "hello %d\n"
 * and changed by queries written there or given as dyndbg= at load:
 *     [file F[:L|:FUNC]] [module M] [func F] [line A[-B]] [format S] [class C] FLAGS
 * FLAGS is one of + - = and some of p m f l t _; several queries are split
 * at ';' or newlines; an error is logged ("dyndbg: ..."), the other
 * queries still run, and the write fails with the last error.
 *
 * Tables are the process's, each tagged with its module's host: a host's
 * control file and queries see its own modules only. The lock is held
 * while a query runs or the list is rendered, never while module code
 * runs (printing a site's message does not take it).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <umod/kabi/dynamic_debug.h>

#include "drivers/base/base.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/sched/sched.h"
#include "kernel/printk/internal.h"
#include "kernel/module/module.h"
#include "kernel/kapi.h"
#include "fs/internal.h"
#include "lib/dynamic_debug.h"
#include "lib/kstrtox.h"

struct ddebug_table {
	struct umod_list link;
	struct umod_host *host;
	struct umod_module *mod;
	const char *mod_name;		/* the module's own name[] */
	struct _ddebug *ddebugs;	/* in the module's data */
	unsigned int num_ddebugs;
	struct ddebug_class_map *classes;	/* its __dyndbg_classes */
	unsigned int num_classes;
};

struct ddebug_query {
	const char *filename, *module, *function, *format, *class_string;
	unsigned int first_lineno, last_lineno;
};

static pthread_mutex_t ddebug_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list ddebug_tables = { &ddebug_tables, &ddebug_tables };

#define dd_err(host, fmt, ...) \
	umod_log_printk((host)->log, KERN_ERR "dyndbg: " fmt, ##__VA_ARGS__)

static const struct { unsigned int flag; char opt; } opt_array[] = {
	{ _DPRINTK_FLAGS_PRINT, 'p' },
	{ _DPRINTK_FLAGS_INCL_MODNAME, 'm' },
	{ _DPRINTK_FLAGS_INCL_FUNCNAME, 'f' },
	{ _DPRINTK_FLAGS_INCL_LINENO, 'l' },
	{ _DPRINTK_FLAGS_INCL_TID, 't' },
	{ _DPRINTK_FLAGS_NONE, '_' },
};

/* "pmf", or "_" for none */
static char *describe_flags(unsigned int flags, char buf[8])
{
	char *p = buf;

	for (size_t i = 0; i < UMOD_ARRAY_SIZE(opt_array); i++)
		if (flags & opt_array[i].flag)
			*p++ = opt_array[i].opt;
	if (p == buf)
		*p++ = '_';
	*p = '\0';
	return buf;
}

/* ---- matching ---------------------------------------------------------------- */

/* lib/parser.c's match_wildcard(): '*' any run, '?' any one character */
static bool match_wildcard(const char *pat, const char *str)
{
	const char *star = NULL, *resume = NULL;

	while (*str) {
		if (*pat == '?' || *pat == *str) {
			pat++;
			str++;
		} else if (*pat == '*') {
			star = pat++;
			resume = str;
		} else if (star) {
			pat = star + 1;
			str = ++resume;
		} else {
			return false;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

static const char *basename_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* the map naming @class in @dt, with the class's id in *@id */
static const struct ddebug_class_map *find_class(const struct ddebug_table *dt,
						 const char *class, int *id)
{
	for (unsigned int i = 0; i < dt->num_classes; i++) {
		const struct ddebug_class_map *map = &dt->classes[i];

		for (int j = 0; j < map->length; j++)
			if (map->class_names[j] && !strcmp(map->class_names[j], class)) {
				*id = j + map->base;
				return map;
			}
	}
	return NULL;
}

static bool site_matches(const struct ddebug_query *q, const struct _ddebug *dp)
{
	if (q->filename && !match_wildcard(q->filename, dp->filename) &&
	    !match_wildcard(q->filename, basename_of(dp->filename)))
		return false;
	if (q->function && !match_wildcard(q->function, dp->function))
		return false;
	if (q->format) {
		if (*q->format == '^' ? strstr(dp->format, q->format + 1) != dp->format :
		    !strstr(dp->format, q->format))
			return false;
	}
	if (q->first_lineno && dp->lineno < q->first_lineno)
		return false;
	return !q->last_lineno || dp->lineno <= q->last_lineno;
}

/* ddebug_change(): the flags of every site of @host matching @q; how many matched */
static int ddebug_change(struct umod_host *host, const struct ddebug_query *q,
			 unsigned int flags, unsigned int mask)
{
	int found = 0;

	pthread_mutex_lock(&ddebug_lock);
	for (struct umod_list *l = ddebug_tables.next; l != &ddebug_tables; l = l->next) {
		struct ddebug_table *dt = umod_container_of(l, struct ddebug_table, link);
		int class = _DPRINTK_CLASS_DFLT;

		if (dt->host != host || (q->module && !match_wildcard(q->module, dt->mod_name)))
			continue;
		/* without "class", class'd sites are left alone */
		if (q->class_string && !find_class(dt, q->class_string, &class))
			continue;
		for (unsigned int i = 0; i < dt->num_ddebugs; i++) {
			struct _ddebug *dp = &dt->ddebugs[i];

			if ((int)dp->class_id != class || !site_matches(q, dp))
				continue;
			found++;
			dp->flags = (dp->flags & mask) | flags;
		}
	}
	pthread_mutex_unlock(&ddebug_lock);
	return found;
}

/* ---- parsing -------------------------------------------------------------------- */

#define MAXWORDS 9

/* ddebug_tokenize(): words split at spaces, "..." and '...' quoting, # comments */
static int tokenize(struct umod_host *host, char *buf, char *words[], int maxwords)
{
	int n = 0;

	while (*buf) {
		char *end;

		while (isspace((unsigned char)*buf))
			buf++;
		if (!*buf || *buf == '#')
			break;
		if (*buf == '"' || *buf == '\'') {
			char quote = *buf++;

			for (end = buf; *end && *end != quote; end++)
				;
			if (!*end) {
				dd_err(host, "unclosed quote: %s\n", buf);
				return -EINVAL;
			}
		} else {
			for (end = buf; *end && !isspace((unsigned char)*end); end++)
				;
		}
		if (n == maxwords) {
			dd_err(host, "too many words, legal max <=%d\n", maxwords);
			return -EINVAL;
		}
		if (*end)
			*end++ = '\0';
		words[n++] = buf;
		buf = end;
	}
	return n;
}

/* "" is 0, a don't-care */
static int parse_lineno(struct umod_host *host, const char *s, unsigned int *val)
{
	if (!*s) {
		*val = 0;
		return 0;
	}
	if (umod_kstrtouint(s, 10, val) < 0) {
		dd_err(host, "bad line-number: %s\n", s);
		return -EINVAL;
	}
	return 0;
}

/* "N", "N-M", "N-" (to the end) or "-M" */
static int parse_linerange(struct umod_host *host, struct ddebug_query *q, char *first)
{
	char *last = strchr(first, '-');

	if (q->first_lineno || q->last_lineno) {
		dd_err(host, "match-spec: line used 2x\n");
		return -EINVAL;
	}
	if (last)
		*last++ = '\0';
	if (parse_lineno(host, first, &q->first_lineno) < 0)
		return -EINVAL;
	if (!last) {
		q->last_lineno = q->first_lineno;
		return 0;
	}
	if (parse_lineno(host, last, &q->last_lineno) < 0)
		return -EINVAL;
	if (!q->last_lineno)
		q->last_lineno = UINT_MAX;
	if (q->last_lineno < q->first_lineno) {
		dd_err(host, "last-line:%d < 1st-line:%d\n", (int)q->last_lineno,
		       (int)q->first_lineno);
		return -EINVAL;
	}
	return 0;
}

static int check_set(struct umod_host *host, const char **dest, char *src, const char *name)
{
	int rc = 0;

	if (*dest) {
		dd_err(host, "match-spec:%s val:%s overridden by %s\n", name, *dest, src);
		rc = -EINVAL;
	}
	*dest = src;
	return rc;
}

/* string_unescape_inplace() with UNESCAPE_SPACE | UNESCAPE_OCTAL | UNESCAPE_SPECIAL */
static void unescape(char *s)
{
	static const char space[] = "n\nt\tr\rv\vf\f", special[] = "\\\\\"\"aae\033";
	char *out = s;

	while (*s) {
		const char *hit;

		if (*s != '\\' || !s[1]) {
			*out++ = *s++;
		} else if ((hit = strchr(space, s[1])) && (hit - space) % 2 == 0) {
			*out++ = hit[1];
			s += 2;
		} else if (s[1] >= '0' && s[1] <= '7') {
			unsigned int v = 0, n = 0;

			for (s++; n < 3 && *s >= '0' && *s <= '7'; n++)
				v = v * 8 + (unsigned int)(*s++ - '0');
			*out++ = (char)v;
		} else if ((hit = strchr(special, s[1])) && (hit - special) % 2 == 0) {
			*out++ = hit[1];
			s += 2;
		} else {
			*out++ = *s++;
		}
	}
	*out = '\0';
}

/* "file F:12-20" or "file F:func": the tail is a line range or a function */
static int parse_file(struct umod_host *host, struct ddebug_query *q, char *arg)
{
	char *tail;

	if (check_set(host, &q->filename, arg, "file"))
		return -EINVAL;
	tail = strchr(arg, ':');
	if (!tail)
		return 0;
	*tail++ = '\0';
	if (isalpha((unsigned char)*tail) || *tail == '*' || *tail == '?')
		return check_set(host, &q->function, tail, "func") ? -EINVAL : 0;
	return parse_linerange(host, q, tail) ? -EINVAL : 0;
}

/* ddebug_parse_query(): keyword-value pairs */
static int parse_query(struct umod_host *host, char *words[], int n, struct ddebug_query *q,
		       const char *modname)
{
	if (n % 2) {
		dd_err(host, "expecting pairs of match-spec <value>\n");
		return -EINVAL;
	}
	for (int i = 0; i < n; i += 2) {
		char *kw = words[i], *arg = words[i + 1];
		int rc;

		if (!strcmp(kw, "func")) {
			rc = check_set(host, &q->function, arg, "func");
		} else if (!strcmp(kw, "file")) {
			rc = parse_file(host, q, arg);
		} else if (!strcmp(kw, "module")) {
			rc = check_set(host, &q->module, arg, "module");
		} else if (!strcmp(kw, "format")) {
			unescape(arg);
			rc = check_set(host, &q->format, arg, "format");
		} else if (!strcmp(kw, "line")) {
			rc = parse_linerange(host, q, arg);
		} else if (!strcmp(kw, "class")) {
			rc = check_set(host, &q->class_string, arg, "class");
		} else {
			dd_err(host, "unknown keyword \"%s\"\n", kw);
			return -EINVAL;
		}
		if (rc)
			return rc;
	}
	/* $modname.dyndbg=<queries> applies to that module unless one is named */
	if (!q->module && modname)
		q->module = modname;
	return 0;
}

/* ddebug_parse_flags(): [+-=] then flags; the new flags are (old & *mask) | *flags */
static int parse_flags(struct umod_host *host, const char *str, unsigned int *flags,
		       unsigned int *mask)
{
	char op = *str;

	if (op != '+' && op != '-' && op != '=') {
		dd_err(host, "bad flag-op %c, at start of %s\n", *str, str);
		return -EINVAL;
	}
	*flags = 0;
	for (str++; *str; str++) {
		int i;

		for (i = (int)UMOD_ARRAY_SIZE(opt_array) - 1; i >= 0; i--)
			if (*str == opt_array[i].opt)
				break;
		if (i < 0) {
			dd_err(host, "unknown flag '%c'\n", *str);
			return -EINVAL;
		}
		*flags |= opt_array[i].flag;
	}
	*mask = op == '=' ? 0 : op == '+' ? ~0u : ~*flags;
	if (op == '-')
		*flags = 0;
	return 0;
}

static int exec_query(struct umod_host *host, char *query, const char *modname)
{
	struct ddebug_query q = { 0 };
	unsigned int flags, mask;
	char *words[MAXWORDS];
	int n = tokenize(host, query, words, MAXWORDS);

	if (n <= 0) {
		dd_err(host, "tokenize failed\n");
		return -EINVAL;
	}
	/* the flags come last, so that the rest is pairs */
	if (parse_flags(host, words[n - 1], &flags, &mask)) {
		dd_err(host, "flags parse failed\n");
		return -EINVAL;
	}
	if (parse_query(host, words, n - 1, &q, modname)) {
		dd_err(host, "query parse failed\n");
		return -EINVAL;
	}
	return ddebug_change(host, &q, flags, mask);
}

int umod_ddebug_exec_queries(struct umod_host *host, char *query, const char *modname)
{
	int exitcode = 0, found = 0;
	char *split;

	for (; query; query = split) {
		int rc;

		split = strpbrk(query, ";\n");
		if (split)
			*split++ = '\0';
		while (isspace((unsigned char)*query))
			query++;
		if (!*query || *query == '#')
			continue;
		rc = exec_query(host, query, modname);
		if (rc < 0)
			exitcode = rc;
		else
			found += rc;
	}
	return exitcode ? exitcode : found;
}

/* ---- the loader's side ---------------------------------------------------------- */

int umod_ddebug_add_module(struct umod_module *mod)
{
	const struct umod_section *s = umod_module_find_section(mod, "__dyndbg");
	const struct umod_section *c = umod_module_find_section(mod, "__dyndbg_classes");
	struct ddebug_table *dt;

	if (!s || s->size < sizeof(struct _ddebug))
		return 0;
	if (!(dt = calloc(1, sizeof(*dt)))) {
		umod_log_printk(mod->host->log, KERN_ERR "dyndbg: error adding module: %s\n",
				mod->name);
		return -ENOMEM;
	}
	*dt = (struct ddebug_table){ .host = mod->host, .mod = mod, .mod_name = mod->name,
		.ddebugs = s->addr, .num_ddebugs = (unsigned int)(s->size / sizeof(struct _ddebug)) };
	if (c) {
		dt->classes = c->addr;
		dt->num_classes = (unsigned int)(c->size / sizeof(struct ddebug_class_map));
	}
	pthread_mutex_lock(&ddebug_lock);
	umod_list_add(&dt->link, ddebug_tables.prev);
	pthread_mutex_unlock(&ddebug_lock);
	return 0;
}

void umod_ddebug_remove_module(struct umod_module *mod)
{
	struct ddebug_table *found = NULL;

	pthread_mutex_lock(&ddebug_lock);
	for (struct umod_list *l = ddebug_tables.next; l != &ddebug_tables; l = l->next)
		if (umod_container_of(l, struct ddebug_table, link)->mod == mod) {
			found = umod_container_of(l, struct ddebug_table, link);
			umod_list_del(&found->link);
			break;
		}
	pthread_mutex_unlock(&ddebug_lock);
	free(found);
}

int umod_ddebug_module_param_cb(struct umod_host *host, char *param, char *val,
				const char *modname)
{
	char *sep = strchr(param, '.');

	if (sep) {	/* "MODULE.dyndbg": that module's */
		*sep = '\0';
		modname = param;
		param = sep + 1;
	}
	if (strcmp(param, "dyndbg"))
		return -ENOENT;
	if (val) {
		umod_ddebug_exec_queries(host, val, modname);
	} else {
		char plus_p[] = "+p";

		umod_ddebug_exec_queries(host, plus_p, modname);
	}
	return 0;	/* a bad query does not stop the load */
}

/* ---- printing -------------------------------------------------------------------- */

struct va_fmt {
	const char *fmt;
	va_list *va;
};

#define PREFIX_SIZE 64

/* "[tid] module:function:line: " as the site's m f l t flags ask */
static const char *emit_prefix(const struct _ddebug *dp, char *buf)
{
	const struct umod_task *t = umod_task_peek();
	size_t pos = 0, after_tid;

	buf[0] = '\0';
	if (!(dp->flags & _DPRINTK_FLAGS_INCL_ANY))
		return buf;
#define ADD(...) (pos += (size_t)snprintf(buf + pos, pos < PREFIX_SIZE ? PREFIX_SIZE - pos : 0, \
					 __VA_ARGS__))
	if (dp->flags & _DPRINTK_FLAGS_INCL_TID) {
		if (t && (t->preempt_count & (UMOD_SOFTIRQ_MASK | UMOD_HARDIRQ_MASK)))
			ADD("<intr> ");
		else
			ADD("[%d] ", t ? (int)t->task.pid : 0);
	}
	after_tid = pos;
	if (dp->flags & _DPRINTK_FLAGS_INCL_MODNAME)
		ADD("%s:", dp->modname);
	if (dp->flags & _DPRINTK_FLAGS_INCL_FUNCNAME)
		ADD("%s:", dp->function);
	if (dp->flags & _DPRINTK_FLAGS_INCL_LINENO)
		ADD("%d:", (int)dp->lineno);
	if (pos != after_tid)
		ADD(" ");
#undef ADD
	return buf;
}

/* the log of the host whose module owns @dp: the caller's, else a table's */
static struct umod_log *site_log(const struct _ddebug *dp)
{
	struct umod_host *host = umod_caller_host();

	if (!host) {
		pthread_mutex_lock(&ddebug_lock);
		for (struct umod_list *l = ddebug_tables.next; l != &ddebug_tables; l = l->next) {
			struct ddebug_table *dt = umod_container_of(l, struct ddebug_table, link);

			if (dp >= dt->ddebugs && dp < dt->ddebugs + dt->num_ddebugs)
				host = dt->host;
		}
		pthread_mutex_unlock(&ddebug_lock);
	}
	return host ? host->log : NULL;
}

/* the site's line: its prefix flags, then @dev ("DRIVER DEVICE: ") and the message */
static void emit(const struct _ddebug *dp, const char *dev, const struct va_fmt *vaf)
{
	char prefix[PREFIX_SIZE];

	umod_log_printk(site_log(dp), KERN_DEBUG "%s%s%pV", emit_prefix(dp, prefix), dev, vaf);
}

static void kapi___dynamic_pr_debug(struct _ddebug *dp, const char *fmt, ...)
{
	struct va_fmt vaf;
	va_list args;

	if (!dp || !fmt)
		return;
	va_start(args, fmt);
	vaf = (struct va_fmt){ fmt, &args };
	emit(dp, "", &vaf);
	va_end(args);
}

/* dev_dbg(): "DRIVER DEVICE: message", after the site's prefix */
static void kapi___dynamic_dev_dbg(struct _ddebug *dp, const struct device *dev,
				   const char *fmt, ...)
{
	char names[256];
	struct va_fmt vaf;
	va_list args;

	if (!dp || !fmt)
		return;
	va_start(args, fmt);
	vaf = (struct va_fmt){ fmt, &args };
	if (!dev) {
		umod_log_printk(site_log(dp), KERN_DEBUG "(NULL device *): %pV", &vaf);
	} else {
		snprintf(names, sizeof(names), "%s %s: ", umod_dev_driver_string(dev),
			 umod_dev_name(dev));
		emit(dp, names, &vaf);
	}
	va_end(args);
}

/* ---- the control file -------------------------------------------------------------- */

struct text {
	char *buf;
	size_t len, cap;
	bool failed;
};

static void text_add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->failed)
		return;
	for (;;) {
		size_t room = t->cap - t->len;

		va_start(ap, fmt);
		n = vsnprintf(t->buf ? t->buf + t->len : NULL, room, fmt, ap);
		va_end(ap);
		if (n < 0 || (size_t)n < room) {
			t->len += n > 0 ? (size_t)n : 0;
			return;
		}
		char *grown = realloc(t->buf, t->cap = t->cap * 2 + (size_t)n + 1);

		if (!grown) {
			t->failed = true;
			return;
		}
		t->buf = grown;
	}
}

/* seq_escape_str(m, format, ESCAPE_SPACE, "\t\r\n\""): only \t \r \n are escaped */
static void add_format(struct text *t, const char *fmt)
{
	for (; *fmt; fmt++) {
		if (*fmt == '\t' || *fmt == '\r' || *fmt == '\n')
			text_add(t, "\\%c", *fmt == '\t' ? 't' : *fmt == '\r' ? 'r' : 'n');
		else
			text_add(t, "%c", *fmt);
	}
}

static const char *class_name(const struct ddebug_table *dt, const struct _ddebug *dp)
{
	for (unsigned int i = 0; i < dt->num_classes; i++) {
		const struct ddebug_class_map *map = &dt->classes[i];

		if ((int)dp->class_id >= map->base && (int)dp->class_id < map->base + map->length)
			return map->class_names[dp->class_id - map->base];
	}
	return NULL;
}

/* ddebug_proc_show() for every site of @host: tables in load order, each's sites last first */
static void render(struct umod_host *host, struct text *t)
{
	char flags[8];

	text_add(t, "# filename:lineno [module]function flags format\n");
	pthread_mutex_lock(&ddebug_lock);
	for (struct umod_list *l = ddebug_tables.next; l != &ddebug_tables; l = l->next) {
		struct ddebug_table *dt = umod_container_of(l, struct ddebug_table, link);

		for (unsigned int i = dt->num_ddebugs; dt->host == host && i-- > 0;) {
			const struct _ddebug *dp = &dt->ddebugs[i];
			const char *class;

			text_add(t, "%s:%u [%s]%s =%s \"", dp->filename, (unsigned int)dp->lineno,
				 dt->mod_name, dp->function, describe_flags(dp->flags, flags));
			add_format(t, dp->format);
			text_add(t, "\"");
			if (dp->class_id != _DPRINTK_CLASS_DFLT) {
				if ((class = class_name(dt, dp)))
					text_add(t, " class:%s", class);
				else
					text_add(t, " class unknown, _id:%d", (int)dp->class_id);
			}
			text_add(t, "\n");
		}
	}
	pthread_mutex_unlock(&ddebug_lock);
}

static struct umod_host *file_host(struct file *file)
{
	return umod_container_of(file, struct umod_file, file)->fs->host;
}

/* the list, rendered anew for each read, from *@ppos on */
static long control_read(struct file *file, char *buf, unsigned long n, long long *ppos)
{
	struct text t = { 0 };
	size_t left;

	render(file_host(file), &t);
	if (t.failed) {
		free(t.buf);
		return -ENOMEM;
	}
	left = *ppos < 0 || (size_t)*ppos >= t.len ? 0 : t.len - (size_t)*ppos;
	if (n > left)
		n = left;
	memcpy(buf, t.buf + (n ? *ppos : 0), n);
	*ppos += (long long)n;
	free(t.buf);
	return (long)n;
}

#define USER_BUF_PAGE 4096

/* ddebug_proc_write(): one write is one batch of queries */
static long control_write(struct file *file, const char *buf, unsigned long len,
			  long long *ppos)
{
	struct umod_host *host = file_host(file);
	char *copy;
	int ret;

	if (!len)
		return 0;
	if (len > USER_BUF_PAGE - 1) {
		umod_log_printk(host->log, KERN_WARNING "dyndbg: expected <%d bytes into control\n",
				USER_BUF_PAGE);
		return -E2BIG;
	}
	if (!(copy = strndup(buf, len)))
		return -ENOMEM;
	ret = umod_ddebug_exec_queries(host, copy, NULL);
	free(copy);
	if (ret < 0)
		return ret;
	*ppos += (long long)len;
	return (long)len;
}

static const struct proc_ops control_ops = {
	.proc_read = control_read,
	.proc_write = control_write,
	.proc_lseek = umod_default_llseek,
};

static int add_control(struct umod_fs_node *parent, const char *dir, unsigned int mode)
{
	struct umod_fs_node *d = umod_fs_node_add(parent, dir, UMOD_FS_DIR, S_IFDIR | mode, NULL);
	struct umod_fs_node *c = d ? umod_fs_node_add(d, "control", UMOD_FS_PROC,
						      S_IFREG | 0644, NULL) : NULL;

	if (!c)
		return -ENOMEM;
	c->proc_ops = &control_ops;
	return 0;
}

int umod_ddebug_init_fs(struct umod_fs *fs)
{
	struct umod_fs_node *sys = umod_fs_child(fs->root, "sys"), *kernel, *debug;

	kernel = sys ? umod_fs_node_add(sys, "kernel", UMOD_FS_DIR, S_IFDIR | 0755, NULL) : NULL;
	/* debugfs's mount point is 0700, as the view's */
	debug = kernel ? umod_fs_node_add(kernel, "debug", UMOD_FS_DIR, S_IFDIR | 0700, NULL) : NULL;
	if (!debug || add_control(debug, "dynamic_debug", 0755))
		return -ENOMEM;
	return add_control(fs->proc, "dynamic_debug", 0555);
}

/* ---- class parameters (param_ops_dyndbg_classes) ---------------------------------- */

#define CLASSMAP_BITMASK(width)	((1ul << (width)) - 1)

/* ddebug_apply_class_bitmap(): "class NAME +FLAGS" or "-FLAGS" per changed bit */
static int apply_class_bits(struct umod_host *host, const struct ddebug_class_param *dcp,
			    unsigned long new_bits, unsigned long old_bits)
{
	const struct ddebug_class_map *map = dcp->map;
	int matches = 0;

	for (int bi = 0; bi < map->length; bi++) {
		char query[128];

		if (((new_bits >> bi) & 1) == ((old_bits >> bi) & 1))
			continue;
		snprintf(query, sizeof(query), "class %s %c%s", map->class_names[bi],
			 (new_bits >> bi) & 1 ? '+' : '-', dcp->flags);
		matches += umod_ddebug_exec_queries(host, query, NULL);
	}
	return matches;
}

static int class_index(const struct ddebug_class_map *map, const char *name)
{
	for (int i = 0; i < map->length; i++)
		if (map->class_names[i] && !strcmp(map->class_names[i], name))
			return i;
	return -EINVAL;
}

/* param_set_dyndbg_classnames(): "NAME,-NAME,+NAME" */
static int set_classnames(struct umod_host *host, const char *instr,
			  const struct kernel_param *kp)
{
	const struct ddebug_class_param *dcp = kp->arg;
	const struct ddebug_class_map *map = dcp->map;
	char *copy = strdup(instr), *name, *next;
	unsigned long bits = *dcp->bits;

	if (!copy)
		return -ENOMEM;
	copy[strcspn(copy, "\n")] = '\0';
	for (name = copy; name; name = next) {
		bool wanted = *name != '-';
		int id;

		if ((next = strchr(name, ',')))
			*next++ = '\0';
		name += *name == '-' || *name == '+';
		if ((id = class_index(map, name)) < 0) {
			dd_err(host, "%s unknown to %s\n", name, kp->name);
			continue;
		}
		if (map->map_type == DD_CLASS_TYPE_DISJOINT_NAMES) {
			if (((bits >> id) & 1) == wanted)
				continue;
			bits ^= 1ul << id;
			apply_class_bits(host, dcp, bits, *dcp->bits);
			*dcp->bits = bits;
		} else {	/* LEVEL_NAMES: NAME turns on it and those below */
			apply_class_bits(host, dcp, CLASSMAP_BITMASK(id + wanted),
					 CLASSMAP_BITMASK(*dcp->lvl));
			*dcp->lvl = (unsigned int)(id + wanted);
		}
	}
	free(copy);
	return 0;
}

static int kapi_param_set_dyndbg_classes(const char *instr, const struct kernel_param *kp)
{
	const struct ddebug_class_param *dcp = kp->arg;
	const struct ddebug_class_map *map = dcp->map;
	struct umod_host *host = umod_caller_host();
	unsigned long in;

	if (!host)
		return -EINVAL;
	if (map->map_type == DD_CLASS_TYPE_DISJOINT_NAMES ||
	    map->map_type == DD_CLASS_TYPE_LEVEL_NAMES)
		return set_classnames(host, instr, kp);
	if (map->map_type != DD_CLASS_TYPE_DISJOINT_BITS &&
	    map->map_type != DD_CLASS_TYPE_LEVEL_NUM) {
		dd_err(host, "%s: bad map type: %d\n", kp->name, map->map_type);
		return -EINVAL;
	}
	if (umod_kstrtoul(instr, 0, &in)) {
		dd_err(host, "expecting numeric input: %s > %s\n", instr, kp->name);
		return -EINVAL;
	}
	if (map->map_type == DD_CLASS_TYPE_DISJOINT_BITS) {
		if (in & ~CLASSMAP_BITMASK(map->length)) {
			umod_log_printk(host->log, KERN_WARNING "dyndbg: %s: input: 0x%lx exceeds mask: 0x%lx, masking\n",
					kp->name, in, CLASSMAP_BITMASK(map->length));
			in &= CLASSMAP_BITMASK(map->length);
		}
		apply_class_bits(host, dcp, in, *dcp->bits);
		*dcp->bits = in;
		return 0;
	}
	if (in > (unsigned long)map->length) {
		umod_log_printk(host->log, KERN_WARNING "dyndbg: %s: level:%ld exceeds max:%d, clamping\n",
				kp->name, (long)in, map->length);
		in = (unsigned long)map->length;
	}
	apply_class_bits(host, dcp, CLASSMAP_BITMASK(in), CLASSMAP_BITMASK(*dcp->lvl));
	*dcp->lvl = (unsigned int)in;
	return 0;
}

/* the bits as 0x.. for the DISJOINT types, the level for the LEVEL ones */
static int kapi_param_get_dyndbg_classes(char *buffer, const struct kernel_param *kp)
{
	const struct ddebug_class_param *dcp = kp->arg;

	switch (dcp->map->map_type) {
	case DD_CLASS_TYPE_DISJOINT_NAMES:
	case DD_CLASS_TYPE_DISJOINT_BITS:
		return snprintf(buffer, UMOD_PAGE_SIZE, "0x%lx\n", *dcp->bits);
	case DD_CLASS_TYPE_LEVEL_NAMES:
	case DD_CLASS_TYPE_LEVEL_NUM:
		return snprintf(buffer, UMOD_PAGE_SIZE, "%d\n", (int)*dcp->lvl);
	}
	return -1;
}

static const struct kernel_param_ops param_ops_dyndbg_classes = {
	.set = kapi_param_set_dyndbg_classes,
	.get = kapi_param_get_dyndbg_classes,
};

static const struct umod_kapi_export dynamic_debug_exports[] = {
	UMOD_KAPI("param_set_dyndbg_classes", kapi_param_set_dyndbg_classes),
	UMOD_KAPI("param_get_dyndbg_classes", kapi_param_get_dyndbg_classes),
	UMOD_KAPI("param_ops_dyndbg_classes", &param_ops_dyndbg_classes),
	UMOD_KAPI("__dynamic_pr_debug", kapi___dynamic_pr_debug),
	UMOD_KAPI("__dynamic_dev_dbg", kapi___dynamic_dev_dbg),
};

const struct umod_kapi_table umod_kapi_dynamic_debug = UMOD_KAPI_TABLE(dynamic_debug_exports);
