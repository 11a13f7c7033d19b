// SPDX-License-Identifier: MIT
/*
 * Requesting and freeing interrupts (Linux 6.1's kernel/irq/manage.c):
 * request_threaded_irq() with 6.1's checks and messages (sharing needs
 * IRQF_SHARED on both and the same trigger; a NULL handler needs
 * IRQF_ONESHOT), a kernel thread irq/N-name per threaded handler, woken
 * by IRQ_WAKE_THREAD; free_irq() waits for a running handler and thread
 * (synchronize_irq) before it returns; disable_irq() and enable_irq()
 * nest, an edge while disabled being replayed at enable as the kernel's
 * resend does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/irq/internals.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"

#define TASK_COMM_LEN	16

/* ---- the threads ------------------------------------------------------------------ */

struct thread_call {
	struct irqaction *action;
};

static long call_thread_fn(void *arg)
{
	struct thread_call *c = arg;

	return c->action->thread_fn((int)c->action->irq, c->action->dev_id);
}

void umod_irq_run_thread_fn(struct irqaction *action)
{
	struct thread_call c = { action };
	long ret;

	if (!action->thread_fn)
		return;
	if (action->owner)
		umod_call(action->owner, call_thread_fn, &c, &ret);
	else
		call_thread_fn(&c);
}

/* desc->lock held: an edge that came while the line was off is taken now */
static void resend_pending(struct irq_desc *desc)
{
	if (desc->pending && !desc->depth && !desc->masked) {
		desc->pending = false;
		umod_irq_raise(desc->core, desc->irq_data.irq);
	}
}

/* irq_finalize_oneshot(): the last oneshot thread done, the line is unmasked */
static void finalize_oneshot(struct irq_desc *desc, struct irqaction *action)
{
	if (!(action->flags & UMOD_IRQF_ONESHOT) || --desc->threads_oneshot)
		return;
	if (desc->oneshot_masked) {
		desc->oneshot_masked = false;
		if (!desc->depth)
			umod_irq_unmask(desc);
	}
	resend_pending(desc);
}

/* irq_thread(): run thread_fn each time the hard handler asks, until free_irq() */
static void *irq_thread_main(void *arg)
{
	struct irqaction *action = arg;
	struct irq_desc *desc = action->desc;

	umod_task_set_current(action->task);
	umod_oops_thread_init();
	pthread_mutex_lock(&desc->lock);
	for (;;) {
		while (!action->runthread && !action->stop)
			pthread_cond_wait(&action->wake, &desc->lock);
		if (!action->runthread)
			break;
		action->runthread = false;
		pthread_mutex_unlock(&desc->lock);
		umod_irq_run_thread_fn(action);
		pthread_mutex_lock(&desc->lock);
		finalize_oneshot(desc, action);
		desc->threads_active--;
		pthread_cond_broadcast(&desc->idle);
	}
	pthread_mutex_unlock(&desc->lock);
	umod_task_set_current(NULL);
	return NULL;
}

/* __irq_wake_thread(): from the hard handler's IRQ_WAKE_THREAD */
void umod_irq_wake_thread(struct irq_desc *desc, struct irqaction *action)
{
	pthread_mutex_lock(&desc->lock);
	if (action->has_thread && !action->runthread && !action->stop) {
		action->runthread = true;
		desc->threads_active++;
		if (action->flags & UMOD_IRQF_ONESHOT) {
			desc->threads_oneshot++;
			if (!desc->masked) {
				umod_irq_mask(desc);
				desc->oneshot_masked = true;
			}
		}
		pthread_cond_signal(&action->wake);
	}
	pthread_mutex_unlock(&desc->lock);
}

/* setup_irq_thread(): irq/N-name, as kthread_create() names it (15 characters) */
static int start_thread(struct irqaction *action)
{
	char comm[TASK_COMM_LEN];
	int err;

	snprintf(comm, sizeof(comm), "irq/%u-%s", action->irq, action->name);
	err = umod_task_new(&action->task, comm, true);
	if (err)
		return err;
	pthread_cond_init(&action->wake, NULL);
	err = umod_thread_spawn(&action->thread, irq_thread_main, action);
	if (err) {
		pthread_cond_destroy(&action->wake);
		umod_task_put(action->task);
		action->task = NULL;
		return err;
	}
	action->has_thread = true;
	return 0;
}

