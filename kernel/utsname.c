// SPDX-License-Identifier: MIT
/*
 * init_uts_ns (kernel/utsname.c, init/version.c): what utsname() shows
 * module code. Linux's sysname, umod's release, the machine's own node
 * name and domain, filled when libumod is loaded (before any module can
 * read it).
 */
#include <string.h>
#include <sys/utsname.h>

#include <generated/utsrelease.h>
#include <umod/kabi/utsname.h>

#include "arch/arch.h"
#include "kernel/kapi.h"

struct uts_namespace umod_init_uts_ns = {
	.name = {
		.sysname = "Linux",
		.nodename = "(none)",
		.release = UTS_RELEASE,
		.version = "#1 SMP PREEMPT_DYNAMIC",
		.machine = UMOD_ARCH_UTS_MACHINE,
		.domainname = "(none)",
	},
};

static void copy_field(char *dst, const char *src)
{
	size_t n = strnlen(src, __NEW_UTS_LEN);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

__attribute__((constructor)) static void uts_init(void)
{
	struct utsname u;

	if (uname(&u) < 0)
		return;
	copy_field(umod_init_uts_ns.name.nodename, u.nodename);
	copy_field(umod_init_uts_ns.name.domainname, u.domainname);
}

static const struct umod_kapi_export utsname_exports[] = {
	UMOD_KAPI_GPL("init_uts_ns", &umod_init_uts_ns),
};

const struct umod_kapi_table umod_kapi_utsname = UMOD_KAPI_TABLE(utsname_exports);
