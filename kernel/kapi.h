/* SPDX-License-Identifier: MIT */
/*
 * kernel/kapi.c: what the host exports to modules, one table per file of
 * the kernel API, and the CRCs of those exports (modversions).
 */
#ifndef _UMOD_KERNEL_KAPI_H
#define _UMOD_KERNEL_KAPI_H

#include <stddef.h>
#include <stdint.h>

#include "util/macro.h"
#include "util/symtab.h"

/*
 * Each file of the kernel API lists its exports in a table of its own,
 * under the kernel's names; kernel/kapi.c joins the tables (one line per
 * file). The C functions behind them are static or umod_-named, so an
 * application embedding libumod keeps its own printk or kmalloc. Every
 * name needs a declaration in include/linux/ (its modversions CRC comes
 * from there: the build fails without one). Every export has 6.1's
 * arguments: one that must know its caller's module finds it with
 * UMOD_CALLER() (kernel/module/module.h), as _printk() does.
 */
struct umod_kapi_export {
	const char *name;
	const void *addr;
	unsigned int flags;		/* UMOD_KSYM_GPL */
};

struct umod_kapi_table {
	const struct umod_kapi_export *v;
	size_t n;
};

#define UMOD_KAPI(name, fn)	{ name, (const void *)(fn), 0 }
#define UMOD_KAPI_GPL(name, fn)	{ name, (const void *)(fn), UMOD_KSYM_GPL }
#define UMOD_KAPI_TABLE(array)	{ array, UMOD_ARRAY_SIZE(array) }

