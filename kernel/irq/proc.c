// SPDX-License-Identifier: MIT
/*
 * /proc/interrupts (Linux 6.1's kernel/irq/proc.c show_interrupts(), with
 * arm64's CONFIG_GENERIC_IRQ_SHOW_LEVEL): a header of CPU columns, then
 * each interrupt that has an action or was ever taken: its number, one
 * count per CPU, the chip's name, the hwirq, Edge or Level, the flow
 * handler's name if it has one, and the actions' names joined by ", ";
 * then arm64's error count. The inter-processor interrupt lines arm64
 * prints are left out: a host has no IPIs.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fs/internal.h"
#include "kernel/irq/internals.h"
#include "lib/vsprintf.h"

struct text {
	char *buf;
	size_t size, len;
};

/* scnprintf() at the end of what is there; a full buffer stays full */
#define put(t, ...)	\
	((t)->len += (size_t)umod_scnprintf((t)->buf + (t)->len, (t)->size - (t)->len, __VA_ARGS__))

static bool shown(struct irq_desc *desc)
{
	if (desc->action)
		return true;
	for (unsigned int c = 0; c < desc->core->nr_cpus; c++)
		if (__atomic_load_n(&desc->kstat[c], __ATOMIC_RELAXED))
			return true;
	return false;
}

static void show_irq(struct text *t, struct irq_desc *desc, int prec)
{
	struct irq_chip *chip = desc->irq_data.chip;

	put(t, "%*u: ", prec, desc->irq_data.irq);
	for (unsigned int c = 0; c < desc->core->nr_cpus; c++)
		put(t, "%10u ", __atomic_load_n(&desc->kstat[c], __ATOMIC_RELAXED));
	put(t, " %8s", chip ? (chip->name ? chip->name : "-") : "None");
	if (desc->irq_data.domain)
		put(t, " %*lu", prec, desc->irq_data.hwirq);
	else
		put(t, " %*s", prec, "");
	put(t, " %-8s", desc->level ? "Level" : "Edge");
	if (desc->name)
		put(t, "-%-8s", desc->name);
	for (struct irqaction *a = desc->action; a; a = a->next)
		put(t, a == desc->action ? "  %s" : ", %s", a->name);
	put(t, "\n");
}

static int interrupts_show(struct umod_fs_node *node, char *buf, size_t size)
{
	struct umod_irq_core *core = node->text_data;
	struct text t = { buf, size, 0 };
	int prec = 3;

	for (unsigned int j = 1000; prec < 10 && j <= core->nr_descs; prec++)
		j *= 10;
	put(&t, "%*s", prec + 8, "");
	for (unsigned int c = 0; c < core->nr_cpus; c++)
		put(&t, "CPU%-8u", c);
	put(&t, "\n");
	for (unsigned int irq = 1; irq < core->nr_descs; irq++) {
		struct irq_desc *desc = umod_irq_to_desc(core, irq);

		if (!desc)
			continue;
		pthread_mutex_lock(&desc->lock);
		if (shown(desc))
			show_irq(&t, desc, prec);
		pthread_mutex_unlock(&desc->lock);
	}
	put(&t, "%*s: %10u\n", prec, "Err", 0);
	return (int)t.len;
}

int umod_irq_proc_init(struct umod_host *host)
{
	return umod_proc_text(host, "interrupts", 0444, interrupts_show, umod_irq_core(host))
		? 0 : -ENOMEM;
}

void umod_irq_proc_exit(struct umod_host *host)
{
	umod_proc_text_remove(host, "interrupts");
}
