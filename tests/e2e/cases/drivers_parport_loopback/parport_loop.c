// SPDX-License-Identifier: GPL-2.0
/*
 * A parallel-port driver as for Linux 6.1: it claims the first port's
 * registers, writes bytes to the data port and reads them back through
 * the loopback plug's status lines, with inb()/outb(), the string forms
 * and ioport_map()'s cookie; then enables the ACK interrupt, takes IRQ 7
 * and raises it three times by toggling D7 (wired to nAck); and probes a
 * port and a memory range nothing answers.
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/module.h>
#include <linux/wait.h>

#define BASE		0x378
#define DATA		(BASE + 0)
#define STATUS		(BASE + 1)
#define CONTROL		(BASE + 2)
#define CONTROL_IRQ	0x10
#define PARPORT_IRQ	7

static atomic_t acks = ATOMIC_INIT(0);
static DECLARE_WAIT_QUEUE_HEAD(ack_wait);

static irqreturn_t ack_interrupt(int irq, void *dev_id)
{
	atomic_inc(&acks);
	wake_up(&ack_wait);
	return IRQ_HANDLED;
}

static void loopback(void)
{
	static const u8 values[] = { 0x00, 0x08, 0x10, 0x20, 0x40, 0x80, 0xff };
	u8 out[4] = { 0x08, 0x18, 0x38, 0x80 }, in[4];
	void __iomem *port;
	int i;

	for (i = 0; i < ARRAY_SIZE(values); i++) {
		outb(values[i], DATA);
		wmb();
		pr_info("data %02x: reads back %02x, status %02x\n", values[i], inb(DATA),
			inb_p(STATUS));
	}
	outsb(DATA, out, sizeof(out));
	insb(STATUS, in, sizeof(in));
	pr_info("outsb then insb: data %02x, status %*ph\n", inb(DATA), (int)sizeof(in), in);
	port = ioport_map(BASE, 3);
	iowrite8(0x38, port);
	pr_info("ioport_map: ioread8 data %02x, status %02x, control %02x\n", ioread8(port),
		ioread8(port + 1), ioread8(port + 2));
	ioport_unmap(port);
}

static void unowned(void)
{
	void __iomem *regs;
	u32 first, second;

	first = inb(BASE + 3);
	second = inw(BASE + 3);
	pr_info("port 0x37b reads %02x, then %04x\n", first, second);
	if (!request_mem_region(0xfed00000, 0x400, "parport_loop probe"))
		return;
	regs = ioremap(0xfed00000, 0x400);
	first = readl(regs);
	second = readl(regs + 4);
	pr_info("unclaimed MMIO reads %08x, then %08x\n", first, second);
	iounmap(regs);
}

static int __init parport_loop_init(void)
{
	int err, i;

	if (!request_region(BASE, 3, "parport_loop"))
		return -EBUSY;
	if (!request_region(BASE, 8, "again"))
		pr_info("a second request of 0x378 fails\n");
	loopback();
	err = request_irq(PARPORT_IRQ, ack_interrupt, 0, "parport_loop", &acks);
	if (err) {
		release_region(BASE, 3);
		return err;
	}
	outb(CONTROL_IRQ, CONTROL);
	for (i = 0; i < 3; i++) {
		outb(0x00, DATA);
		outb(0x80, DATA);
	}
	outb(0x00, CONTROL);
	outb(0x80, DATA);	/* interrupts off: no fourth */
	outb(0x00, DATA);
	outb(0x80, DATA);
	wait_event_timeout(ack_wait, atomic_read(&acks) >= 3, HZ);
	msleep(20);
	pr_info("%d ACK interrupts\n", atomic_read(&acks));
	unowned();
	return 0;
}

static void __exit parport_loop_exit(void)
{
	free_irq(PARPORT_IRQ, &acks);
	release_mem_region(0xfed00000, 0x400);
	release_region(BASE, 3);
	release_region(BASE, 3);
}

module_init(parport_loop_init);
module_exit(parport_loop_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("parallel port loopback test");
