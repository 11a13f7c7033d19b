// SPDX-License-Identifier: MIT
/*
 * The GPIO core (Linux 6.1's drivers/gpio/gpiolib.c): controllers
 * register a struct gpio_chip, consumers request its lines by descriptor
 * and drive or read them, as 6.1 does it:
 *   - a chip gets its base (or one allocated top-down below 512), a
 *     gpiochipN device on the "gpio" bus below its parent, line names
 *     from gc->names or the node's gpio-line-names, a class device
 *     /sys/class/gpio/gpiochipBASE (base, label, ngpio), and its part of
 *     /sys/kernel/debug/gpio, printed as gpiolib_seq_show() does
 *   - a request takes the line (-EBUSY if taken), labels it, holds the
 *     chip's module; free gives it back
 *   - values: raw or logical (ACTIVE_LOW inverts), through the chip's
 *     get/set; direction changes with 6.1's checks and messages
 *   - interrupts: gc->to_irq, or the chip's irq_chip in a domain of its
 *     own (gpiolib's irqchip helpers); a line requested as an IRQ is
 *     locked as one (USED_AS_IRQ) and may not become an output
 * A chip's ops run as its module's code (the host's gpio-sim's directly).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <umod/kabi/of.h>

#include "drivers/base/base.h"
#include "drivers/gpio/gpiolib.h"
#include "drivers/of/of_private.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/irq/internals.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "lib/vsprintf.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list registry = { &registry, &registry };

static inline bool test_flag(const struct gpio_desc *d, int bit)
{
	return __atomic_load_n(&d->flags, __ATOMIC_RELAXED) & (1ul << bit);
}

static inline void set_flag(struct gpio_desc *d, int bit)
{
	__atomic_fetch_or(&d->flags, 1ul << bit, __ATOMIC_RELAXED);
}

static inline void clear_flag(struct gpio_desc *d, int bit)
{
	__atomic_fetch_and(&d->flags, ~(1ul << bit), __ATOMIC_RELAXED);
}

static inline void assign_flag(struct gpio_desc *d, int bit, bool v)
{
	if (v)
		set_flag(d, bit);
	else
		clear_flag(d, bit);
}

struct umod_gpio_core *umod_gpio_core(struct umod_host *host)
{
	struct umod_gpio_core *found = NULL;

	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *n = registry.next; n != &registry; n = n->next) {
		struct umod_gpio_core *c = umod_container_of(n, struct umod_gpio_core, link);

		if (c->host == host) {
			found = c;
			break;
		}
	}
	pthread_mutex_unlock(&registry_lock);
	return found;
}

struct umod_gpio_core *umod_gpio_caller_core(void)
{
	struct umod_host *host = umod_caller_host();

	return host ? umod_gpio_core(host) : NULL;
}

/* ---- the chip's ops, as its module's code ------------------------------------------ */

struct chip_call {
	struct gpio_chip *gc;
	int op;
	unsigned int offset;
	int value;
	unsigned long config;
};

enum { OP_REQUEST, OP_FREE, OP_GET_DIR, OP_DIR_IN, OP_DIR_OUT, OP_GET, OP_SET, OP_SET_CONFIG,
       OP_TO_IRQ };

static long run_chip_op(void *arg)
{
	struct chip_call *c = arg;
	struct gpio_chip *gc = c->gc;

	switch (c->op) {
	case OP_REQUEST:
		return gc->request(gc, c->offset);
	case OP_FREE:
		gc->free(gc, c->offset);
		return 0;
	case OP_GET_DIR:
		return gc->get_direction(gc, c->offset);
	case OP_DIR_IN:
		return gc->direction_input(gc, c->offset);
	case OP_DIR_OUT:
		return gc->direction_output(gc, c->offset, c->value);
	case OP_GET:
		return gc->get(gc, c->offset);
	case OP_SET:
		gc->set(gc, c->offset, c->value);
		return 0;
	case OP_SET_CONFIG:
		return gc->set_config(gc, c->offset, c->config);
	case OP_TO_IRQ:
		return gc->to_irq(gc, c->offset);
	}
	return -EINVAL;
}

static int chip_op(struct gpio_device *gdev, int op, unsigned int offset, int value)
{
	struct chip_call c = { gdev->chip, op, offset, value, 0 };
	long ret;

	if (!gdev->owner)
		return (int)run_chip_op(&c);
	return umod_call(gdev->owner, run_chip_op, &c, &ret) ? -EIO : (int)ret;
}

/* the chip's module held while a line is requested (the host's chips: no module) */
static bool try_get(struct umod_module *owner)
{
	return !owner || umod_refcount_try_get(owner);
}

static void put_owner(struct umod_module *owner)
{
	if (owner)
		umod_refcount_put(owner);
}

/* ---- messages: 6.1's gpiod_* and chip_* prefixes ---------------------------------------- */

static void gpio_log(struct gpio_device *gdev, const char *level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void gpio_log(struct gpio_device *gdev, const char *level, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	umod_log_printk(gdev->core->host->log, "%s%s", level, text);
}

/* gpiod_warn(): "gpio-N (label): ..." */
#define gpiod_msg(desc, level, fmt, ...)						\
	gpio_log((desc)->gdev, level, "gpio-%d (%s): " fmt,				\
		 (desc)->gdev->base + (int)umod_gpio_hwnum(desc),			\
		 (desc)->label ? (desc)->label : "?", ##__VA_ARGS__)
/* chip_err(): dev_err(&gdev->dev, "(label): ...") */
#define chip_msg(gdev, level, fmt, ...)							\
	umod_dev_printk(level, &(gdev)->dev, "(%s): " fmt, (gdev)->label, ##__VA_ARGS__)

/*
 * VALIDATE_DESC(): 1 to go on; 0 (a NULL descriptor: the optional
 * line's no-op) or -errno to return
 */
static int validate_desc(const struct gpio_desc *desc, const char *func)
{
	if (!desc)
		return 0;
	if ((unsigned long)desc >= (unsigned long)-4095) {
		umod_log_printk(NULL, KERN_WARNING "%s: invalid GPIO (errorpointer)\n", func);
		return (int)(long)desc;
	}
	if (!desc->gdev) {
		umod_log_printk(NULL, KERN_WARNING "%s: invalid GPIO (no device)\n", func);
		return -EINVAL;
	}
	if (!desc->gdev->chip) {
		umod_dev_printk(KERN_WARNING, &desc->gdev->dev, "%s: backing chip is gone\n", func);
		return 0;
	}
	return 1;
}

#define VALIDATE_DESC(desc) do {						\
	int __valid = validate_desc(desc, __func__);				\
	if (__valid <= 0)							\
		return __valid;							\
} while (0)

#define VALIDATE_DESC_VOID(desc) do {						\
	if (validate_desc(desc, __func__) <= 0)					\
		return;								\
} while (0)

/* ---- descriptors and numbers ---------------------------------------------------------- */

struct gpio_desc *umod_gpio_to_desc(struct umod_gpio_core *core, unsigned int gpio)
{
	struct gpio_desc *desc = NULL;

	if (!core)
		return NULL;
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *n = core->devices.next; n != &core->devices; n = n->next) {
		struct gpio_device *gdev = umod_container_of(n, struct gpio_device, node);

		if ((unsigned int)gdev->base <= gpio && gdev->base + gdev->ngpio > gpio) {
			desc = &gdev->descs[gpio - (unsigned int)gdev->base];
			break;
		}
	}
	pthread_mutex_unlock(&core->lock);
	if (!desc && (int)gpio < 0)
		umod_log_printk(core->host->log, KERN_WARNING "invalid GPIO %d\n", (int)gpio);
	return desc;
}

