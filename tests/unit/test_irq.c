// SPDX-License-Identifier: MIT
/*
 * kernel/irq/: an edge raised on a host domain's line runs the handler on
 * the interrupt CPU in hard-IRQ context; IRQ_WAKE_THREAD runs the thread
 * function on irq/N-name in task context; disable_irq() holds an edge
 * until enable_irq() replays it; free_irq() of a free IRQ warns in 6.1's
 * words; sharing and NULL-handler requests are checked as 6.1 does; the
 * counts show in /proc/interrupts; a forgotten IRQ is a leftover.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fs/internal.h"
#include "helpers.h"
#include "kernel/irq/internals.h"
#include "kernel/sched/sched.h"

static struct capture cap;
static struct module kmod;
static struct umod_host *host;
static struct umod_module *mod;
static struct umod_irq_core *core;
static struct irq_domain *domain;

static struct irq_chip test_chip = { .name = "testchip" };

static int map(struct irq_domain *d, unsigned int virq, unsigned long hw)
{
	struct irq_desc *desc = umod_irq_to_desc(core, virq);

	desc->irq_data.chip = &test_chip;
	desc->handle_irq = umod_handle_edge_irq;
	return 0;
}

static const struct irq_domain_ops ops = { .map = map };

/* what the handlers saw */
static unsigned int hard_count, hard_preempt, hard_irqs_off, thread_count, thread_preempt;
static char thread_comm[16];
static int hard_ret;

static int hard(int irq, void *dev)
{
	struct umod_task *t = umod_task_current();

	hard_count++;
	hard_preempt = t->preempt_count;
	hard_irqs_off = t->irqs_disabled;
	return hard_ret;
}

static int thread(int irq, void *dev)
{
	struct umod_task *t = umod_task_current();

	thread_count++;
	thread_preempt = t->preempt_count;
	memcpy(thread_comm, t->task.comm, sizeof(thread_comm));
	return UMOD_IRQ_HANDLED;
}

struct req {
	unsigned int irq;
	umod_irq_handler_t handler, thread_fn;
	unsigned long flags;
	const char *name;
	void *dev;
};

static long do_request(void *arg)
{
	struct req *r = arg;

	return umod_request_threaded_irq(core, r->irq, r->handler, r->thread_fn, r->flags,
					 r->name, r->dev, umod_irq_caller_module());
}

/* request_threaded_irq() as the test module's code */
static int request(unsigned int irq, umod_irq_handler_t h, umod_irq_handler_t t,
		   unsigned long flags, const char *name, void *dev)
{
	struct req r = { irq, h, t, flags, name, dev };
	long ret;

	assert_int_equal(umod_call(mod, do_request, &r, &ret), 0);
	return (int)ret;
}

static void raise_and_settle(unsigned int irq)
{
	assert_true(umod_irq_raise(core, irq));
	umod_irq_settle(host, 2000);
}

static int setup(void **state)
{
	host = test_host_new(&cap);
	strcpy(kmod.name, "irqtest");
	mod = fake_module_new(host, "irqtest", &kmod, NULL, 0);
	core = umod_irq_core(host);
	domain = umod_irq_domain_add(core, &domain, 8, &ops, NULL, "test");
	hard_count = thread_count = 0;
	hard_ret = UMOD_IRQ_HANDLED;
	return !mod || !core || !domain;
}

static int teardown(void **state)
{
	umod_irq_domain_remove(domain);
	fake_module_free(mod);
	umod_host_unref(host);
	return 0;
}

static void hard_handler_in_hardirq(void **state)
{
	unsigned int irq = umod_irq_create_mapping(domain, 3);
	int dev;

	assert_true(irq > 0);
	assert_int_equal(umod_irq_create_mapping(domain, 3), irq);	/* the same mapping */
	assert_int_equal(request(irq, hard, NULL, 1 /* RISING */, "edge", &dev), 0);
	raise_and_settle(irq);
	raise_and_settle(irq);
	assert_int_equal(hard_count, 2);
	assert_int_equal(hard_preempt & UMOD_HARDIRQ_MASK, UMOD_HARDIRQ_OFFSET);
	assert_int_equal(hard_irqs_off, 1);
	assert_ptr_equal(umod_free_irq(core, irq, &dev), "edge");
	raise_and_settle(irq);		/* no action: not handled, not counted */
	assert_int_equal(hard_count, 2);
}

