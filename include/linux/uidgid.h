/* SPDX-License-Identifier: MIT */
/*
 * kuid_t and kgid_t: the kernel's uids and gids, kept apart from the
 * plain uid_t of user space (the types are in umod/kabi/cred.h, shared
 * with the host). umod has one user namespace, so every mapping is the
 * identity; the calls are exports as in 6.1 (CONFIG_USER_NS=y).
 */
#ifndef _LINUX_UIDGID_H
#define _LINUX_UIDGID_H

#include <linux/types.h>
#include <linux/highuid.h>
#include <umod/kabi/cred.h>

struct user_namespace;
extern struct user_namespace init_user_ns;

#define KUIDT_INIT(value)	(kuid_t){ value }
#define KGIDT_INIT(value)	(kgid_t){ value }

static inline uid_t __kuid_val(kuid_t uid)
{
	return uid.val;
}

static inline gid_t __kgid_val(kgid_t gid)
{
	return gid.val;
}

#define GLOBAL_ROOT_UID		KUIDT_INIT(0)
#define GLOBAL_ROOT_GID		KGIDT_INIT(0)
#define INVALID_UID		KUIDT_INIT(-1)
#define INVALID_GID		KGIDT_INIT(-1)

static inline bool uid_eq(kuid_t left, kuid_t right)
{
	return __kuid_val(left) == __kuid_val(right);
}

static inline bool gid_eq(kgid_t left, kgid_t right)
{
	return __kgid_val(left) == __kgid_val(right);
}

static inline bool uid_gt(kuid_t left, kuid_t right)
{
	return __kuid_val(left) > __kuid_val(right);
}

static inline bool gid_gt(kgid_t left, kgid_t right)
{
	return __kgid_val(left) > __kgid_val(right);
}

static inline bool uid_gte(kuid_t left, kuid_t right)
{
	return __kuid_val(left) >= __kuid_val(right);
}

static inline bool gid_gte(kgid_t left, kgid_t right)
{
	return __kgid_val(left) >= __kgid_val(right);
}

static inline bool uid_lt(kuid_t left, kuid_t right)
{
	return __kuid_val(left) < __kuid_val(right);
}

static inline bool gid_lt(kgid_t left, kgid_t right)
{
	return __kgid_val(left) < __kgid_val(right);
}

static inline bool uid_lte(kuid_t left, kuid_t right)
{
	return __kuid_val(left) <= __kuid_val(right);
}

static inline bool gid_lte(kgid_t left, kgid_t right)
{
	return __kgid_val(left) <= __kgid_val(right);
}

static inline bool uid_valid(kuid_t uid)
{
	return __kuid_val(uid) != (uid_t)-1;
}

static inline bool gid_valid(kgid_t gid)
{
	return __kgid_val(gid) != (gid_t)-1;
}

kuid_t make_kuid(struct user_namespace *from, uid_t uid);
kgid_t make_kgid(struct user_namespace *from, gid_t gid);
uid_t from_kuid(struct user_namespace *to, kuid_t uid);
gid_t from_kgid(struct user_namespace *to, kgid_t gid);
uid_t from_kuid_munged(struct user_namespace *to, kuid_t uid);
gid_t from_kgid_munged(struct user_namespace *to, kgid_t gid);

static inline bool kuid_has_mapping(struct user_namespace *ns, kuid_t uid)
{
	return from_kuid(ns, uid) != (uid_t)-1;
}

static inline bool kgid_has_mapping(struct user_namespace *ns, kgid_t gid)
{
	return from_kgid(ns, gid) != (gid_t)-1;
}

#endif /* _LINUX_UIDGID_H */
