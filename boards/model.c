// SPDX-License-Identifier: MIT
/*
 * Device models (include/umod/model.h): the simulated hardware a board's
 * nodes name with "umod,model". Each host with a board has one struct
 * board here: its model types (the built-in ones, then those of the
 * plugins loaded for it), its instances (one per node), the timer thread
 * that runs their timers, /sys/kernel/debug/board/ (a directory per
 * instance for its files, and "lines", the log of GPIO line changes), and
 * the register regions drivers reach through ioremap() or, for I/O
 * ports, inb()/outb().
 *
 * An instance's callbacks run under its own lock (recursive: a callback
 * may call back into the host, which may call the same instance), never
 * under the board's, whose lock only guards the lists.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boards/board.h"
#include "drivers/gpio/gpiolib.h"
#include "drivers/of/of_private.h"
#include "drivers/pci/pci.h"
#include "kernel/dma/dma.h"
#include "fs/sysfs/sysfs.h"
#include "kernel/irq/internals.h"
#include "kernel/printk/internal.h"
#include "kernel/time/tick-internal.h"
#include "kernel/time/timekeeping.h"

#define MAX_LINES	16
#define MAX_REGIONS	8
#define LOG_RECORDS	64

struct region {
	uint64_t base, size;
	bool io;			/* I/O ports (an ISA node's I/O entry), not memory */
	const struct umod_model_region_ops *ops;
};

struct line {
	const struct device_node *ctrl;
	unsigned int hw;
	int drive;			/* what the model drives: 0, 1, -1 (nothing) */
};

struct umod_model_timer {
	struct umod_model *m;
	void (*fn)(struct umod_model *m, void *state);
	uint64_t deadline;
	bool armed;
	struct umod_list node;		/* board->timers while armed */
	struct umod_list all;		/* m->timers */
};

struct model_file {
	struct umod_model *m;
	ssize_t (*show)(struct umod_model *m, void *state, char *buf, size_t size);
	ssize_t (*store)(struct umod_model *m, void *state, const char *buf, size_t len);
	struct umod_list node;
};

struct umod_model {
	const struct umod_model_type *type;
	struct board *board;
	struct device_node *np;
	char path[256];
	void *state;
	pthread_mutex_t lock;		/* recursive: the instance's callbacks */
	struct region regions[MAX_REGIONS];
	unsigned int nr_regions;
	struct line lines[MAX_LINES];
	unsigned int nr_lines;
	int irq_level[8];
	struct umod_list timers, files;
	struct kernfs_node *dir;	/* /sys/kernel/debug/board/NODE */
	struct umod_list node;		/* board->models */
};

struct plugin {
	void *handle;
	const struct umod_model_type *const *types;
	struct plugin *next;
};

struct log_rec {
	uint64_t ns;
	char chip[16], name[24], consumer[24];
	unsigned int hw;
	bool out;
	int level;
};

struct board {
	struct umod_host *host;
	struct umod_list link;		/* on the registry */
	pthread_mutex_t lock;		/* the lists, the log */
	struct umod_list models;
	struct plugin *plugins;
	/* timers: a thread runs them in deadline order */
	struct umod_list timers;
	pthread_cond_t timer_wake;
	pthread_t timer_thread;
	bool timer_running, timer_stop;
	/* /sys/kernel/debug/board */
	struct kernfs_node *dir, *lines_file;
	struct log_rec log[LOG_RECORDS];
	unsigned long log_next;
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct umod_list registry = { &registry, &registry };

static const struct umod_model_type *const builtin_types[] = {
	&umod_model_gpio_led, &umod_model_gpio_button, &umod_model_dht11,
	/* issue 31 item 2: the I2C and SPI chips */
	&umod_model_lm75, &umod_model_24c02, &umod_model_spi_loopback,
	/* issue 31 item 2: the USB echo device */
	&umod_model_usb_echo,
	&umod_model_parport, &umod_model_edu,
};

static struct board *board_of(struct umod_host *host)
{
	struct board *found = NULL;

