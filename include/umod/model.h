/* SPDX-License-Identifier: MIT */
/*
 * umod's device models: the simulated hardware of a board, in C.
 *
 * A board (umod run/daemon/shell --board) is a device tree. A node that
 * names a model with `umod,model = "NAME";` gets one instance of that
 * model when the board starts: a zeroed state struct of the model's size,
 * its init() called, reset() after it. What the instance offers the rest
 * of the host:
 *
 *   registers   each `reg` entry of the node can be a region with read
 *               and write callbacks (as QEMU's MemoryRegionOps): a driver
 *               that ioremap()s the address and calls readl()/writel()
 *               reaches them, at the region's offset, with the access size;
 *               an I/O entry of a node on an ISA bus is reached by inb()
 *               and the rest; a PCI function (a child of a device_type
 *               "pci" node) has BARs instead, placed by the PCI core
 *   DMA         a PCI function reads and writes the memory a driver mapped
 *               for it (dma_map_single(), dma_alloc_coherent()) by its
 *               DMA address
 *   interrupts  each `interrupts` entry of the node is a line the model
 *               raises and lowers; its controller turns that into the
 *               Linux IRQ a driver requested (an edge line: each 0 -> 1)
 *   GPIO lines  `umod,lines = <N ...>;` (or `umod,line = <N>;`) are lines
 *               of the GPIO controller the node sits below: the model
 *               drives them (a button, a sensor answering) and hears what
 *               the host drives on them (an LED)
 *   time        umod_model_now_ns() and one-shot timers, run on the
 *               board's timer thread
 *   files       /sys/kernel/debug/board/NODE/NAME, read and written
 *               through show/store callbacks (a button's "state")
 *
 * All callbacks of one instance run under that instance's lock, one at a
 * time, whatever thread calls (a driver's readl(), the interrupt CPU, the
 * timer thread, a shell writing a file): the state needs no locking of
 * its own. The umod_model_*() calls may be made from inside callbacks.
 * They must not block for long: a register read is a CPU waiting.
 *
 * The built-in models (gpio-led, gpio-button, dht11) use this interface;
 * a plugin adds more: a shared object given as a board to --board
 * (--board mymodels.so --board board.dts: plugins are loaded first) that
 * defines its types with UMOD_MODEL_PLUGIN(). Build one with
 *   cc -shared -fPIC -I/usr/include -o mymodels.so mymodels.c
 * It runs inside the umod process, as the kernel's code does: a model
 * that crashes takes the host with it.
 *
 * Documentation/driver-api/device-model-plugins.rst has the walk-through.
 */
#ifndef _UMOD_MODEL_H
#define _UMOD_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define UMOD_MODEL_API_VERSION	1

/* one instance: a board node that names the model */
struct umod_model;

/* a register region's accesses: @offset from the region's start, @size 1, 2, 4 or 8 */
struct umod_model_region_ops {
	uint64_t (*read)(struct umod_model *m, void *state, uint64_t offset, unsigned int size);
	void (*write)(struct umod_model *m, void *state, uint64_t offset, uint64_t value,
		      unsigned int size);
};

struct umod_model_type {
	unsigned int api_version;	/* UMOD_MODEL_API_VERSION */
	const char *name;		/* what `umod,model` names */
	size_t state_size;		/* the instance's state, zeroed before init() */
	/* the node is read, regions, files and timers are made; nonzero: the board fails */
	int (*init)(struct umod_model *m, void *state);
	/* power-on state, after init() (and whenever the board resets it) */
	void (*reset)(struct umod_model *m, void *state);
	/* the board goes: free what init() allocated (regions, files, timers go by themselves) */
	void (*exit)(struct umod_model *m, void *state);
	/* GPIO: the host drives line @n (its index in umod,lines) to @level, or -1: it lets go */
	void (*line_output)(struct umod_model *m, void *state, unsigned int n, int level);
	/* GPIO: the host reads line @n as an input; the level the model drives now, or -1 */
	int (*line_sample)(struct umod_model *m, void *state, unsigned int n);
};

/* ---- the node ------------------------------------------------------------------ */

