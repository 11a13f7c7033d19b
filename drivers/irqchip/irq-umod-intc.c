// SPDX-License-Identifier: MIT
/*
 * The board's own interrupt controller (compatible "umod,intc"): where a
 * board's device models send their interrupt lines. Set up when the board
 * starts, before its devices, as Linux's of_irq_init() sets up the
 * IRQCHIP_DECLARE()d controllers (so its node gets no platform device).
 * Two cells per interrupt, the line and its trigger (IRQ_TYPE_*); up to
 * 64 lines. An edge interrupt is raised at each 0 -> 1 of its line; a
 * level one while its line is asserted, and again when it is unmasked
 * still asserted. /proc/interrupts names the chip "umod-intc", or what
 * `umod,irq-chip` says ("IO-APIC" on the pc board). `umod,legacy-irqs =
 * <N>` maps lines 1..N-1 to the same Linux IRQ numbers when the board
 * starts, as a PC's ISA interrupts are: IRQ 7 is the parallel port's.
 */
#include <errno.h>
#include <stdlib.h>

#include <umod/kabi/of.h>

#include "boards/board.h"
#include "drivers/of/of_private.h"
#include "kernel/irq/internals.h"

#define NR_LINES		64
#define IRQ_TYPE_LEVEL_HIGH	4
#define IRQ_TYPE_LEVEL_LOW	8

struct intc {
	struct umod_host *host;
	struct device_node *np;
	struct irq_domain *domain;
	struct irq_chip chip;
	pthread_mutex_t lock;
	int level[NR_LINES];
	unsigned int type[NR_LINES];
	bool masked[NR_LINES];
	struct intc *next;
};

static pthread_mutex_t intcs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct intc *intcs;

static struct intc *intc_of(struct irq_data *d)
{
	return umod_container_of(d->chip, struct intc, chip);
}

static bool asserted(struct intc *ic, unsigned int hw)
{
	return ((ic->type[hw] & IRQ_TYPE_LEVEL_HIGH) && ic->level[hw]) ||
	       ((ic->type[hw] & IRQ_TYPE_LEVEL_LOW) && !ic->level[hw]);
}

static void raise_hw(struct intc *ic, unsigned int hw)
{
	unsigned int irq = umod_irq_find_mapping(ic->domain, hw);

	if (irq)
		umod_irq_raise(umod_irq_core(ic->host), irq);
}

static void intc_mask(struct irq_data *d)
{
	struct intc *ic = intc_of(d);

	if (d->hwirq < NR_LINES)
		ic->masked[d->hwirq] = true;
}

static void intc_unmask(struct irq_data *d)
{
	struct intc *ic = intc_of(d);
	bool again;

	if (d->hwirq >= NR_LINES)
		return;
	pthread_mutex_lock(&ic->lock);
	ic->masked[d->hwirq] = false;
	again = asserted(ic, (unsigned int)d->hwirq);
	pthread_mutex_unlock(&ic->lock);
	if (again)
		raise_hw(ic, (unsigned int)d->hwirq);
}

static int intc_set_type(struct irq_data *d, unsigned int type)
{
	struct intc *ic = intc_of(d);
	struct irq_desc *desc = umod_container_of(d, struct irq_desc, irq_data);

	if (d->hwirq >= NR_LINES)
		return -EINVAL;
	pthread_mutex_lock(&ic->lock);
	ic->type[d->hwirq] = type;
	pthread_mutex_unlock(&ic->lock);
	desc->handle_irq = (type & (IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_LEVEL_LOW))
			   ? umod_handle_level_irq : umod_handle_edge_irq;
	return 0;
}

static int intc_map(struct irq_domain *d, unsigned int irq, unsigned long hwirq)
{
	struct intc *ic = d->host_data;
	struct irq_desc *desc = umod_irq_to_desc(umod_irq_core(ic->host), irq);

	if (!desc || hwirq >= NR_LINES)
		return -EINVAL;
	pthread_mutex_lock(&desc->lock);
	desc->irq_data.chip = &ic->chip;
	desc->irq_data.chip_data = ic;
	desc->handle_irq = umod_handle_edge_irq;
	pthread_mutex_unlock(&desc->lock);
	return 0;
}

