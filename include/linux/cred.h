/* SPDX-License-Identifier: MIT */
/*
 * A task's credentials (struct cred is in umod/kabi/cred.h): current's
 * are those of the process the task acts for, kernel threads' are
 * root's. Credentials are not changed by module code in umod:
 * prepare_creds()/commit_creds() are not provided.
 */
#ifndef _LINUX_CRED_H
#define _LINUX_CRED_H

#include <linux/capability.h>
#include <linux/init.h>
#include <linux/atomic.h>
#include <linux/uidgid.h>
#include <linux/sched.h>
#include <umod/kabi/cred.h>
#include <linux/list.h>
#include <linux/rbtree.h>
#include <linux/wait.h>
#include <linux/rwsem.h>
#include <linux/refcount.h>
#include <linux/gfp.h>
#include <linux/ratelimit.h>

#define task_cred_xxx(task, xxx)	((task)->real_cred->xxx)
#define task_uid(task)			(task_cred_xxx((task), uid))
#define task_euid(task)			(task_cred_xxx((task), euid))

#define current_cred()			(current->cred)
#define current_real_cred()		(current->real_cred)
#define current_cred_xxx(xxx)		(current_cred()->xxx)
#define current_uid()			(current_cred_xxx(uid))
#define current_gid()			(current_cred_xxx(gid))
#define current_euid()			(current_cred_xxx(euid))
#define current_egid()			(current_cred_xxx(egid))
#define current_suid()			(current_cred_xxx(suid))
#define current_sgid()			(current_cred_xxx(sgid))
#define current_fsuid()			(current_cred_xxx(fsuid))
#define current_fsgid()			(current_cred_xxx(fsgid))
#define current_cap()			(current_cred_xxx(cap_effective))
#define current_user_ns()		(current_cred_xxx(user_ns))

#define current_uid_gid(_uid, _gid)		\
do {						\
	const struct cred *__cred = current_cred(); \
	*(_uid) = __cred->uid;			\
	*(_gid) = __cred->gid;			\
} while (0)

#define current_euid_egid(_euid, _egid)		\
do {						\
	const struct cred *__cred = current_cred(); \
	*(_euid) = __cred->euid;		\
	*(_egid) = __cred->egid;		\
} while (0)

/* a reference on current's credentials: they live as long as the task */
static inline const struct cred *get_current_cred(void)
{
	return current_cred();
}

static inline const struct cred *get_cred(const struct cred *cred)
{
	return cred;
}

static inline void put_cred(const struct cred *cred)
{
	(void)cred;
}

#define get_current_user()		NULL

#endif /* _LINUX_CRED_H */