static void stop_thread(struct irq_desc *desc, struct irqaction *action)
{
	if (!action->has_thread)
		return;
	pthread_mutex_lock(&desc->lock);
	action->stop = true;
	pthread_cond_signal(&action->wake);
	pthread_mutex_unlock(&desc->lock);
	pthread_join(action->thread, NULL);
	pthread_cond_destroy(&action->wake);
	umod_task_put(action->task);
	action->has_thread = false;
}

/* ---- request ---------------------------------------------------------------------- */

static int default_primary_handler(int irq, void *dev_id)
{
	return UMOD_IRQ_WAKE_THREAD;
}

/* desc->lock held: may @new share the line with the actions already on it? */
static int check_shared(struct irq_desc *desc, struct irqaction *new)
{
	struct irqaction *old = desc->action;
	unsigned int oldtype = desc->status & UMOD_IRQ_TYPE_SENSE_MASK;

	if (!old)
		return 0;
	if ((old->flags & new->flags & UMOD_IRQF_SHARED) &&
	    oldtype == (new->flags & UMOD_IRQF_TRIGGER_MASK) &&
	    !((old->flags ^ new->flags) & UMOD_IRQF_ONESHOT))
		return 0;
	if (!(new->flags & UMOD_IRQF_PROBE_SHARED))
		umod_log_printk(desc->core->host->log, KERN_ERR "Flags mismatch irq %u. %08x (%s) vs. %08x (%s)\n",
				desc->irq_data.irq, new->flags, new->name, old->flags, old->name);
	return -EBUSY;
}

/* desc->lock held: the first action sets the trigger and starts the line */
static int startup(struct irq_desc *desc, struct irqaction *new)
{
	int err = 0;

	if (new->flags & UMOD_IRQF_TRIGGER_MASK)
		err = umod_irq_set_type(desc, new->flags & UMOD_IRQF_TRIGGER_MASK);
	if (err)
		return err;
	desc->pending = false;
	if ((new->flags & UMOD_IRQF_NO_AUTOEN) || (desc->status & UMOD_IRQ_NOAUTOEN)) {
		desc->depth = 1;
		return 0;
	}
	desc->depth = 0;
	umod_irq_unmask(desc);
	return 0;
}

/* __setup_irq(), desc->lock held */
static int setup_irq(struct irq_desc *desc, struct irqaction *new)
{
	struct irqaction **p = &desc->action;
	int err;

	if (new->handler == default_primary_handler && !(new->flags & UMOD_IRQF_ONESHOT)) {
		umod_log_printk(desc->core->host->log, KERN_ERR "Threaded irq requested with handler=NULL and !ONESHOT for %s (irq %u)\n",
				new->name, desc->irq_data.irq);
		return -EINVAL;
	}
	err = check_shared(desc, new);
	if (err)
		return err;
	if (!desc->action) {
		err = umod_irq_request_resources(desc);
		if (err) {
			umod_log_printk(desc->core->host->log, KERN_ERR "Failed to request resources for %s (irq %u) on irqchip %s\n",
					new->name, desc->irq_data.irq,
					desc->irq_data.chip && desc->irq_data.chip->name ?
					desc->irq_data.chip->name : "");
			return err;
		}
		err = startup(desc, new);
		if (err)
			umod_irq_release_resources(desc);
	}
	if (err)
		return err;
	while (*p)
		p = &(*p)->next;
	*p = new;
	return 0;
}

static struct irqaction *action_new(unsigned int irq, umod_irq_handler_t handler,
				    umod_irq_handler_t thread_fn, unsigned long flags,
				    const char *name, void *dev_id, struct umod_module *owner)
{
	struct irqaction *a = calloc(1, sizeof(*a));

	if (!a || !(a->name = strdup(name ? name : ""))) {
		free(a);
		return NULL;
	}
	a->handler = handler ? handler : default_primary_handler;
	a->thread_fn = thread_fn;
	a->flags = (unsigned int)flags;
	a->dev_id = dev_id;
	a->irq = irq;
	a->owner = umod_module_made(owner, UMOD_MADE_IRQ);
	a->devname = name;
	return a;
}

static void action_free(struct irqaction *a)
{
	free(a->name);
	free(a);
}

