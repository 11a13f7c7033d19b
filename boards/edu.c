// SPDX-License-Identifier: MIT
/*
 * The "edu" model: QEMU's educational PCI device (docs/specs/edu.rst,
 * device 1234:11e8, revision 0x10, class 0x00ff), written from its
 * published specification. BAR 0, 1 MiB of memory:
 *
 *   0x00 RO  identification, 0x010000ed (version 1.0)
 *   0x04 RW  liveness check: reads back the inverse of what was written
 *   0x08 RW  factorial: a write starts computing the factorial of the
 *            value (32-bit, wrapping), read back when status bit 0 clears
 *   0x20 RW  status: bit 0 computing (RO), bit 7 raise interrupt 0x1
 *            when the factorial is done
 *   0x24 RO  interrupt status
 *   0x60 WO  interrupt raise: ORed into the interrupt status
 *   0x64 WO  interrupt acknowledge: cleared from it; INTx drops at 0
 *   0x80 RW  DMA source, 0x88 destination, 0x90 count (64-bit)
 *   0x98 RW  DMA command: bit 0 start (clears when done), bit 1
 *            direction (0: RAM to the device, 1: the device to RAM), bit 2
 *            raise interrupt 0x100 when done
 *
 * Below 0x80 only 4-byte accesses count (others read all ones and write
 * nothing); from 0x80, 4 or 8. The device's DMA buffer is 4 KiB at
 * device address 0x40000; the RAM side is a DMA address the driver
 * mapped, masked to the device's 28 address bits (`dma-mask` in the node
 * changes them), as QEMU clamps it. An interrupt is INTA, or an MSI
 * message when the driver enabled MSI. The factorial and the DMA run on
 * the board's timer thread, after the write returns, as QEMU runs them
 * on a thread and a timer.
 */
#include <stdio.h>
#include <string.h>

#include "boards/board.h"

#define ID			0x010000edu
#define STATUS_COMPUTING	0x01
#define STATUS_IRQFACT		0x80
#define FACT_IRQ		0x00000001
#define DMA_IRQ			0x00000100
#define DMA_RUN			0x1
#define DMA_DIR_TO_RAM		0x2
#define DMA_IRQ_ON_DONE		0x4
#define DMA_START		0x40000
#define DMA_SIZE		4096

struct edu {
	uint32_t addr4, fact, status, irq_status;
	uint64_t dma_src, dma_dst, dma_cnt, dma_cmd, dma_mask;
	struct umod_model_timer *fact_timer, *dma_timer;
	uint8_t dma_buf[DMA_SIZE];
};

static void raise_irq(struct umod_model *m, struct edu *e, uint32_t val)
{
	e->irq_status |= val;
	if (e->irq_status)
		umod_model_irq_set(m, 0, 1);
}

static void lower_irq(struct umod_model *m, struct edu *e, uint32_t val)
{
	e->irq_status &= ~val;
	if (!e->irq_status)
		umod_model_irq_set(m, 0, 0);
}

static void fact_done(struct umod_model *m, void *state)
{
	struct edu *e = state;
	uint32_t n = e->fact, v = 1;

	while (n > 0)
		v *= n--;
	e->fact = v;
	e->status &= ~STATUS_COMPUTING;
	if (e->status & STATUS_IRQFACT)
		raise_irq(m, e, FACT_IRQ);
}

/* the device side of a transfer must lie in its buffer */
static bool in_buffer(struct umod_model *m, uint64_t addr, uint64_t len)
{
	if (addr >= DMA_START && len <= DMA_SIZE && addr - DMA_START <= DMA_SIZE - len)
		return true;
	umod_model_log(m, "EDU: DMA range 0x%016llx-0x%016llx out of bounds (0x%016x-0x%016x)!",
		       (unsigned long long)addr, (unsigned long long)(addr + len - 1), DMA_START,
		       DMA_START + DMA_SIZE - 1);
	return false;
}

static uint64_t clamp(struct umod_model *m, struct edu *e, uint64_t addr)
{
	if (addr & ~e->dma_mask)
		umod_model_log(m, "EDU: clamping DMA 0x%016llx to 0x%016llx!",
			       (unsigned long long)addr, (unsigned long long)(addr & e->dma_mask));
	return addr & e->dma_mask;
}

