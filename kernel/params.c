// SPDX-License-Identifier: MIT
/*
 * Module parameters as the kernel's kernel/params.c handles them: the
 * argument string is split in place into name[=value] words (double quotes
 * protect spaces), each name is matched against the module's __param table
 * ('-' and '_' equal) and handed to that parameter's ops->set().
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/params.h"
#include "kernel/printk/internal.h"
#include "lib/kstrtox.h"

#define CHARP_MAX	1024	/* the kernel's limit for a charp value */

static struct umod_log *kp_log(const struct kernel_param *kp)
{
	const struct umod_module *m = kp->mod ? kp->mod->umod : NULL;

	return m && m->host ? m->host->log : NULL;
}

static bool dash_eq(char a, char b)
{
	return a == b || ((a == '-' || a == '_') && (b == '-' || b == '_'));
}

bool umod_parameq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (!dash_eq(*a, *b))
			return false;
	return *a == *b;
}

static char *skip_spaces(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/*
 * Cuts the next word off @args: *param is its name, *val its value after
 * the first '=' (NULL without one). Quotes may open the word or the value
 * and are dropped; spaces inside them do not end the word.
 */
static char *next_arg(char *args, char **param, char **val)
{
	size_t i, equals = 0;
	bool in_quote = false, quoted = false;

	if (*args == '"') {
		args++;
		in_quote = quoted = true;
	}
	for (i = 0; args[i]; i++) {
		if (isspace((unsigned char)args[i]) && !in_quote)
			break;
		if (!equals && args[i] == '=')
			equals = i;
		if (args[i] == '"')
			in_quote = !in_quote;
	}
	*param = args;
	*val = NULL;
	if (equals) {
		args[equals] = '\0';
		*val = args + equals + 1;
		if (**val == '"') {
			(*val)++;
			if (args[i - 1] == '"')
				args[i - 1] = '\0';
		}
	}
	if (quoted && i > 0 && args[i - 1] == '"')
		args[i - 1] = '\0';
	if (args[i]) {
		args[i] = '\0';
		args += i + 1;
	} else {
		args += i;
	}
	return skip_spaces(args);
}

/* kernel_param_lock(): modules that read their own parameters take it */
void umod_kernel_param_lock(struct module *mod)
{
	if (mod && mod->umod)
		pthread_mutex_lock(&((struct umod_module *)mod->umod)->param_lock);
}

void umod_kernel_param_unlock(struct module *mod)
{
	if (mod && mod->umod)
		pthread_mutex_unlock(&((struct umod_module *)mod->umod)->param_lock);
}

static int parse_one(char *param, char *val, const char *doing,
		     const struct kernel_param *params, unsigned int num,
		     umod_parse_unknown_fn unknown, void *arg)
{
	for (unsigned int i = 0; i < num; i++) {
		const struct kernel_param *kp = &params[i];
		int err;

		if (!umod_parameq(param, kp->name))
			continue;
		if (!val && !(kp->ops->flags & KERNEL_PARAM_OPS_FL_NOARG))
			return -EINVAL;
		umod_kernel_param_lock(kp->mod);
		err = kp->ops->set(val, kp);
		umod_kernel_param_unlock(kp->mod);
		return err;
	}
	if (unknown)
		return unknown(param, val, doing, arg);
	return -ENOENT;
}

int umod_parse_args(struct umod_log *log, const char *doing, char *args,
		    const struct kernel_param *params, unsigned int num,
		    umod_parse_unknown_fn unknown, void *arg)
{
	char *param, *val;

	args = skip_spaces(args);
	while (*args) {
		int ret;

		args = next_arg(args, &param, &val);
		if (!val && !strcmp(param, "--"))
			return 0;
		ret = parse_one(param, val, doing, params, num, unknown, arg);
		switch (ret) {
		case 0:
			continue;
		case -ENOENT:
			umod_log_printk(log, KERN_ERR "%s: Unknown parameter `%s'\n",
					doing, param);
			break;
		case -ENOSPC:
			umod_log_printk(log, KERN_ERR "%s: `%s' too large for parameter `%s'\n",
					doing, val ? val : "", param);
			break;
		default:
			umod_log_printk(log, KERN_ERR "%s: `%s' invalid for parameter `%s'\n",
					doing, val ? val : "", param);
			break;
		}
		/* Linux 6.1 stops at the first bad parameter (LINUX-FACTS.md) */
		return ret;
	}
	return 0;
}

void umod_params_free(const struct kernel_param *params, unsigned int num)
{
	for (unsigned int i = 0; i < num; i++)
		if (params[i].ops->free)
			params[i].ops->free(params[i].arg);
}

/*
 * ---- numbers: kstrto*() with base 0, so range errors are -ERANGE ----------
 * Every get op fills a sysfs page with the value and a newline.
 */

#define STANDARD_PARAM(name, type, format, parse)			\
int umod_param_set_##name(const char *val, const struct kernel_param *kp) \
{									\
	if (!val)							\
		return -EINVAL;						\
	return parse(val, 0, (type *)kp->arg);				\
}									\
int umod_param_get_##name(char *buffer, const struct kernel_param *kp)	\
{									\
	return umod_sysfs_emit(buffer, format "\n", *(type *)kp->arg);	\
}									\
const struct kernel_param_ops umod_param_ops_##name = {		\
	.set = umod_param_set_##name,					\
	.get = umod_param_get_##name,					\
}

