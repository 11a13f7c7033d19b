/* SPDX-License-Identifier: MIT */
/*
 * What kernel/irq/'s files share (Linux's kernel/irq/internals.h): the
 * interrupt descriptors and actions of one host, and its interrupt
 * "CPU": a thread that runs the flow handlers in hard-IRQ context
 * (preempt_count holds HARDIRQ_OFFSET, interrupts read as disabled), as
 * a CPU taking the interrupt would. Raising an interrupt (a GPIO line's
 * edge, a device model's line, a module calling generic_handle_irq()
 * from outside an interrupt) queues it there; threaded handlers run on
 * their own kernel threads, irq/N-name.
 */
#ifndef _UMOD_KERNEL_IRQ_INTERNALS_H
#define _UMOD_KERNEL_IRQ_INTERNALS_H

#include <pthread.h>
#include <stdbool.h>

#include <umod/kabi/irq.h>

#include "kernel/module/module.h"
#include "util/list.h"

/* linux/irqreturn.h, linux/interrupt.h and linux/irq.h's values, for host code */
#define UMOD_IRQ_NONE		0
#define UMOD_IRQ_HANDLED	1
#define UMOD_IRQ_WAKE_THREAD	2
#define UMOD_IRQF_TRIGGER_MASK	0x0000000fu
#define UMOD_IRQF_SHARED	0x00000080u
#define UMOD_IRQF_PROBE_SHARED	0x00000100u
#define UMOD_IRQF_PERCPU	0x00000400u
#define UMOD_IRQF_ONESHOT	0x00002000u
#define UMOD_IRQF_NO_THREAD	0x00010000u
#define UMOD_IRQF_NO_AUTOEN	0x00080000u
#define UMOD_IRQ_TYPE_EDGE_BOTH	0x00000003u
#define UMOD_IRQ_TYPE_LEVEL_MASK 0x0000000cu
#define UMOD_IRQ_TYPE_SENSE_MASK 0x0000000fu
#define UMOD_IRQ_NOREQUEST	(1u << 11)
#define UMOD_IRQ_NOAUTOEN	(1u << 12)
#define UMOD_IRQ_NESTED_THREAD	(1u << 15)

typedef int (*umod_irq_handler_t)(int irq, void *dev_id);
typedef void (*umod_irq_flow_t)(struct irq_desc *desc);

struct umod_irq_core;

/* one request_irq(): a handler (and thread) on a descriptor's list */
struct irqaction {
	umod_irq_handler_t handler;
	void *dev_id;
	struct irqaction *next;
	umod_irq_handler_t thread_fn;
	unsigned int irq;
	unsigned int flags;
	char *name;			/* the caller's devname, copied */
	const char *devname;		/* the caller's, which free_irq() returns */
	struct irq_desc *desc;
	struct umod_module *owner;	/* whose code the handlers are */
	/* the thread: woken with RUNTHREAD, stopped at free_irq() */
	pthread_t thread;
	struct umod_task *task;
	bool has_thread, runthread, stop;
	pthread_cond_t wake;
};

struct irq_desc {
	struct irq_data irq_data;
	struct umod_irq_core *core;
	umod_irq_flow_t handle_irq;
	struct umod_module *chip_owner;	/* the chip's and flow handler's module, or NULL */
	void *handler_data;
	const char *name;		/* the flow handler's name, /proc/interrupts' -NAME */
	struct irqaction *action;
	unsigned int status;		/* IRQ_* flags and the trigger type (IRQ_TYPE_*) */
	unsigned int depth;		/* disable_irq() nesting */
	bool masked, pending, in_progress, oneshot_masked, level;
	int threads_oneshot;
	int threads_active;		/* threaded handlers running or woken */
	unsigned int *kstat;		/* per CPU */
	unsigned int irqs_unhandled, irq_count;
	pthread_mutex_t lock;		/* this descriptor's state and action list */
	pthread_cond_t idle;		/* in_progress or threads_active went down */
};

struct umod_irq_core {
	struct umod_host *host;
	struct umod_list link;		/* on the registry */
	pthread_mutex_t lock;		/* descs and the queue */
	struct irq_desc **descs;	/* by Linux IRQ number; [0] never used */
	unsigned int nr_descs;
	unsigned int nr_cpus;		/* /proc/interrupts' columns */
	struct umod_list domains;	/* struct domain_priv */
	/* the interrupt CPU: raised interrupts wait in a ring for it */
	pthread_t cpu;
	struct umod_task *cpu_task;
	bool cpu_running, cpu_stop;
	pthread_cond_t raised, drained;
	unsigned int *queue;
	unsigned int qhead, qtail, qcap;
	unsigned long nr_raised;	/* interrupts queued so far */
	unsigned long handled;		/* of them, taken (flow handler done), for irq_settle */
	unsigned long long raised_ns;	/* bench: when the last interrupt was queued */
};