struct gpio_desc *umod_gpio_desc_of_node(struct umod_gpio_core *core,
					 const struct device_node *np, unsigned int hwnum)
{
	struct gpio_desc *desc = (struct gpio_desc *)(long)-EPROBE_DEFER;

	if (!core)
		return desc;
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *n = core->devices.next; n != &core->devices; n = n->next) {
		struct gpio_device *gdev = umod_container_of(n, struct gpio_device, node);
		struct device *parent = gdev->chip ? gdev->chip->parent : NULL;

		if (gdev->chip && parent && parent->of_node == np) {
			desc = hwnum < gdev->ngpio ? &gdev->descs[hwnum]
						   : (struct gpio_desc *)(long)-EINVAL;
			break;
		}
	}
	pthread_mutex_unlock(&core->lock);
	return desc;
}

static struct gpio_desc *kapi_gpio_to_desc(unsigned int gpio)
{
	return umod_gpio_to_desc(umod_gpio_caller_core(), gpio);
}

static int kapi_desc_to_gpio(const struct gpio_desc *desc)
{
	return desc->gdev->base + (int)umod_gpio_hwnum(desc);
}

static struct gpio_chip *kapi_gpiod_to_chip(const struct gpio_desc *desc)
{
	return desc && desc->gdev ? desc->gdev->chip : NULL;
}

static struct gpio_desc *kapi_gpiochip_get_desc(struct gpio_chip *gc, unsigned int hwnum)
{
	struct gpio_device *gdev = gc->gpiodev;

	if (hwnum >= gdev->ngpio)
		return (struct gpio_desc *)(long)-EINVAL;
	return &gdev->descs[hwnum];
}

/* ---- request and free ----------------------------------------------------------------- */

/* gpiod_get_direction(): asks the chip, and keeps IS_OUT as it says */
static int get_direction(struct gpio_desc *desc)
{
	struct gpio_device *gdev = desc->gdev;
	unsigned int offset = umod_gpio_hwnum(desc);
	int ret;

	/* open drain pins are always output ... unless they are inputs */
	if (test_flag(desc, GPIO_FLAG_OPEN_DRAIN) && test_flag(desc, GPIO_FLAG_IS_OUT))
		return 0;
	if (!gdev->chip->get_direction)
		return -ENOTSUPP;
	ret = chip_op(gdev, OP_GET_DIR, offset, 0);
	if (ret < 0)
		return ret;
	/* GPIOF_DIR_IN or other positive values: input */
	if (ret > 0)
		ret = 1;
	assign_flag(desc, GPIO_FLAG_IS_OUT, !ret);
	return ret;
}

static int kapi_gpiod_get_direction(struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	return get_direction(desc);
}

/* gpiod_request_commit() */
static int request_commit(struct gpio_desc *desc, const char *label)
{
	struct gpio_device *gdev = desc->gdev;
	struct umod_gpio_core *core = gdev->core;
	char *copy = strdup(label ? label : "?");
	unsigned int offset = umod_gpio_hwnum(desc);
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	pthread_mutex_lock(&core->lock);
	if (test_flag(desc, GPIO_FLAG_REQUESTED)) {
		pthread_mutex_unlock(&core->lock);
		free(copy);
		return -EBUSY;
	}
	set_flag(desc, GPIO_FLAG_REQUESTED);
	desc->label = copy;
	desc->requester = umod_module_made(umod_caller_module(), UMOD_MADE_GPIO);
	pthread_mutex_unlock(&core->lock);
	if (gdev->chip->request) {
		ret = chip_op(gdev, OP_REQUEST, offset, 0);
		if (ret) {
			pthread_mutex_lock(&core->lock);
			desc->label = NULL;
			desc->requester = NULL;
			clear_flag(desc, GPIO_FLAG_REQUESTED);
			pthread_mutex_unlock(&core->lock);
			free(copy);
			return ret;
		}
	}
	if (gdev->chip->get_direction)
		get_direction(desc);
	return 0;
}

int umod_gpiod_request(struct gpio_desc *desc, const char *label)
{
	int ret;

	VALIDATE_DESC(desc);
	if (!try_get(desc->gdev->owner))
		return -EPROBE_DEFER;
	ret = request_commit(desc, label);
	if (ret)
		put_owner(desc->gdev->owner);
	else
		umod_get_device(&desc->gdev->dev);
	return ret;
}

/* gpiod_free_commit(): true if it was requested */
static bool free_commit(struct gpio_desc *desc)
{
	struct gpio_device *gdev = desc->gdev;
	struct umod_gpio_core *core = gdev->core;
	char *label;

	if (!gdev->chip || !test_flag(desc, GPIO_FLAG_REQUESTED))
		return false;
	if (gdev->chip->free)
		chip_op(gdev, OP_FREE, umod_gpio_hwnum(desc), 0);
	pthread_mutex_lock(&core->lock);
	label = desc->label;
	desc->label = NULL;
	desc->requester = NULL;
	desc->flags &= ~((1ul << GPIO_FLAG_ACTIVE_LOW) | (1ul << GPIO_FLAG_REQUESTED) |
			 (1ul << GPIO_FLAG_OPEN_DRAIN) | (1ul << GPIO_FLAG_OPEN_SOURCE) |
			 (1ul << GPIO_FLAG_PULL_UP) | (1ul << GPIO_FLAG_PULL_DOWN) |
			 (1ul << GPIO_FLAG_BIAS_DISABLE) | (1ul << GPIO_FLAG_IS_HOGGED));
	pthread_mutex_unlock(&core->lock);
	free(label);
	return true;
}

void umod_gpiod_free(struct gpio_desc *desc)
{
	struct gpio_device *gdev = desc ? desc->gdev : NULL;

	if (gdev && free_commit(desc)) {
		put_owner(gdev->owner);
		umod_put_device(&gdev->dev);
	}
}

/* ---- direction, values -------------------------------------------------------------------- */

static int kapi_gpiod_direction_input(struct gpio_desc *desc)
{
	struct gpio_chip *gc;
	int ret = 0;

	VALIDATE_DESC(desc);
	gc = desc->gdev->chip;
	if (!gc->get && gc->direction_input) {
		gpiod_msg(desc, KERN_WARNING, "%s: missing get() but have direction_input()\n",
			  "gpiod_direction_input");
		return -EIO;
	}
	if (gc->direction_input) {
		ret = chip_op(desc->gdev, OP_DIR_IN, umod_gpio_hwnum(desc), 0);
	} else if (gc->get_direction &&
		   chip_op(desc->gdev, OP_GET_DIR, umod_gpio_hwnum(desc), 0) != 1) {
		gpiod_msg(desc, KERN_WARNING,
			  "%s: missing direction_input() operation and line is output\n",
			  "gpiod_direction_input");
		return -EIO;
	}
	if (ret == 0)
		clear_flag(desc, GPIO_FLAG_IS_OUT);
	return ret;
}

static int direction_output_raw_commit(struct gpio_desc *desc, int value)
{
	struct gpio_chip *gc = desc->gdev->chip;
	int ret;

	if (!gc->set || !gc->direction_output) {
		gpiod_msg(desc, KERN_WARNING, "%s: missing set() or direction_output() operations\n",
			  "gpiod_direction_output_raw_commit");
		return -EIO;
	}
	ret = chip_op(desc->gdev, OP_DIR_OUT, umod_gpio_hwnum(desc), !!value);
	if (!ret)
		set_flag(desc, GPIO_FLAG_IS_OUT);
	return ret;
}

int umod_gpiod_direction_output_raw(struct gpio_desc *desc, int value)
{
	VALIDATE_DESC(desc);
	return direction_output_raw_commit(desc, value);
}

static int kapi_gpiod_direction_output_raw(struct gpio_desc *desc, int value)
{
	return umod_gpiod_direction_output_raw(desc, value);
}