STANDARD_PARAM(byte, unsigned char, "%hhu", umod_kstrtou8);
STANDARD_PARAM(short, short, "%hi", umod_kstrtos16);
STANDARD_PARAM(ushort, unsigned short, "%hu", umod_kstrtou16);
STANDARD_PARAM(int, int, "%i", umod_kstrtoint);
STANDARD_PARAM(uint, unsigned int, "%u", umod_kstrtouint);
STANDARD_PARAM(long, long, "%li", umod_kstrtol);
STANDARD_PARAM(ulong, unsigned long, "%lu", umod_kstrtoul);
STANDARD_PARAM(ullong, unsigned long long, "%llu", umod_kstrtoull);
/* "%#08x": 0x plus at least 6 digits, 16 reads back as 0x000010 */
STANDARD_PARAM(hexint, unsigned int, "%#08x", umod_kstrtouint);

/* for custom ops; a value out of [min, max] is -EINVAL, not -ERANGE */
int umod_param_set_uint_minmax(const char *val, const struct kernel_param *kp,
			       unsigned int min, unsigned int max)
{
	unsigned int v;
	int err;

	if (!val)
		return -EINVAL;
	err = umod_kstrtouint(val, 0, &v);
	if (err)
		return err;
	if (v < min || v > max)
		return -EINVAL;
	*(unsigned int *)kp->arg = v;
	return 0;
}

/* ---- charp ---------------------------------------------------------------- */

/*
 * Which strings the parameter code allocated, so that only those are freed
 * (a charp's initial value is usually a literal in the module). As in the
 * kernel's kmalloced_params this is a fact about the process heap, shared
 * by every host, and the one piece of process-wide state in libumod.
 */
struct param_alloc {
	struct param_alloc *next;
	char *str;
};

static pthread_mutex_t param_alloc_lock = PTHREAD_MUTEX_INITIALIZER;
static struct param_alloc *param_allocs;

static char *param_strdup(const char *val, size_t len)
{
	struct param_alloc *a = malloc(sizeof(*a));

	if (!a)
		return NULL;
	a->str = malloc(len + 1);
	if (!a->str) {
		free(a);
		return NULL;
	}
	memcpy(a->str, val, len + 1);
	pthread_mutex_lock(&param_alloc_lock);
	a->next = param_allocs;
	param_allocs = a;
	pthread_mutex_unlock(&param_alloc_lock);
	return a->str;
}

static void maybe_free_param_str(char *str)
{
	struct param_alloc **pp, *a = NULL;

	if (!str)
		return;
	pthread_mutex_lock(&param_alloc_lock);
	for (pp = &param_allocs; *pp; pp = &(*pp)->next) {
		if ((*pp)->str == str) {
			a = *pp;
			*pp = a->next;
			break;
		}
	}
	pthread_mutex_unlock(&param_alloc_lock);
	if (a) {
		free(a->str);
		free(a);
	}
}

int umod_param_set_charp(const char *val, const struct kernel_param *kp)
{
	size_t len;
	char *copy;

	if (!val)
		return -EINVAL;
	len = strnlen(val, CHARP_MAX + 1);
	if (len > CHARP_MAX) {
		umod_log_printk(kp_log(kp), KERN_ERR "%s: string parameter too long\n",
				kp->name);
		return -ENOSPC;
	}
	copy = param_strdup(val, len);
	if (!copy)
		return -ENOMEM;
	maybe_free_param_str(*(char **)kp->arg);
	*(char **)kp->arg = copy;
	return 0;
}

