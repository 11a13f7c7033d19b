/* SPDX-License-Identifier: MIT */
/* lib/kobject_uevent.c for lib/kobject.c and the host */
#ifndef _UMOD_LIB_KOBJECT_UEVENT_H
#define _UMOD_LIB_KOBJECT_UEVENT_H

#include <stdint.h>

struct kobject;
struct kobj_uevent_env;
struct umod_host;

/* enum kobject_action's values */
#define UMOD_KOBJ_ADD		0
#define UMOD_KOBJ_REMOVE	1

/* add_uevent_var(), for host code too (a device's uevent file) */
int umod_add_uevent_var(struct kobj_uevent_env *env, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* kobject_uevent() for host code; the kernel's return values */
int umod_kobject_uevent(struct kobject *kobj, int action);
/*
 * a host event's sequence number (1, 2, ...): for the events the host
 * sends itself (a module's "add" and "remove", its synthetic uevents)
 */
uint64_t umod_uevent_seqnum_next(struct umod_host *host);
/* the host's uevent state (its sequence number, /sys/kernel/uevent_seqnum) */
int umod_uevents_init(struct umod_host *host);
/* the host's uevent state (its sequence number, /sys/kernel/uevent_seqnum) goes */
void umod_uevents_release(struct umod_host *host);

/* lib/kobject.c: "/kernel/foo", malloc()ed */
char *umod_kobject_path(const struct kobject *kobj);

#endif /* _UMOD_LIB_KOBJECT_UEVENT_H */