/* the tables, one per file: kapi.c's own (strings, use counts, ...), then */
extern const struct umod_kapi_table umod_kapi_printk;	/* kernel/printk/printk.c */
extern const struct umod_kapi_table umod_kapi_params;	/* kernel/params.c */
extern const struct umod_kapi_table umod_kapi_sched;	/* kernel/sched/core.c */
extern const struct umod_kapi_table umod_kapi_jiffies;	/* kernel/time/jiffies.c */
extern const struct umod_kapi_table umod_kapi_vsprintf;	/* lib/vsprintf.c */
extern const struct umod_kapi_table umod_kapi_hexdump;	/* lib/hexdump.c */
extern const struct umod_kapi_table umod_kapi_ctype;	/* lib/ctype.c */
extern const struct umod_kapi_table umod_kapi_string;	/* lib/string.c */
extern const struct umod_kapi_table umod_kapi_iov_iter;	/* lib/iov_iter.c */
extern const struct umod_kapi_table umod_kapi_sort;	/* lib/sort.c */
extern const struct umod_kapi_table umod_kapi_list_sort;	/* lib/list_sort.c */
extern const struct umod_kapi_table umod_kapi_rbtree;	/* lib/rbtree.c */
extern const struct umod_kapi_table umod_kapi_idr;	/* lib/idr.c */
extern const struct umod_kapi_table umod_kapi_random;	/* lib/random.c */
extern const struct umod_kapi_table umod_kapi_refcount;	/* lib/refcount.c */
extern const struct umod_kapi_table umod_kapi_ratelimit;	/* lib/ratelimit.c */
extern const struct umod_kapi_table umod_kapi_utsname;	/* kernel/utsname.c */
extern const struct umod_kapi_table umod_kapi_panic;	/* kernel/panic.c */
extern const struct umod_kapi_table umod_kapi_timer;	/* kernel/time/timer.c */
extern const struct umod_kapi_table umod_kapi_hrtimer;	/* kernel/time/hrtimer.c */
extern const struct umod_kapi_table umod_kapi_timekeeping; /* kernel/time/timekeeping.c */
extern const struct umod_kapi_table umod_kapi_timeconv;	/* kernel/time/timeconv.c */
extern const struct umod_kapi_table umod_kapi_workqueue;	/* kernel/workqueue.c */
extern const struct umod_kapi_table umod_kapi_softirq;	/* kernel/softirq.c */
extern const struct umod_kapi_table umod_kapi_kthread;	/* kernel/kthread.c */
extern const struct umod_kapi_table umod_kapi_cred;	/* kernel/cred.c */
extern const struct umod_kapi_table umod_kapi_fcntl;	/* fs/fcntl.c */
extern const struct umod_kapi_table umod_kapi_wait;	/* kernel/sched/wait.c */
extern const struct umod_kapi_table umod_kapi_spinlock;	/* kernel/locking/spinlock.c */
extern const struct umod_kapi_table umod_kapi_delay;	/* kernel/sched/delay.c */
extern const struct umod_kapi_table umod_kapi_completion;	/* kernel/sched/completion.c */
extern const struct umod_kapi_table umod_kapi_mutex;	/* kernel/locking/mutex.c */
extern const struct umod_kapi_table umod_kapi_semaphore;	/* kernel/locking/semaphore.c */
extern const struct umod_kapi_table umod_kapi_rcu;	/* kernel/rcu/update.c */
extern const struct umod_kapi_table umod_kapi_slab;		/* mm/slab_common.c */
extern const struct umod_kapi_table umod_kapi_slab_cache;	/* mm/slab.c */
extern const struct umod_kapi_table umod_kapi_mm_util;		/* mm/util.c */
extern const struct umod_kapi_table umod_kapi_vmalloc;		/* mm/vmalloc.c */
extern const struct umod_kapi_table umod_kapi_page_alloc;	/* mm/page_alloc.c */
extern const struct umod_kapi_table umod_kapi_memory;		/* mm/memory.c */
extern const struct umod_kapi_table umod_kapi_filemap;		/* mm/filemap.c */
extern const struct umod_kapi_table umod_kapi_kobject;	/* lib/kobject.c */
extern const struct umod_kapi_table umod_kapi_sysfs;	/* fs/sysfs/file.c */
extern const struct umod_kapi_table umod_kapi_debugfs;	/* fs/debugfs/inode.c */
extern const struct umod_kapi_table umod_kapi_read_write;	/* fs/read_write.c */
extern const struct umod_kapi_table umod_kapi_sysctl;	/* kernel/sysctl.c */
extern const struct umod_kapi_table umod_kapi_proc_sysctl;	/* fs/proc/proc_sysctl.c */
extern const struct umod_kapi_table umod_kapi_dynamic_debug;	/* lib/dynamic_debug.c */
extern const struct umod_kapi_table umod_kapi_configfs_item;	/* fs/configfs/item.c */
extern const struct umod_kapi_table umod_kapi_configfs_dir;	/* fs/configfs/dir.c */
extern const struct umod_kapi_table umod_kapi_procfs;		/* fs/proc/generic.c */
extern const struct umod_kapi_table umod_kapi_seq_file;		/* fs/seq_file.c */
extern const struct umod_kapi_table umod_kapi_char_dev;		/* fs/char_dev.c */
extern const struct umod_kapi_table umod_kapi_class;		/* drivers/base/class.c */
extern const struct umod_kapi_table umod_kapi_misc;		/* drivers/char/misc.c */
extern const struct umod_kapi_table umod_kapi_kunit;		/* kernel/kunit/test.c */
extern const struct umod_kapi_table umod_kapi_nls;		/* fs/nls/nls_base.c */
extern const struct umod_kapi_table umod_kapi_rc_map;		/* drivers/media/rc/rc-map.c */
extern const struct umod_kapi_table umod_kapi_kunit_assert;	/* kernel/kunit/assert.c */
/* the device model, interrupts, the board and GPIO (issue 30) */
extern const struct umod_kapi_table umod_kapi_gpiolib;			/* drivers/gpio/gpiolib.c */
extern const struct umod_kapi_table umod_kapi_gpiolib_legacy;		/* drivers/gpio/gpiolib-legacy.c */
extern const struct umod_kapi_table umod_kapi_gpiolib_of;		/* drivers/gpio/gpiolib-of.c */
extern const struct umod_kapi_table umod_kapi_gpiolib_devres;		/* drivers/gpio/gpiolib-devres.c */
extern const struct umod_kapi_table umod_kapi_device_core;		/* drivers/base/core.c */
extern const struct umod_kapi_table umod_kapi_dev_printk;		/* drivers/base/core.c */
extern const struct umod_kapi_table umod_kapi_bus;			/* drivers/base/bus.c */
extern const struct umod_kapi_table umod_kapi_driver;			/* drivers/base/driver.c */
extern const struct umod_kapi_table umod_kapi_dd;			/* drivers/base/dd.c */
extern const struct umod_kapi_table umod_kapi_devres;			/* drivers/base/devres.c */
extern const struct umod_kapi_table umod_kapi_pm;			/* drivers/base/power.c */
extern const struct umod_kapi_table umod_kapi_property;			/* drivers/base/property.c */
extern const struct umod_kapi_table umod_kapi_platform;			/* drivers/base/platform.c */
/* issue 31 item 5: I2C, SPI, regmap */
extern const struct umod_kapi_table umod_kapi_i2c_core;			/* drivers/i2c/i2c-core-base.c */
extern const struct umod_kapi_table umod_kapi_i2c_smbus;		/* drivers/i2c/i2c-core-smbus.c */
extern const struct umod_kapi_table umod_kapi_regmap;			/* drivers/base/regmap/regmap.c */
extern const struct umod_kapi_table umod_kapi_regmap_i2c;		/* drivers/base/regmap/regmap-i2c.c */
extern const struct umod_kapi_table umod_kapi_spi;			/* drivers/spi/spi.c */
extern const struct umod_kapi_table umod_kapi_regmap_spi;		/* drivers/base/regmap/regmap-spi.c */
/* issue 31 item 4: USB */
extern const struct umod_kapi_table umod_kapi_usb;			/* drivers/usb/core/usb.c */
extern const struct umod_kapi_table umod_kapi_usb_urb;			/* drivers/usb/core/urb.c */
extern const struct umod_kapi_table umod_kapi_usb_message;		/* drivers/usb/core/message.c */
extern const struct umod_kapi_table umod_kapi_usb_file;		/* drivers/usb/core/file.c */
extern const struct umod_kapi_table umod_kapi_of_base;			/* drivers/of/base.c */
extern const struct umod_kapi_table umod_kapi_of_irq;			/* drivers/of/irq.c */
extern const struct umod_kapi_table umod_kapi_of_platform;		/* drivers/of/platform.c */
extern const struct umod_kapi_table umod_kapi_of_device;		/* drivers/of/device.c */
extern const struct umod_kapi_table umod_kapi_irqdesc;			/* kernel/irq/irqdesc.c */
extern const struct umod_kapi_table umod_kapi_irq_chip;			/* kernel/irq/chip.c */
extern const struct umod_kapi_table umod_kapi_irq_manage;		/* kernel/irq/manage.c */
extern const struct umod_kapi_table umod_kapi_irqdomain;		/* kernel/irq/irqdomain.c */
extern const struct umod_kapi_table umod_kapi_irq_devres;		/* kernel/irq/devres.c */
extern const struct umod_kapi_table umod_kapi_iomap;			/* lib/iomap.c */
extern const struct umod_kapi_table umod_kapi_devres_io;		/* lib/devres.c */