int umod_param_get_charp(char *buffer, const struct kernel_param *kp)
{
	const char *s = *(char **)kp->arg;

	/* the kernel's vsprintf prints a NULL string as "(null)" */
	return umod_sysfs_emit(buffer, "%s\n", s ? s : "(null)");
}

void umod_param_free_charp(void *arg)
{
	maybe_free_param_str(*(char **)arg);
}

const struct kernel_param_ops umod_param_ops_charp = {
	.set = umod_param_set_charp,
	.get = umod_param_get_charp,
	.free = umod_param_free_charp,
};

/* ---- bool and its relatives ---------------------------------------------- */

/* no value ("name" alone) means true; else whatever kstrtobool() takes */
static int bool_value(const char *val, bool *v)
{
	return umod_kstrtobool(val ? val : "1", v);
}

int umod_param_set_bool(const char *val, const struct kernel_param *kp)
{
	return bool_value(val, (bool *)kp->arg);
}

int umod_param_get_bool(char *buffer, const struct kernel_param *kp)
{
	return umod_sysfs_emit(buffer, "%c\n", *(bool *)kp->arg ? 'Y' : 'N');
}

const struct kernel_param_ops umod_param_ops_bool = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = umod_param_set_bool,
	.get = umod_param_get_bool,
};

/* a bool that can be switched on but, once on, never off again (-EROFS) */
int umod_param_set_bool_enable_only(const char *val, const struct kernel_param *kp)
{
	bool was = *(bool *)kp->arg, now;
	int err = bool_value(val, &now);

	if (err)
		return err;
	if (was && !now)
		return -EROFS;
	*(bool *)kp->arg = now;
	return 0;
}

const struct kernel_param_ops umod_param_ops_bool_enable_only = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = umod_param_set_bool_enable_only,
	.get = umod_param_get_bool,
};

/*
 * invbool stores the inverse of what it is given and shows the inverse of
 * what it stores. Unlike bool it wants a value: a bare name is invalid.
 */
int umod_param_set_invbool(const char *val, const struct kernel_param *kp)
{
	bool v;
	int err = bool_value(val, &v);

	if (!err)
		*(bool *)kp->arg = !v;
	return err;
}

int umod_param_get_invbool(char *buffer, const struct kernel_param *kp)
{
	return umod_sysfs_emit(buffer, "%c\n", *(bool *)kp->arg ? 'N' : 'Y');
}

const struct kernel_param_ops umod_param_ops_invbool = {
	.set = umod_param_set_invbool,
	.get = umod_param_get_invbool,
};

/* bint: bool's syntax, stored in an int (and shown as one) */
int umod_param_set_bint(const char *val, const struct kernel_param *kp)
{
	bool v;
	int err = bool_value(val, &v);

	if (!err)
		*(int *)kp->arg = v;
	return err;
}

const struct kernel_param_ops umod_param_ops_bint = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = umod_param_set_bint,
	.get = umod_param_get_int,
};

/* ---- arrays --------------------------------------------------------------- */

/*
 * "v1,v2,...": each element through the element type's set op, *num
 * counting them. As the kernel's, this writes a NUL over each comma it
 * passes, so the "invalid" line parse_args() prints afterwards quotes only
 * the first element; every caller in libumod passes a private copy. A
 * failure leaves the elements and count set so far, as the kernel does.
 */
static int param_array_set(const char *val, const struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arr;
	unsigned int scratch, *num = arr->num ? arr->num : &scratch;
	struct kernel_param elem = { .name = kp->name, .mod = kp->mod,
				     .level = kp->level, .arg = arr->elem };
	char *p = (char *)val, save;

	if (!p)
		return -EINVAL;
	*num = 0;
	do {
		size_t len = strcspn(p, ",");
		int err;

		if (*num == arr->max) {
			umod_log_printk(kp_log(kp), KERN_ERR "%s: can only take %u arguments\n",
					kp->name, arr->max);
			return -EINVAL;
		}
		save = p[len];
		p[len] = '\0';
		err = arr->ops->set(p, &elem);
		if (err)
			return err;
		elem.arg = (char *)elem.arg + arr->elemsize;
		p += len + 1;
		(*num)++;
	} while (save == ',');
	return 0;
}

/*
 * The elements given (all of them when there is no count), comma-joined:
 * each element's newline but the last becomes a comma.
 */