/* ---- irqdesc.c ------------------------------------------------------------- */

struct umod_irq_core *umod_irq_core(struct umod_host *host);
/* the calling module's host's */
struct umod_irq_core *umod_irq_caller_core(void);
/* the module whose code calls (the innermost umod_call), or NULL */
struct umod_module *umod_irq_caller_module(void);
/* a free Linux IRQ number at or after @from, its descriptor made (0: none) */
unsigned int umod_irq_alloc_desc(struct umod_irq_core *core, unsigned int from,
				 struct umod_module *owner);
void umod_irq_free_desc(struct umod_irq_core *core, unsigned int irq);
/* the descriptor of @irq in @core (NULL: none) */
struct irq_desc *umod_irq_to_desc(struct umod_irq_core *core, unsigned int irq);
/* queue @irq for the interrupt CPU; false if it is not a valid one */
bool umod_irq_raise(struct umod_irq_core *core, unsigned int irq);
/* on the interrupt CPU, or nested in a handler: the flow handler now */
void umod_irq_handle(struct irq_desc *desc);
/* true on the host's interrupt CPU thread */
bool umod_in_irq_cpu(void);
int umod_irq_init(struct umod_host *host);
void umod_irq_host_gone(struct umod_host *host);
/* every interrupt raised so far has been handled (its hard handler ran) */
void umod_irq_settle(struct umod_host *host, unsigned int timeout_ms);

/* ---- chip.c: flow handlers, chips, types -------------------------------------- */

void umod_irq_mask(struct irq_desc *desc);
void umod_irq_unmask(struct irq_desc *desc);
int umod_irq_set_type(struct irq_desc *desc, unsigned int type);
int umod_irq_request_resources(struct irq_desc *desc);
void umod_irq_release_resources(struct irq_desc *desc);
/* the actions, each as its module's code; IRQ_WAKE_THREAD wakes the thread */
unsigned int umod_handle_irq_event(struct irq_desc *desc);
void umod_handle_edge_irq(struct irq_desc *desc);
void umod_handle_level_irq(struct irq_desc *desc);
void umod_handle_simple_irq(struct irq_desc *desc);

/* ---- manage.c: request, free, enable, disable, threads ------------------------ */

int umod_request_threaded_irq(struct umod_irq_core *core, unsigned int irq,
			      umod_irq_handler_t handler, umod_irq_handler_t thread_fn,
			      unsigned long flags, const char *name, void *dev_id,
			      struct umod_module *owner);
const void *umod_free_irq(struct umod_irq_core *core, unsigned int irq, void *dev_id);
void umod_irq_wake_thread(struct irq_desc *desc, struct irqaction *action);
/* @action's thread_fn, as its module's code (on its thread, or nested) */
void umod_irq_run_thread_fn(struct irqaction *action);
/* module_leftovers[]: @mod's actions, reported and freed */
void umod_irq_leftovers(struct umod_module *mod);

/* ---- irqdomain.c ---------------------------------------------------------------- */

/* a domain the host's own controller numbers its lines in */
struct irq_domain *umod_irq_domain_add(struct umod_irq_core *core, void *fwnode,
				       unsigned int size, const struct irq_domain_ops *ops,
				       void *host_data, const char *name);
struct irq_domain *umod_irq_domain_add_owned(struct umod_irq_core *core, void *fwnode,
					     unsigned int size, const struct irq_domain_ops *ops,
					     void *host_data, const char *name,
					     struct umod_module *owner);
void umod_irq_domain_remove(struct irq_domain *d);
struct of_phandle_args;
/* irq_create_of_mapping(): the node's controller translates the specifier (0: none) */
unsigned int umod_irq_create_of_mapping(struct umod_irq_core *core, struct of_phandle_args *spec);
unsigned int umod_irq_create_mapping(struct irq_domain *d, unsigned long hwirq);
/* a legacy (ISA) mapping: @hwirq is IRQ @hwirq, as on a PC; 0 if that IRQ is taken */
unsigned int umod_irq_create_legacy_mapping(struct irq_domain *d, unsigned long hwirq);
unsigned int umod_irq_find_mapping(struct irq_domain *d, unsigned long hwirq);
/* the domain of a controller's node (its fwnode), or NULL */
struct irq_domain *umod_irq_find_host(struct umod_irq_core *core, const void *fwnode);

/* ---- proc.c: /proc/interrupts --------------------------------------------------- */

int umod_irq_proc_init(struct umod_host *host);
void umod_irq_proc_exit(struct umod_host *host);

/* ---- devres.c: devm_request_irq & co. ------------------------------------------ */

#endif /* _UMOD_KERNEL_IRQ_INTERNALS_H */
