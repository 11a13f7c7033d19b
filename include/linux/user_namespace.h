/* SPDX-License-Identifier: MIT */
/*
 * User namespaces: umod has the initial one only (init_user_ns, an
 * export whose contents are the host's), so kuid_t maps to itself.
 */
#ifndef _LINUX_USER_NAMESPACE_H
#define _LINUX_USER_NAMESPACE_H

#include <linux/types.h>
#include <linux/uidgid.h>
#include <linux/cred.h>
#include <linux/kref.h>
#include <linux/sched.h>
#include <linux/rwsem.h>

/* current_user_ns() is cred.h's, as in 6.1 */

#endif /* _LINUX_USER_NAMESPACE_H */