static int param_array_get(char *buffer, const struct kernel_param *kp)
{
	const struct kparam_array *arr = kp->arr;
	unsigned int n = arr->num ? *arr->num : arr->max;
	struct kernel_param elem = *kp;
	char one[UMOD_PAGE_SIZE];
	size_t off = 0;

	for (unsigned int i = 0; i < n && i < arr->max; i++) {
		int ret;

		elem.arg = (char *)arr->elem + (size_t)arr->elemsize * i;
		ret = arr->ops->get(one, &elem);
		if (ret < 0)
			return ret;
		if (off + (size_t)ret >= UMOD_PAGE_SIZE)
			break;		/* a full page: the kernel would overrun it */
		if (i && off)
			buffer[off - 1] = ',';
		memcpy(buffer + off, one, (size_t)ret);
		off += (size_t)ret;
	}
	buffer[off] = '\0';
	return (int)off;
}

/* every element, not only the counted ones: free ops free only their own copies */
static void param_array_free(void *arg)
{
	const struct kparam_array *arr = arg;

	if (!arr->ops->free)
		return;
	for (unsigned int i = 0; i < arr->max; i++)
		arr->ops->free((char *)arr->elem + (size_t)arr->elemsize * i);
}

const struct kernel_param_ops umod_param_array_ops = {
	.set = param_array_set,
	.get = param_array_get,
	.free = param_array_free,
};

/* ---- string: module_param_string()'s fixed buffer ------------------------- */

int umod_param_set_copystring(const char *val, const struct kernel_param *kp)
{
	const struct kparam_string *kps = kp->str;

	if (!val)
		return -EINVAL;
	if (strnlen(val, kps->maxlen) >= kps->maxlen) {
		umod_log_printk(kp_log(kp), KERN_ERR "%s: string doesn't fit in %u chars.\n",
				kp->name, kps->maxlen ? kps->maxlen - 1 : 0);
		return -ENOSPC;
	}
	strcpy(kps->string, val);
	return 0;
}

int umod_param_get_string(char *buffer, const struct kernel_param *kp)
{
	const struct kparam_string *kps = kp->str;

	return umod_sysfs_emit(buffer, "%.*s\n", (int)kps->maxlen, kps->string);
}

const struct kernel_param_ops umod_param_ops_string = {
	.set = umod_param_set_copystring,
	.get = umod_param_get_string,
};

/* a standard parameter type: param_ops_X, param_set_X, param_get_X */
#define EXPORT_PARAM_TYPE(t)						\
	UMOD_KAPI("param_ops_" #t, &umod_param_ops_##t),		\
	UMOD_KAPI("param_set_" #t, umod_param_set_##t),			\
	UMOD_KAPI("param_get_" #t, umod_param_get_##t)

static const struct umod_kapi_export params_exports[] = {
	EXPORT_PARAM_TYPE(byte),
	EXPORT_PARAM_TYPE(short),
	EXPORT_PARAM_TYPE(ushort),
	EXPORT_PARAM_TYPE(int),
	EXPORT_PARAM_TYPE(uint),
	EXPORT_PARAM_TYPE(long),
	EXPORT_PARAM_TYPE(ulong),
	EXPORT_PARAM_TYPE(ullong),
	EXPORT_PARAM_TYPE(hexint),
	EXPORT_PARAM_TYPE(charp),
	UMOD_KAPI("param_free_charp", umod_param_free_charp),
	EXPORT_PARAM_TYPE(bool),
	EXPORT_PARAM_TYPE(invbool),
	UMOD_KAPI("param_ops_bint", &umod_param_ops_bint),
	UMOD_KAPI("param_set_bint", umod_param_set_bint),
	UMOD_KAPI_GPL("param_ops_bool_enable_only", &umod_param_ops_bool_enable_only),
	UMOD_KAPI_GPL("param_set_bool_enable_only", umod_param_set_bool_enable_only),
	UMOD_KAPI("param_ops_string", &umod_param_ops_string),
	UMOD_KAPI("param_set_copystring", umod_param_set_copystring),
	UMOD_KAPI("param_get_string", umod_param_get_string),
	UMOD_KAPI("param_array_ops", &umod_param_array_ops),
	UMOD_KAPI_GPL("param_set_uint_minmax", umod_param_set_uint_minmax),
	UMOD_KAPI("kernel_param_lock", umod_kernel_param_lock),
	UMOD_KAPI("kernel_param_unlock", umod_kernel_param_unlock),
};

const struct umod_kapi_table umod_kapi_params = UMOD_KAPI_TABLE(params_exports);