	pthread_mutex_lock(&registry_lock);
	for (struct umod_list *n = registry.next; n != &registry; n = n->next) {
		struct board *b = umod_container_of(n, struct board, link);

		if (b->host == host) {
			found = b;
			break;
		}
	}
	pthread_mutex_unlock(&registry_lock);
	return found;
}

/* ---- the line log: /sys/kernel/debug/board/lines --------------------------------------- */

static long lines_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct board *b = priv;
	size_t len = 0;
	unsigned long first;

	pthread_mutex_lock(&b->lock);
	/* the newest records that fit the page (a record is at most ~100 bytes) */
	first = b->log_next > UMOD_PAGE_SIZE / 100 ? b->log_next - UMOD_PAGE_SIZE / 100 : 0;
	for (unsigned long i = first; i < b->log_next; i++) {
		struct log_rec *r = &b->log[i % LOG_RECORDS];
		int n = snprintf(page + len, UMOD_PAGE_SIZE - len,
				 "[%5llu.%06llu] %s %u%s%s%s %s %d%s%s%s\n",
				 (unsigned long long)(r->ns / 1000000000ull),
				 (unsigned long long)(r->ns % 1000000000ull / 1000), r->chip, r->hw,
				 r->name[0] ? " (" : "", r->name, r->name[0] ? ")" : "",
				 r->out ? "out" : "in", r->level, r->consumer[0] ? " \"" : "",
				 r->consumer, r->consumer[0] ? "\"" : "");

		if (n < 0 || (size_t)n >= UMOD_PAGE_SIZE - len)
			break;
		len += (size_t)n;
	}
	pthread_mutex_unlock(&b->lock);
	return (long)len;
}

static const struct umod_kernfs_ops lines_ops = { lines_show, NULL };

void umod_board_line_log(struct umod_host *host, const char *chip, unsigned int hw,
			 const char *name, const char *consumer, bool out, int level)
{
	struct board *b = board_of(host);
	struct log_rec *r;

	if (!b)
		return;
	pthread_mutex_lock(&b->lock);
	r = &b->log[b->log_next++ % LOG_RECORDS];
	r->ns = umod_ns_since_boot();
	snprintf(r->chip, sizeof(r->chip), "%s", chip);
	snprintf(r->name, sizeof(r->name), "%s", name ? name : "");
	snprintf(r->consumer, sizeof(r->consumer), "%s", consumer ? consumer : "");
	r->hw = hw;
	r->out = out;
	r->level = level;
	pthread_mutex_unlock(&b->lock);
}

/* ---- the board: made with the first model or plugin ------------------------------------------ */

static void *timer_main(void *arg);

static struct board *board_get(struct umod_host *host)
{
	struct board *b = board_of(host);
	pthread_condattr_t ca;

	if (b)
		return b;
	b = calloc(1, sizeof(*b));
	if (!b)
		return NULL;
	b->host = host;
	pthread_mutex_init(&b->lock, NULL);
	umod_list_init(&b->models);
	umod_list_init(&b->timers);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&b->timer_wake, &ca);
	pthread_condattr_destroy(&ca);
	{
		struct umod_kernfs_new nw = {
			.parent = umod_kernfs_root(UMOD_KERNFS_DEBUG), .host = host,
			.name = "board", .type = UMOD_SYSFS_DIR, .kind = UMOD_KN_PLAIN,
			.mode = 0755,
		};
		struct umod_kernfs_new lf = {
			.host = host, .name = "lines", .type = UMOD_SYSFS_FILE,
			.kind = UMOD_KN_PLAIN, .mode = 0444, .ops = &lines_ops, .priv = b,
		};

		if (!umod_kernfs_create(&nw, &b->dir)) {
			lf.parent = b->dir;
			umod_kernfs_create(&lf, &b->lines_file);
		}
	}
	b->timer_running = !umod_thread_spawn(&b->timer_thread, timer_main, b);
	pthread_mutex_lock(&registry_lock);
	umod_list_add(&b->link, &registry);
	pthread_mutex_unlock(&registry_lock);
	return b;
}