static int kapi_gpiod_direction_output(struct gpio_desc *desc, int value)
{
	VALIDATE_DESC(desc);
	value = test_flag(desc, GPIO_FLAG_ACTIVE_LOW) ? !value : !!value;
	/* GPIOs used for enabled IRQs shall not be set as output */
	if (test_flag(desc, GPIO_FLAG_USED_AS_IRQ) && test_flag(desc, GPIO_FLAG_IRQ_IS_ENABLED)) {
		gpiod_msg(desc, KERN_ERR, "%s: tried to set a GPIO tied to an IRQ as output\n",
			  "gpiod_direction_output");
		return -EIO;
	}
	if (test_flag(desc, GPIO_FLAG_OPEN_DRAIN) && value) {
		/* an open drain line driven high: released, as an input */
		int ret = kapi_gpiod_direction_input(desc);

		if (!ret)
			set_flag(desc, GPIO_FLAG_IS_OUT);
		return ret;
	}
	return direction_output_raw_commit(desc, value);
}

static int get_raw_commit(const struct gpio_desc *desc)
{
	struct gpio_device *gdev = desc->gdev;
	int value;

	value = gdev->chip->get ? chip_op(gdev, OP_GET, umod_gpio_hwnum(desc), 0) : -EIO;
	return value < 0 ? value : !!value;
}

static void set_raw_commit(struct gpio_desc *desc, int value)
{
	if (test_flag(desc, GPIO_FLAG_OPEN_DRAIN)) {
		/* an open drain output: low drives, high lets go */
		if (value) {
			if (!kapi_gpiod_direction_input(desc))
				set_flag(desc, GPIO_FLAG_IS_OUT);
		} else {
			direction_output_raw_commit(desc, 0);
		}
		return;
	}
	if (desc->gdev->chip->set)
		chip_op(desc->gdev, OP_SET, umod_gpio_hwnum(desc), !!value);
}

/* gpiod_get_value() & co. may not be used on a chip that sleeps (WARN_ON) */
static void warn_cansleep(const struct gpio_desc *desc, const char *func, int line)
{
	if (desc->gdev->chip->can_sleep)
		umod_warn_host("drivers/gpio/gpiolib.c", line, func, "%s", "");
}

static int kapi_gpiod_get_raw_value(const struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	warn_cansleep(desc, "gpiod_get_raw_value", 2952);
	return get_raw_commit(desc);
}

static int kapi_gpiod_get_value(const struct gpio_desc *desc)
{
	int value;

	VALIDATE_DESC(desc);
	warn_cansleep(desc, "gpiod_get_value", 2971);
	value = get_raw_commit(desc);
	if (value < 0)
		return value;
	return test_flag(desc, GPIO_FLAG_ACTIVE_LOW) ? !value : value;
}

static void kapi_gpiod_set_raw_value(struct gpio_desc *desc, int value)
{
	VALIDATE_DESC_VOID(desc);
	warn_cansleep(desc, "gpiod_set_raw_value", 3285);
	set_raw_commit(desc, value);
}

static void kapi_gpiod_set_value(struct gpio_desc *desc, int value)
{
	VALIDATE_DESC_VOID(desc);
	warn_cansleep(desc, "gpiod_set_value", 3326);
	if (test_flag(desc, GPIO_FLAG_ACTIVE_LOW))
		value = !value;
	set_raw_commit(desc, value);
}

static int kapi_gpiod_get_raw_value_cansleep(const struct gpio_desc *desc)
{
	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	VALIDATE_DESC(desc);
	return get_raw_commit(desc);
}

static int kapi_gpiod_get_value_cansleep(const struct gpio_desc *desc)
{
	int value;

	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	VALIDATE_DESC(desc);
	value = get_raw_commit(desc);
	if (value < 0)
		return value;
	return test_flag(desc, GPIO_FLAG_ACTIVE_LOW) ? !value : value;
}

static void kapi_gpiod_set_raw_value_cansleep(struct gpio_desc *desc, int value)
{
	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	VALIDATE_DESC_VOID(desc);
	set_raw_commit(desc, value);
}

static void kapi_gpiod_set_value_cansleep(struct gpio_desc *desc, int value)
{
	umod_might_resched(umod_src_rel(__FILE__), __LINE__, 0);
	VALIDATE_DESC_VOID(desc);
	if (test_flag(desc, GPIO_FLAG_ACTIVE_LOW))
		value = !value;
	set_raw_commit(desc, value);
}

static int kapi_gpiod_is_active_low(const struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	return test_flag(desc, GPIO_FLAG_ACTIVE_LOW);
}

static void kapi_gpiod_toggle_active_low(struct gpio_desc *desc)
{
	VALIDATE_DESC_VOID(desc);
	desc->flags ^= 1ul << GPIO_FLAG_ACTIVE_LOW;
}

static int kapi_gpiod_cansleep(const struct gpio_desc *desc)
{
	VALIDATE_DESC(desc);
	return desc->gdev->chip->can_sleep;
}

static int kapi_gpiod_set_config(struct gpio_desc *desc, unsigned long config)
{
	VALIDATE_DESC(desc);
	if (!desc->gdev->chip->set_config)
		return -ENOTSUPP;
	{
		struct chip_call c = { desc->gdev->chip, OP_SET_CONFIG, umod_gpio_hwnum(desc), 0,
				       config };
		long ret;

		if (!desc->gdev->owner)
			return (int)run_chip_op(&c);
		return umod_call(desc->gdev->owner, run_chip_op, &c, &ret) ? -EIO : (int)ret;
	}
}

/* PIN_CONFIG_INPUT_DEBOUNCE (its argument in the upper bits, as pinconf_to_config_packed) */
static int kapi_gpiod_set_debounce(struct gpio_desc *desc, unsigned int debounce)
{
	return kapi_gpiod_set_config(desc, ((unsigned long)debounce << 8) | 10);
}

static int kapi_gpiod_set_transitory(struct gpio_desc *desc, bool transitory)
{
	VALIDATE_DESC(desc);
	assign_flag(desc, GPIO_FLAG_TRANSITORY, transitory);
	return 0;
}

static int kapi_gpiod_set_consumer_name(struct gpio_desc *desc, const char *name)
{
	char *copy = NULL, *old;

	VALIDATE_DESC(desc);
	if (name && !(copy = strdup(name)))
		return -ENOMEM;
	pthread_mutex_lock(&desc->gdev->core->lock);
	old = desc->label;
	desc->label = copy;
	pthread_mutex_unlock(&desc->gdev->core->lock);
	free(old);
	return 0;
}

/* ---- interrupts --------------------------------------------------------------------------- */

static int kapi_gpiod_to_irq(const struct gpio_desc *desc)
{
	struct gpio_device *gdev;
	struct gpio_chip *gc;

	/* Cannot VALIDATE_DESC() here as gpiod_to_irq() consumer semantics differ */
	if (!desc || (unsigned long)desc >= (unsigned long)-4095 || !desc->gdev ||
	    !desc->gdev->chip)
		return -EINVAL;
	gdev = desc->gdev;
	gc = gdev->chip;
	if (gc->to_irq) {
		int retirq = chip_op(gdev, OP_TO_IRQ, umod_gpio_hwnum(desc), 0);

		/* Zero means NO_IRQ */
		return retirq ? retirq : -ENXIO;
	}
	if (gc->irq.chip)
		return -EPROBE_DEFER;
	return -ENXIO;
}

static int lock_as_irq(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_device *gdev = gc->gpiodev;
	struct gpio_desc *desc;

	if (offset >= gdev->ngpio)
		return -EINVAL;
	desc = &gdev->descs[offset];
	/* If it's fast: flush the direction setting if something changed behind our back */
	if (!gc->can_sleep && gc->get_direction) {
		int dir = get_direction(desc);

		if (dir < 0) {
			chip_msg(gdev, KERN_ERR, "%s: cannot get GPIO direction\n",
				 "gpiochip_lock_as_irq");
			return dir;
		}
	}
	/* To be valid for IRQ the line needs to be input or open drain */
	if (test_flag(desc, GPIO_FLAG_IS_OUT) && !test_flag(desc, GPIO_FLAG_OPEN_DRAIN)) {
		chip_msg(gdev, KERN_ERR, "%s: tried to flag a GPIO set as output for IRQ\n",
			 "gpiochip_lock_as_irq");
		return -EIO;
	}
	set_flag(desc, GPIO_FLAG_USED_AS_IRQ);
	set_flag(desc, GPIO_FLAG_IRQ_IS_ENABLED);
	/* no consumer label (the IRQ came from .to_irq()): it shows as an interrupt */
	pthread_mutex_lock(&gdev->core->lock);
	if (!desc->label)
		desc->label = strdup("interrupt");
	pthread_mutex_unlock(&gdev->core->lock);
	return 0;
}