int umod_request_threaded_irq(struct umod_irq_core *core, unsigned int irq,
			      umod_irq_handler_t handler, umod_irq_handler_t thread_fn,
			      unsigned long flags, const char *name, void *dev_id,
			      struct umod_module *owner)
{
	struct irq_desc *desc = umod_irq_to_desc(core, irq);
	struct irqaction *a;
	int err;

	if (((flags & UMOD_IRQF_SHARED) && !dev_id) ||
	    ((flags & UMOD_IRQF_SHARED) && (flags & UMOD_IRQF_NO_AUTOEN)))
		return -EINVAL;
	if (!desc || (desc->status & UMOD_IRQ_NOREQUEST) || (!handler && !thread_fn))
		return -EINVAL;
	if (!(a = action_new(irq, handler, thread_fn, flags, name, dev_id, owner)))
		return -ENOMEM;
	a->desc = desc;
	if (thread_fn && (err = start_thread(a))) {
		action_free(a);
		return err;
	}
	pthread_mutex_lock(&desc->lock);
	err = setup_irq(desc, a);
	pthread_mutex_unlock(&desc->lock);
	if (err) {
		stop_thread(desc, a);
		action_free(a);
	}
	return err;
}

/* ---- free, synchronize -------------------------------------------------------------- */

/* desc->lock held: until no hard handler and no thread of it runs */
static void synchronize_locked(struct irq_desc *desc, bool threads)
{
	unsigned int state = umod_task_sleep_begin();

	while (desc->in_progress || (threads && desc->threads_active))
		pthread_cond_wait(&desc->idle, &desc->lock);
	umod_task_sleep_end(state);
}

/* __free_irq(): the action off the list, its handler and thread done, then freed */
const void *umod_free_irq(struct umod_irq_core *core, unsigned int irq, void *dev_id)
{
	struct irq_desc *desc = umod_irq_to_desc(core, irq);
	struct irqaction **p, *a;
	const void *devname;

	if (!desc)
		return NULL;
	pthread_mutex_lock(&desc->lock);
	for (p = &desc->action; *p && (*p)->dev_id != dev_id; p = &(*p)->next)
		;
	a = *p;
	if (!a) {
		pthread_mutex_unlock(&desc->lock);
		umod_warn_host("kernel/irq/manage.c", 1898, "__free_irq",
			       "Trying to free already-free IRQ %u\n", irq);
		return NULL;
	}
	*p = a->next;
	if (!desc->action) {
		umod_irq_mask(desc);
		desc->depth = 1;
		umod_irq_release_resources(desc);
	}
	synchronize_locked(desc, false);
	pthread_mutex_unlock(&desc->lock);
	stop_thread(desc, a);
	devname = a->devname;
	action_free(a);
	return devname;
}

/* module_leftovers[]: an interrupt a module forgot to free, reported and freed */
void umod_irq_leftovers(struct umod_module *mod)
{
	struct umod_irq_core *core;

	if (!umod_module_has_made(mod, UMOD_MADE_IRQ))
		return;
	core = umod_irq_core(mod->host);
	for (unsigned int irq = 1; core && irq < core->nr_descs; irq++) {
		struct irq_desc *desc = umod_irq_to_desc(core, irq);
		struct irqaction *a;

		while (desc) {
			pthread_mutex_lock(&desc->lock);
			for (a = desc->action; a && a->owner != mod; a = a->next)
				;
			pthread_mutex_unlock(&desc->lock);
			if (!a)
				break;
			umod_log_printk(mod->host->log, KERN_WARNING "%s: exit left IRQ %u (%s) requested: freed\n",
					mod->name, irq, a->name);
			umod_free_irq(core, irq, a->dev_id);
		}
	}
}

/* ---- the exports -------------------------------------------------------------------- */

static int kapi_request_threaded_irq(unsigned int irq, umod_irq_handler_t handler,
				     umod_irq_handler_t thread_fn, unsigned long flags,
				     const char *name, void *dev_id)
{
	struct umod_irq_core *core = umod_irq_caller_core();

	if (!core)
		return -EINVAL;
	return umod_request_threaded_irq(core, irq, handler, thread_fn, flags, name, dev_id,
					 umod_irq_caller_module());
}