/* ---- plugins --------------------------------------------------------------------------- */

int umod_board_load_plugin(struct umod_host *host, const char *path)
{
	struct board *b = board_get(host);
	const struct umod_model_type *const *types;
	struct plugin *p;
	void *handle;

	if (!b)
		return -ENOMEM;
	handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		umod_log_printk(host->log, KERN_ERR "board %s: %s\n", path, dlerror());
		return -ENOEXEC;
	}
	types = dlsym(handle, "umod_model_plugin");
	for (size_t i = 0; types && types[i]; i++)
		if (types[i]->api_version != UMOD_MODEL_API_VERSION || !types[i]->name) {
			umod_log_printk(host->log, KERN_ERR "board %s: model type %zu: API version %u, umod has %u\n",
					path, i, types[i]->api_version, UMOD_MODEL_API_VERSION);
			dlclose(handle);
			return -EINVAL;
		}
	if (!types) {
		umod_log_printk(host->log, KERN_ERR "board %s: no umod_model_plugin[] (UMOD_MODEL_PLUGIN)\n",
				path);
		dlclose(handle);
		return -EINVAL;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		dlclose(handle);
		return -ENOMEM;
	}
	p->handle = handle;
	p->types = types;
	pthread_mutex_lock(&b->lock);
	p->next = b->plugins;
	b->plugins = p;
	pthread_mutex_unlock(&b->lock);
	return 0;
}

/* a plugin's type first (a plugin may replace a built-in), then the built-in ones */
static const struct umod_model_type *find_type(struct board *b, const char *name)
{
	const struct umod_model_type *t = NULL;

	pthread_mutex_lock(&b->lock);
	for (struct plugin *p = b->plugins; p && !t; p = p->next)
		for (size_t i = 0; p->types[i] && !t; i++)
			if (!strcmp(p->types[i]->name, name))
				t = p->types[i];
	pthread_mutex_unlock(&b->lock);
	for (size_t i = 0; !t && i < UMOD_ARRAY_SIZE(builtin_types); i++)
		if (!strcmp(builtin_types[i]->name, name))
			t = builtin_types[i];
	return t;
}

/* ---- instances ----------------------------------------------------------------------------- */

static void model_lock(struct umod_model *m)
{
	pthread_mutex_lock(&m->lock);
}

static void model_unlock(struct umod_model *m)
{
	pthread_mutex_unlock(&m->lock);
}

/* umod,lines (or umod,line): lines of the GPIO controller the node sits below */
static int parse_lines(struct umod_model *m, struct umod_host *host)
{
	const struct device_node *ctrl = m->np->parent;
	const char *prop = umod_of_find_property(m->np, "umod,lines", NULL) ? "umod,lines"
										 : "umod,line";
	uint32_t hw;

	for (unsigned int i = 0; i < MAX_LINES &&
	     !umod_of_property_read_u32(m->np, prop, i, &hw); i++) {
		if (!ctrl || !umod_of_find_property(ctrl, "gpio-controller", NULL)) {
			umod_log_printk(host->log, KERN_ERR "board %s: %s, but the parent is no gpio-controller\n",
					m->path, prop);
			return -EINVAL;
		}
		m->lines[i] = (struct line){ ctrl, hw, -1 };
		m->nr_lines = i + 1;
	}
	return 0;
}

static struct umod_model *find_instance(struct board *b, const struct device_node *np)
{
	struct umod_model *found = NULL;

	pthread_mutex_lock(&b->lock);
	for (struct umod_list *n = b->models.next; n != &b->models; n = n->next) {
		struct umod_model *m = umod_container_of(n, struct umod_model, node);

		if (m->np == np)
			found = m;
	}
	pthread_mutex_unlock(&b->lock);
	return found;
}