static void unlock_as_irq(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_device *gdev = gc->gpiodev;
	struct gpio_desc *desc;

	if (offset >= gdev->ngpio)
		return;
	desc = &gdev->descs[offset];
	clear_flag(desc, GPIO_FLAG_USED_AS_IRQ);
	clear_flag(desc, GPIO_FLAG_IRQ_IS_ENABLED);
	pthread_mutex_lock(&gdev->core->lock);
	if (desc->label && !strcmp(desc->label, "interrupt") &&
	    !test_flag(desc, GPIO_FLAG_REQUESTED)) {
		free(desc->label);
		desc->label = NULL;
	}
	pthread_mutex_unlock(&gdev->core->lock);
}

int umod_gpiochip_lock_as_irq(struct gpio_chip *gc, unsigned int offset)
{
	return lock_as_irq(gc, offset);
}

void umod_gpiochip_unlock_as_irq(struct gpio_chip *gc, unsigned int offset)
{
	unlock_as_irq(gc, offset);
}

static int kapi_gpiochip_lock_as_irq(struct gpio_chip *gc, unsigned int offset)
{
	return lock_as_irq(gc, offset);
}

static void kapi_gpiochip_unlock_as_irq(struct gpio_chip *gc, unsigned int offset)
{
	unlock_as_irq(gc, offset);
}

static int kapi_gpiochip_reqres_irq(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_device *gdev = gc->gpiodev;
	int ret;

	if (!try_get(gdev->owner))
		return -ENODEV;
	ret = lock_as_irq(gc, offset);
	if (ret) {
		chip_msg(gdev, KERN_ERR, "unable to lock HW IRQ %u for IRQ\n", offset);
		put_owner(gdev->owner);
	}
	return ret;
}

static void kapi_gpiochip_relres_irq(struct gpio_chip *gc, unsigned int offset)
{
	unlock_as_irq(gc, offset);
	put_owner(gc->gpiodev->owner);
}

static int kapi_gpiochip_irq_reqres(struct irq_data *d)
{
	return kapi_gpiochip_reqres_irq(d->chip_data, (unsigned int)d->hwirq);
}

static void kapi_gpiochip_irq_relres(struct irq_data *d)
{
	kapi_gpiochip_relres_irq(d->chip_data, (unsigned int)d->hwirq);
}

static void kapi_gpiochip_disable_irq(struct gpio_chip *gc, unsigned int offset)
{
	if (offset < gc->gpiodev->ngpio)
		clear_flag(&gc->gpiodev->descs[offset], GPIO_FLAG_IRQ_IS_ENABLED);
}

static void kapi_gpiochip_enable_irq(struct gpio_chip *gc, unsigned int offset)
{
	if (offset < gc->gpiodev->ngpio)
		set_flag(&gc->gpiodev->descs[offset], GPIO_FLAG_IRQ_IS_ENABLED);
}

static bool kapi_gpiochip_line_is_irq(struct gpio_chip *gc, unsigned int offset)
{
	return offset < gc->gpiodev->ngpio &&
	       test_flag(&gc->gpiodev->descs[offset], GPIO_FLAG_USED_AS_IRQ);
}

static bool line_flag(struct gpio_chip *gc, unsigned int offset, int bit)
{
	return offset < gc->gpiodev->ngpio && test_flag(&gc->gpiodev->descs[offset], bit);
}

static bool kapi_gpiochip_line_is_open_drain(struct gpio_chip *gc, unsigned int offset)
{
	return line_flag(gc, offset, GPIO_FLAG_OPEN_DRAIN);
}

static bool kapi_gpiochip_line_is_open_source(struct gpio_chip *gc, unsigned int offset)
{
	return line_flag(gc, offset, GPIO_FLAG_OPEN_SOURCE);
}

static bool kapi_gpiochip_line_is_persistent(struct gpio_chip *gc, unsigned int offset)
{
	return !line_flag(gc, offset, GPIO_FLAG_TRANSITORY);
}

static bool kapi_gpiochip_line_is_valid(const struct gpio_chip *gc, unsigned int offset)
{
	return !gc->valid_mask || (gc->valid_mask[offset / (8 * sizeof(long))] >>
				   (offset % (8 * sizeof(long)))) & 1;
}

/* the chip's own irq_chip: a linear domain of ngpio, its handler on each line */
static int gpiochip_irq_map(struct irq_domain *d, unsigned int irq, unsigned long hwirq)
{
	struct gpio_chip *gc = d->host_data;
	struct irq_desc *desc = umod_irq_to_desc(gc->gpiodev->core ?
						 umod_irq_core(gc->gpiodev->core->host) : NULL, irq);

	if (!desc)
		return -EINVAL;
	pthread_mutex_lock(&desc->lock);
	desc->irq_data.chip = gc->irq.chip;
	desc->irq_data.chip_data = gc;
	desc->chip_owner = gc->gpiodev->owner;
	desc->handle_irq = gc->irq.handler ? (umod_irq_flow_t)gc->irq.handler
					   : umod_handle_simple_irq;
	pthread_mutex_unlock(&desc->lock);
	if (gc->irq.default_type)
		umod_irq_set_type(desc, gc->irq.default_type);
	return 0;
}

static const struct irq_domain_ops gpiochip_domain_ops = {
	.map = gpiochip_irq_map,
};

static int gpiochip_to_irq(struct gpio_chip *gc, unsigned int offset)
{
	struct irq_domain *domain = gc->irq.domain;

	if (!gc->irq.initialized)
		return -EPROBE_DEFER;
	return domain ? (int)umod_irq_create_mapping(domain, offset) : -ENXIO;
}

static int kapi_gpiochip_irq_map(struct irq_domain *d, unsigned int irq, unsigned long hwirq)
{
	return gpiochip_irq_map(d, irq, hwirq);
}

static void kapi_gpiochip_irq_unmap(struct irq_domain *d, unsigned int irq)
{
}

static int add_irqchip(struct gpio_device *gdev)
{
	struct gpio_chip *gc = gdev->chip;
	struct umod_irq_core *icore = umod_irq_core(gdev->core->host);

	if (!gc->irq.chip)
		return 0;
	if (gc->to_irq)
		chip_msg(gdev, KERN_WARNING, "to_irq is redefined in %s and you shouldn't rely on it\n",
			 "gpiochip_add_irqchip");
	gc->irq.domain = umod_irq_domain_add(icore, gc->irq.fwnode ? gc->irq.fwnode :
					     (gdev->dev.of_node ? &gdev->dev.of_node->fwnode : NULL),
					     gc->ngpio, &gpiochip_domain_ops, gc, gdev->label);
	if (!gc->irq.domain)
		return -EINVAL;
	gc->to_irq = gpiochip_to_irq;
	gc->irq.initialized = true;
	return 0;
}

/* ---- chips: registration ------------------------------------------------------------------- */

static int find_base(struct umod_gpio_core *core, unsigned int ngpio)
{
	int base = UMOD_GPIO_DYNAMIC_END - (int)ngpio;

	for (struct umod_list *n = core->devices.prev; n != &core->devices; n = n->prev) {
		struct gpio_device *gdev = umod_container_of(n, struct gpio_device, node);

		/* found a free space? */
		if (gdev->base + (int)gdev->ngpio <= base)
			break;
		/* nope, check the space right before the chip */
		base = gdev->base - (int)ngpio;
	}
	if (base < 0) {
		umod_log_printk(core->host->log, KERN_ERR "%s: cannot find free range\n",
				"gpiochip_find_base");
		return -ENOSPC;
	}
	return base;
}

