// SPDX-License-Identifier: MIT
/*
 * Interrupt descriptors and the interrupt CPU of each host (Linux 6.1's
 * kernel/irq/irqdesc.c, with what arch code does on an interrupt): Linux
 * IRQ numbers are allocated lowest first from 1, each with its
 * descriptor; a raised interrupt is queued for the host's interrupt
 * thread, which takes it in hard-IRQ context (HARDIRQ_OFFSET in
 * preempt_count, interrupts disabled), counts it on the CPU it runs on
 * and runs the descriptor's flow handler, as a CPU's entry code would.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fs/sysfs/sysfs.h"
#include "kernel/irq/internals.h"
#include "kernel/kapi.h"
#include "kernel/oops.h"
#include "kernel/sched/sched.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list registry = { &registry, &registry };
/* the thread this one is: the interrupt CPU of some host */
static __thread bool on_irq_cpu;

struct umod_irq_core *umod_irq_core(struct umod_host *host)
{
	struct umod_irq_core *core = NULL;

	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *l = registry.next; l != &registry; l = l->next)
		if (umod_container_of(l, struct umod_irq_core, link)->host == host)
			core = umod_container_of(l, struct umod_irq_core, link);
	pthread_mutex_unlock(&registry_lock);
	return core;
}

struct umod_module *umod_irq_caller_module(void)
{
	struct umod_task *t = umod_task_peek();

	return t && t->call ? t->call->mod : NULL;
}

struct umod_irq_core *umod_irq_caller_core(void)
{
	struct umod_host *host = umod_caller_host();

	return host ? umod_irq_core(host) : NULL;
}

bool umod_in_irq_cpu(void)
{
	return on_irq_cpu;
}

/* ---- descriptors ------------------------------------------------------------ */

static struct irq_desc *desc_new(struct umod_irq_core *core, unsigned int irq)
{
	struct irq_desc *desc = calloc(1, sizeof(*desc));

	if (!desc || !(desc->kstat = calloc(core->nr_cpus, sizeof(*desc->kstat)))) {
		free(desc);
		return NULL;
	}
	desc->core = core;
	desc->irq_data.irq = irq;
	desc->depth = 1;		/* disabled until an action is requested */
	desc->masked = true;
	desc->handle_irq = umod_handle_simple_irq;
	pthread_mutex_init(&desc->lock, NULL);
	pthread_cond_init(&desc->idle, NULL);
	return desc;
}

unsigned int umod_irq_alloc_desc(struct umod_irq_core *core, unsigned int from,
				 struct umod_module *owner)
{
	unsigned int irq = from ? from : 1;

	pthread_mutex_lock(&core->lock);
	while (irq < core->nr_descs && core->descs[irq])
		irq++;
	if (irq >= core->nr_descs) {
		unsigned int n = irq < 64 ? 64 : irq * 2;
		struct irq_desc **grown = realloc(core->descs, n * sizeof(*grown));

		if (!grown) {
			pthread_mutex_unlock(&core->lock);
			return 0;
		}
		memset(grown + core->nr_descs, 0, (n - core->nr_descs) * sizeof(*grown));
		core->descs = grown;
		core->nr_descs = n;
	}
	core->descs[irq] = desc_new(core, irq);
	if (core->descs[irq])
		core->descs[irq]->chip_owner = owner;
	pthread_mutex_unlock(&core->lock);
	return core->descs[irq] ? irq : 0;
}

static void desc_free(struct irq_desc *desc)
{
	pthread_mutex_destroy(&desc->lock);
	pthread_cond_destroy(&desc->idle);
	free(desc->kstat);
	free(desc);
}

void umod_irq_free_desc(struct umod_irq_core *core, unsigned int irq)
{
	struct irq_desc *desc = NULL;

	pthread_mutex_lock(&core->lock);
	if (irq < core->nr_descs) {
		desc = core->descs[irq];
		core->descs[irq] = NULL;
	}
	pthread_mutex_unlock(&core->lock);
	if (desc)
		desc_free(desc);
}

struct irq_desc *umod_irq_to_desc(struct umod_irq_core *core, unsigned int irq)
{
	struct irq_desc *desc = NULL;

	if (!core)
		return NULL;
	pthread_mutex_lock(&core->lock);
	if (irq && irq < core->nr_descs)
		desc = core->descs[irq];
	pthread_mutex_unlock(&core->lock);
	return desc;
}

/* ---- the interrupt CPU -------------------------------------------------------- */

