/* SPDX-License-Identifier: MIT */
/* kernel/locking/mutex.c: a mutex module code shares, from host code */
#ifndef _UMOD_KERNEL_LOCKING_MUTEX_H
#define _UMOD_KERNEL_LOCKING_MUTEX_H

struct mutex;

/* as mutex_init()/mutex_lock()/mutex_unlock(): the caller sleeps as a task */
void umod_mutex_init(struct mutex *lock);
void umod_mutex_lock(struct mutex *lock);
void umod_mutex_unlock(struct mutex *lock);
int umod_mutex_trylock(struct mutex *lock);

#endif /* _UMOD_KERNEL_LOCKING_MUTEX_H */