/* gpiodev_add_to_list(): sorted by base, no overlap; core->lock held */
static int add_to_list(struct umod_gpio_core *core, struct gpio_device *gdev)
{
	struct umod_list *pos = &core->devices;

	for (struct umod_list *n = core->devices.next; n != &core->devices; n = n->next) {
		struct gpio_device *o = umod_container_of(n, struct gpio_device, node);

		if (gdev->base + (int)gdev->ngpio <= o->base) {
			pos = n;
			break;
		}
		if (o->base + (int)o->ngpio > gdev->base) {
			umod_dev_printk(KERN_ERR, &gdev->dev,
					"GPIO integer space overlap, cannot add chip\n");
			return -EBUSY;
		}
	}
	/* insert before pos */
	gdev->node.next = pos;
	gdev->node.prev = pos->prev;
	pos->prev->next = &gdev->node;
	pos->prev = &gdev->node;
	return 0;
}

static void gpio_device_release(struct device *dev)
{
	struct gpio_device *gdev = umod_container_of(dev, struct gpio_device, dev);

	for (unsigned int i = 0; gdev->line_names && i < gdev->ngpio; i++)
		free(gdev->line_names[i]);
	for (unsigned int i = 0; gdev->descs && i < gdev->ngpio; i++)
		free(gdev->descs[i].label);
	free(gdev->line_names);
	free(gdev->descs);
	free(gdev->label);
	free(gdev);
}

/* gpio-line-names of the chip's node: the names of the lines that have one */
static void set_names(struct gpio_device *gdev)
{
	struct gpio_chip *gc = gdev->chip;
	struct device_node *np = gdev->dev.of_node;
	const char *p;
	int len;

	for (unsigned int i = 0; gc->names && i < gdev->ngpio; i++)
		gdev->descs[i].name = gc->names[i];
	if (!np || !(p = umod_of_get_property(np, "gpio-line-names", &len)) || len <= 0)
		return;
	gdev->line_names = calloc(gdev->ngpio, sizeof(char *));
	for (unsigned int i = 0; gdev->line_names && i < gdev->ngpio && len > 0; i++) {
		size_t n = strnlen(p, (size_t)len);

		if (n && n < (size_t)len && (gdev->line_names[i] = strdup(p)))
			gdev->descs[i].name = gdev->line_names[i];
		p += n + 1;
		len -= (int)n + 1;
	}
}

static long gpiochip_attr_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct gpio_device *gdev = priv;
	const char *name = umod_kernfs_name(kn);

	if (!strcmp(name, "base"))
		return snprintf(page, UMOD_PAGE_SIZE, "%d\n", gdev->base);
	if (!strcmp(name, "ngpio"))
		return snprintf(page, UMOD_PAGE_SIZE, "%u\n", gdev->ngpio);
	return snprintf(page, UMOD_PAGE_SIZE, "%s\n", gdev->label);
}

static const struct umod_kernfs_ops gpiochip_attr_ops = { gpiochip_attr_show, NULL };

/* CONFIG_GPIO_SYSFS: /sys/class/gpio/gpiochipBASE, its base, label, ngpio */
static void add_class_device(struct gpio_device *gdev)
{
	struct umod_driver_core *dcore = umod_driver_core(gdev->core->host);
	char name[32];

	snprintf(name, sizeof(name), "gpiochip%d", gdev->base);
	gdev->class_dev = umod_device_create(dcore, gdev->core->cls, &gdev->dev, 0, gdev, NULL,
					     name);
	if (!gdev->class_dev || (unsigned long)gdev->class_dev >= (unsigned long)-4095) {
		gdev->class_dev = NULL;
		return;
	}
	umod_base_file(&gdev->class_dev->kobj, "base", 0444, &gpiochip_attr_ops, gdev);
	umod_base_file(&gdev->class_dev->kobj, "label", 0444, &gpiochip_attr_ops, gdev);
	umod_base_file(&gdev->class_dev->kobj, "ngpio", 0444, &gpiochip_attr_ops, gdev);
}

int umod_gpiochip_add(struct umod_gpio_core *core, struct gpio_chip *gc, void *data,
		      struct umod_module *owner)
{
	struct umod_driver_core *dcore;
	struct gpio_device *gdev;
	int base = gc->base, id, ret;

	if (!core || !(dcore = umod_driver_core(core->host)))
		return -EINVAL;
	gdev = calloc(1, sizeof(*gdev));
	if (!gdev)
		return -ENOMEM;
	gdev->core = core;
	gdev->chip = gc;
	gdev->data = data;
	gdev->owner = umod_module_made(owner, UMOD_MADE_GPIO);
	gc->gpiodev = gdev;
	umod_device_initialize(dcore, &gdev->dev);
	if (gdev->dev.p)
		gdev->dev.p->owner = NULL;	/* the release is the host's */
	gdev->dev.release = gpio_device_release;
	gdev->dev.bus = core->bus;
	gdev->dev.parent = gc->parent;
	if (gc->parent) {
		gdev->dev.of_node = gc->parent->of_node;
		gdev->dev.fwnode = gc->parent->fwnode;
	}
	pthread_mutex_lock(&core->lock);
	for (id = 0; id < 64 && (core->ids & (1ul << id)); id++)
		;
	if (id < 64)
		core->ids |= 1ul << id;
	pthread_mutex_unlock(&core->lock);
	if (id == 64) {
		ret = -ENOMEM;
		goto err_free;
	}
	gdev->id = id;
	umod_dev_set_name(&gdev->dev, "gpiochip%d", id);
	if (gc->ngpio == 0) {
		chip_msg(gdev, KERN_ERR, "tried to insert a GPIO chip with zero lines\n");
		ret = -EINVAL;
		goto err_free_id;
	}
	gdev->ngpio = gc->ngpio;
	gdev->descs = calloc(gc->ngpio, sizeof(*gdev->descs));
	gdev->label = strdup(gc->label ? gc->label : "unknown");
	if (!gdev->descs || !gdev->label) {
		ret = -ENOMEM;
		goto err_free_id;
	}
	pthread_mutex_lock(&core->lock);
	if (base < 0) {
		base = find_base(core, gc->ngpio);
		if (base < 0) {
			ret = base;
			pthread_mutex_unlock(&core->lock);
			goto err_free_id;
		}
		/* 6.1 writes the allocated base back, drivers print it */
		gc->base = base;
	}
	gdev->base = base;
	ret = add_to_list(core, gdev);
	pthread_mutex_unlock(&core->lock);
	if (ret)
		goto err_free_id;
	for (unsigned int i = 0; i < gdev->ngpio; i++) {
		gdev->descs[i].gdev = gdev;
		if (gc->get_direction)
			assign_flag(&gdev->descs[i], GPIO_FLAG_IS_OUT,
				    !chip_op(gdev, OP_GET_DIR, i, 0));
		else
			assign_flag(&gdev->descs[i], GPIO_FLAG_IS_OUT, !gc->direction_input);
	}
	set_names(gdev);
	ret = add_irqchip(gdev);
	if (!ret)
		ret = umod_device_add(dcore, &gdev->dev);
	if (ret)
		goto err_remove;
	gdev->registered = true;
	add_class_device(gdev);
	return 0;

err_remove:
	pthread_mutex_lock(&core->lock);
	umod_list_del(&gdev->node);
	pthread_mutex_unlock(&core->lock);
	if (gc->irq.domain) {
		umod_irq_domain_remove(gc->irq.domain);
		gc->irq.domain = NULL;
	}
err_free_id:
	pthread_mutex_lock(&core->lock);
	core->ids &= ~(1ul << id);
	pthread_mutex_unlock(&core->lock);
err_free:
	umod_log_printk(core->host->log, KERN_ERR "%s: GPIOs %d..%d (%s) failed to register, %d\n",
			"gpiochip_add_data_with_key", base, base + (int)gc->ngpio - 1,
			gc->label ? gc->label : "generic", ret);
	gc->gpiodev = NULL;
	umod_put_device(&gdev->dev);
	return ret;
}

