/* SPDX-License-Identifier: MIT */
/*
 * Workqueues: functions run in process context by worker threads of the
 * host ("kworker/..." tasks, which may sleep). INIT_WORK() and friends
 * record THIS_MODULE as the work's owner: it runs as that module's code,
 * and what the module leaves queued at unload is found and cancelled.
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/export.h>
#include <linux/list.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <umod/kabi/timer.h>
#include <linux/rcupdate.h>

struct workqueue_struct;

enum {
	WORK_STRUCT_PENDING_BIT	= 0,
	WORK_STRUCT_PENDING	= 1 << WORK_STRUCT_PENDING_BIT,
	WORK_CPU_UNBOUND	= 8192,
};

/* alloc_workqueue() flags, as 6.1 numbers them */
enum {
	WQ_UNBOUND		= 1 << 1,
	WQ_FREEZABLE		= 1 << 2,
	WQ_MEM_RECLAIM		= 1 << 3,
	WQ_HIGHPRI		= 1 << 4,
	WQ_CPU_INTENSIVE	= 1 << 5,
	WQ_SYSFS		= 1 << 6,
	WQ_POWER_EFFICIENT	= 1 << 7,
	__WQ_ORDERED		= 1 << 17,
	__WQ_LEGACY		= 1 << 18,
	__WQ_ORDERED_EXPLICIT	= 1 << 19,
	WQ_MAX_ACTIVE		= 512,
	WQ_MAX_UNBOUND_PER_CPU	= 4,
	WQ_DFL_ACTIVE		= WQ_MAX_ACTIVE / 2,
};

#define WORK_DATA_INIT()	{ 0 }

#define __WORK_INITIALIZER(n, f) {					\
		.data = WORK_DATA_INIT(),				\
		.entry = { &(n).entry, &(n).entry },			\
		.func = (f),						\
		.owner = THIS_MODULE,					\
	}

void delayed_work_timer_fn(struct timer_list *t);

#define __DELAYED_WORK_INITIALIZER(n, f, tflags) {			\
		.work = __WORK_INITIALIZER((n).work, (f)),		\
		.timer = __TIMER_INITIALIZER(delayed_work_timer_fn,	\
					     (tflags) | TIMER_IRQSAFE),	\
	}

#define DECLARE_WORK(n, f)						\
	struct work_struct n = __WORK_INITIALIZER(n, f)
#define DECLARE_DELAYED_WORK(n, f)					\
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, 0)
#define DECLARE_DEFERRABLE_WORK(n, f)					\
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, TIMER_DEFERRABLE)

static inline void __umod_init_work(struct work_struct *work, struct module *owner,
				    work_func_t func)
{
	work->data.counter = 0;
	INIT_LIST_HEAD(&work->entry);
	work->func = func;
	work->owner = owner;
	work->umod_wq = NULL;
	work->umod_retired = 0;
	work->umod_ticket = 0;
}

#define INIT_WORK(_work, _func)	__umod_init_work((_work), THIS_MODULE, (_func))
#define INIT_WORK_ONSTACK(_work, _func)	INIT_WORK(_work, _func)
#define destroy_work_on_stack(work)	do { } while (0)
#define destroy_delayed_work_on_stack(work) do { } while (0)

#define __INIT_DELAYED_WORK(_work, _func, _tflags)			\
	do {								\
		INIT_WORK(&(_work)->work, (_func));			\
		timer_setup(&(_work)->timer, delayed_work_timer_fn,	\
			    (_tflags) | TIMER_IRQSAFE);			\
		(_work)->wq = NULL;					\
		(_work)->cpu = 0;					\
	} while (0)
#define INIT_DELAYED_WORK(_work, _func)	__INIT_DELAYED_WORK(_work, _func, 0)
#define INIT_DELAYED_WORK_ONSTACK(_work, _func) INIT_DELAYED_WORK(_work, _func)
#define INIT_DEFERRABLE_WORK(_work, _func)				\
	__INIT_DELAYED_WORK(_work, _func, TIMER_DEFERRABLE)

#define work_data_bits(work)	((unsigned long *)(&(work)->data))
#define work_pending(work)						\
	((__atomic_load_n(&(work)->data.counter, __ATOMIC_ACQUIRE) &	\
	  WORK_STRUCT_PENDING) != 0)
#define delayed_work_pending(w)	work_pending(&(w)->work)

static inline struct delayed_work *to_delayed_work(struct work_struct *work)
{
	return container_of(work, struct delayed_work, work);
}

extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_long_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_freezable_wq;
extern struct workqueue_struct *system_power_efficient_wq;
extern struct workqueue_struct *system_freezable_power_efficient_wq;

__printf(1, 4) struct workqueue_struct *
alloc_workqueue(const char *fmt, unsigned int flags, int max_active, ...);

#define alloc_ordered_workqueue(fmt, flags, args...)			\
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED |		\
			__WQ_ORDERED_EXPLICIT | (flags), 1, ##args)
#define create_workqueue(name)						\
	alloc_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, 1, (name))
#define create_freezable_workqueue(name)				\
	alloc_workqueue("%s", __WQ_LEGACY | WQ_FREEZABLE | WQ_UNBOUND |	\
			WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name)				\
	alloc_ordered_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, name)

void destroy_workqueue(struct workqueue_struct *wq);
bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work);
bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
			   struct delayed_work *work, unsigned long delay);
bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
			 struct delayed_work *dwork, unsigned long delay);
void flush_workqueue(struct workqueue_struct *wq);
void drain_workqueue(struct workqueue_struct *wq);
bool flush_work(struct work_struct *work);
bool cancel_work(struct work_struct *work);
bool cancel_work_sync(struct work_struct *work);
bool flush_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work_sync(struct delayed_work *dwork);
void workqueue_set_max_active(struct workqueue_struct *wq, int max_active);
bool current_is_workqueue_rescuer(void);
bool workqueue_congested(int cpu, struct workqueue_struct *wq);
unsigned int work_busy(struct work_struct *work);
struct work_struct *current_work(void);

/* work_busy() bits */
enum {
	WORK_BUSY_PENDING	= 1 << 0,
	WORK_BUSY_RUNNING	= 1 << 1,
};

static inline bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	return queue_work_on(WORK_CPU_UNBOUND, wq, work);
}

static inline bool queue_delayed_work(struct workqueue_struct *wq,
				      struct delayed_work *dwork, unsigned long delay)
{
	return queue_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}

static inline bool mod_delayed_work(struct workqueue_struct *wq,
				    struct delayed_work *dwork, unsigned long delay)
{
	return mod_delayed_work_on(WORK_CPU_UNBOUND, wq, dwork, delay);
}

static inline bool schedule_work_on(int cpu, struct work_struct *work)
{
	return queue_work_on(cpu, system_wq, work);
}

static inline bool schedule_work(struct work_struct *work)
{
	return queue_work(system_wq, work);
}

static inline bool schedule_delayed_work_on(int cpu, struct delayed_work *dwork,
					    unsigned long delay)
{
	return queue_delayed_work_on(cpu, system_wq, dwork, delay);
}

static inline bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay)
{
	return queue_delayed_work(system_wq, dwork, delay);
}

/* flushing system_wq: deprecated in 6.1, still there */
static inline void flush_scheduled_work(void)
{
	flush_workqueue(system_wq);
}

#endif /* _LINUX_WORKQUEUE_H */
