// SPDX-License-Identifier: MIT
/*
 * The daemon's /proc: the two files of the kernel's that describe loaded
 * modules and taint, read through the same view as /sys
 * (`umod sysfs read /proc/modules`):
 *
 *   /proc/modules             "NAME SIZE REFCNT USERS STATE ADDRESS[ (TAINT)]",
 *                             newest first, USERS "a,b," or "[permanent],"
 *                             or "-", as the kernel's m_show() writes them;
 *                             addresses read 0x0000000000000000, as for a
 *                             reader without CAP_SYSLOG (kptr_restrict)
 *   /proc/sys/kernel/tainted  the taint mask, in decimal
 *   /proc/sys/kernel/hung_task_timeout_secs
 *                             the hung-task detector's timeout (0644:
 *                             written as the sysctl is, a number)
 *   /proc/kallsyms            the modules' symbols, "ADDR t name\t[module]",
 *                             addresses hidden as in /proc/modules
 *   /proc/devices             "Character devices:", a "%3d name" line per
 *                             registered region (misc's 10 among them),
 *                             then "Block devices:", as devinfo_show() and
 *                             chrdev_show() write it, and the block majors
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <umod/umod.h>

#include "daemon.h"
#include "fs/internal.h"

struct text {
	char *buf;
	size_t size, len;
	bool full;
	const char *modname;	/* kallsyms: the module being listed */
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (t->full)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= t->size - t->len)
		t->full = true;
	else
		t->len += (size_t)n;
}

static int put_holder(struct umod_module *holder, void *data)
{
	put(data, "%s,", umod_module_get_name(holder));
	return 0;
}

/* module_flags(): "(OE)", and a + for a module coming, a - for one going */
static void put_flags(struct text *t, struct umod_module *mod)
{
	enum umod_module_state state = umod_module_get_state(mod);
	char taint[32];
	int n = umod_module_get_taint(mod, taint, sizeof(taint));

	if (n <= 0 && state != UMOD_MODULE_COMING && state != UMOD_MODULE_GOING)
		return;
	put(t, " (%s%s)", n > 0 ? taint : "", state == UMOD_MODULE_GOING ? "-" :
	    state == UMOD_MODULE_COMING ? "+" : "");
}

static int put_module(struct umod_module *mod, void *data)
{
	struct text *t = data;
	size_t users;

	put(t, "%s %zu %d ", umod_module_get_name(mod),
	    umod_module_get_core_size(mod) + umod_module_get_init_size(mod),
	    umod_module_get_refcnt(mod));
	users = t->len;
	umod_module_for_each_holder(mod, put_holder, t);
	if (umod_module_is_permanent(mod))
		put(t, "[permanent],");
	if (t->len == users)
		put(t, "-");
	put(t, " %s 0x0000000000000000", umod_daemon_state_name(umod_module_get_state(mod)));
	put_flags(t, mod);
	put(t, "\n");
	return 0;
}

/* /proc/kallsyms' module lines: "ADDR t name\t[module]", the address hidden */
static int put_symbol(void *data, const char *name, char type, const void *addr)
{
	struct text *t = data;

	put(t, "%016x %c %s\t[%s]\n", 0, type, name, t->modname);
	return 0;
}

static int put_symbols(struct umod_module *mod, void *data)
{
	struct text *t = data;

	t->modname = umod_module_get_name(mod);
	return umod_module_for_each_symbol(mod, put_symbol, t);
}

static int put_chrdev(void *data, unsigned int major, const char *name)
{
	put(data, "%3u %s\n", major, name);
	return 0;
}

bool umod_proc_is(const char *path)
{
	return !strncmp(path, "/proc/", 6);
}

#define HUNG_TASK_TIMEOUT	"/proc/sys/kernel/hung_task_timeout_secs"

bool umod_proc_builtin(const char *path)
{
	return !strcmp(path, "/proc/modules") || !strcmp(path, "/proc/kallsyms") ||
	       !strcmp(path, "/proc/devices") || !strcmp(path, "/proc/sys/kernel/tainted") ||
	       !strcmp(path, HUNG_TASK_TIMEOUT);
}

mode_t umod_proc_mode(const char *path)
{
	return S_IFREG | (strcmp(path, HUNG_TASK_TIMEOUT) ? 0444 : 0644);
}

/* proc_doulongvec_minmax(): blanks, a decimal number, blanks; else -EINVAL */
ssize_t umod_proc_write(struct umod_daemon *d, const char *path, const char *buf, size_t len)
{
	char text[32], *end;
	unsigned long v;

	if (strcmp(path, HUNG_TASK_TIMEOUT))
		return umod_proc_builtin(path) ? -EACCES : -ENOENT;
	if (len >= sizeof(text))
		return -EINVAL;
	memcpy(text, buf, len);
	text[len] = '\0';
	errno = 0;
	v = strtoul(text, &end, 10);
	if (end == text || errno || strchr(text, '-') || end[strspn(end, " \t\n")])
		return -EINVAL;
	return umod_host_set_hung_task_timeout(d->host, v) ?: (ssize_t)len;
}

ssize_t umod_proc_read(struct umod_daemon *d, const char *path, char *buf, size_t size)
{
	struct text t = { .buf = buf, .size = size };

	if (!size)
		return -EINVAL;
	buf[0] = '\0';
	if (!strcmp(path, "/proc/modules"))
		umod_host_for_each_module(d->host, put_module, &t);
	else if (!strcmp(path, "/proc/sys/kernel/tainted"))
		put(&t, "%lu\n", umod_host_get_taint(d->host));
	else if (!strcmp(path, HUNG_TASK_TIMEOUT))
		put(&t, "%lu\n", umod_host_get_hung_task_timeout(d->host));
	else if (!strcmp(path, "/proc/kallsyms"))
		umod_host_for_each_module(d->host, put_symbols, &t);
	else if (!strcmp(path, "/proc/devices")) {
		put(&t, "Character devices:\n");
		umod_chrdev_for_each_region(d->host, put_chrdev, &t);
		put(&t, "\nBlock devices:\n");
		umod_blkdev_for_each_region(d->host, put_chrdev, &t);
	}
	else
		return umod_proc_pid_read(path, buf, size);
	return t.full ? -EFBIG : (ssize_t)t.len;
}