void umod_gpiochip_remove(struct gpio_chip *gc)
{
	struct gpio_device *gdev = gc ? gc->gpiodev : NULL;
	struct umod_gpio_core *core;
	bool requested = false;

	if (!gdev)
		return;
	core = gdev->core;
	if (gdev->class_dev)
	{
		umod_device_del(gdev->class_dev);
		umod_put_device(gdev->class_dev);
	}
	gdev->class_dev = NULL;
	for (unsigned int i = 0; i < gdev->ngpio; i++)
		requested |= test_flag(&gdev->descs[i], GPIO_FLAG_REQUESTED);
	if (requested)
		umod_dev_printk(KERN_CRIT, &gdev->dev,
				"REMOVING GPIOCHIP WITH GPIOS STILL REQUESTED\n");
	if (gc->irq.domain) {
		umod_irq_domain_remove(gc->irq.domain);
		gc->irq.domain = NULL;
	}
	pthread_mutex_lock(&core->lock);
	umod_list_del(&gdev->node);
	core->ids &= ~(1ul << gdev->id);
	gdev->chip = NULL;
	pthread_mutex_unlock(&core->lock);
	gc->gpiodev = NULL;
	if (gdev->registered)
		umod_device_del(&gdev->dev);
	umod_put_device(&gdev->dev);
}

static int kapi_gpiochip_add_data_with_key(struct gpio_chip *gc, void *data, void *lock_key,
					   void *request_key)
{
	struct umod_module *owner = gc->owner ? gc->owner->umod : umod_caller_module();

	return umod_gpiochip_add(umod_gpio_caller_core(), gc, data, owner);
}

static void kapi_gpiochip_remove(struct gpio_chip *gc)
{
	umod_gpiochip_remove(gc);
}

static void *kapi_gpiochip_get_data(struct gpio_chip *gc)
{
	return gc->gpiodev->data;
}

struct find_call {
	int (*match)(struct gpio_chip *gc, void *data);
	struct gpio_chip *gc;
	void *data;
};

static long call_match(void *arg)
{
	struct find_call *c = arg;

	return c->match(c->gc, c->data);
}

static struct gpio_chip *kapi_gpiochip_find(void *data,
					    int (*match)(struct gpio_chip *gc, void *data))
{
	struct umod_gpio_core *core = umod_gpio_caller_core();
	struct umod_module *mod = umod_caller_module();
	struct gpio_chip *chips[64];
	size_t n = 0;

	if (!core)
		return NULL;
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->devices.next; l != &core->devices && n < 64; l = l->next) {
		struct gpio_device *gdev = umod_container_of(l, struct gpio_device, node);

		if (gdev->chip)
			chips[n++] = gdev->chip;
	}
	pthread_mutex_unlock(&core->lock);
	for (size_t i = 0; i < n; i++) {
		struct find_call c = { match, chips[i], data };
		long ret = 0;

		if (mod ? !umod_call(mod, call_match, &c, &ret) && ret : call_match(&c))
			return chips[i];
	}
	return NULL;
}

static const char *kapi_gpiochip_is_requested(struct gpio_chip *gc, unsigned int offset)
{
	struct gpio_desc *desc;

	if (offset >= gc->gpiodev->ngpio)
		return NULL;
	desc = &gc->gpiodev->descs[offset];
	if (!test_flag(desc, GPIO_FLAG_REQUESTED))
		return NULL;
	return desc->label;
}

/* a chip's own line: requested outside of any consumer (hogs, irq helpers) */
static struct gpio_desc *kapi_gpiochip_request_own_desc(struct gpio_chip *gc, unsigned int hwnum,
							const char *label, int lflags, int dflags)
{
	struct gpio_desc *desc;
	int ret;

	if (hwnum >= gc->gpiodev->ngpio)
		return (struct gpio_desc *)(long)-EINVAL;
	desc = &gc->gpiodev->descs[hwnum];
	ret = request_commit(desc, label);
	if (ret < 0)
		return (struct gpio_desc *)(long)ret;
	if (lflags & 1)
		set_flag(desc, GPIO_FLAG_ACTIVE_LOW);
	ret = umod_gpiod_configure(desc, (unsigned int)dflags);
	if (ret) {
		free_commit(desc);
		return (struct gpio_desc *)(long)ret;
	}
	return desc;
}

static void kapi_gpiochip_free_own_desc(struct gpio_desc *desc)
{
	if (desc)
		free_commit(desc);
}

static int kapi_gpiochip_generic_request(struct gpio_chip *gc, unsigned int offset)
{
	return 0;
}

static void kapi_gpiochip_generic_free(struct gpio_chip *gc, unsigned int offset)
{
}

static int kapi_gpiochip_generic_config(struct gpio_chip *gc, unsigned int offset,
					unsigned long config)
{
	return -ENOTSUPP;
}

/* gpiod_configure_flags(): the direction and value the consumer's dflags ask for */
int umod_gpiod_configure(struct gpio_desc *desc, unsigned int dflags)
{
	/* GPIOD_FLAGS_BIT_DIR_SET, _DIR_OUT, _DIR_VAL */
	if (!(dflags & 1))
		return 0;
	if (dflags & 2)
		return kapi_gpiod_direction_output(desc, !!(dflags & 4));
	return kapi_gpiod_direction_input(desc);
}

/* ---- consumers: lines by function name ------------------------------------------------------ */

#define IS_ERR_DESC(d)	((unsigned long)(d) >= (unsigned long)-4095)
#define OF_GPIO_ACTIVE_LOW	0x1
#define OF_GPIO_SINGLE_ENDED	0x2
#define OF_GPIO_OPEN_DRAIN	0x4
#define GPIOD_FLAGS_BIT_NONEXCLUSIVE	(1u << 4)

static struct umod_gpio_core *dev_core(struct device *dev)
{
	struct umod_driver_core *dcore = dev ? umod_dev_core(dev) : NULL;

	return dcore ? umod_gpio_core(dcore->host) : umod_gpio_caller_core();
}

/* gpiod_find_and_request(): @np's entry, requested as @label, its node flags applied */
static struct gpio_desc *find_and_request(struct umod_gpio_core *core, const struct device_node *np,
					  const char *con_id, unsigned int idx, unsigned int dflags,
					  const char *label)
{
	unsigned int of_flags = 0;
	struct gpio_desc *desc;
	int ret;

	if (!np)
		return (struct gpio_desc *)(long)-ENOENT;
	desc = umod_of_find_gpio(core, np, con_id, idx, &of_flags);
	if (IS_ERR_DESC(desc))
		return desc;
	ret = umod_gpiod_request(desc, label);
	if (ret == -EBUSY && (dflags & GPIOD_FLAGS_BIT_NONEXCLUSIVE))
		return desc;	/* shared: the first consumer configured it */
	if (ret)
		return (struct gpio_desc *)(long)ret;
	if (of_flags & OF_GPIO_ACTIVE_LOW)
		set_flag(desc, GPIO_FLAG_ACTIVE_LOW);
	if ((of_flags & OF_GPIO_SINGLE_ENDED) && (of_flags & OF_GPIO_OPEN_DRAIN))
		set_flag(desc, GPIO_FLAG_OPEN_DRAIN);
	ret = umod_gpiod_configure(desc, dflags);
	if (ret < 0) {
		umod_gpiod_free(desc);
		return (struct gpio_desc *)(long)ret;
	}
	return desc;
}

struct gpio_desc *umod_gpiod_get_index(struct device *dev, const char *con_id,
					      unsigned int idx, unsigned int flags)
{
	const char *devname = dev ? umod_dev_name(dev) : "?";

	return find_and_request(dev_core(dev), dev ? dev->of_node : NULL, con_id, idx, flags,
				con_id ? con_id : devname);
}

static struct gpio_desc *kapi_gpiod_get(struct device *dev, const char *con_id,
					unsigned int flags)
{
	return umod_gpiod_get_index(dev, con_id, 0, flags);
}

