// SPDX-License-Identifier: MIT
/*
 * Managed interrupts (Linux 6.1's kernel/irq/devres.c): an interrupt
 * requested with devm_request_irq() is freed with the device's other
 * managed resources, after its driver's remove, in reverse order.
 */
#include <errno.h>

#include "drivers/base/base.h"
#include "kernel/irq/internals.h"
#include "kernel/kapi.h"
#include "kernel/panic.h"

struct irq_devres {
	unsigned int irq;
	void *dev_id;
};

static void devm_irq_release(struct device *dev, void *res)
{
	struct irq_devres *this = res;

	umod_free_irq(umod_irq_core(umod_dev_core(dev)->host), this->irq, this->dev_id);
}

static int devm_irq_match(struct device *dev, void *res, void *data)
{
	struct irq_devres *this = res, *match = data;

	return this->irq == match->irq && this->dev_id == match->dev_id;
}

static int kapi_devm_request_threaded_irq(struct device *dev, unsigned int irq,
					  umod_irq_handler_t handler,
					  umod_irq_handler_t thread_fn, unsigned long irqflags,
					  const char *devname, void *dev_id)
{
	struct umod_driver_core *dcore = umod_dev_core(dev);
	struct irq_devres *dr;
	int err;

	if (!dcore)
		return -EINVAL;
	dr = umod_devres_alloc(devm_irq_release, sizeof(*dr));
	if (!dr)
		return -ENOMEM;
	if (!devname)
		devname = umod_dev_name(dev);
	err = umod_request_threaded_irq(umod_irq_core(dcore->host), irq, handler, thread_fn,
					irqflags, devname, dev_id, umod_irq_caller_module());
	if (err) {
		umod_devres_free(dr);
		return err;
	}
	dr->irq = irq;
	dr->dev_id = dev_id;
	umod_devres_add(dev, dr);
	return 0;
}

static int kapi_devm_request_any_context_irq(struct device *dev, unsigned int irq,
					     umod_irq_handler_t handler, unsigned long irqflags,
					     const char *devname, void *dev_id)
{
	return kapi_devm_request_threaded_irq(dev, irq, handler, NULL, irqflags, devname, dev_id);
}

static void kapi_devm_free_irq(struct device *dev, unsigned int irq, void *dev_id)
{
	struct irq_devres match = { irq, dev_id };

	if (umod_devres_release(dev, devm_irq_release, devm_irq_match, &match))
		umod_warn_host("kernel/irq/devres.c", 144, "devm_free_irq", "%s", "");
}

static const struct umod_kapi_export irq_devres_exports[] = {
	UMOD_KAPI("devm_request_threaded_irq", kapi_devm_request_threaded_irq),
	UMOD_KAPI("devm_request_any_context_irq", kapi_devm_request_any_context_irq),
	UMOD_KAPI("devm_free_irq", kapi_devm_free_irq),
};

const struct umod_kapi_table umod_kapi_irq_devres = UMOD_KAPI_TABLE(irq_devres_exports);
