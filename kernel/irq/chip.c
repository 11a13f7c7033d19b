// SPDX-License-Identifier: MIT
/*
 * Flow handlers and chip operations (Linux 6.1's kernel/irq/chip.c and
 * handle.c): what happens when an interrupt is taken. An edge counts and
 * runs the actions, or, arriving while the line is disabled, is kept
 * pending and replayed when it is enabled again; a level interrupt is
 * masked while its actions run. Each action's handler runs as its
 * module's code in hard-IRQ context; IRQ_WAKE_THREAD wakes its thread
 * (manage.c), and a IRQF_ONESHOT line stays masked until the thread is
 * done. The chip's callbacks run as the chip's module's code.
 */
#include <errno.h>
#include <sched.h>
#include <stddef.h>

#include "kernel/irq/internals.h"
#include "kernel/kapi.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"

struct chip_op {
	void (*fn)(struct irq_data *d);
	int (*ifn)(struct irq_data *d);
	int (*set_type)(struct irq_data *d, unsigned int type);
	struct irq_data *d;
	unsigned int type;
};

static long call_chip_op(void *arg)
{
	struct chip_op *c = arg;

	if (c->set_type)
		return c->set_type(c->d, c->type);
	if (c->ifn)
		return c->ifn(c->d);
	c->fn(c->d);
	return 0;
}

static long chip_call(struct irq_desc *desc, struct chip_op *op)
{
	long ret;

	if (!desc->chip_owner)
		return call_chip_op(op);
	return umod_call(desc->chip_owner, call_chip_op, op, &ret) ? UMOD_OOPSED : ret;
}

static void chip_fn(struct irq_desc *desc, void (*fn)(struct irq_data *d))
{
	struct chip_op op = { .fn = fn, .d = &desc->irq_data };

	if (fn)
		chip_call(desc, &op);
}

void umod_irq_mask(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (desc->masked)
		return;
	desc->masked = true;
	if (chip)
		chip_fn(desc, chip->irq_mask ? chip->irq_mask : chip->irq_disable);
}

void umod_irq_unmask(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (!desc->masked)
		return;
	desc->masked = false;
	if (chip)
		chip_fn(desc, chip->irq_unmask ? chip->irq_unmask : chip->irq_enable);
}

/* irq_request_resources(): the first action; a GPIO line is locked as an IRQ */
int umod_irq_request_resources(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;
	struct chip_op op = { .ifn = chip ? chip->irq_request_resources : NULL,
			      .d = &desc->irq_data };

	return op.ifn ? (int)chip_call(desc, &op) : 0;
}

void umod_irq_release_resources(struct irq_desc *desc)
{
	struct irq_chip *chip = desc->irq_data.chip;

	if (chip && chip->irq_release_resources)
		chip_fn(desc, chip->irq_release_resources);
}

static void irq_ack(struct irq_desc *desc)
{
	if (desc->irq_data.chip)
		chip_fn(desc, desc->irq_data.chip->irq_ack);
}

/* __irq_set_trigger(): the chip's set_type, then the descriptor's type and level */
int umod_irq_set_type(struct irq_desc *desc, unsigned int type)
{
	struct irq_chip *chip = desc->irq_data.chip;
	struct chip_op op = { .d = &desc->irq_data, .type = type & UMOD_IRQ_TYPE_SENSE_MASK };
	long ret = 0;

	if (chip && chip->irq_set_type) {
		op.set_type = chip->irq_set_type;
		ret = chip_call(desc, &op);
		if (ret < 0)
			return (int)ret;
	}
	desc->status = (desc->status & ~UMOD_IRQ_TYPE_SENSE_MASK) | op.type;
	desc->level = op.type & UMOD_IRQ_TYPE_LEVEL_MASK;
	return 0;
}

/* ---- running the actions ----------------------------------------------------------- */

struct action_call {
	struct irqaction *action;
	unsigned int irq;
};

static long call_handler(void *arg)
{
	struct action_call *c = arg;

	return c->action->handler((int)c->irq, c->action->dev_id);
}

/* kstat_incr_irqs_this_cpu(): the column of the CPU the interrupt thread is on */
static void count_irq(struct irq_desc *desc)
{
	int cpu = sched_getcpu();

	if (cpu < 0 || (unsigned int)cpu >= desc->core->nr_cpus)
		cpu = 0;
	__atomic_add_fetch(&desc->kstat[cpu], 1, __ATOMIC_RELAXED);
}

/* __handle_irq_event_percpu(): each action's handler; what they returned, ORed */
static unsigned int run_actions(struct irq_desc *desc)
{
	unsigned int irq = desc->irq_data.irq, retval = UMOD_IRQ_NONE;

	for (struct irqaction *a = desc->action; a; a = a->next) {
		struct action_call c = { a, irq };
		long res = 0;

		if (a->owner) {
			if (umod_call(a->owner, call_handler, &c, &res))
				res = UMOD_IRQ_HANDLED;	/* oopsed: the interrupt is over */
		} else {
			res = call_handler(&c);
		}
		if (res == UMOD_IRQ_WAKE_THREAD) {
			if (!a->thread_fn)
				umod_warn_host("kernel/irq/handle.c", 146, "__handle_irq_event_percpu",
					       "IRQ %u device %s returned IRQ_WAKE_THREAD but no thread function available.",
					       irq, a->name);
			else
				umod_irq_wake_thread(desc, a);
		}
		retval |= (unsigned int)res;
	}
	return retval;
}

