/* SPDX-License-Identifier: MIT */
/* The ids 16-bit interfaces show for ids that do not fit (6.1: 65534). */
#ifndef _LINUX_HIGHUID_H
#define _LINUX_HIGHUID_H

#include <linux/types.h>

#define DEFAULT_OVERFLOWUID	65534
#define DEFAULT_OVERFLOWGID	65534
#define DEFAULT_FS_OVERFLOWUID	65534
#define DEFAULT_FS_OVERFLOWGID	65534

/* the sysctls' values; fixed at the defaults in umod */
#define overflowuid		DEFAULT_OVERFLOWUID
#define overflowgid		DEFAULT_OVERFLOWGID
#define fs_overflowuid		DEFAULT_FS_OVERFLOWUID
#define fs_overflowgid		DEFAULT_FS_OVERFLOWGID

#define high2lowuid(uid)	((uid) & ~0xFFFF ? (old_uid_t)overflowuid : (old_uid_t)(uid))
#define high2lowgid(gid)	((gid) & ~0xFFFF ? (old_gid_t)overflowgid : (old_gid_t)(gid))
#define low2highuid(uid)	((uid) == (old_uid_t)-1 ? (uid_t)-1 : (uid_t)(uid))
#define low2highgid(gid)	((gid) == (old_gid_t)-1 ? (gid_t)-1 : (gid_t)(gid))

typedef unsigned short		old_uid_t;
typedef unsigned short		old_gid_t;

#endif /* _LINUX_HIGHUID_H */
