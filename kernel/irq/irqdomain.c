// SPDX-License-Identifier: MIT
/*
 * Interrupt domains (Linux 6.1's kernel/irq/irqdomain.c, linear maps
 * only): a controller's hwirq numbers are mapped to Linux IRQs on first
 * use, the domain's map callback setting up each descriptor (chip, flow
 * handler); the device tree's interrupt specifiers are translated by the
 * domain's xlate (two cells: number and trigger, by default). A domain
 * made by a module runs its ops as the module's code.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/of.h>

#include "kernel/irq/internals.h"
#include "kernel/kapi.h"

struct domain_priv {
	struct irq_domain domain;
	struct umod_irq_core *core;
	struct umod_module *owner;	/* whose ops, or NULL */
	struct umod_list link;		/* on core->domains */
	unsigned int *revmap;		/* hwirq -> Linux IRQ, 0: unmapped */
};

static struct domain_priv *priv_of(struct irq_domain *d)
{
	return umod_container_of(d, struct domain_priv, domain);
}

struct irq_domain *umod_irq_domain_add_owned(struct umod_irq_core *core, void *fwnode,
					     unsigned int size, const struct irq_domain_ops *ops,
					     void *host_data, const char *name,
					     struct umod_module *owner)
{
	struct domain_priv *p = calloc(1, sizeof(*p));

	if (!p || !(p->revmap = calloc(size ? size : 1, sizeof(*p->revmap)))) {
		free(p);
		return NULL;
	}
	p->core = core;
	p->owner = owner;
	p->domain.name = name;
	p->domain.ops = ops;
	p->domain.host_data = host_data;
	p->domain.fwnode = fwnode;
	p->domain.hwirq_max = size;
	p->domain.revmap_size = size;
	p->domain.p = p;
	pthread_mutex_lock(&core->lock);
	umod_list_add(&p->link, &core->domains);
	pthread_mutex_unlock(&core->lock);
	return &p->domain;
}

struct irq_domain *umod_irq_domain_add(struct umod_irq_core *core, void *fwnode,
				       unsigned int size, const struct irq_domain_ops *ops,
				       void *host_data, const char *name)
{
	return umod_irq_domain_add_owned(core, fwnode, size, ops, host_data, name, NULL);
}

void umod_irq_domain_remove(struct irq_domain *d)
{
	struct domain_priv *p;

	if (!d)
		return;
	p = priv_of(d);
	for (unsigned long hw = 0; hw < d->revmap_size; hw++)
		if (p->revmap[hw])
			umod_irq_free_desc(p->core, p->revmap[hw]);
	pthread_mutex_lock(&p->core->lock);
	umod_list_del(&p->link);
	pthread_mutex_unlock(&p->core->lock);
	free(p->revmap);
	free(p);
}

struct irq_domain *umod_irq_find_host(struct umod_irq_core *core, const void *fwnode)
{
	struct irq_domain *found = NULL;

	if (!core || !fwnode)
		return NULL;
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->domains.next; l != &core->domains && !found; l = l->next)
		if (umod_container_of(l, struct domain_priv, link)->domain.fwnode == fwnode)
			found = &umod_container_of(l, struct domain_priv, link)->domain;
	pthread_mutex_unlock(&core->lock);
	return found;
}

unsigned int umod_irq_find_mapping(struct irq_domain *d, unsigned long hwirq)
{
	if (!d || hwirq >= d->revmap_size)
		return 0;
	return __atomic_load_n(&priv_of(d)->revmap[hwirq], __ATOMIC_ACQUIRE);
}

struct map_call {
	struct irq_domain *d;
	unsigned int virq;
	unsigned long hwirq;
};

static long call_map(void *arg)
{
	struct map_call *c = arg;

	return c->d->ops->map ? c->d->ops->map(c->d, c->virq, c->hwirq) : 0;
}

