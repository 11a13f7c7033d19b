// SPDX-License-Identifier: MIT
/*
 * The board's GPIO controllers, simulated (Linux 6.1's drivers/gpio/
 * gpio-sim.c, bound from the device tree): a platform driver of the host
 * that takes a controller node (compatible "gpio-sim", or the Raspberry
 * Pi's "brcm,bcm2711-gpio", "brcm,bcm2835-gpio", "raspberrypi,rp1-gpio",
 * standing in for their pinctrl drivers) and registers a gpio_chip of
 * "ngpios" lines, with the node's umod,label, its legacy numbers from
 * umod,legacy-base (else allocated as 6.1 does), and an interrupt
 * controller whose interrupts are the lines' edges (its irq_chip named
 * umod,irq-chip, "gpio-sim" by default).
 *
 * A line's level: what the host drives when it is an output; else what a
 * model wired to it drives (a button pressed, a sensor answering); else
 * its pull, pull-down at first, as gpio-sim's. Below the chip's device,
 * as gpio-sim has them: gpiochipN/sim_gpioM/value (the level, read-only)
 * and pull ("pull-up" or "pull-down": writing one is how a shell presses
 * a button wired nowhere). A change of level is an edge: if the line's
 * interrupt is requested for it, it is raised, and a write of pull
 * returns once the hard handler has run. Each change is a record in
 * /sys/kernel/debug/board/lines.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/of.h>

#include "boards/board.h"
#include "drivers/base/base.h"
#include "drivers/gpio/gpiolib.h"
#include "drivers/of/of_private.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/irq/internals.h"
#include "kernel/printk/internal.h"

#define IRQ_TYPE_EDGE_RISING	1
#define IRQ_TYPE_EDGE_FALLING	2
#define IRQ_TYPE_LEVEL_HIGH	4
#define IRQ_TYPE_LEVEL_LOW	8

struct sim_line {
	bool out;
	int outval;
	int pull;			/* 1 pull-up, 0 pull-down */
	int level;			/* the last level worked out */
	unsigned int irq_type;
	bool irq_masked;
	struct sim_chip *chip;
	unsigned int hw;
};

struct sim_chip {
	struct gpio_chip gc;
	struct irq_chip ic;
	struct umod_host *host;
	struct device_node *np;
	struct irq_domain *domain;
	pthread_mutex_t lock;		/* the lines */
	struct sim_line *lines;
	struct umod_list node;		/* on the host's list */
};

static pthread_mutex_t chips_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list chips = { &chips, &chips };

static struct sim_chip *find_chip(struct umod_host *host, const struct device_node *ctrl)
{
	struct sim_chip *found = NULL;

	pthread_mutex_lock(&chips_lock);
	for (struct umod_list *n = chips.next; n != &chips; n = n->next) {
		struct sim_chip *sc = umod_container_of(n, struct sim_chip, node);

		if (sc->host == host && sc->np == ctrl)
			found = sc;
	}
	pthread_mutex_unlock(&chips_lock);
	return found;
}

static const char *consumer_of(struct sim_chip *sc, unsigned int hw)
{
	struct gpio_device *gdev = sc->gc.gpiodev;

	return gdev && hw < gdev->ngpio ? gdev->descs[hw].label : NULL;
}

static const char *name_of(struct sim_chip *sc, unsigned int hw)
{
	struct gpio_device *gdev = sc->gc.gpiodev;

	return gdev && hw < gdev->ngpio ? gdev->descs[hw].name : NULL;
}

/* an edge (or an active level) for the line's interrupt: raised. sc->lock held */
static bool irq_fires(struct sim_line *l, int old, int level)
{
	unsigned int t = l->irq_type;

	if (l->irq_masked && !(t & (IRQ_TYPE_EDGE_RISING | IRQ_TYPE_EDGE_FALLING)))
		return false;
	return ((t & IRQ_TYPE_EDGE_RISING) && !old && level) ||
	       ((t & IRQ_TYPE_EDGE_FALLING) && old && !level) ||
	       ((t & IRQ_TYPE_LEVEL_HIGH) && level && old != level) ||
	       ((t & IRQ_TYPE_LEVEL_LOW) && !level && old != level);
}