struct gpio_desc *umod_gpiod_get_index_optional(struct device *dev, const char *con_id,
						       unsigned int index, unsigned int flags)
{
	struct gpio_desc *desc = umod_gpiod_get_index(dev, con_id, index, flags);

	return (long)desc == -ENOENT ? NULL : desc;
}

static struct gpio_desc *kapi_gpiod_get_optional(struct device *dev, const char *con_id,
						 unsigned int flags)
{
	return umod_gpiod_get_index_optional(dev, con_id, 0, flags);
}

static void kapi_gpiod_put(struct gpio_desc *desc)
{
	if (desc && !IS_ERR_DESC(desc))
		umod_gpiod_free(desc);
}

struct gpio_desc *umod_fwnode_gpiod_get_index(struct fwnode_handle *fwnode,
						     const char *con_id, int index,
						     unsigned int flags, const char *label)
{
	struct device_node *np = fwnode ? umod_container_of(fwnode, struct device_node, fwnode)
					: NULL;

	return find_and_request(umod_gpio_caller_core(), np, con_id, (unsigned int)index, flags,
				label);
}

/* gpiod_count(): the entries of "<con_id>-gpios" (or "gpios") */
static int kapi_gpiod_count(struct device *dev, const char *con_id)
{
	struct umod_gpio_core *core = dev_core(dev);
	const struct device_node *np = dev ? dev->of_node : NULL;
	int count = 0;

	if (!np || !core)
		return -ENOENT;
	for (;;) {
		struct of_phandle_args spec;
		char propname[64];

		if (con_id)
			snprintf(propname, sizeof(propname), "%s-gpios", con_id);
		else
			snprintf(propname, sizeof(propname), "gpios");
		if (umod_of_parse_phandle_with_args(umod_of_tree(core->host), np, propname,
						    "#gpio-cells", count, &spec))
			break;
		count++;
	}
	return count ? count : -ENOENT;
}

/* ---- /sys/kernel/debug/gpio --------------------------------------------------------------- */

struct text {
	char *buf;
	size_t size, len;
};

/* scnprintf() at the end of what is there; a full buffer stays full */
#define put(t, ...)	\
	((t)->len += (size_t)umod_scnprintf((t)->buf + (t)->len, (t)->size - (t)->len, __VA_ARGS__))

/* gpiolib_dbg_show() */
static void dbg_show(struct text *t, struct gpio_device *gdev)
{
	struct gpio_chip *gc = gdev->chip;
	int gpio = gdev->base;

	for (unsigned int i = 0; i < gdev->ngpio; i++, gpio++) {
		struct gpio_desc *gdesc = &gdev->descs[i];
		bool is_out, is_irq, active_low;
		char label[64];

		if (!test_flag(gdesc, GPIO_FLAG_REQUESTED)) {
			if (gdesc->name)
				put(t, " gpio-%-3d (%-20.20s)\n", gpio, gdesc->name);
			continue;
		}
		get_direction(gdesc);
		is_out = test_flag(gdesc, GPIO_FLAG_IS_OUT);
		is_irq = test_flag(gdesc, GPIO_FLAG_USED_AS_IRQ);
		active_low = test_flag(gdesc, GPIO_FLAG_ACTIVE_LOW);
		pthread_mutex_lock(&gdev->core->lock);
		snprintf(label, sizeof(label), "%s", gdesc->label ? gdesc->label : "");
		pthread_mutex_unlock(&gdev->core->lock);
		put(t, " gpio-%-3d (%-20.20s|%-20.20s) %s %s %s%s\n", gpio,
		    gdesc->name ? gdesc->name : "", label, is_out ? "out" : "in ",
		    gc->get ? (chip_op(gdev, OP_GET, i, 0) ? "hi" : "lo") : "?  ",
		    is_irq ? "IRQ " : "", active_low ? "ACTIVE LOW" : "");
	}
}

static long debugfs_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct umod_gpio_core *core = priv;
	struct gpio_device *v[64];
	struct text t = { page, UMOD_PAGE_SIZE, 0 };
	size_t n = 0;

	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->devices.next; l != &core->devices && n < 64; l = l->next) {
		v[n] = umod_container_of(l, struct gpio_device, node);
		umod_get_device(&v[n++]->dev);
	}
	pthread_mutex_unlock(&core->lock);
	for (size_t i = 0; i < n; i++) {
		struct gpio_device *gdev = v[i];
		struct gpio_chip *gc = gdev->chip;
		struct device *parent = gc ? gc->parent : NULL;

		if (!gc) {
			put(&t, "%s%s: (dangling chip)", i ? "\n" : "", umod_dev_name(&gdev->dev));
			continue;
		}
		put(&t, "%s%s: GPIOs %d-%d", i ? "\n" : "", umod_dev_name(&gdev->dev), gdev->base,
		    gdev->base + (int)gdev->ngpio - 1);
		if (parent)
			put(&t, ", parent: %s/%s", parent->bus ? parent->bus->name : "no-bus",
			    umod_dev_name(parent));
		if (gc->label)
			put(&t, ", %s", gdev->label);
		if (gc->can_sleep)
			put(&t, ", can sleep");
		put(&t, ":\n");
		dbg_show(&t, gdev);
	}
	for (size_t i = 0; i < n; i++)
		umod_put_device(&v[i]->dev);
	return (long)t.len;
}

static const struct umod_kernfs_ops debugfs_ops = { debugfs_show, NULL };

/* ---- the host ---------------------------------------------------------------------------- */

static int gpio_bus_match(struct device *dev, struct device_driver *drv)
{
	return 0;
}

static struct bus_type gpio_bus_type = {
	.name = "gpio",
	.match = gpio_bus_match,
};

static struct class gpio_class = {
	.name = "gpio",
};

int umod_gpio_init(struct umod_host *host)
{
	struct umod_driver_core *dcore = umod_driver_core(host);
	struct umod_gpio_core *core = calloc(1, sizeof(*core));
	struct umod_kernfs_new nw = {
		.parent = umod_kernfs_root(UMOD_KERNFS_DEBUG), .host = host, .name = "gpio",
		.type = UMOD_SYSFS_FILE, .kind = UMOD_KN_PLAIN, .mode = 0444, .ops = &debugfs_ops,
	};
	int err;

	if (!core || !dcore) {
		free(core);
		return -ENOMEM;
	}
	core->host = host;
	pthread_mutex_init(&core->lock, NULL);
	umod_list_init(&core->devices);
	core->bus = &gpio_bus_type;
	core->cls = &gpio_class;
	nw.priv = core;
	err = umod_bus_register(dcore, &gpio_bus_type, NULL);
	if (!err)
		err = umod_class_register(dcore, &gpio_class, NULL);
	if (!err)
		err = umod_kernfs_create(&nw, &core->debugfs);
	if (err) {
		pthread_mutex_destroy(&core->lock);
		free(core);
		return err;
	}
	pthread_mutex_lock(&registry_lock);
	umod_list_add(&core->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	return 0;
}

/* before the driver core goes (unload.c): the chips went with the board's devices */
void umod_gpio_host_gone(struct umod_host *host)
{
	struct umod_gpio_core *core = umod_gpio_core(host);
	struct umod_driver_core *dcore;

	if (!core)
		return;
	dcore = umod_driver_core(host);
	if (core->sim_driver) {
		umod_driver_unregister(&core->sim_driver->driver);
		free(core->sim_driver);
	}
	umod_kernfs_remove(core->debugfs);
	if (dcore) {
		umod_class_unregister(dcore, core->cls);
		umod_bus_unregister(dcore, core->bus);
	}
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&core->link);
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_destroy(&core->lock);
	free(core);
}