static void instance_free(struct umod_model *m)
{
	pthread_mutex_destroy(&m->lock);
	free(m->state);
	free(m);
}

static int instance_new(struct board *b, struct device_node *np, const char *name)
{
	const struct umod_model_type *t = find_type(b, name);
	struct umod_host *host = b->host;
	pthread_mutexattr_t ma;
	struct umod_model *m;
	int err;

	if (!t) {
		char path[256];

		umod_of_node_path(np, path, sizeof(path));
		umod_log_printk(host->log, KERN_ERR "board %s: no model \"%s\" (is its plugin loaded?)\n",
				path, name);
		return -ENOENT;
	}
	m = calloc(1, sizeof(*m));
	if (!m || !(m->state = calloc(1, t->state_size ? t->state_size : 1))) {
		free(m);
		return -ENOMEM;
	}
	m->type = t;
	m->board = b;
	m->np = np;
	umod_of_node_path(np, m->path, sizeof(m->path));
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&m->lock, &ma);
	pthread_mutexattr_destroy(&ma);
	umod_list_init(&m->timers);
	umod_list_init(&m->files);
	err = parse_lines(m, host);
	if (err) {
		instance_free(m);
		return err;
	}
	if (b->dir) {
		struct umod_kernfs_new nw = {
			.parent = b->dir, .host = host, .name = np->full_name,
			.type = UMOD_SYSFS_DIR, .kind = UMOD_KN_PLAIN, .mode = 0755,
		};

		umod_kernfs_create(&nw, &m->dir);
	}
	pthread_mutex_lock(&b->lock);
	umod_list_add(&m->node, &b->models);
	pthread_mutex_unlock(&b->lock);
	model_lock(m);
	err = t->init ? t->init(m, m->state) : 0;
	if (!err && t->reset)
		t->reset(m, m->state);
	model_unlock(m);
	if (err) {
		umod_log_printk(host->log, KERN_ERR "board %s: model %s: init failed (%d)\n", m->path,
				t->name, err);
		return err < 0 ? err : -EINVAL;
	}
	/* what it drives from reset on counts from the start */
	for (unsigned int i = 0; i < m->nr_lines; i++)
		umod_gpio_sim_line_update(host, m->lines[i].ctrl, m->lines[i].hw);
	return 0;
}

int umod_board_models_start(struct umod_host *host)
{
	struct umod_of_tree *tree = umod_of_tree(host);
	struct board *b;
	int err = 0;

	if (!tree)
		return 0;
	for (size_t i = 0; i < tree->nr_nodes && !err; i++) {
		struct device_node *np = tree->nodes[i];
		const char *name = umod_of_get_property(np, "umod,model", NULL);

		if (!name || !umod_of_device_is_available(np))
			continue;
		if (!(b = board_get(host)))
			return -ENOMEM;
		if (!find_instance(b, np))
			err = instance_new(b, np, name);
	}
	return err;
}

void umod_board_models_stop(struct umod_host *host)
{
	struct board *b = board_of(host);

	if (!b)
		return;
	pthread_mutex_lock(&b->lock);
	b->timer_stop = true;
	pthread_cond_broadcast(&b->timer_wake);
	pthread_mutex_unlock(&b->lock);
	if (b->timer_running)
		pthread_join(b->timer_thread, NULL);
	pthread_mutex_lock(&registry_lock);
	umod_list_del(&b->link);
	pthread_mutex_unlock(&registry_lock);
	while (b->models.next != &b->models) {
		struct umod_model *m = umod_container_of(b->models.next, struct umod_model, node);

		umod_list_del(&m->node);
		if (m->type->exit) {
			model_lock(m);
			m->type->exit(m, m->state);
			model_unlock(m);
		}
		while (m->timers.next != &m->timers) {
			struct umod_model_timer *t = umod_container_of(m->timers.next,
								       struct umod_model_timer, all);

			umod_list_del(&t->all);
			free(t);
		}
		while (m->files.next != &m->files) {
			struct model_file *f = umod_container_of(m->files.next, struct model_file,
								 node);

			umod_list_del(&f->node);
			free(f);
		}
		instance_free(m);
	}
	if (b->dir)
		umod_kernfs_remove(b->dir);
	while (b->plugins) {
		struct plugin *p = b->plugins;

		b->plugins = p->next;
		dlclose(p->handle);
		free(p);
	}
	pthread_cond_destroy(&b->timer_wake);
	pthread_mutex_destroy(&b->lock);
	free(b);
}