static void raise_line(struct sim_chip *sc, unsigned int hw)
{
	unsigned int irq = sc->domain ? umod_irq_find_mapping(sc->domain, hw) : 0;

	if (irq)
		umod_irq_raise(umod_irq_core(sc->host), irq);
}

/*
 * The level of an input line worked out again (models, then the pull):
 * an edge raises its interrupt and is logged. The models are asked
 * without the lock (they may call back).
 */
static void update(struct sim_chip *sc, unsigned int hw)
{
	struct sim_line *l = &sc->lines[hw];
	int sampled = umod_board_line_sample(sc->host, sc->np, hw), old, level;
	bool fire = false, out;

	pthread_mutex_lock(&sc->lock);
	out = l->out;
	level = out ? l->outval : sampled >= 0 ? sampled : l->pull;
	old = l->level;
	l->level = level;
	if (!out && old != level)
		fire = irq_fires(l, old, level);
	pthread_mutex_unlock(&sc->lock);
	if (old == level)
		return;
	umod_board_line_log(sc->host, umod_dev_name(&sc->gc.gpiodev->dev), hw, name_of(sc, hw),
			    consumer_of(sc, hw), out, level);
	if (fire)
		raise_line(sc, hw);
}

/* ---- the gpio_chip ------------------------------------------------------------------- */

static int sim_get_direction(struct gpio_chip *gc, unsigned int offset)
{
	struct sim_chip *sc = umod_container_of(gc, struct sim_chip, gc);
	int out;

	pthread_mutex_lock(&sc->lock);
	out = sc->lines[offset].out;
	pthread_mutex_unlock(&sc->lock);
	return out ? 0 : 1;	/* GPIO_LINE_DIRECTION_OUT, _IN */
}

static int sim_direction_input(struct gpio_chip *gc, unsigned int offset)
{
	struct sim_chip *sc = umod_container_of(gc, struct sim_chip, gc);

	pthread_mutex_lock(&sc->lock);
	sc->lines[offset].out = false;
	pthread_mutex_unlock(&sc->lock);
	umod_board_line_output(sc->host, sc->np, offset, -1);
	update(sc, offset);
	return 0;
}

static int sim_direction_output(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct sim_chip *sc = umod_container_of(gc, struct sim_chip, gc);

	pthread_mutex_lock(&sc->lock);
	sc->lines[offset].out = true;
	sc->lines[offset].outval = !!value;
	pthread_mutex_unlock(&sc->lock);
	umod_board_line_output(sc->host, sc->np, offset, !!value);
	update(sc, offset);
	return 0;
}

static int sim_get(struct gpio_chip *gc, unsigned int offset)
{
	struct sim_chip *sc = umod_container_of(gc, struct sim_chip, gc);
	struct sim_line *l = &sc->lines[offset];
	int sampled, value;

	pthread_mutex_lock(&sc->lock);
	if (l->out) {
		value = l->outval;
		pthread_mutex_unlock(&sc->lock);
		return value;
	}
	pthread_mutex_unlock(&sc->lock);
	/* a sensor answers as it is read: asked each time, not logged */
	sampled = umod_board_line_sample(sc->host, sc->np, offset);
	pthread_mutex_lock(&sc->lock);
	value = sampled >= 0 ? sampled : l->pull;
	pthread_mutex_unlock(&sc->lock);
	return value;
}

static void sim_set(struct gpio_chip *gc, unsigned int offset, int value)
{
	struct sim_chip *sc = umod_container_of(gc, struct sim_chip, gc);
	bool changed;

	pthread_mutex_lock(&sc->lock);
	changed = sc->lines[offset].outval != !!value;
	sc->lines[offset].outval = !!value;
	pthread_mutex_unlock(&sc->lock);
	if (!changed)
		return;
	umod_board_line_output(sc->host, sc->np, offset, !!value);
	update(sc, offset);
}