/* lib/math/ */
extern const struct umod_kapi_table umod_kapi_div64;		/* lib/math/div64.c */
extern const struct umod_kapi_table umod_kapi_gcd;		/* lib/math/gcd.c */
extern const struct umod_kapi_table umod_kapi_lcm;		/* lib/math/lcm.c */
extern const struct umod_kapi_table umod_kapi_int_sqrt;		/* lib/math/int_sqrt.c */
extern const struct umod_kapi_table umod_kapi_int_pow;		/* lib/math/int_pow.c */
extern const struct umod_kapi_table umod_kapi_rational;		/* lib/math/rational.c */
extern const struct umod_kapi_table umod_kapi_linear_ranges;	/* lib/linear_ranges.c */
/* the CRC library */
extern const struct umod_kapi_table umod_kapi_crc32;		/* lib/crc32.c */
extern const struct umod_kapi_table umod_kapi_libcrc32c;	/* lib/libcrc32c.c */
extern const struct umod_kapi_table umod_kapi_crc16;		/* lib/crc16.c */
extern const struct umod_kapi_table umod_kapi_crc_ccitt;	/* lib/crc-ccitt.c */
extern const struct umod_kapi_table umod_kapi_crc_itu_t;	/* lib/crc-itu-t.c */
extern const struct umod_kapi_table umod_kapi_crc7;		/* lib/crc7.c */
extern const struct umod_kapi_table umod_kapi_crc8;		/* lib/crc8.c */
extern const struct umod_kapi_table umod_kapi_crc64;		/* lib/crc64.c */
extern const struct umod_kapi_table umod_kapi_crc64_rocksoft;	/* lib/crc64-rocksoft.c */
extern const struct umod_kapi_table umod_kapi_siphash;		/* lib/siphash.c */
extern const struct umod_kapi_table umod_kapi_random32;		/* lib/random32.c */
/* CPUs and per-CPU data */
extern const struct umod_kapi_table umod_kapi_cpu;		/* kernel/cpu.c */
extern const struct umod_kapi_table umod_kapi_smp;		/* kernel/smp.c */
extern const struct umod_kapi_table umod_kapi_cpumask;		/* lib/cpumask.c */
extern const struct umod_kapi_table umod_kapi_percpu;		/* mm/percpu.c */
/* bitmaps, strings, option strings */
extern const struct umod_kapi_table umod_kapi_bitmap;		/* lib/bitmap.c */
extern const struct umod_kapi_table umod_kapi_find_bit;		/* lib/find_bit.c */
extern const struct umod_kapi_table umod_kapi_string_helpers;	/* lib/string_helpers.c */
extern const struct umod_kapi_table umod_kapi_glob;		/* lib/glob.c */
extern const struct umod_kapi_table umod_kapi_cmdline;		/* lib/cmdline.c */
extern const struct umod_kapi_table umod_kapi_memcat_p;		/* lib/memcat_p.c */
/* data structures */
extern const struct umod_kapi_table umod_kapi_scatterlist;	/* lib/scatterlist.c */
extern const struct umod_kapi_table umod_kapi_kfifo;		/* lib/kfifo.c */
extern const struct umod_kapi_table umod_kapi_xarray;		/* lib/xarray.c */
extern const struct umod_kapi_table umod_kapi_rhashtable;	/* lib/rhashtable.c */
extern const struct umod_kapi_table umod_kapi_kobject_uevent;	/* lib/kobject_uevent.c */
/* tty, serial core and input (issue 32 items 1 and 2) */
extern const struct umod_kapi_table umod_kapi_tty_io;		/* drivers/tty/tty_io.c */
extern const struct umod_kapi_table umod_kapi_tty_port;	/* drivers/tty/tty_port.c */
extern const struct umod_kapi_table umod_kapi_tty_buffer;	/* drivers/tty/tty_buffer.c */
extern const struct umod_kapi_table umod_kapi_tty_baudrate;	/* drivers/tty/tty_baudrate.c */
extern const struct umod_kapi_table umod_kapi_serial_core;	/* drivers/tty/serial/serial_core.c */
extern const struct umod_kapi_table umod_kapi_input;		/* drivers/input/input.c */
/* kernel/ */
extern const struct umod_kapi_table umod_kapi_stacktrace;	/* kernel/stacktrace.c */
extern const struct umod_kapi_table umod_kapi_jump_label;	/* kernel/jump_label.c */
/* buses and simulated hardware (issue 31 items 1, 3, 6) */
extern const struct umod_kapi_table umod_kapi_resource;		/* kernel/resource.c */
extern const struct umod_kapi_table umod_kapi_pci_driver;	/* drivers/pci/pci-driver.c */
extern const struct umod_kapi_table umod_kapi_pci_access;	/* drivers/pci/access.c */
extern const struct umod_kapi_table umod_kapi_pci;		/* drivers/pci/pci.c */
extern const struct umod_kapi_table umod_kapi_pci_msi;		/* drivers/pci/msi.c */
extern const struct umod_kapi_table umod_kapi_dma_mapping;	/* kernel/dma/mapping.c */

