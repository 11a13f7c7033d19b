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
 * from there: the build fails without one). A function that must know
 * its caller's module takes `struct module *` first, and its header
 * passes THIS_MODULE, as printk() does.
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
extern const struct umod_kapi_table umod_kapi_kobject;	/* lib/kobject.c */
extern const struct umod_kapi_table umod_kapi_sysfs;	/* fs/sysfs/file.c */
extern const struct umod_kapi_table umod_kapi_debugfs;	/* fs/debugfs/inode.c */
extern const struct umod_kapi_table umod_kapi_read_write;	/* fs/read_write.c */
extern const struct umod_kapi_table umod_kapi_procfs;		/* fs/proc/generic.c */
extern const struct umod_kapi_table umod_kapi_seq_file;		/* fs/seq_file.c */
extern const struct umod_kapi_table umod_kapi_char_dev;		/* fs/char_dev.c */
extern const struct umod_kapi_table umod_kapi_class;		/* drivers/base/class.c */
extern const struct umod_kapi_table umod_kapi_misc;		/* drivers/char/misc.c */
extern const struct umod_kapi_table umod_kapi_kunit;		/* kernel/kunit/test.c */
extern const struct umod_kapi_table umod_kapi_nls;		/* fs/nls/nls_base.c */
extern const struct umod_kapi_table umod_kapi_rc_map;		/* drivers/media/rc/rc-map.c */
extern const struct umod_kapi_table umod_kapi_kunit_assert;	/* kernel/kunit/assert.c */

/* every table's exports into @tab (a new host's), with their CRCs */
int umod_kapi_export_all(struct umod_symtab *tab);

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

#endif /* _UMOD_KERNEL_KAPI_H */