static const struct irq_domain_ops intc_ops = {
	.map = intc_map,
};

/* umod,legacy-irqs = <N>: lines 1..N-1 are IRQs 1..N-1 (one taken already stays unmapped) */
static void legacy_map(struct intc *ic)
{
	uint32_t n;

	if (umod_of_property_read_u32(ic->np, "umod,legacy-irqs", 0, &n))
		return;
	for (unsigned int hw = 1; hw < n && hw < NR_LINES; hw++)
		umod_irq_create_legacy_mapping(ic->domain, hw);
}

int umod_intc_init(struct umod_host *host)
{
	struct umod_of_tree *tree = umod_of_tree(host);

	for (size_t i = 0; tree && i < tree->nr_nodes; i++) {
		struct device_node *np = tree->nodes[i];
		struct intc *ic;

		if (!umod_of_device_is_compatible(np, "umod,intc") ||
		    !umod_of_find_property(np, "interrupt-controller", NULL) ||
		    (np->_flags & (1ul << UMOD_OF_POPULATED)))
			continue;
		ic = calloc(1, sizeof(*ic));
		if (!ic)
			return -ENOMEM;
		ic->host = host;
		ic->np = np;
		pthread_mutex_init(&ic->lock, NULL);
		ic->chip.name = umod_of_get_property(np, "umod,irq-chip", NULL) ? : "umod-intc";
		ic->chip.irq_mask = intc_mask;
		ic->chip.irq_unmask = intc_unmask;
		ic->chip.irq_set_type = intc_set_type;
		for (unsigned int l = 0; l < NR_LINES; l++)
			ic->masked[l] = true;
		ic->domain = umod_irq_domain_add(umod_irq_core(host), &np->fwnode, NR_LINES,
						 &intc_ops, ic, "umod-intc");
		if (!ic->domain) {
			pthread_mutex_destroy(&ic->lock);
			free(ic);
			return -ENOMEM;
		}
		np->_flags |= 1ul << UMOD_OF_POPULATED;
		legacy_map(ic);
		pthread_mutex_lock(&intcs_lock);
		ic->next = intcs;
		intcs = ic;
		pthread_mutex_unlock(&intcs_lock);
	}
	return 0;
}

bool umod_intc_set(struct umod_host *host, const struct device_node *ctrl, unsigned int hwirq,
		   int level)
{
	struct intc *ic;
	bool fire;
	int old;

	pthread_mutex_lock(&intcs_lock);
	for (ic = intcs; ic && !(ic->host == host && ic->np == ctrl); ic = ic->next)
		;
	pthread_mutex_unlock(&intcs_lock);
	if (!ic)
		return false;
	if (hwirq >= NR_LINES)
		return true;
	pthread_mutex_lock(&ic->lock);
	old = ic->level[hwirq];
	ic->level[hwirq] = level;
	fire = (ic->type[hwirq] & (IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_LEVEL_LOW))
	       ? asserted(ic, hwirq) && !ic->masked[hwirq] && old != level
	       : level && !old;
	pthread_mutex_unlock(&ic->lock);
	if (fire)
		raise_hw(ic, hwirq);
	return true;
}

void umod_intc_host_gone(struct umod_host *host)
{
	struct intc **p = &intcs;

	pthread_mutex_lock(&intcs_lock);
	while (*p) {
		struct intc *ic = *p;

		if (ic->host != host) {
			p = &ic->next;
			continue;
		}
		*p = ic->next;
		umod_irq_domain_remove(ic->domain);
		pthread_mutex_destroy(&ic->lock);
		free(ic);
	}
	pthread_mutex_unlock(&intcs_lock);
}