/* the existing IRQ, or a new one (the lowest free from @from) set up by the domain's map */
static unsigned int create_mapping(struct irq_domain *d, unsigned long hwirq, unsigned int from)
{
	struct domain_priv *p;
	struct map_call c = { d, 0, hwirq };
	struct irq_desc *desc;
	long ret;

	if (!d || hwirq >= d->revmap_size)
		return 0;
	p = priv_of(d);
	if ((c.virq = umod_irq_find_mapping(d, hwirq)))
		return c.virq;
	c.virq = umod_irq_alloc_desc(p->core, from, p->owner);
	desc = umod_irq_to_desc(p->core, c.virq);
	if (!desc)
		return 0;
	if (from > 1 && c.virq != from) {
		umod_irq_free_desc(p->core, c.virq);
		return 0;
	}
	desc->irq_data.hwirq = hwirq;
	desc->irq_data.domain = d;
	if (p->owner)
		ret = umod_call(p->owner, call_map, &c, &ret) ? UMOD_OOPSED : ret;
	else
		ret = call_map(&c);
	if (ret) {
		umod_irq_free_desc(p->core, c.virq);
		return 0;
	}
	__atomic_store_n(&p->revmap[hwirq], c.virq, __ATOMIC_RELEASE);
	d->mapcount++;
	return c.virq;
}

/* irq_create_mapping() */
unsigned int umod_irq_create_mapping(struct irq_domain *d, unsigned long hwirq)
{
	return create_mapping(d, hwirq, 1);
}

/* irq_domain_add_legacy()'s mappings: @hwirq is IRQ @hwirq (0 if that IRQ is taken) */
unsigned int umod_irq_create_legacy_mapping(struct irq_domain *d, unsigned long hwirq)
{
	return hwirq ? create_mapping(d, hwirq, (unsigned int)hwirq) : 0;
}

/* ---- translating the device tree's specifiers ------------------------------------- */

static int xlate_onecell(struct irq_domain *d, struct device_node *ctrlr,
			 const unsigned int *intspec, unsigned int intsize,
			 unsigned long *out_hwirq, unsigned int *out_type)
{
	if (intsize < 1)
		return -EINVAL;
	*out_hwirq = intspec[0];
	*out_type = 0;
	return 0;
}

static int xlate_twocell(struct irq_domain *d, struct device_node *ctrlr,
			 const unsigned int *intspec, unsigned int intsize,
			 unsigned long *out_hwirq, unsigned int *out_type)
{
	if (intsize < 2)
		return -EINVAL;
	*out_hwirq = intspec[0];
	*out_type = intspec[1] & UMOD_IRQ_TYPE_SENSE_MASK;
	return 0;
}

static int xlate_onetwocell(struct irq_domain *d, struct device_node *ctrlr,
			    const unsigned int *intspec, unsigned int intsize,
			    unsigned long *out_hwirq, unsigned int *out_type)
{
	if (intsize < 1)
		return -EINVAL;
	*out_hwirq = intspec[0];
	*out_type = intsize > 1 ? intspec[1] & UMOD_IRQ_TYPE_SENSE_MASK : 0;
	return 0;
}

struct xlate_call {
	struct irq_domain *d;
	struct of_phandle_args *spec;
	unsigned long hwirq;
	unsigned int type;
};

static long call_xlate(void *arg)
{
	struct xlate_call *c = arg;
	int (*xlate)(struct irq_domain *, struct device_node *, const unsigned int *,
		     unsigned int, unsigned long *, unsigned int *) =
		c->d->ops->xlate ? c->d->ops->xlate : xlate_twocell;

	return xlate(c->d, c->spec->np, c->spec->args, (unsigned int)c->spec->args_count,
		     &c->hwirq, &c->type);
}

/* irq_create_of_mapping(): the controller's domain translates, then maps and sets the type */
unsigned int umod_irq_create_of_mapping(struct umod_irq_core *core, struct of_phandle_args *spec)
{
	struct irq_domain *d = umod_irq_find_host(core, spec->np ? &spec->np->fwnode : NULL);
	struct xlate_call c = { d, spec, 0, 0 };
	struct domain_priv *p;
	unsigned int virq;
	long ret;

	if (!d)
		return 0;
	p = priv_of(d);
	if (p->owner)
		ret = umod_call(p->owner, call_xlate, &c, &ret) ? UMOD_OOPSED : ret;
	else
		ret = call_xlate(&c);
	if (ret || !(virq = umod_irq_create_mapping(d, c.hwirq)))
		return 0;
	if (c.type) {
		struct irq_desc *desc = umod_irq_to_desc(core, virq);

		pthread_mutex_lock(&desc->lock);
		if (!desc->action && umod_irq_set_type(desc, c.type)) {
			pthread_mutex_unlock(&desc->lock);
			return 0;
		}
		pthread_mutex_unlock(&desc->lock);
	}
	return virq;
}