bool umod_irq_raise(struct umod_irq_core *core, unsigned int irq)
{
	if (!umod_irq_to_desc(core, irq))
		return false;
	pthread_mutex_lock(&core->lock);
	if (core->qtail - core->qhead == core->qcap) {
		unsigned int cap = core->qcap ? core->qcap * 2 : 64;
		unsigned int *q = malloc(cap * sizeof(*q));

		if (!q) {
			pthread_mutex_unlock(&core->lock);
			return false;	/* a lost interrupt, as an overrun controller's */
		}
		for (unsigned int i = 0; i < core->qtail - core->qhead; i++)
			q[i] = core->queue[(core->qhead + i) % core->qcap];
		core->qtail -= core->qhead;
		core->qhead = 0;
		free(core->queue);
		core->queue = q;
		core->qcap = cap;
	}
	core->queue[core->qtail++ % core->qcap] = irq;
	core->nr_raised++;
	core->raised_ns = umod_ns_since_boot();
	pthread_cond_signal(&core->raised);
	pthread_mutex_unlock(&core->lock);
	return true;
}

struct flow_call {
	struct irq_desc *desc;
};

static long call_flow(void *arg)
{
	struct flow_call *c = arg;

	c->desc->handle_irq(c->desc);
	return 0;
}

/* the flow handler, as its controller's module's code when it is one */
void umod_irq_handle(struct irq_desc *desc)
{
	struct flow_call c = { desc };
	long ret;

	if (desc->chip_owner && desc->handle_irq != umod_handle_edge_irq &&
	    desc->handle_irq != umod_handle_level_irq && desc->handle_irq != umod_handle_simple_irq)
		umod_call(desc->chip_owner, call_flow, &c, &ret);
	else
		call_flow(&c);
}

/* irq_enter()/irq_exit(): the task is in hard-IRQ context, interrupts off */
static void take_interrupt(struct umod_task *t, struct irq_desc *desc)
{
	t->preempt_count += UMOD_HARDIRQ_OFFSET;
	t->irqs_disabled++;
	umod_irq_handle(desc);
	t->irqs_disabled--;
	t->preempt_count -= UMOD_HARDIRQ_OFFSET;
}

/* core->lock held: the next raised interrupt, 0 when stopping */
static unsigned int next_raised(struct umod_irq_core *core)
{
	while (core->qhead == core->qtail && !core->cpu_stop)
		pthread_cond_wait(&core->raised, &core->lock);
	if (core->cpu_stop)
		return 0;
	return core->queue[core->qhead++ % core->qcap];
}

static void *irq_cpu_main(void *arg)
{
	struct umod_irq_core *core = arg;
	unsigned int irq;

	umod_task_set_current(core->cpu_task);
	/* the interrupted task: the idle one, pid 0, as on an idle CPU */
	core->cpu_task->task.pid = 0;
	umod_oops_thread_init();
	on_irq_cpu = true;
	pthread_mutex_lock(&core->lock);
	while ((irq = next_raised(core))) {
		struct irq_desc *desc = irq < core->nr_descs ? core->descs[irq] : NULL;

		pthread_mutex_unlock(&core->lock);
		if (desc)
			take_interrupt(core->cpu_task, desc);
		pthread_mutex_lock(&core->lock);
		core->handled++;
		pthread_cond_broadcast(&core->drained);
	}
	pthread_mutex_unlock(&core->lock);
	umod_task_set_current(NULL);
	return NULL;
}

void umod_irq_settle(struct umod_host *host, unsigned int timeout_ms)
{
	struct umod_irq_core *core = umod_irq_core(host);
	struct timespec until;

	if (!core)
		return;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += timeout_ms / 1000;
	until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&core->lock);
	/* the one the CPU took off the queue and is running counts too */
	for (unsigned long goal = core->nr_raised; core->handled < goal && !core->cpu_stop;)
		if (pthread_cond_timedwait(&core->drained, &core->lock, &until))
			break;
	pthread_mutex_unlock(&core->lock);
}

/* ---- the host's interrupts ------------------------------------------------------- */

static void core_free(struct umod_irq_core *core)
{
	for (unsigned int i = 0; i < core->nr_descs; i++)
		if (core->descs[i])
			desc_free(core->descs[i]);
	free(core->descs);
	free(core->queue);
	pthread_cond_destroy(&core->raised);
	pthread_cond_destroy(&core->drained);
	pthread_mutex_destroy(&core->lock);
	free(core);
}

