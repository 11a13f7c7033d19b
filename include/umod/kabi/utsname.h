/* SPDX-License-Identifier: MIT */
/* struct new_utsname and the namespace holding it: the host fills init_uts_ns. */
#ifndef _UMOD_KABI_UTSNAME_H
#define _UMOD_KABI_UTSNAME_H

#define __NEW_UTS_LEN 64

struct new_utsname {
	char sysname[__NEW_UTS_LEN + 1];
	char nodename[__NEW_UTS_LEN + 1];
	char release[__NEW_UTS_LEN + 1];
	char version[__NEW_UTS_LEN + 1];
	char machine[__NEW_UTS_LEN + 1];
	char domainname[__NEW_UTS_LEN + 1];
};

/* Linux's also holds a kref and namespace links: one namespace here */
struct uts_namespace {
	struct new_utsname name;
};

#endif /* _UMOD_KABI_UTSNAME_H */