static int kapi_request_any_context_irq(unsigned int irq, umod_irq_handler_t handler,
					unsigned long flags, const char *name, void *dev_id)
{
	struct irq_desc *desc = umod_irq_to_desc(umod_irq_caller_core(), irq);
	int err;

	if (!desc)
		return -EINVAL;
	if (desc->status & UMOD_IRQ_NESTED_THREAD) {
		err = kapi_request_threaded_irq(irq, NULL, handler, flags, name, dev_id);
		return err ? err : 1;	/* IRQC_IS_NESTED */
	}
	return kapi_request_threaded_irq(irq, handler, NULL, flags, name, dev_id);
}

static const void *kapi_free_irq(unsigned int irq, void *dev_id)
{
	return umod_free_irq(umod_irq_caller_core(), irq, dev_id);
}

static struct irq_desc *desc_of(unsigned int irq)
{
	return umod_irq_to_desc(umod_irq_caller_core(), irq);
}

static void kapi_disable_irq_nosync(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return;
	pthread_mutex_lock(&desc->lock);
	if (!desc->depth++)
		umod_irq_mask(desc);
	pthread_mutex_unlock(&desc->lock);
}

static void kapi_synchronize_irq(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return;
	pthread_mutex_lock(&desc->lock);
	synchronize_locked(desc, true);
	pthread_mutex_unlock(&desc->lock);
}

/* synchronize_hardirq(): the hard handler done; true if no thread runs either */
static bool kapi_synchronize_hardirq(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);
	bool idle;

	if (!desc)
		return true;
	pthread_mutex_lock(&desc->lock);
	synchronize_locked(desc, false);
	idle = !desc->threads_active;
	pthread_mutex_unlock(&desc->lock);
	return idle;
}

static void kapi_disable_irq(unsigned int irq)
{
	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	kapi_disable_irq_nosync(irq);
	kapi_synchronize_irq(irq);
}

static bool kapi_disable_hardirq(unsigned int irq)
{
	kapi_disable_irq_nosync(irq);
	return kapi_synchronize_hardirq(irq);
}

static void kapi_enable_irq(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return;
	pthread_mutex_lock(&desc->lock);
	if (!desc->depth) {
		pthread_mutex_unlock(&desc->lock);
		umod_warn_host("kernel/irq/manage.c", 777, "__enable_irq",
			       "Unbalanced enable for IRQ %u\n", irq);
		return;
	}
	if (!--desc->depth) {
		if (!desc->oneshot_masked)
			umod_irq_unmask(desc);
		resend_pending(desc);
	}
	pthread_mutex_unlock(&desc->lock);
}

static bool kapi_irq_has_action(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	return desc && desc->action;
}

static void kapi_irq_wake_thread(unsigned int irq, void *dev_id)
{
	struct irq_desc *desc = desc_of(irq);
	struct irqaction *a = NULL;

	if (!desc || !dev_id)
		return;
	pthread_mutex_lock(&desc->lock);
	for (a = desc->action; a && a->dev_id != dev_id; a = a->next)
		;
	pthread_mutex_unlock(&desc->lock);
	if (a)
		umod_irq_wake_thread(desc, a);
}

/* no system sleep to wake from: accepted */
static int kapi_irq_set_irq_wake(unsigned int irq, unsigned int on)
{
	return desc_of(irq) ? 0 : -EINVAL;
}

static const struct umod_kapi_export irq_manage_exports[] = {
	UMOD_KAPI("request_threaded_irq", kapi_request_threaded_irq),
	UMOD_KAPI_GPL("request_any_context_irq", kapi_request_any_context_irq),
	UMOD_KAPI("free_irq", kapi_free_irq),
	UMOD_KAPI("disable_irq_nosync", kapi_disable_irq_nosync),
	UMOD_KAPI("disable_irq", kapi_disable_irq),
	UMOD_KAPI_GPL("disable_hardirq", kapi_disable_hardirq),
	UMOD_KAPI("enable_irq", kapi_enable_irq),
	UMOD_KAPI("synchronize_irq", kapi_synchronize_irq),
	UMOD_KAPI("synchronize_hardirq", kapi_synchronize_hardirq),
	UMOD_KAPI_GPL("irq_has_action", kapi_irq_has_action),
	UMOD_KAPI_GPL("irq_wake_thread", kapi_irq_wake_thread),
	UMOD_KAPI("irq_set_irq_wake", kapi_irq_set_irq_wake),
};

const struct umod_kapi_table umod_kapi_irq_manage = UMOD_KAPI_TABLE(irq_manage_exports);
