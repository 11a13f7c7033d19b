/* SPDX-License-Identifier: MIT */
/*
 * Capabilities: the CAP_* numbers of 6.1's uapi, and capable(), which
 * answers from the calling task's credentials (root's tasks and kernel
 * threads hold every capability; other users none).
 */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/capability.h>
#elif !defined(_LINUX_CAPABILITY_H)
#define _LINUX_CAPABILITY_H

#include <linux/uidgid.h>
#include <umod/kabi/cred.h>
#include <linux/types.h>

#define _KERNEL_CAPABILITY_U32S		UMOD_KERNEL_CAPABILITY_U32S
#define _LINUX_CAPABILITY_VERSION_3	0x20080522
#define _LINUX_CAPABILITY_U32S_3	2

#define CAP_CHOWN		0
#define CAP_DAC_OVERRIDE	1
#define CAP_DAC_READ_SEARCH	2
#define CAP_FOWNER		3
#define CAP_FSETID		4
#define CAP_KILL		5
#define CAP_SETGID		6
#define CAP_SETUID		7
#define CAP_SETPCAP		8
#define CAP_LINUX_IMMUTABLE	9
#define CAP_NET_BIND_SERVICE	10
#define CAP_NET_BROADCAST	11
#define CAP_NET_ADMIN		12
#define CAP_NET_RAW		13
#define CAP_IPC_LOCK		14
#define CAP_IPC_OWNER		15
#define CAP_SYS_MODULE		16
#define CAP_SYS_RAWIO		17
#define CAP_SYS_CHROOT		18
#define CAP_SYS_PTRACE		19
#define CAP_SYS_PACCT		20
#define CAP_SYS_ADMIN		21
#define CAP_SYS_BOOT		22
#define CAP_SYS_NICE		23
#define CAP_SYS_RESOURCE	24
#define CAP_SYS_TIME		25
#define CAP_SYS_TTY_CONFIG	26
#define CAP_MKNOD		27
#define CAP_LEASE		28
#define CAP_AUDIT_WRITE		29
#define CAP_AUDIT_CONTROL	30
#define CAP_SETFCAP		31
#define CAP_MAC_OVERRIDE	32
#define CAP_MAC_ADMIN		33
#define CAP_SYSLOG		34
#define CAP_WAKE_ALARM		35
#define CAP_BLOCK_SUSPEND	36
#define CAP_AUDIT_READ		37
#define CAP_PERFMON		38
#define CAP_BPF			39
#define CAP_CHECKPOINT_RESTORE	40
#define CAP_LAST_CAP		CAP_CHECKPOINT_RESTORE

#define cap_valid(x)		((x) >= 0 && (x) <= CAP_LAST_CAP)
#define CAP_TO_INDEX(x)		((x) >> 5)
#define CAP_TO_MASK(x)		(1U << ((x) & 31))

struct task_struct;
struct user_namespace;
struct inode;

static inline bool cap_raised(kernel_cap_t c, int flag)
{
	return c.cap[CAP_TO_INDEX(flag)] & CAP_TO_MASK(flag);
}

bool has_capability(struct task_struct *t, int cap);
bool capable(int cap);
bool ns_capable(struct user_namespace *ns, int cap);

static inline bool has_ns_capability(struct task_struct *t, struct user_namespace *ns, int cap)
{
	(void)ns;
	return has_capability(t, cap);
}

static inline bool ns_capable_noaudit(struct user_namespace *ns, int cap)
{
	return ns_capable(ns, cap);
}

static inline bool ns_capable_setid(struct user_namespace *ns, int cap)
{
	return ns_capable(ns, cap);
}

static inline bool perfmon_capable(void)
{
	return capable(CAP_PERFMON) || capable(CAP_SYS_ADMIN);
}

static inline bool bpf_capable(void)
{
	return capable(CAP_BPF) || capable(CAP_SYS_ADMIN);
}

static inline bool checkpoint_restore_ns_capable(struct user_namespace *ns)
{
	return ns_capable(ns, CAP_CHECKPOINT_RESTORE) || ns_capable(ns, CAP_SYS_ADMIN);
}

#endif /* _LINUX_CAPABILITY_H */