static void dma_done(struct umod_model *m, void *state)
{
	struct edu *e = state;
	uint64_t len = e->dma_cnt;

	if (!(e->dma_cmd & DMA_RUN))
		return;
	if (e->dma_cmd & DMA_DIR_TO_RAM) {
		if (in_buffer(m, e->dma_src, len))
			umod_model_dma_write(m, clamp(m, e, e->dma_dst),
					     e->dma_buf + (e->dma_src - DMA_START), (size_t)len);
	} else if (in_buffer(m, e->dma_dst, len)) {
		umod_model_dma_read(m, clamp(m, e, e->dma_src), e->dma_buf + (e->dma_dst - DMA_START),
				    (size_t)len);
	}
	e->dma_cmd &= ~(uint64_t)DMA_RUN;
	if (e->dma_cmd & DMA_IRQ_ON_DONE)
		raise_irq(m, e, DMA_IRQ);
}

static uint64_t edu_read(struct umod_model *m, void *state, uint64_t addr, unsigned int size)
{
	struct edu *e = state;

	if ((addr < 0x80 && size != 4) || (addr >= 0x80 && size != 4 && size != 8))
		return ~0ull;
	switch (addr) {
	case 0x00: return ID;
	case 0x04: return e->addr4;
	case 0x08: return e->fact;
	case 0x20: return e->status;
	case 0x24: return e->irq_status;
	case 0x80: return e->dma_src;
	case 0x88: return e->dma_dst;
	case 0x90: return e->dma_cnt;
	case 0x98: return e->dma_cmd;
	default: return ~0ull;
	}
}

static void edu_write(struct umod_model *m, void *state, uint64_t addr, uint64_t val,
		      unsigned int size)
{
	struct edu *e = state;
	bool dma_busy = e->dma_cmd & DMA_RUN;

	if ((addr < 0x80 && size != 4) || (addr >= 0x80 && size != 4 && size != 8))
		return;
	switch (addr) {
	case 0x04: e->addr4 = ~(uint32_t)val; break;
	case 0x08:
		if (e->status & STATUS_COMPUTING)
			break;
		e->fact = (uint32_t)val;
		e->status |= STATUS_COMPUTING;
		umod_model_timer_mod(e->fact_timer, 0);
		break;
	case 0x20:
		e->status = (e->status & ~STATUS_IRQFACT) | ((uint32_t)val & STATUS_IRQFACT);
		break;
	case 0x60: raise_irq(m, e, (uint32_t)val); break;
	case 0x64: lower_irq(m, e, (uint32_t)val); break;
	case 0x80: if (!dma_busy) e->dma_src = val; break;
	case 0x88: if (!dma_busy) e->dma_dst = val; break;
	case 0x90: if (!dma_busy) e->dma_cnt = val; break;
	case 0x98:
		if (!(val & DMA_RUN) || dma_busy)
			break;
		e->dma_cmd = val;
		umod_model_timer_mod(e->dma_timer, 0);
		break;
	}
}

static const struct umod_model_region_ops edu_ops = {
	.read = edu_read,
	.write = edu_write,
};

static int edu_init(struct umod_model *m, void *state)
{
	struct edu *e = state;

	e->fact_timer = umod_model_timer_new(m, fact_done);
	e->dma_timer = umod_model_timer_new(m, dma_done);
	if (!e->fact_timer || !e->dma_timer || umod_model_pci_bar(m, 0, 1 << 20, UMOD_MODEL_BAR_MEM,
								  &edu_ops)) {
		umod_model_log(m, "edu: not on a PCI bus, or no room for its BAR");
		return -1;
	}
	return 0;
}

static void edu_reset(struct umod_model *m, void *state)
{
	struct edu *e = state;
	uint32_t bits = 28;

	umod_model_prop_u32(m, "dma-mask-bits", 0, &bits);
	e->addr4 = e->fact = e->status = e->irq_status = 0;
	e->dma_src = e->dma_dst = e->dma_cnt = e->dma_cmd = 0;
	e->dma_mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

const struct umod_model_type umod_model_edu = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "edu",
	.state_size = sizeof(struct edu),
	.init = edu_init,
	.reset = edu_reset,
};