/* "button17": the node's name; "/soc/gpio@7e200000/button17": its path */
const char *umod_model_name(const struct umod_model *m);
const char *umod_model_path(const struct umod_model *m);
/* cell @index of property @prop; 0, or -1 when there is none */
int umod_model_prop_u32(const struct umod_model *m, const char *prop, unsigned int index,
			uint32_t *value);
/* 1 if the node has property @prop (a boolean property has no value), else 0 */
int umod_model_prop_bool(const struct umod_model *m, const char *prop);
/* a string property, or NULL */
const char *umod_model_prop_str(const struct umod_model *m, const char *prop);
void *umod_model_state(const struct umod_model *m);

/* ---- registers -------------------------------------------------------------------- */

/* `reg` entry @index is served by @ops from now on; 0, or -1 (no such entry) */
int umod_model_add_region(struct umod_model *m, unsigned int index,
			  const struct umod_model_region_ops *ops);

/* ---- PCI functions ---------------------------------------------------------------- */

#define UMOD_MODEL_BAR_MEM		0x0	/* 32-bit memory */
#define UMOD_MODEL_BAR_IO		0x1	/* I/O ports (at most 256) */
#define UMOD_MODEL_BAR_MEM64		0x2	/* 64-bit memory: takes BAR @bar + 1 too */
#define UMOD_MODEL_BAR_PREFETCH		0x4

/*
 * BAR @bar (0-5) of @size bytes (a power of two), served by @ops from now
 * on, for a node on a board's PCI bus; call it from init(). The PCI core
 * places it in the bus's window, as firmware does. 0, or -1 (not a PCI
 * function, a bad size, no room)
 */
int umod_model_pci_bar(struct umod_model *m, unsigned int bar, uint64_t size, unsigned int flags,
		       const struct umod_model_region_ops *ops);

/*
 * DMA: @len bytes at DMA address @addr, as the function's bus master
 * reads (into @buf) or writes (from @buf) them: the memory a driver mapped
 * for this device. 0, or -1: no mapping of this device holds the whole
 * range (nothing is copied; the host logs it, as an IOMMU fault)
 */
int umod_model_dma_read(struct umod_model *m, uint64_t addr, void *buf, size_t len);
int umod_model_dma_write(struct umod_model *m, uint64_t addr, const void *buf, size_t len);

/* ---- interrupts ------------------------------------------------------------------- */

/*
 * `interrupts` entry @index at @level (1 asserted); 0, or -1 (no such entry).
 * A PCI function's entry 0 is its INTA, or, while the driver has MSI on, a
 * message at each 0 -> 1.
 */
int umod_model_irq_set(struct umod_model *m, unsigned int index, int level);
/* an edge: raised and lowered */
int umod_model_irq_pulse(struct umod_model *m, unsigned int index);

/* ---- GPIO lines ------------------------------------------------------------------- */

/* drive line @n to @level (0 or 1), or let it go (-1); 0, or -1 (no such line) */
int umod_model_line_drive(struct umod_model *m, unsigned int n, int level);
/* the level on line @n now (what the host drives, else the models, else the pull) */
int umod_model_line_get(struct umod_model *m, unsigned int n);

/* ---- time ------------------------------------------------------------------------- */

/* monotonic nanoseconds (the host's clock: dmesg's timestamps count from its boot) */
uint64_t umod_model_now_ns(void);

struct umod_model_timer;
/* a timer of the instance: @fn runs once per umod_model_timer_mod(), under its lock */
struct umod_model_timer *umod_model_timer_new(struct umod_model *m,
					      void (*fn)(struct umod_model *m, void *state));
/* (re)arm: @fn runs @delay_ns from now */
void umod_model_timer_mod(struct umod_model_timer *t, uint64_t delay_ns);
void umod_model_timer_del(struct umod_model_timer *t);

/* ---- files in /sys/kernel/debug/board/NODE/ ---------------------------------------- */

/* show fills @buf (@size bytes) and returns the length; store takes @len bytes; -errno */
int umod_model_add_file(struct umod_model *m, const char *name, unsigned int mode,
			ssize_t (*show)(struct umod_model *m, void *state, char *buf, size_t size),
			ssize_t (*store)(struct umod_model *m, void *state, const char *buf,
					 size_t len));