/* ---- the node ---------------------------------------------------------------------------- */

UMOD_API const char *umod_model_name(const struct umod_model *m)
{
	return m->np->full_name;
}

UMOD_API const char *umod_model_path(const struct umod_model *m)
{
	return m->path;
}

UMOD_API int umod_model_prop_u32(const struct umod_model *m, const char *prop,
				 unsigned int index, uint32_t *value)
{
	return umod_of_property_read_u32(m->np, prop, index, value) ? -1 : 0;
}

UMOD_API int umod_model_prop_bool(const struct umod_model *m, const char *prop)
{
	return umod_of_find_property(m->np, prop, NULL) != NULL;
}

UMOD_API const char *umod_model_prop_str(const struct umod_model *m, const char *prop)
{
	int len;
	const char *s = umod_of_get_property(m->np, prop, &len);

	return s && len > 0 && !s[len - 1] ? s : NULL;
}

UMOD_API void *umod_model_state(const struct umod_model *m)
{
	return m->state;
}

UMOD_API void umod_model_log(const struct umod_model *m, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	umod_log_printk(m->board->host->log, KERN_INFO "board %s: %s\n", m->np->full_name, text);
}

/* ---- registers ---------------------------------------------------------------------------- */

UMOD_API int umod_model_add_region(struct umod_model *m, unsigned int index,
				   const struct umod_model_region_ops *ops)
{
	uint64_t size, base = umod_of_isa_ioport(m->np, (int)index, &size);
	bool io = base != UMOD_OF_BAD_ADDR;

	if (!io)
		base = umod_of_translate_reg(m->np, (int)index, &size);
	if (base == UMOD_OF_BAD_ADDR || m->nr_regions == MAX_REGIONS || !ops)
		return -1;
	model_lock(m);
	m->regions[m->nr_regions++] = (struct region){ base, size, io, ops };
	model_unlock(m);
	return 0;
}

UMOD_API int umod_model_pci_bar(struct umod_model *m, unsigned int bar, uint64_t size,
				unsigned int flags, const struct umod_model_region_ops *ops)
{
	unsigned long res = (flags & UMOD_MODEL_BAR_IO) ? 0x100 : 0x200;	/* IORESOURCE_IO, _MEM */
	uint64_t base;

	if (flags & UMOD_MODEL_BAR_MEM64)
		res |= 0x00100000;	/* IORESOURCE_MEM_64 */
	if (flags & UMOD_MODEL_BAR_PREFETCH)
		res |= 0x00002000;	/* IORESOURCE_PREFETCH */
	if (!ops || !umod_pci_is_function(m->np) || m->nr_regions == MAX_REGIONS ||
	    ((flags & UMOD_MODEL_BAR_MEM64) && bar >= 5) ||
	    umod_pci_declare_bar(m->board->host, m->np, bar, size, res, &base))
		return -1;
	model_lock(m);
	m->regions[m->nr_regions++] = (struct region){ base, size, flags & UMOD_MODEL_BAR_IO, ops };
	model_unlock(m);
	return 0;
}

/* the device a model's bus master is: its PCI function, or the platform device of its node */
static struct device *dma_device(struct umod_model *m)
{
	struct umod_pci_fn *fn = umod_pci_fn_of_node(m->board->host, m->np);

	return fn ? &fn->pdev->dev : m->np->fwnode.dev;
}