/* note_interrupt()'s count: 99,900 of 100,000 unhandled and the line is disabled */
static void note_interrupt(struct irq_desc *desc, unsigned int ret)
{
	if (ret == UMOD_IRQ_NONE)
		desc->irqs_unhandled++;
	if (++desc->irq_count < 100000)
		return;
	if (desc->irqs_unhandled > 99900) {
		umod_log_printk(desc->core->host->log, KERN_ERR "irq %u: nobody cared (try booting with the \"irqpoll\" option)\n",
				desc->irq_data.irq);
		umod_log_printk(desc->core->host->log, KERN_ERR "handlers:\n");
		for (struct irqaction *a = desc->action; a; a = a->next)
			umod_log_printk(desc->core->host->log, KERN_ERR "[<%p>] %s\n",
					(void *)a->handler, a->name);
		umod_log_printk(desc->core->host->log, KERN_EMERG "Disabling IRQ #%u\n",
				desc->irq_data.irq);
		desc->depth++;
		umod_irq_mask(desc);
	}
	desc->irq_count = 0;
	desc->irqs_unhandled = 0;
}

unsigned int umod_handle_irq_event(struct irq_desc *desc)
{
	unsigned int ret;

	desc->pending = false;
	desc->in_progress = true;
	pthread_mutex_unlock(&desc->lock);
	ret = run_actions(desc);
	pthread_mutex_lock(&desc->lock);
	desc->in_progress = false;
	note_interrupt(desc, ret);
	pthread_cond_broadcast(&desc->idle);
	return ret;
}

/* ---- the flow handlers ---------------------------------------------------------------- */

static bool disabled(struct irq_desc *desc)
{
	return desc->depth > 0;
}

/* handle_edge_irq(): one event per edge; one while disabled waits as pending */
void umod_handle_edge_irq(struct irq_desc *desc)
{
	pthread_mutex_lock(&desc->lock);
	if (disabled(desc) || !desc->action || desc->masked) {
		desc->pending = true;
		goto out;
	}
	count_irq(desc);
	irq_ack(desc);
	do {
		if (!desc->action)
			break;
		umod_handle_irq_event(desc);
	} while (desc->pending && !disabled(desc) && !desc->masked);
out:
	pthread_mutex_unlock(&desc->lock);
}

/* handle_level_irq(): masked while the actions run, unmasked after unless a oneshot thread waits */
void umod_handle_level_irq(struct irq_desc *desc)
{
	pthread_mutex_lock(&desc->lock);
	umod_irq_mask(desc);
	irq_ack(desc);
	if (disabled(desc) || !desc->action) {
		desc->pending = true;
		goto out;
	}
	count_irq(desc);
	umod_handle_irq_event(desc);
	if (!disabled(desc) && !desc->threads_oneshot)
		umod_irq_unmask(desc);
out:
	pthread_mutex_unlock(&desc->lock);
}

/* handle_simple_irq(): no chip to talk to, the actions only */
void umod_handle_simple_irq(struct irq_desc *desc)
{
	pthread_mutex_lock(&desc->lock);
	if (disabled(desc) || !desc->action) {
		desc->pending = true;
		goto out;
	}
	count_irq(desc);
	umod_handle_irq_event(desc);
out:
	pthread_mutex_unlock(&desc->lock);
}

static void bad_irq(struct irq_desc *desc)
{
	count_irq(desc);
}

/* ---- the exports ---------------------------------------------------------------------- */

static struct irq_desc *desc_of(unsigned int irq)
{
	return umod_irq_to_desc(umod_irq_caller_core(), irq);
}

static int kapi_irq_set_irq_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = desc_of(irq);
	int ret;

	if (!desc)
		return -EINVAL;
	pthread_mutex_lock(&desc->lock);
	ret = umod_irq_set_type(desc, type);
	pthread_mutex_unlock(&desc->lock);
	return ret;
}

static int kapi_irq_set_chip(unsigned int irq, const struct irq_chip *chip)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return -EINVAL;
	desc->irq_data.chip = (struct irq_chip *)chip;
	desc->chip_owner = umod_irq_caller_module();
	return 0;
}

static int kapi_irq_set_chip_data(unsigned int irq, void *data)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return -EINVAL;
	desc->irq_data.chip_data = data;
	return 0;
}

static int kapi_irq_set_handler_data(unsigned int irq, void *data)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return -EINVAL;
	desc->handler_data = data;
	return 0;
}

static struct irq_data *kapi_irq_get_irq_data(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	return desc ? &desc->irq_data : NULL;
}

