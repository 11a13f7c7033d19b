// SPDX-License-Identifier: MIT
/*
 * Sanitized modules (make M=... UMOD_SANITIZE=address,undefined): their
 * code checks each access against ASan's shadow inline and calls the
 * sanitizer runtimes (__asan_report_store1, __ubsan_handle_*) to report.
 * Those entry points are not the kernel's API and are no export: ASan's
 * are whatever the runtime linked into this process provides, so a
 * module marked sanitize= in its .modinfo has exactly these names
 * resolved through the dynamic linker, and a host without the runtime
 * it names refuses it, as a module built for another ABI. UBSAN's
 * handlers are the host's own (lib/ubsan.c, the kernel's report in the
 * log), so every host has "undefined". A plain module
 * loads in a sanitized host: it is simply not checked (as a module built
 * without KASAN in a KASAN kernel).
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"
#include "lib/ubsan.h"
#include "mm/kasan.h"
#include "util/modinfo.h"

/* each sanitizer, and one entry point its runtime always has (NULL: ours) */
static const struct {
	const char *name;
	const char *probe;
} runtimes[] = {
	{ "address", "__asan_report_load1" },
	{ "undefined", NULL },
};

static bool host_has(const char *name, size_t len)
{
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(runtimes); i++)
		if (strlen(runtimes[i].name) == len && !strncmp(runtimes[i].name, name, len))
			return !runtimes[i].probe || dlsym(RTLD_DEFAULT, runtimes[i].probe);
	return false;
}

/* "address,undefined": the sanitizers this process has, "" for none */
static void host_sanitizers(char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(runtimes); i++) {
		const char *n = runtimes[i].name;

		if (host_has(n, strlen(n)) && len + strlen(n) + 2 < size)
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "," : "", n);
	}
}

static const char *sanitize_tag(const struct load_info *info)
{
	return umod_modinfo_get(info->modinfo, info->modinfo_size, "sanitize");
}

/* every sanitizer the module names must have its runtime here */
int umod_check_sanitize(struct load_info *info)
{
	const char *want = sanitize_tag(info), *p;
	char have[64];

	if (!want)
		return 0;
	for (p = want; *p; p += *p == ',') {
		size_t len = strcspn(p, ",");

		if (!host_has(p, len))
			break;
		p += len;
	}
	if (!*p)
		return 0;
	host_sanitizers(have, sizeof(have));
	if (!have[0])
		umod_log_printk(info->log, KERN_ERR "%s: module was built with sanitizers (%s), this host was not\n",
				info->name, want);
	else
		umod_log_printk(info->log, KERN_ERR "%s: module was built with sanitizers (%s), this host only with (%s)\n",
				info->name, want, have);
	return -ENOEXEC;
}

/* a sanitized module's call into the runtime: from the process's own symbols */
bool umod_sanitizer_resolve(const struct load_info *info, const char *name, uint64_t *val)
{
	void *p;

	if (name[0] != '_' || name[1] != '_' ||
	    (strncmp(name, "__asan_", 7) && strncmp(name, "__ubsan_", 8)))
		return false;
	if (!sanitize_tag(info))
		return false;
	/* a bad access: reported as KASAN does (mm/kasan.c), not by ASan's own path;
	 * undefined behaviour as UBSAN does (lib/ubsan.c), not on stderr */
	p = umod_kasan_report_fn(name);
	if (!p)
		p = umod_ubsan_handler(name);
	if (!p)
		p = dlsym(RTLD_DEFAULT, name);
	if (!p)
		return false;
	*val = (uint64_t)(uintptr_t)p;
	return true;
}