/* every table's exports into @tab (a new host's), with their CRCs */
int umod_kapi_export_all(struct umod_symtab *tab);

struct umod_host;
/* what @host exports as @name (a host part calling another's export), or NULL */
const void *umod_kapi_addr(struct umod_host *host, const char *name);

/*
 * The CRCs of the host's exports (modversions), generated at build time
 * from include/linux/ (scripts/host_crcs.sh) and sorted by name. The
 * bootstrap build that lists the export names links an empty table.
 */
struct umod_crc {
	const char *name;
	uint32_t crc;
};

struct umod_crc_table {
	const struct umod_crc *v;
	size_t n;
};

extern const struct umod_crc_table umod_host_crc_table;

/* block devices (issue 32 item 3) */
extern const struct umod_kapi_table umod_kapi_genhd;			/* block/genhd.c */
extern const struct umod_kapi_table umod_kapi_blk_settings;		/* block/blk-settings.c */
extern const struct umod_kapi_table umod_kapi_blk_mq;			/* block/blk-mq.c */
extern const struct umod_kapi_table umod_kapi_bio;			/* block/bio.c */
/* network devices (issue 32 item 4) */
extern const struct umod_kapi_table umod_kapi_netdev;			/* net/core/dev.c */
extern const struct umod_kapi_table umod_kapi_skbuff;			/* net/core/skbuff.c */
extern const struct umod_kapi_table umod_kapi_eth;			/* net/ethernet/eth.c */

#endif /* _UMOD_KERNEL_KAPI_H */