UMOD_API int umod_model_dma_read(struct umod_model *m, uint64_t addr, void *buf, size_t len)
{
	struct device *dev = dma_device(m);

	return dev && !umod_dma_access(m->board->host, dev, addr, buf, len, false) ? 0 : -1;
}

UMOD_API int umod_model_dma_write(struct umod_model *m, uint64_t addr, const void *buf,
				  size_t len)
{
	struct device *dev = dma_device(m);

	return dev && !umod_dma_access(m->board->host, dev, addr, (void *)buf, len, true) ? 0
											   : -1;
}

/* the region of an instance serving [@addr, @addr + @size) in memory or I/O space */
static bool board_access(struct umod_host *host, bool io, uint64_t addr, unsigned int size,
			 bool write, uint64_t *value)
{
	struct board *b = board_of(host);
	struct umod_model *found = NULL;
	const struct region *r = NULL;

	if (!b)
		return false;
	pthread_mutex_lock(&b->lock);
	for (struct umod_list *n = b->models.next; n != &b->models && !found; n = n->next) {
		struct umod_model *m = umod_container_of(n, struct umod_model, node);

		for (unsigned int i = 0; i < m->nr_regions; i++)
			if (m->regions[i].io == io && addr >= m->regions[i].base &&
			    addr + size <= m->regions[i].base + m->regions[i].size) {
				found = m;
				r = &m->regions[i];
				break;
			}
	}
	pthread_mutex_unlock(&b->lock);
	if (!found)
		return false;
	model_lock(found);
	if (write) {
		if (r->ops->write)
			r->ops->write(found, found->state, addr - r->base, *value, size);
	} else {
		*value = r->ops->read ? r->ops->read(found, found->state, addr - r->base, size) : 0;
		if (size < 8)
			*value &= (1ull << (size * 8)) - 1;	/* the bus carries @size bytes */
	}
	model_unlock(found);
	return true;
}

bool umod_board_mmio(struct umod_host *host, uint64_t addr, unsigned int size, bool write,
		     uint64_t *value)
{
	return board_access(host, false, addr, size, write, value);
}

bool umod_board_pio(struct umod_host *host, unsigned int port, unsigned int size, bool write,
		    uint64_t *value)
{
	return board_access(host, true, port, size, write, value);
}

/* ---- interrupts --------------------------------------------------------------------------- */

UMOD_API int umod_model_irq_set(struct umod_model *m, unsigned int index, int level)
{
	struct umod_host *host = m->board->host;
	struct of_phandle_args spec;
	int old, irq;

	if (index >= UMOD_ARRAY_SIZE(m->irq_level) ||
	    umod_of_irq_parse_one(umod_of_tree(host), m->np, (int)index, &spec))
		return -1;
	level = !!level;
	if (!index && umod_pci_model_irq(host, m->np, level))
		return 0;	/* a PCI function's message */
	model_lock(m);
	old = m->irq_level[index];
	m->irq_level[index] = level;
	model_unlock(m);
	/* a board controller keeps the level; another sees an edge at each 0 -> 1 */
	if (spec.args_count > 0 && umod_intc_set(host, spec.np, spec.args[0], level))
		return 0;
	if (level && !old) {
		irq = umod_of_irq_get_host(host, m->np, (int)index);
		if (irq <= 0)
			return -1;
		umod_irq_raise(umod_irq_core(host), (unsigned int)irq);
	}
	return 0;
}

UMOD_API int umod_model_irq_pulse(struct umod_model *m, unsigned int index)
{
	int err = umod_model_irq_set(m, index, 1);

	return err ? err : umod_model_irq_set(m, index, 0);
}

/* ---- GPIO lines ------------------------------------------------------------------------------ */

UMOD_API int umod_model_line_drive(struct umod_model *m, unsigned int n, int level)
{
	if (n >= m->nr_lines)
		return -1;
	model_lock(m);
	m->lines[n].drive = level < 0 ? -1 : !!level;
	model_unlock(m);
	umod_gpio_sim_line_update(m->board->host, m->lines[n].ctrl, m->lines[n].hw);
	return 0;
}