static int sim_to_irq(struct gpio_chip *gc, unsigned int offset)
{
	struct sim_chip *sc = umod_container_of(gc, struct sim_chip, gc);

	return sc->domain ? (int)umod_irq_create_mapping(sc->domain, offset) : -ENXIO;
}

/* ---- the interrupt controller ------------------------------------------------------------ */

static struct sim_line *line_of(struct irq_data *d)
{
	struct sim_chip *sc = umod_container_of(d->chip, struct sim_chip, ic);

	return d->hwirq < sc->gc.ngpio ? &sc->lines[d->hwirq] : NULL;
}

static void sim_irq_mask(struct irq_data *d)
{
	struct sim_line *l = line_of(d);

	if (!l)
		return;
	pthread_mutex_lock(&l->chip->lock);
	l->irq_masked = true;
	pthread_mutex_unlock(&l->chip->lock);
}

static void sim_irq_unmask(struct irq_data *d)
{
	struct sim_line *l = line_of(d);
	bool active;

	if (!l)
		return;
	pthread_mutex_lock(&l->chip->lock);
	l->irq_masked = false;
	/* a level interrupt still asserted comes again */
	active = ((l->irq_type & IRQ_TYPE_LEVEL_HIGH) && l->level) ||
		 ((l->irq_type & IRQ_TYPE_LEVEL_LOW) && !l->level);
	pthread_mutex_unlock(&l->chip->lock);
	if (active)
		raise_line(l->chip, l->hw);
}

static int sim_irq_set_type(struct irq_data *d, unsigned int type)
{
	struct sim_line *l = line_of(d);
	struct irq_desc *desc = umod_container_of(d, struct irq_desc, irq_data);

	if (!l)
		return -EINVAL;
	pthread_mutex_lock(&l->chip->lock);
	l->irq_type = type;
	pthread_mutex_unlock(&l->chip->lock);
	desc->handle_irq = (type & (IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_LEVEL_LOW))
			   ? umod_handle_level_irq : umod_handle_edge_irq;
	return 0;
}

static int sim_irq_reqres(struct irq_data *d)
{
	struct sim_chip *sc = umod_container_of(d->chip, struct sim_chip, ic);

	return umod_gpiochip_lock_as_irq(&sc->gc, (unsigned int)d->hwirq);
}

static void sim_irq_relres(struct irq_data *d)
{
	struct sim_chip *sc = umod_container_of(d->chip, struct sim_chip, ic);

	umod_gpiochip_unlock_as_irq(&sc->gc, (unsigned int)d->hwirq);
}

static int sim_irq_map(struct irq_domain *d, unsigned int irq, unsigned long hwirq)
{
	struct sim_chip *sc = d->host_data;
	struct irq_desc *desc = umod_irq_to_desc(umod_irq_core(sc->host), irq);

	if (!desc)
		return -EINVAL;
	pthread_mutex_lock(&desc->lock);
	desc->irq_data.chip = &sc->ic;
	desc->irq_data.chip_data = &sc->gc;
	desc->handle_irq = umod_handle_edge_irq;
	pthread_mutex_unlock(&desc->lock);
	return 0;
}

static const struct irq_domain_ops sim_domain_ops = {
	.map = sim_irq_map,
};

/* ---- sim_gpioM/{value,pull} ------------------------------------------------------------- */

static long value_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct sim_line *l = priv;

	return snprintf(page, UMOD_PAGE_SIZE, "%d\n", sim_get(&l->chip->gc, l->hw));
}

static long pull_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct sim_line *l = priv;
	int pull;

	pthread_mutex_lock(&l->chip->lock);
	pull = l->pull;
	pthread_mutex_unlock(&l->chip->lock);
	return snprintf(page, UMOD_PAGE_SIZE, "%s\n", pull ? "pull-up" : "pull-down");
}

