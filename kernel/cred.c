// SPDX-License-Identifier: MIT
/*
 * Credentials and capabilities (kernel/cred.c, kernel/capability.c,
 * kernel/user_namespace.c): each task acts with the uid and gid of the
 * process it serves, and root's tasks, kernel threads among them, hold
 * every capability, as init_cred does. There is one user namespace, the
 * initial one, so the kuid_t mappings are the identity.
 */
#include <string.h>

#include "kernel/kapi.h"
#include "kernel/sched/sched.h"

/* 6.1's CAP_LAST_CAP (CAP_CHECKPOINT_RESTORE) */
#define CAP_LAST_CAP	40

/* the initial namespace: its contents are the host's, modules take &init_user_ns */
struct user_namespace {
	int level;
	unsigned int owner;
};

static struct user_namespace umod_init_user_ns;

/* what current->signal points at; nothing in it is kept yet */
struct signal_struct {
	int nr_threads;
} umod_signal_struct = { .nr_threads = 1 };

void umod_cred_init(struct cred *cred, unsigned int uid, unsigned int gid)
{
	kernel_cap_t all = { { ~0u, (1u << (CAP_LAST_CAP - 31)) - 1 } };
	kernel_cap_t none = { { 0, 0 } };

	memset(cred, 0, sizeof(*cred));
	cred->usage = 1;
	cred->uid.val = cred->suid.val = cred->euid.val = cred->fsuid.val = uid;
	cred->gid.val = cred->sgid.val = cred->egid.val = cred->fsgid.val = gid;
	cred->cap_permitted = cred->cap_effective = uid == 0 ? all : none;
	cred->cap_bset = all;
	cred->user_ns = &umod_init_user_ns;
}

static bool cap_raised(const struct cred *cred, int cap)
{
	if (cap < 0 || cap > CAP_LAST_CAP)
		return false;
	return cred->cap_effective.cap[cap / 32] & (1u << (cap % 32));
}

/* the kernel's capable(): does current hold @cap? (and PF_SUPERPRIV is not kept) */
static bool kapi_capable(int cap)
{
	return cap_raised(umod_task_current()->task.cred, cap);
}

static bool kapi_ns_capable(struct user_namespace *ns, int cap)
{
	(void)ns;
	return kapi_capable(cap);
}

static bool kapi_has_capability(struct task_struct *t, int cap)
{
	return cap_raised(t->cred, cap);
}

/* one namespace: every id maps to itself, (uid_t)-1 is INVALID_UID */
static unsigned int kapi_from_kuid(struct user_namespace *to, kuid_t uid)
{
	(void)to;
	return uid.val;
}

static unsigned int kapi_from_kuid_munged(struct user_namespace *to, kuid_t uid)
{
	(void)to;
	return uid.val == (unsigned int)-1 ? 65534 : uid.val;	/* overflowuid */
}

static kuid_t kapi_make_kuid(struct user_namespace *from, unsigned int uid)
{
	(void)from;
	return (kuid_t){ uid };
}

static unsigned int kapi_from_kgid(struct user_namespace *to, kgid_t gid)
{
	(void)to;
	return gid.val;
}

static unsigned int kapi_from_kgid_munged(struct user_namespace *to, kgid_t gid)
{
	(void)to;
	return gid.val == (unsigned int)-1 ? 65534 : gid.val;	/* overflowgid */
}

static kgid_t kapi_make_kgid(struct user_namespace *from, unsigned int gid)
{
	(void)from;
	return (kgid_t){ gid };
}

static const struct umod_kapi_export cred_exports[] = {
	UMOD_KAPI_GPL("init_user_ns", &umod_init_user_ns),
	UMOD_KAPI("capable", kapi_capable),
	UMOD_KAPI("ns_capable", kapi_ns_capable),
	UMOD_KAPI("has_capability", kapi_has_capability),
	UMOD_KAPI("from_kuid", kapi_from_kuid),
	UMOD_KAPI("from_kuid_munged", kapi_from_kuid_munged),
	UMOD_KAPI("make_kuid", kapi_make_kuid),
	UMOD_KAPI("from_kgid", kapi_from_kgid),
	UMOD_KAPI("from_kgid_munged", kapi_from_kgid_munged),
	UMOD_KAPI("make_kgid", kapi_make_kgid),
};

const struct umod_kapi_table umod_kapi_cred = UMOD_KAPI_TABLE(cred_exports);