UMOD_API int umod_model_line_get(struct umod_model *m, unsigned int n)
{
	if (n >= m->nr_lines)
		return -1;
	return umod_gpio_sim_line_level(m->board->host, m->lines[n].ctrl, m->lines[n].hw);
}

/* the instances wired to (@ctrl, @hw), referenced by index in @v; the board lock held */
static size_t wired(struct board *b, const struct device_node *ctrl, unsigned int hw,
		    struct umod_model **v, unsigned int *idx, size_t max)
{
	size_t n = 0;

	for (struct umod_list *l = b->models.next; l != &b->models && n < max; l = l->next) {
		struct umod_model *m = umod_container_of(l, struct umod_model, node);

		for (unsigned int i = 0; i < m->nr_lines && n < max; i++)
			if (m->lines[i].ctrl == ctrl && m->lines[i].hw == hw) {
				v[n] = m;
				idx[n++] = i;
			}
	}
	return n;
}

void umod_board_line_output(struct umod_host *host, const struct device_node *ctrl,
			    unsigned int hw, int level)
{
	struct board *b = board_of(host);
	struct umod_model *v[8];
	unsigned int idx[8];
	size_t n;

	if (!b)
		return;
	pthread_mutex_lock(&b->lock);
	n = wired(b, ctrl, hw, v, idx, UMOD_ARRAY_SIZE(v));
	pthread_mutex_unlock(&b->lock);
	for (size_t i = 0; i < n; i++) {
		if (!v[i]->type->line_output)
			continue;
		model_lock(v[i]);
		v[i]->type->line_output(v[i], v[i]->state, idx[i], level);
		model_unlock(v[i]);
	}
}

int umod_board_line_sample(struct umod_host *host, const struct device_node *ctrl,
			   unsigned int hw)
{
	struct board *b = board_of(host);
	struct umod_model *v[8];
	unsigned int idx[8];
	int level = -1;
	size_t n;

	if (!b)
		return -1;
	pthread_mutex_lock(&b->lock);
	n = wired(b, ctrl, hw, v, idx, UMOD_ARRAY_SIZE(v));
	pthread_mutex_unlock(&b->lock);
	for (size_t i = 0; i < n && level < 0; i++) {
		model_lock(v[i]);
		if (v[i]->type->line_sample)
			level = v[i]->type->line_sample(v[i], v[i]->state, idx[i]);
		if (level < 0)
			level = v[i]->lines[idx[i]].drive;
		model_unlock(v[i]);
	}
	return level;
}

/* ---- time ------------------------------------------------------------------------------------ */

UMOD_API uint64_t umod_model_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

UMOD_API struct umod_model_timer *umod_model_timer_new(struct umod_model *m,
						       void (*fn)(struct umod_model *m,
								  void *state))
{
	struct umod_model_timer *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->m = m;
	t->fn = fn;
	umod_list_init(&t->node);
	pthread_mutex_lock(&m->board->lock);
	umod_list_add(&t->all, &m->timers);
	pthread_mutex_unlock(&m->board->lock);
	return t;
}

/* board->lock held */
static void timer_unarm(struct umod_model_timer *t)
{
	if (t->armed) {
		umod_list_del(&t->node);
		t->armed = false;
	}
}

UMOD_API void umod_model_timer_mod(struct umod_model_timer *t, uint64_t delay_ns)
{
	struct board *b = t->m->board;
	struct umod_list *pos;

	pthread_mutex_lock(&b->lock);
	timer_unarm(t);
	t->deadline = umod_model_now_ns() + delay_ns;
	/* in deadline order: before the first that is later */
	for (pos = b->timers.next; pos != &b->timers; pos = pos->next)
		if (umod_container_of(pos, struct umod_model_timer, node)->deadline > t->deadline)
			break;
	t->node.next = pos;
	t->node.prev = pos->prev;
	pos->prev->next = &t->node;
	pos->prev = &t->node;
	t->armed = true;
	pthread_cond_broadcast(&b->timer_wake);
	pthread_mutex_unlock(&b->lock);
}