/* sysfs_streq(): equal but for one trailing newline */
static bool streq(const char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (len && buf[len - 1] == '\n')
		len--;
	return len == n && !memcmp(buf, s, n);
}

static long pull_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct sim_line *l = priv;
	int pull;

	if (streq(buf, len, "pull-up"))
		pull = 1;
	else if (streq(buf, len, "pull-down"))
		pull = 0;
	else
		return -EINVAL;
	pthread_mutex_lock(&l->chip->lock);
	l->pull = pull;
	pthread_mutex_unlock(&l->chip->lock);
	update(l->chip, l->hw);
	/* the interrupt it raised has been taken when the write returns */
	umod_irq_settle(l->chip->host, 2000);
	return (long)len;
}

static const struct umod_kernfs_ops value_ops = { value_show, NULL };
static const struct umod_kernfs_ops pull_ops = { pull_show, pull_store };

static int add_sysfs(struct sim_chip *sc)
{
	struct kernfs_node *chipdir = umod_kobject_dir(&sc->gc.gpiodev->dev.kobj);

	for (unsigned int i = 0; chipdir && i < sc->gc.ngpio; i++) {
		struct kernfs_node *dir;
		char name[32];
		struct umod_kernfs_new nw = {
			.parent = chipdir, .host = sc->host, .name = name, .type = UMOD_SYSFS_DIR,
			.kind = UMOD_KN_PLAIN, .mode = 0755,
		};
		struct umod_kernfs_new f = {
			.host = sc->host, .type = UMOD_SYSFS_FILE, .kind = UMOD_KN_PLAIN,
			.priv = &sc->lines[i],
		};
		int err;

		snprintf(name, sizeof(name), "sim_gpio%u", i);
		err = umod_kernfs_create(&nw, &dir);
		if (err)
			return err;
		f.parent = dir;
		f.name = "value";
		f.mode = 0444;
		f.ops = &value_ops;
		err = umod_kernfs_create(&f, NULL);
		f.name = "pull";
		f.mode = 0644;
		f.ops = &pull_ops;
		if (!err)
			err = umod_kernfs_create(&f, NULL);
		if (err)
			return err;
	}
	return 0;
}

/* ---- the driver ----------------------------------------------------------------------- */

static void sim_free(struct sim_chip *sc)
{
	pthread_mutex_destroy(&sc->lock);
	free(sc->lines);
	free(sc);
}