/* module_leftovers[]: lines @mod requested and chips it added, reported and let go */
void umod_gpio_leftovers(struct umod_module *mod)
{
	struct umod_gpio_core *core;
	struct gpio_chip *chips[64];
	size_t n = 0;

	if (!umod_module_has_made(mod, UMOD_MADE_GPIO) || !(core = umod_gpio_core(mod->host)))
		return;
	for (;;) {
		struct gpio_desc *found = NULL;

		pthread_mutex_lock(&core->lock);
		for (struct umod_list *l = core->devices.next; l != &core->devices && !found;
		     l = l->next) {
			struct gpio_device *gdev = umod_container_of(l, struct gpio_device, node);

			for (unsigned int i = 0; i < gdev->ngpio && !found; i++)
				if (gdev->descs[i].requester == mod &&
				    test_flag(&gdev->descs[i], GPIO_FLAG_REQUESTED))
					found = &gdev->descs[i];
		}
		pthread_mutex_unlock(&core->lock);
		if (!found)
			break;
		umod_log_printk(mod->host->log, KERN_WARNING "%s: exit left GPIO %d (%s) requested: freed\n",
				mod->name, found->gdev->base + (int)umod_gpio_hwnum(found),
				found->label ? found->label : "?");
		umod_gpiod_free(found);
	}
	pthread_mutex_lock(&core->lock);
	for (struct umod_list *l = core->devices.next; l != &core->devices && n < 64; l = l->next) {
		struct gpio_device *gdev = umod_container_of(l, struct gpio_device, node);

		if (gdev->owner == mod && gdev->chip)
			chips[n++] = gdev->chip;
	}
	pthread_mutex_unlock(&core->lock);
	for (size_t i = 0; i < n; i++) {
		umod_log_printk(mod->host->log, KERN_WARNING "%s: exit left gpiochip %s registered: removed\n",
				mod->name, chips[i]->gpiodev->label);
		umod_gpiochip_remove(chips[i]);
	}
}

static const struct umod_kapi_export gpiolib_exports[] = {
	UMOD_KAPI_GPL("gpio_to_desc", kapi_gpio_to_desc),
	UMOD_KAPI_GPL("desc_to_gpio", kapi_desc_to_gpio),
	UMOD_KAPI_GPL("gpiod_to_chip", kapi_gpiod_to_chip),
	UMOD_KAPI_GPL("gpiochip_get_desc", kapi_gpiochip_get_desc),
	UMOD_KAPI_GPL("gpiod_get_direction", kapi_gpiod_get_direction),
	UMOD_KAPI_GPL("gpiod_direction_input", kapi_gpiod_direction_input),
	UMOD_KAPI_GPL("gpiod_direction_output", kapi_gpiod_direction_output),
	UMOD_KAPI_GPL("gpiod_direction_output_raw", kapi_gpiod_direction_output_raw),
	UMOD_KAPI_GPL("gpiod_get_value", kapi_gpiod_get_value),
	UMOD_KAPI_GPL("gpiod_set_value", kapi_gpiod_set_value),
	UMOD_KAPI_GPL("gpiod_get_raw_value", kapi_gpiod_get_raw_value),
	UMOD_KAPI_GPL("gpiod_set_raw_value", kapi_gpiod_set_raw_value),
	UMOD_KAPI_GPL("gpiod_get_value_cansleep", kapi_gpiod_get_value_cansleep),
	UMOD_KAPI_GPL("gpiod_set_value_cansleep", kapi_gpiod_set_value_cansleep),
	UMOD_KAPI_GPL("gpiod_get_raw_value_cansleep", kapi_gpiod_get_raw_value_cansleep),
	UMOD_KAPI_GPL("gpiod_set_raw_value_cansleep", kapi_gpiod_set_raw_value_cansleep),
	UMOD_KAPI_GPL("gpiod_is_active_low", kapi_gpiod_is_active_low),
	UMOD_KAPI_GPL("gpiod_toggle_active_low", kapi_gpiod_toggle_active_low),
	UMOD_KAPI_GPL("gpiod_cansleep", kapi_gpiod_cansleep),
	UMOD_KAPI_GPL("gpiod_set_config", kapi_gpiod_set_config),
	UMOD_KAPI_GPL("gpiod_set_debounce", kapi_gpiod_set_debounce),
	UMOD_KAPI_GPL("gpiod_set_transitory", kapi_gpiod_set_transitory),
	UMOD_KAPI_GPL("gpiod_set_consumer_name", kapi_gpiod_set_consumer_name),
	UMOD_KAPI_GPL("gpiod_to_irq", kapi_gpiod_to_irq),
	UMOD_KAPI_GPL("gpiochip_lock_as_irq", kapi_gpiochip_lock_as_irq),
	UMOD_KAPI_GPL("gpiochip_unlock_as_irq", kapi_gpiochip_unlock_as_irq),
	UMOD_KAPI_GPL("gpiochip_reqres_irq", kapi_gpiochip_reqres_irq),
	UMOD_KAPI_GPL("gpiochip_relres_irq", kapi_gpiochip_relres_irq),
	UMOD_KAPI("gpiochip_irq_reqres", kapi_gpiochip_irq_reqres),
	UMOD_KAPI("gpiochip_irq_relres", kapi_gpiochip_irq_relres),
	UMOD_KAPI_GPL("gpiochip_disable_irq", kapi_gpiochip_disable_irq),
	UMOD_KAPI_GPL("gpiochip_enable_irq", kapi_gpiochip_enable_irq),
	UMOD_KAPI_GPL("gpiochip_line_is_irq", kapi_gpiochip_line_is_irq),
	UMOD_KAPI_GPL("gpiochip_line_is_open_drain", kapi_gpiochip_line_is_open_drain),
	UMOD_KAPI_GPL("gpiochip_line_is_open_source", kapi_gpiochip_line_is_open_source),
	UMOD_KAPI_GPL("gpiochip_line_is_persistent", kapi_gpiochip_line_is_persistent),
	UMOD_KAPI_GPL("gpiochip_line_is_valid", kapi_gpiochip_line_is_valid),
	UMOD_KAPI_GPL("gpiochip_irq_map", kapi_gpiochip_irq_map),
	UMOD_KAPI_GPL("gpiochip_irq_unmap", kapi_gpiochip_irq_unmap),
	UMOD_KAPI_GPL("gpiochip_add_data_with_key", kapi_gpiochip_add_data_with_key),
	UMOD_KAPI_GPL("gpiochip_remove", kapi_gpiochip_remove),
	UMOD_KAPI_GPL("gpiochip_get_data", kapi_gpiochip_get_data),
	UMOD_KAPI_GPL("gpiochip_find", kapi_gpiochip_find),
	UMOD_KAPI_GPL("gpiochip_is_requested", kapi_gpiochip_is_requested),
	UMOD_KAPI_GPL("gpiochip_request_own_desc", kapi_gpiochip_request_own_desc),
	UMOD_KAPI_GPL("gpiochip_free_own_desc", kapi_gpiochip_free_own_desc),
	UMOD_KAPI_GPL("gpiochip_generic_request", kapi_gpiochip_generic_request),
	UMOD_KAPI_GPL("gpiochip_generic_free", kapi_gpiochip_generic_free),
	UMOD_KAPI_GPL("gpiochip_generic_config", kapi_gpiochip_generic_config),
	UMOD_KAPI_GPL("gpiod_get", kapi_gpiod_get),
	UMOD_KAPI_GPL("gpiod_get_index", umod_gpiod_get_index),
	UMOD_KAPI_GPL("gpiod_get_optional", kapi_gpiod_get_optional),
	UMOD_KAPI_GPL("gpiod_get_index_optional", umod_gpiod_get_index_optional),
	UMOD_KAPI_GPL("gpiod_put", kapi_gpiod_put),
	UMOD_KAPI_GPL("gpiod_count", kapi_gpiod_count),
	UMOD_KAPI_GPL("fwnode_gpiod_get_index", umod_fwnode_gpiod_get_index),
};

const struct umod_kapi_table umod_kapi_gpiolib = {
	gpiolib_exports, UMOD_ARRAY_SIZE(gpiolib_exports)
};