static void kapi_irq_modify_status(unsigned int irq, unsigned long clr, unsigned long set)
{
	struct irq_desc *desc = desc_of(irq);

	if (desc)
		desc->status = (desc->status & ~(unsigned int)clr) | (unsigned int)set;
}

static void kapi___irq_set_handler(unsigned int irq, umod_irq_flow_t handle, int is_chained,
				   const char *name)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return;
	desc->handle_irq = handle ? handle : bad_irq;
	desc->name = name;
	if (is_chained && handle) {
		/* a chained interrupt is never requested: it is enabled here */
		desc->status |= UMOD_IRQ_NOREQUEST;
		desc->depth = 0;
		umod_irq_unmask(desc);
	}
}

static void kapi_irq_set_chip_and_handler_name(unsigned int irq, const struct irq_chip *chip,
					       umod_irq_flow_t handle, const char *name)
{
	kapi_irq_set_chip(irq, chip);
	kapi___irq_set_handler(irq, handle, 0, name);
}

static void kapi_irq_set_chained_handler_and_data(unsigned int irq, umod_irq_flow_t handle,
						  void *data)
{
	kapi_irq_set_handler_data(irq, data);
	kapi___irq_set_handler(irq, handle, 1, NULL);
}

static unsigned int kapi_irqd_get_trigger_type(struct irq_data *d)
{
	struct irq_desc *desc = umod_container_of(d, struct irq_desc, irq_data);

	return desc->status & UMOD_IRQ_TYPE_SENSE_MASK;
}

static void kapi_irq_chip_set_trigger_type(struct irq_data *d, unsigned int type)
{
	struct irq_desc *desc = umod_container_of(d, struct irq_desc, irq_data);

	desc->status = (desc->status & ~UMOD_IRQ_TYPE_SENSE_MASK) | (type & UMOD_IRQ_TYPE_SENSE_MASK);
}

/* handle_nested_irq(): a threaded parent's child, handled in the parent's thread */
static void kapi_handle_nested_irq(unsigned int irq)
{
	struct irq_desc *desc = desc_of(irq);

	if (!desc)
		return;
	pthread_mutex_lock(&desc->lock);
	if (!disabled(desc) && desc->action) {
		count_irq(desc);
		desc->in_progress = true;
		pthread_mutex_unlock(&desc->lock);
		for (struct irqaction *a = desc->action; a; a = a->next)
			umod_irq_run_thread_fn(a);
		pthread_mutex_lock(&desc->lock);
		desc->in_progress = false;
		pthread_cond_broadcast(&desc->idle);
	}
	pthread_mutex_unlock(&desc->lock);
}

static void noop(struct irq_data *d)
{
}

static struct irq_chip dummy_irq_chip = {
	.name = "dummy", .irq_enable = noop, .irq_disable = noop, .irq_ack = noop,
	.irq_mask = noop, .irq_unmask = noop,
};

static struct irq_chip no_irq_chip = {
	.name = "none", .irq_enable = noop, .irq_disable = noop, .irq_ack = noop,
};

static const struct umod_kapi_export irq_chip_exports[] = {
	UMOD_KAPI("irq_set_irq_type", kapi_irq_set_irq_type),
	UMOD_KAPI("irq_set_chip", kapi_irq_set_chip),
	UMOD_KAPI("irq_set_chip_data", kapi_irq_set_chip_data),
	UMOD_KAPI("irq_set_handler_data", kapi_irq_set_handler_data),
	UMOD_KAPI_GPL("irq_get_irq_data", kapi_irq_get_irq_data),
	UMOD_KAPI_GPL("irq_modify_status", kapi_irq_modify_status),
	UMOD_KAPI_GPL("__irq_set_handler", kapi___irq_set_handler),
	UMOD_KAPI_GPL("irq_set_chip_and_handler_name", kapi_irq_set_chip_and_handler_name),
	UMOD_KAPI_GPL("irq_set_chained_handler_and_data", kapi_irq_set_chained_handler_and_data),
	UMOD_KAPI_GPL("irqd_get_trigger_type", kapi_irqd_get_trigger_type),
	UMOD_KAPI_GPL("irq_chip_set_trigger_type", kapi_irq_chip_set_trigger_type),
	UMOD_KAPI_GPL("handle_simple_irq", umod_handle_simple_irq),
	UMOD_KAPI_GPL("handle_untracked_irq", umod_handle_simple_irq),
	UMOD_KAPI_GPL("handle_level_irq", umod_handle_level_irq),
	UMOD_KAPI_GPL("handle_fasteoi_irq", umod_handle_level_irq),
	UMOD_KAPI("handle_edge_irq", umod_handle_edge_irq),
	UMOD_KAPI_GPL("handle_bad_irq", bad_irq),
	UMOD_KAPI_GPL("handle_nested_irq", kapi_handle_nested_irq),
	UMOD_KAPI_GPL("dummy_irq_chip", &dummy_irq_chip),
	UMOD_KAPI_GPL("no_irq_chip", &no_irq_chip),
};

const struct umod_kapi_table umod_kapi_irq_chip = UMOD_KAPI_TABLE(irq_chip_exports);
