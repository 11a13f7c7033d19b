/* SPDX-License-Identifier: MIT */
/*
 * Credentials as module code reads them (current_cred()->euid, kuid_t,
 * kernel_cap_t): 6.1's struct cred up to the fields modules touch. The
 * host fills one per task from the process it acts for (the FUSE or
 * socket client's uid and gid; root with every capability for kernel
 * threads, as init_cred). Builtin types only, as in kabi.h.
 */
#ifndef _UMOD_KABI_CRED_H
#define _UMOD_KABI_CRED_H

/* 6.1's kuid_t/kgid_t: a uid wrapped so it cannot be mixed with a plain one */
typedef struct {
	unsigned int val;
} kuid_t;

typedef struct {
	unsigned int val;
} kgid_t;

/* 6.1: two 32-bit words (_KERNEL_CAPABILITY_U32S) */
#define UMOD_KERNEL_CAPABILITY_U32S	2
typedef struct kernel_cap_struct {
	unsigned int cap[UMOD_KERNEL_CAPABILITY_U32S];
} kernel_cap_t;

struct user_namespace;
struct group_info;

struct cred {
	int usage;			/* atomic_t in 6.1; the host's */
	kuid_t uid;
	kgid_t gid;
	kuid_t suid;
	kgid_t sgid;
	kuid_t euid;
	kgid_t egid;
	kuid_t fsuid;
	kgid_t fsgid;
	unsigned int securebits;
	kernel_cap_t cap_inheritable;
	kernel_cap_t cap_permitted;
	kernel_cap_t cap_effective;
	kernel_cap_t cap_bset;
	kernel_cap_t cap_ambient;
	struct user_namespace *user_ns;
	struct group_info *group_info;
};

#endif /* _UMOD_KABI_CRED_H */