static void threaded_handler_on_its_thread(void **state)
{
	unsigned int irq = umod_irq_create_mapping(domain, 1);
	int dev;

	hard_ret = UMOD_IRQ_WAKE_THREAD;
	assert_int_equal(request(irq, hard, thread, 0, "gpiomod#button1", &dev), 0);
	raise_and_settle(irq);
	/* free_irq() waits for the thread before it returns */
	umod_free_irq(core, irq, &dev);
	assert_int_equal(thread_count, 1);
	assert_int_equal(thread_preempt, 0);
	assert_string_equal(thread_comm, "irq/1-gpiomod#b");	/* 15 characters, as comm */
}

struct one {
	unsigned int irq;
};

static long do_disable(void *arg)
{
	void (*disable)(unsigned int) = test_export(host, "disable_irq");

	disable(((struct one *)arg)->irq);
	return 0;
}

static long do_enable(void *arg)
{
	void (*enable)(unsigned int) = test_export(host, "enable_irq");

	enable(((struct one *)arg)->irq);
	return 0;
}

static void disabled_edge_replayed_at_enable(void **state)
{
	struct one o = { umod_irq_create_mapping(domain, 2) };
	long ret;
	int dev;

	assert_int_equal(request(o.irq, hard, NULL, 0, "held", &dev), 0);
	umod_call(mod, do_disable, &o, &ret);
	raise_and_settle(o.irq);
	assert_int_equal(hard_count, 0);
	umod_call(mod, do_enable, &o, &ret);
	umod_irq_settle(host, 2000);
	assert_int_equal(hard_count, 1);
	umod_call(mod, do_enable, &o, &ret);	/* unbalanced */
	assert_true(capture_has(&cap, "Unbalanced enable for IRQ 1"));
	umod_free_irq(core, o.irq, &dev);
}

struct freeing {
	unsigned int irq;
	void *dev;
};

static long do_free(void *arg)
{
	struct freeing *f = arg;

	return umod_free_irq(core, f->irq, f->dev) != NULL;
}

static void requests_checked_as_6_1(void **state)
{
	unsigned int irq = umod_irq_create_mapping(domain, 4);
	int a, b;

	assert_int_equal(request(irq, NULL, NULL, 0, "none", &a), -EINVAL);
	assert_int_equal(request(irq, NULL, thread, 0, "nullh", &a), -EINVAL);
	assert_true(capture_has(&cap, "Threaded irq requested with handler=NULL and !ONESHOT for nullh (irq 1)"));
	assert_int_equal(request(irq, hard, NULL, 0x80 /* SHARED */, "s1", NULL), -EINVAL);
	assert_int_equal(request(irq, hard, NULL, 0x80, "s1", &a), 0);
	assert_int_equal(request(irq, hard, NULL, 0, "s2", &b), -EBUSY);
	assert_true(capture_has(&cap, "Flags mismatch irq 1. 00000000 (s2) vs. 00000080 (s1)"));
	assert_int_equal(request(irq, hard, NULL, 0x80, "s2", &b), 0);
	umod_free_irq(core, irq, &a);
	umod_free_irq(core, irq, &b);
	struct freeing again = { irq, &b };
	long freed;

	assert_int_equal(umod_call(mod, do_free, &again, &freed), 0);
	assert_int_equal(freed, 0);
	assert_true(capture_has(&cap, "Trying to free already-free IRQ 1"));
}

static void proc_interrupts_and_leftovers(void **state)
{
	unsigned int irq = umod_irq_create_mapping(domain, 5);
	struct umod_file *f;
	char text[4096] = "";
	char line[64];
	int dev;

	assert_int_equal(request(irq, hard, NULL, 2 /* FALLING */, "forgotten", &dev), 0);
	raise_and_settle(irq);
	assert_int_equal(umod_fs_open(host, "proc/interrupts", O_RDONLY, &f), 0);
	assert_true(umod_fs_read(f, text, sizeof(text) - 1, NULL) > 0);
	umod_fs_release(f);
	assert_non_null(strstr(text, "CPU0"));
	snprintf(line, sizeof(line), "%3u: ", irq);
	assert_non_null(strstr(text, line));
	assert_non_null(strstr(text, " testchip   5 Edge      forgotten\n"));
	assert_non_null(strstr(text, "Err:"));
	umod_irq_leftovers(mod);
	assert_true(capture_has(&cap, "irqtest: exit left IRQ 1 (forgotten) requested: freed"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(hard_handler_in_hardirq, setup, teardown),
		cmocka_unit_test_setup_teardown(threaded_handler_on_its_thread, setup, teardown),
		cmocka_unit_test_setup_teardown(disabled_edge_replayed_at_enable, setup, teardown),
		cmocka_unit_test_setup_teardown(requests_checked_as_6_1, setup, teardown),
		cmocka_unit_test_setup_teardown(proc_interrupts_and_leftovers, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
