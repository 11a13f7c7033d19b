/* SPDX-License-Identifier: MIT */
/*
 * Work items as module code and the host both see them, with 6.1 amd64's
 * layout (no lockdep): modules embed them and read data's PENDING bit
 * inline (work_pending()). Nothing of the host's is in them: while an
 * item is queued, data holds its pool_workqueue (kernel/workqueue.c's,
 * which knows the queue and the owner module), as 6.1 keeps its pwq.
 * Builtin types only, as in kabi.h.
 */
#ifndef _UMOD_KABI_WORKQUEUE_H
#define _UMOD_KABI_WORKQUEUE_H

#include <umod/kabi/types.h>
#include <umod/kabi/timer.h>

struct workqueue_struct;
struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	atomic_long_t data;		/* WORK_STRUCT_* bits, then the pwq or pool */
	struct list_head entry;		/* on its queue's list */
	work_func_t func;
};

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	/* target workqueue and CPU ->timer uses to queue ->work */
	struct workqueue_struct *wq;
	int cpu;
};

struct rcu_work {
	struct work_struct work;
	struct callback_head rcu;
	/* target workqueue ->rcu uses to queue ->work */
	struct workqueue_struct *wq;
};

#endif /* _UMOD_KABI_WORKQUEUE_H */