int umod_irq_init(struct umod_host *host)
{
	struct umod_irq_core *core = calloc(1, sizeof(*core));
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int err;

	if (!core)
		return -ENOMEM;
	core->host = host;
	core->nr_cpus = cpus > 0 && cpus < 1024 ? (unsigned int)cpus : 1;
	pthread_mutex_init(&core->lock, NULL);
	pthread_cond_init(&core->raised, NULL);
	pthread_cond_init(&core->drained, NULL);
	umod_list_init(&core->domains);
	err = umod_task_new(&core->cpu_task, "swapper/0", true);
	if (!err)
		err = umod_thread_spawn(&core->cpu, irq_cpu_main, core);
	if (err) {
		if (core->cpu_task)
			umod_task_put(core->cpu_task);
		core_free(core);
		return err;
	}
	core->cpu_running = true;
	pthread_mutex_lock(&registry_lock);
	umod_list_add(&core->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	return umod_irq_proc_init(host);
}

void umod_irq_host_gone(struct umod_host *host)
{
	struct umod_irq_core *core = umod_irq_core(host);

	if (!core)
		return;
	umod_irq_proc_exit(host);
	pthread_mutex_lock(&core->lock);
	core->cpu_stop = true;
	pthread_cond_signal(&core->raised);
	pthread_mutex_unlock(&core->lock);
	if (core->cpu_running)
		pthread_join(core->cpu, NULL);
	umod_task_put(core->cpu_task);
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&core->link);
	pthread_mutex_unlock(&registry_lock);
	core_free(core);
}

/* ---- the exports ---------------------------------------------------------------- */

static struct irq_desc *kapi_irq_to_desc(unsigned int irq)
{
	return umod_irq_to_desc(umod_irq_caller_core(), irq);
}

static unsigned int kapi_irq_desc_get_irq(struct irq_desc *desc)
{
	return desc->irq_data.irq;
}

static struct irq_data *kapi_irq_desc_get_irq_data(struct irq_desc *desc)
{
	return &desc->irq_data;
}

static struct irq_chip *kapi_irq_desc_get_chip(struct irq_desc *desc)
{
	return desc->irq_data.chip;
}

static void *kapi_irq_desc_get_chip_data(struct irq_desc *desc)
{
	return desc->irq_data.chip_data;
}

static void *kapi_irq_desc_get_handler_data(struct irq_desc *desc)
{
	return desc->handler_data;
}

/*
 * generic_handle_irq(): in interrupt context (a chained handler) the flow
 * handler runs now; from a task the interrupt is raised for the CPU.
 */
static int kapi_generic_handle_irq(unsigned int irq)
{
	struct umod_irq_core *core = umod_irq_caller_core();
	struct irq_desc *desc = umod_irq_to_desc(core, irq);
	struct umod_task *t = umod_task_current();

	if (!desc)
		return -EINVAL;
	if (t->preempt_count & UMOD_HARDIRQ_MASK)
		umod_irq_handle(desc);
	else
		umod_irq_raise(core, irq);
	return 0;
}

static int kapi_generic_handle_domain_irq(struct irq_domain *domain, unsigned long hwirq)
{
	unsigned int irq = umod_irq_find_mapping(domain, hwirq);

	return irq ? kapi_generic_handle_irq(irq) : -EINVAL;
}

static int kapi___irq_alloc_descs(int irq, unsigned int from, unsigned int cnt, int node,
				  struct module *owner, const void *affinity)
{
	struct umod_irq_core *core = umod_irq_caller_core();
	unsigned int first = 0;

	if (!core || cnt != 1)
		return -EINVAL;	/* one at a time: what controllers without domains ask */
	first = umod_irq_alloc_desc(core, irq >= 0 ? (unsigned int)irq : from,
				    owner ? owner->umod : NULL);
	if (!first)
		return -ENOMEM;
	if (irq >= 0 && first != (unsigned int)irq) {
		umod_irq_free_desc(core, first);
		return -EEXIST;
	}
	return (int)first;
}

static void kapi_irq_free_descs(unsigned int irq, unsigned int cnt)
{
	struct umod_irq_core *core = umod_irq_caller_core();

	for (unsigned int i = 0; core && i < cnt; i++)
		umod_irq_free_desc(core, irq + i);
}

static const struct umod_kapi_export irqdesc_exports[] = {
	UMOD_KAPI("irq_to_desc", kapi_irq_to_desc),
	UMOD_KAPI_GPL("irq_desc_get_irq", kapi_irq_desc_get_irq),
	UMOD_KAPI_GPL("irq_desc_get_irq_data", kapi_irq_desc_get_irq_data),
	UMOD_KAPI_GPL("irq_desc_get_chip", kapi_irq_desc_get_chip),
	UMOD_KAPI_GPL("irq_desc_get_chip_data", kapi_irq_desc_get_chip_data),
	UMOD_KAPI_GPL("irq_desc_get_handler_data", kapi_irq_desc_get_handler_data),
	UMOD_KAPI_GPL("generic_handle_irq", kapi_generic_handle_irq),
	UMOD_KAPI_GPL("generic_handle_irq_safe", kapi_generic_handle_irq),
	UMOD_KAPI_GPL("generic_handle_domain_irq", kapi_generic_handle_domain_irq),
	UMOD_KAPI_GPL("__irq_alloc_descs", kapi___irq_alloc_descs),
	UMOD_KAPI_GPL("irq_free_descs", kapi_irq_free_descs),
};

const struct umod_kapi_table umod_kapi_irqdesc = UMOD_KAPI_TABLE(irqdesc_exports);