UMOD_API void umod_model_timer_del(struct umod_model_timer *t)
{
	pthread_mutex_lock(&t->m->board->lock);
	timer_unarm(t);
	pthread_mutex_unlock(&t->m->board->lock);
}

static void *timer_main(void *arg)
{
	struct board *b = arg;

	pthread_mutex_lock(&b->lock);
	while (!b->timer_stop) {
		struct umod_model_timer *t;
		uint64_t now = umod_model_now_ns();

		if (b->timers.next == &b->timers) {
			pthread_cond_wait(&b->timer_wake, &b->lock);
			continue;
		}
		t = umod_container_of(b->timers.next, struct umod_model_timer, node);
		if (t->deadline > now) {
			struct timespec ts = { (time_t)(t->deadline / 1000000000ull),
					       (long)(t->deadline % 1000000000ull) };

			pthread_cond_timedwait(&b->timer_wake, &b->lock, &ts);
			continue;
		}
		timer_unarm(t);
		pthread_mutex_unlock(&b->lock);
		model_lock(t->m);
		t->fn(t->m, t->m->state);
		model_unlock(t->m);
		pthread_mutex_lock(&b->lock);
	}
	pthread_mutex_unlock(&b->lock);
	return NULL;
}

/* ---- files ------------------------------------------------------------------------------------ */

static long file_show(struct kernfs_node *kn, void *priv, char *page)
{
	struct model_file *f = priv;
	ssize_t n;

	if (!f->show)
		return -EIO;
	model_lock(f->m);
	n = f->show(f->m, f->m->state, page, UMOD_PAGE_SIZE);
	model_unlock(f->m);
	return n;
}

static long file_store(struct kernfs_node *kn, void *priv, const char *buf, size_t len)
{
	struct model_file *f = priv;
	ssize_t n;

	if (!f->store)
		return -EIO;
	model_lock(f->m);
	n = f->store(f->m, f->m->state, buf, len);
	model_unlock(f->m);
	/* what it raised is taken before the write returns, as a pull write's */
	umod_irq_settle(f->m->board->host, 2000);
	return n;
}

static const struct umod_kernfs_ops file_ops = { file_show, file_store };

UMOD_API int umod_model_add_file(struct umod_model *m, const char *name, unsigned int mode,
				 ssize_t (*show)(struct umod_model *m, void *state, char *buf,
						 size_t size),
				 ssize_t (*store)(struct umod_model *m, void *state,
						  const char *buf, size_t len))
{
	struct model_file *f = calloc(1, sizeof(*f));
	struct umod_kernfs_new nw = {
		.parent = m->dir, .host = m->board->host, .name = name, .type = UMOD_SYSFS_FILE,
		.kind = UMOD_KN_PLAIN, .mode = mode & 0666, .ops = &file_ops, .priv = f,
	};
	int err;

	if (!f)
		return -ENOMEM;
	if (!m->dir) {
		free(f);
		return -ENOENT;
	}
	f->m = m;
	f->show = show;
	f->store = store;
	err = umod_kernfs_create(&nw, NULL);
	if (err) {
		free(f);
		return err;
	}
	pthread_mutex_lock(&m->board->lock);
	umod_list_add(&f->node, &m->files);
	pthread_mutex_unlock(&m->board->lock);
	return 0;
}

/* ---- for the bus attachments (bus.c) ----------------------------------------------------- */

struct umod_host *umod_board_model_host(const struct umod_model *m)
{
	return m->board->host;
}

const struct device_node *umod_board_model_node(const struct umod_model *m)
{
	return m->np;
}

void umod_board_model_lock(struct umod_model *m)
{
	model_lock(m);
}

void umod_board_model_unlock(struct umod_model *m)
{
	model_unlock(m);
}