static int sim_probe(struct platform_device *pdev)
{
	struct device_node *np = pdev->dev.of_node;
	struct umod_driver_core *dcore = umod_dev_core(&pdev->dev);
	struct umod_host *host = dcore->host;
	const char *label = np ? umod_of_get_property(np, "umod,label", NULL) : NULL;
	const char *icname = np ? umod_of_get_property(np, "umod,irq-chip", NULL) : NULL;
	uint32_t ngpio = 0, base;
	struct sim_chip *sc;
	int err;

	if (!np || umod_of_property_read_u32(np, "ngpios", 0, &ngpio) || !ngpio || ngpio > 1024) {
		umod_dev_printk(KERN_ERR, &pdev->dev, "ngpios missing or invalid\n");
		return -EINVAL;
	}
	sc = calloc(1, sizeof(*sc));
	if (!sc || !(sc->lines = calloc(ngpio, sizeof(*sc->lines)))) {
		free(sc);
		return -ENOMEM;
	}
	pthread_mutex_init(&sc->lock, NULL);
	sc->host = host;
	sc->np = np;
	for (unsigned int i = 0; i < ngpio; i++)
		sc->lines[i] = (struct sim_line){ .chip = sc, .hw = i, .irq_masked = true };
	sc->gc.label = label ? label : umod_dev_name(&pdev->dev);
	sc->gc.parent = &pdev->dev;
	sc->gc.base = umod_of_property_read_u32(np, "umod,legacy-base", 0, &base) ? -1 : (int)base;
	sc->gc.ngpio = (unsigned short)ngpio;
	sc->gc.get_direction = sim_get_direction;
	sc->gc.direction_input = sim_direction_input;
	sc->gc.direction_output = sim_direction_output;
	sc->gc.get = sim_get;
	sc->gc.set = sim_set;
	sc->gc.to_irq = sim_to_irq;
	sc->gc.of_gpio_n_cells = 2;
	sc->ic.name = icname ? icname : "gpio-sim";
	sc->ic.irq_mask = sim_irq_mask;
	sc->ic.irq_unmask = sim_irq_unmask;
	sc->ic.irq_set_type = sim_irq_set_type;
	sc->ic.irq_request_resources = sim_irq_reqres;
	sc->ic.irq_release_resources = sim_irq_relres;
	if (umod_of_find_property(np, "interrupt-controller", NULL))
		sc->domain = umod_irq_domain_add(umod_irq_core(host), &np->fwnode, ngpio,
						 &sim_domain_ops, sc, sc->gc.label);
	err = umod_gpiochip_add(umod_gpio_core(host), &sc->gc, sc, NULL);
	if (err) {
		if (sc->domain)
			umod_irq_domain_remove(sc->domain);
		sim_free(sc);
		return err;
	}
	err = add_sysfs(sc);
	if (err) {
		umod_gpiochip_remove(&sc->gc);
		if (sc->domain)
			umod_irq_domain_remove(sc->domain);
		sim_free(sc);
		return err;
	}
	pdev->dev.driver_data = sc;
	pthread_mutex_lock(&chips_lock);
	umod_list_add(&sc->node, &chips);
	pthread_mutex_unlock(&chips_lock);
	/* the models' levels from the start: a button held, a sensor's pull-up */
	for (unsigned int i = 0; i < ngpio; i++)
		update(sc, i);
	return 0;
}

static int sim_remove(struct platform_device *pdev)
{
	struct sim_chip *sc = pdev->dev.driver_data;

	pthread_mutex_lock(&chips_lock);
	umod_list_del(&sc->node);
	pthread_mutex_unlock(&chips_lock);
	umod_gpiochip_remove(&sc->gc);
	if (sc->domain)
		umod_irq_domain_remove(sc->domain);
	sim_free(sc);
	return 0;
}

static const struct of_device_id sim_of_match[] = {
	{ .compatible = "gpio-sim" },
	{ .compatible = "brcm,bcm2711-gpio" },
	{ .compatible = "brcm,bcm2835-gpio" },
	{ .compatible = "raspberrypi,rp1-gpio" },
	{ .compatible = "" }
};

int umod_gpio_sim_register(struct umod_host *host)
{
	struct umod_gpio_core *core = umod_gpio_core(host);
	struct umod_driver_core *dcore = umod_driver_core(host);
	struct platform_driver *drv;
	int err;

	if (!core || !dcore)
		return -ENODEV;
	if (core->sim_driver)
		return 0;
	drv = calloc(1, sizeof(*drv));
	if (!drv)
		return -ENOMEM;
	drv->probe = sim_probe;
	drv->remove = sim_remove;
	drv->driver.name = "gpio-sim";
	drv->driver.of_match_table = sim_of_match;
	drv->driver.bus = &umod_platform_bus_type;
	err = umod_driver_register(dcore, &drv->driver);
	if (err) {
		free(drv);
		return err;
	}
	core->sim_driver = drv;
	return 0;
}

void umod_gpio_sim_line_update(struct umod_host *host, const struct device_node *ctrl,
			       unsigned int hw)
{
	struct sim_chip *sc = find_chip(host, ctrl);

	if (sc && hw < sc->gc.ngpio)
		update(sc, hw);
}

int umod_gpio_sim_line_level(struct umod_host *host, const struct device_node *ctrl,
			     unsigned int hw)
{
	struct sim_chip *sc = find_chip(host, ctrl);

	return sc && hw < sc->gc.ngpio ? sim_get(&sc->gc, hw) : -1;
}