/* a line in the host's kernel log: "board NODE: ..." */
void umod_model_log(const struct umod_model *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- I2C and SPI: a chip on a bus controller's node ------------------------------- */

/*
 * An I2C target: the node sits below an I2C controller's node, its `reg`
 * is its 7-bit address. A transfer from the host is, per message: start()
 * (the address matched: @read 1 when the host reads), then write() for
 * each byte the host sends or read() for each byte it takes, then stop()
 * once the transfer ends (a repeated start is another start() first).
 * start() and write() return 0 for ACK, nonzero for NAK (the host's call
 * fails with -ENXIO or -EIO, as a chip that does not answer).
 */
struct umod_model_i2c_ops {
	int (*start)(struct umod_model *m, void *state, int read);
	int (*write)(struct umod_model *m, void *state, uint8_t byte);
	uint8_t (*read)(struct umod_model *m, void *state);
	void (*stop)(struct umod_model *m, void *state);
};
/* the instance answers on its controller's bus at `reg`; 0, or -1 (no reg, no I2C parent) */
int umod_model_add_i2c(struct umod_model *m, const struct umod_model_i2c_ops *ops);

/*
 * An SPI target: the node sits below an SPI controller's node, its `reg`
 * is its chip select. select(1) when the host asserts the chip select,
 * then one xfer() per byte clocked (@mosi in, the return value out on
 * MISO), select(0) at the end of the message (or of a transfer with
 * cs_change).
 */
struct umod_model_spi_ops {
	void (*select)(struct umod_model *m, void *state, int selected);
	uint8_t (*xfer)(struct umod_model *m, void *state, uint8_t mosi);
};
/* the instance answers on its controller's chip select `reg`; 0, or -1 */
int umod_model_add_spi(struct umod_model *m, const struct umod_model_spi_ops *ops);

/* ---- USB: a device on a host controller's port -------------------------------------- */

/*
 * A USB device: the node sits below a USB host controller's node, its
 * `reg` is the root port it is plugged into. The core enumerates it from
 * its descriptors (device: 18 bytes; configuration: the configuration,
 * interface and endpoint descriptors as GET_DESCRIPTOR returns them, one
 * configuration) and answers the standard requests itself; a class or
 * vendor request goes to control() (bytes returned for an IN request, 0
 * for OUT, -1: stall). Bulk and interrupt endpoints: out() takes a
 * packet's bytes (how many it took, or -1: NAK, the host retries later),
 * in() gives bytes for an IN transfer of up to @len (0: a zero-length
 * packet, -1: NAK: nothing yet; call umod_model_usb_wake() when there is).
 * `umod,unplugged;` starts it unplugged; umod_model_usb_plug() plugs it in
 * or out (the host enumerates it or disconnects its drivers afterwards,
 * on its hub thread, as khubd does).
 */
struct umod_model_usb_ops {
	const uint8_t *device_descriptor;
	const uint8_t *config_descriptor;
	size_t config_length;
	int (*control)(struct umod_model *m, void *state, const uint8_t setup[8], uint8_t *data,
		       size_t len);
	int (*out)(struct umod_model *m, void *state, unsigned int ep, const uint8_t *data,
		   size_t len);
	int (*in)(struct umod_model *m, void *state, unsigned int ep, uint8_t *buf, size_t len);
};
/* the instance is a device on its controller's port `reg`; 0, or -1 */
int umod_model_add_usb(struct umod_model *m, const struct umod_model_usb_ops *ops);
/* plug the device in (1) or out (0) */
void umod_model_usb_plug(struct umod_model *m, int connected);
/* an IN endpoint has data now: the host retries what it was NAKed */
void umod_model_usb_wake(struct umod_model *m);

/* ---- plugins ------------------------------------------------------------------------ */

/* a plugin's types: UMOD_MODEL_PLUGIN(&my_type, &other_type); */
#define UMOD_MODEL_PLUGIN(...)								\
	__attribute__((visibility("default")))						\
	const struct umod_model_type *const umod_model_plugin[] = { __VA_ARGS__, NULL }

#ifdef __cplusplus
}
#endif

#endif /* _UMOD_MODEL_H */