/* ---- the exports ------------------------------------------------------------------- */

static struct irq_domain *kapi___irq_domain_add(struct fwnode_handle *fwnode, unsigned int size,
						unsigned long hwirq_max, int direct_max,
						const struct irq_domain_ops *ops, void *host_data)
{
	struct umod_irq_core *core = umod_irq_caller_core();

	if (!core || !ops)
		return NULL;
	return umod_irq_domain_add_owned(core, fwnode, size, ops, host_data, NULL,
					 umod_irq_caller_module());
}

static struct irq_domain *kapi_irq_domain_add_simple(struct device_node *of_node,
						     unsigned int size, unsigned int first_irq,
						     const struct irq_domain_ops *ops,
						     void *host_data)
{
	return kapi___irq_domain_add(of_node ? &of_node->fwnode : NULL, size, size, 0, ops,
				     host_data);
}

static unsigned int kapi_irq_create_mapping_affinity(struct irq_domain *d, unsigned long hwirq,
						     const void *affinity)
{
	return umod_irq_create_mapping(d, hwirq);
}

static void kapi_irq_dispose_mapping(unsigned int virq)
{
	struct umod_irq_core *core = umod_irq_caller_core();
	struct irq_desc *desc = umod_irq_to_desc(core, virq);
	struct irq_domain *d = desc ? desc->irq_data.domain : NULL;

	if (!d)
		return;
	if (desc->irq_data.hwirq < d->revmap_size)
		priv_of(d)->revmap[desc->irq_data.hwirq] = 0;
	d->mapcount--;
	umod_irq_free_desc(core, virq);
}

static unsigned int kapi_irq_create_of_mapping(struct of_phandle_args *spec)
{
	return umod_irq_create_of_mapping(umod_irq_caller_core(), spec);
}

static unsigned int kapi_irq_create_fwspec_mapping(struct irq_fwspec *fwspec)
{
	struct of_phandle_args spec = { .args_count = fwspec->param_count };

	spec.np = fwspec->fwnode ? umod_container_of(fwspec->fwnode, struct device_node, fwnode)
				 : NULL;
	for (int i = 0; i < fwspec->param_count && i < MAX_PHANDLE_ARGS; i++)
		spec.args[i] = fwspec->param[i];
	return umod_irq_create_of_mapping(umod_irq_caller_core(), &spec);
}

static const struct irq_domain_ops simple_ops = { .xlate = xlate_onetwocell };

static const struct umod_kapi_export irqdomain_exports[] = {
	UMOD_KAPI_GPL("__irq_domain_add", kapi___irq_domain_add),
	UMOD_KAPI_GPL("irq_domain_add_simple", kapi_irq_domain_add_simple),
	UMOD_KAPI_GPL("irq_domain_remove", umod_irq_domain_remove),
	UMOD_KAPI_GPL("irq_create_mapping_affinity", kapi_irq_create_mapping_affinity),
	UMOD_KAPI_GPL("irq_find_mapping", umod_irq_find_mapping),
	UMOD_KAPI_GPL("irq_dispose_mapping", kapi_irq_dispose_mapping),
	UMOD_KAPI_GPL("irq_create_of_mapping", kapi_irq_create_of_mapping),
	UMOD_KAPI_GPL("irq_create_fwspec_mapping", kapi_irq_create_fwspec_mapping),
	UMOD_KAPI_GPL("irq_domain_xlate_onecell", xlate_onecell),
	UMOD_KAPI_GPL("irq_domain_xlate_twocell", xlate_twocell),
	UMOD_KAPI_GPL("irq_domain_xlate_onetwocell", xlate_onetwocell),
	UMOD_KAPI_GPL("irq_domain_simple_ops", &simple_ops),
};

const struct umod_kapi_table umod_kapi_irqdomain = UMOD_KAPI_TABLE(irqdomain_exports);
