/* SPDX-License-Identifier: MIT */
/*
 * What the loader gives the rest of the host, as Linux's include/linux/module.h
 * gives struct module to the whole kernel: the host and its modules, running
 * module code (umod_call), use counts, request_module(), and the module symbol
 * lookups of kallsyms.c. include/linux/ is the modules' own API, so this sits
 * beside the loader; the loader's internals are in internal.h, which no other
 * part includes. Everything here is hidden from libumod.so's dynamic symbol
 * table (-fvisibility=hidden plus the version script) but carries the umod_
 * prefix because libumod.a is linked into other programs.
 */
#ifndef _UMOD_KERNEL_MODULE_MODULE_H
#define _UMOD_KERNEL_MODULE_MODULE_H

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <umod/kabi.h>
#include <umod/umod.h>

#include "util/list.h"

struct umod_area;
struct umod_genuine;
struct umod_kallsyms;
struct umod_keyring;
struct umod_ksym;
struct umod_log;
struct umod_mod_sysfs;
struct umod_symtab;
struct umod_task;

/* ---- host.c: the host ------------------------------------------------- */

/* how many validated images a host keeps (image_cache.c) */
#define UMOD_IMAGE_CACHE_SLOTS	4

struct umod_host {
	atomic_int refs;
	/* umod_host_shutdown(): no load may start any more */
	atomic_bool shutting_down;
	/*
	 * Protects the module list, the export table and the module_use
	 * links (as the kernel's module_mutex); held briefly, never while
	 * module code runs.
	 */
	pthread_mutex_t module_mutex;
	/* module_wq: a module left COMING (became LIVE or went away) */
	pthread_cond_t module_wq;
	/*
	 * The module_use lists change under module_mutex and this lock
	 * (taken second), so that holders can also be listed with only
	 * this one, from inside umod_host_for_each_module().
	 */
	pthread_mutex_t use_lock;
	struct umod_list modules;	/* newest first */
	/* gone with users still inside (keep_mapped): their memory stays
	 * until the host goes; under module_mutex */
	struct umod_list kept;
	struct umod_symtab *exports;
	struct umod_log *log;
	atomic_ulong taints;
	atomic_bool force_unload;	/* CONFIG_MODULE_FORCE_UNLOAD */
	atomic_bool debug_locks_off;	/* "Disabling lock debugging" was said */
	atomic_bool warned_no_symver;	/* "no symbol version" was said */
	/* signing.c: the trusted keys, CONFIG_MODULE_SIG, module.sig_enforce,
	 * "tainting" said once */
	struct umod_keyring *_Atomic keyring;
	atomic_bool module_sig, sig_enforce, sig_warned;
	char *cmdline;			/* umod_host_set_cmdline()'s copy; module_mutex */
	char *module_tree;		/* request_module()'s BASE/lib/modules/R; module_mutex */
	atomic_int kmod_running;	/* request_module() calls in progress */
	/* every thread running module code now, for the watchdog (call.c) */
	pthread_mutex_t calls_lock;
	struct umod_list calls;
	atomic_bool panic_on_oops;	/* an oops ends the process, after its report */
	/* module memory mapped now, and its limit (layout.c) */
	atomic_size_t module_memory, module_memory_limit;
	struct umod_area *area;		/* area.c's; reserved at the first load */
	_Atomic(struct umod_pcpu *) pcpu;	/* mm/percpu.c's, in the area's per-CPU zone */
	struct umod_uevents *uevents;	/* lib/kobject_uevent.c's, made with the host */
	/* genuine.c's: the genuine ABI it loads modules of too, or NULL; set
	 * before the first load, never changed after */
	struct umod_genuine *genuine;
	/* kernel/watchdog.c: its thread, started with the host */
	pthread_t watchdog;
	bool watchdog_running, watchdog_stop;
	pthread_cond_t watchdog_wake;
	/* kernel/hung_task.c, on the watchdog's thread */
	atomic_ulong hung_task_timeout;	/* hung_task_timeout_secs, 0: off */
	uint64_t hung_task_checked_ns;	/* the last check */
	unsigned int hung_task_warnings; /* reports so far */
	/* image_cache.c: the last images validated, oldest replaced first */
	pthread_mutex_t image_cache_lock;
	struct umod_image_entry *image_cache[UMOD_IMAGE_CACHE_SLOTS];
	unsigned int image_cache_next;
	/* fingerprints of images loaded once: the second load is kept */
	uint64_t image_seen[2 * UMOD_IMAGE_CACHE_SLOTS];
	unsigned int image_seen_next;
	bool image_cache_off;		/* umod_image_cache_enable(host, false) */
};

/* image_cache.c: off, a host keeps and looks up no validated image
 * (tests of the whole load path); on by default */
void umod_image_cache_enable(struct umod_host *host, bool on);

/* ---- handle.c ------------------------------------------------------ */

/* one memory region (core or init) of a loaded module: kernel's module_layout */
struct umod_layout {
	void *base;
	size_t size;		/* page-aligned total */
	size_t text_size;	/* [base, base+text_size): RX */
	size_t ro_size;		/* up to here: R */
	size_t ro_after_init_size; /* up to here: R once init has run */
};

/* a loaded section, for sysfs sections/, oops reports and tests */
struct umod_section {
	const char *name;	/* in the same allocation as the array */
	void *addr;		/* init sections: only valid until init ends */
	size_t size;
};

struct umod_module {
	atomic_int refs;		/* handle lifetime, not the use count */
	struct umod_host *host;		/* borrowed: valid while loaded */
	struct umod_list list;		/* on host->modules, under module_mutex */
	uint32_t name_hash;		/* umod_module_name_hash(name) once listed; 0: unknown */
	unsigned int mm_sites;		/* its allocation records (mm/account.c, under its lock) */
	atomic_uint made;		/* enum umod_made: where it ever owned something */
	char name[UMOD_MODULE_NAME_LEN];
	_Atomic int state;		/* enum umod_module_state */
	struct module *kmod;		/* the module's own struct, in its data */
	/* where its ABI's struct module keeps init and exit (umod_module_init_fn()) */
	unsigned short init_off, exit_off;
	bool genuine;			/* built by Linux's Kbuild for a genuine ABI (genuine.c) */
	void *map;			/* one mapping: core, then init */
	size_t map_size;
	struct umod_layout core;
	struct umod_layout init;
	const struct kernel_param *kp;	/* __param, in core rodata */
	unsigned int num_kp;
	struct umod_section *sections;	/* one allocation, names included */
	unsigned int num_sections;
	/* kernel_param_lock(): serialises a parameter's set() and get() */
	pthread_mutex_t param_lock;
	struct umod_mod_sysfs *sysfs;	/* sysfs.c's; set while /sys/module/<name> exists */
	unsigned long taints;
	struct umod_refcnt refcnt;	/* the use count (refcount.c) */
	/* users kept references past a forced unload or a failed init: the
	 * memory stays mapped and the handle alive until the host goes */
	bool keep_mapped;
	/* module_use links, under module_mutex (usage.c) */
	struct umod_list source_list;	/* who uses us: our holders */
	struct umod_list target_list;	/* whom we use */
	bool using_gplonly_symbols;
	bool reads_jiffies;		/* holds the tick (kernel/time/jiffies.c) */
	/* __ksymtab, __ksymtab_gpl in core rodata; their names in __ksymtab_strings */
	const struct kernel_symbol *syms, *gpl_syms;
	unsigned int num_syms, num_gpl_syms;
	const uint32_t *crcs, *gpl_crcs;	/* __kcrctab(_gpl), or NULL */
	struct umod_kallsyms *kallsyms;	/* owned; see kallsyms.c */
	void *percpu;			/* its .data..percpu, CPU 0's copy (mm/percpu.c) */
};

/*
 * What a module ever owned, by subsystem: each bit is set where that
 * subsystem records the module as an object's owner (umod_module_made()),
 * and never cleared, so a leftover check at unload walks its lists only
 * for a module that made something there (most make nothing). A bit, not
 * a count: only the creation sites must be found, never every removal.
 */
enum umod_made {
	UMOD_MADE_DRIVER = 1u << 0,	/* drivers, devices, classes, buses (drivers/base/) */
	UMOD_MADE_MISC = 1u << 1,	/* misc devices (drivers/char/misc.c) */
	UMOD_MADE_BLOCK = 1u << 2,	/* disks, block majors (block/genhd.c) */
	UMOD_MADE_NET = 1u << 3,	/* network devices (net/core/dev.c) */
	UMOD_MADE_TTY = 1u << 4,	/* tty drivers (drivers/tty/tty_io.c) */
	UMOD_MADE_INPUT = 1u << 5,	/* input devices and handlers (drivers/input/input.c) */
	UMOD_MADE_FS_NODE = 1u << 6,	/* proc and configfs entries (fs/file.c) */
	UMOD_MADE_KERNFS = 1u << 7,	/* reported sysfs and debugfs nodes (fs/sysfs/dir.c) */
	UMOD_MADE_IRQ = 1u << 8,	/* interrupt actions (kernel/irq/manage.c) */
	UMOD_MADE_GPIO = 1u << 9,	/* requested lines, gpio chips (drivers/gpio/gpiolib.c) */
};

/* @mod (NULL: the host, nothing set) now owns an object of @what; returns @mod */
static inline struct umod_module *umod_module_made(struct umod_module *mod, unsigned int what)
{
	if (mod)
		atomic_fetch_or_explicit(&mod->made, what, memory_order_release);
	return mod;
}

/* did @mod ever own an object of @what? if not, its leftover check has nothing to find */
static inline bool umod_module_has_made(struct umod_module *mod, unsigned int what)
{
	return atomic_load_explicit(&mod->made, memory_order_acquire) & what;
}

const struct umod_section *umod_module_find_section(const struct umod_module *mod,
						    const char *name);

/* ---- call.c: entering module code ---------------------------------------- */

/* what umod_call() returns when the call oopsed: the module stays as it was */
#define UMOD_OOPSED	(-ENOTRECOVERABLE)

/* one entry into module code, on the caller's stack */
struct umod_call {
	struct umod_call *outer;	/* the call this one runs inside, or NULL */
	struct umod_module *mod;	/* whose code runs */
	struct umod_task *task;
	sigjmp_buf recover;		/* the oops handler comes back here */
	struct umod_list node;		/* on the host's calls, under calls_lock */
	pthread_t thread;		/* the thread running it, for the watchdog */
	uint64_t reported_ns;		/* the watchdog's last report of it, or 0 */
	_Atomic unsigned int lockup_secs; /* set for the watchdog's signal */
	long exit_code;			/* umod_call_exit_thread()'s */
	/* kernel/hung_task.c: the check that last looked at it, and how long
	 * it has been blocked (set for the watchdog's signal) */
	uint64_t hung_checked_ns;
	_Atomic unsigned int hung_secs;
	pthread_mutex_t *alive;		/* the thread's (kernel/oops.c), or NULL */
};

/*
 * Runs @fn(@arg) as module @mod's code; *@retp gets its result. Returns 0,
 * or UMOD_OOPSED after a fault in it was reported (taint D): then nothing
 * after the fault ran, and what it held stays held.
 */
int umod_call(struct umod_module *mod, long (*fn)(void *arg), void *arg, long *retp);
/*
 * kthread_exit(): leaves every module call on this thread at once; the
 * outermost umod_call() returns 0 with *retp = @code.
 */
__attribute__((noreturn)) void umod_call_exit_thread(long code);
/* on the watchdog's thread: calls whose thread ended inside module code
 * are reported and taken off the list; how many */
unsigned int umod_calls_reap(struct umod_host *host);

/* ---- refcount.c, usage.c: use counts ------------------------------------- */

/* the module's state, mirrored into its struct module as 6.1 numbers it */
void umod_module_set_state(struct umod_module *mod, int state);
/*
 * Its init and exit as its struct module holds them now (module code may
 * change them, as in Linux), or NULL before it is placed.
 */
typedef int (*umod_initcall_t)(void);
typedef void (*umod_exitcall_t)(void);
umod_initcall_t umod_module_init_fn(const struct umod_module *mod);
umod_exitcall_t umod_module_exit_fn(const struct umod_module *mod);

/* try_module_get(): fails once the module is GOING or stopped */
bool umod_refcount_try_get(struct umod_module *mod);
/* __module_get(): the caller already holds a reference */
void umod_refcount_get(struct umod_module *mod);
/* module_put() */
void umod_refcount_put(struct umod_module *mod);
/* module_refcount(): users, not counting the base; -1 once stopped */
int umod_refcount_read(const struct umod_module *mod);
/* strong_try_module_get(): 0, -EBUSY (still COMING) or -ENOENT (going) */
int umod_strong_try_module_get(struct umod_module *mod);

/* ---- kmod.c ----------------------------------------------------------- */

/*
 * request_module(): loads the module @fmt names (and what it needs) from
 * the host's module tree. Returns 0, 256 (modprobe failed: exit status 1
 * as the kernel sees it), -ENOENT (no tree set), -ENAMETOOLONG, -ETIME
 * (MAX_KMOD_CONCURRENT requests already nested) or -ENOMEM.
 */
int umod_request_module(struct umod_host *host, bool wait, const char *fmt, va_list ap);

/* ---- cmdline.c -------------------------------------------------------- */

/* the soft-lockup threshold's watchdog_thresh=N (10 if none; 0: off) */
unsigned int umod_cmdline_watchdog_thresh(struct umod_host *host);

/* ---- sysfs.c ---------------------------------------------------------- */

/* the kernel's sysfs_emit(): formats into a page, returns the length */
int umod_sysfs_emit(char *page, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));
/* the next '/'-separated component of *@path (fs/sysfs/ walks /sys with it too) */
size_t umod_sysfs_next_component(const char **path, const char **comp);

/* ---- area.c ----------------------------------------------------------- */

/* for the oops handler: lock-free */
bool umod_area_contains(const struct umod_host *host, uint64_t addr);
const char *umod_area_last_unloaded(const struct umod_host *host);
/* mm/percpu.c's zone after the module memory: CPU 0's unit, reserving the area */
int umod_area_percpu_base(struct umod_host *host, void **basep);
/* the module whose memory holds @addr, or NULL: lock-free */
struct umod_module *umod_area_owner(const struct umod_host *host, uint64_t addr);

/* ---- call.c: the module calling an exported function ------------------- */

/*
 * 6.1's exported functions take no THIS_MODULE: the module calling is the
 * one whose memory @ret (the function's return address) lies in, else the
 * module whose code runs on this thread (a tail call from it returns to
 * the host's call), else NULL (host code). Used as UMOD_CALLER() in the
 * exported function itself, as the kernel's own _RET_IP_.
 */
struct module *umod_caller(const void *ret);
#define UMOD_CALLER()	umod_caller(__builtin_return_address(0))

/* ---- kallsyms.c: module symbols by address ------------------------------ */

/*
 * For the oops handler: the symbol at @addr without taking module_mutex
 * and without allocating (the list is read as it stands). True if @addr
 * is inside a module; *@name is NULL when no symbol covers it.
 */
bool umod_kallsyms_lookup_nolock(struct umod_host *host, uint64_t addr,
				 const char **name, const char **modname,
				 uint64_t *offset, uint64_t *size);
/* the symbol at @addr in @mod, listed or not */
bool umod_kallsyms_lookup_module(const struct umod_module *mod, uint64_t addr,
				 const char **name, uint64_t *offset, uint64_t *size);
/* the symbol at @addr in @mod, without module_mutex: for a caller
 * that knows @mod's symbols stay (its own allocation, while it runs) */
bool umod_kallsyms_lookup_in(const struct umod_module *mod, uint64_t addr,
			     const char **name, uint64_t *offset, uint64_t *size);

/* ---- genuine.c: genuine Linux modules ----------------------------------- */

/* calls @fn for what @host offers genuine modules (none without an ABI) */
int umod_genuine_for_each(struct umod_host *host,
			  int (*fn)(const struct umod_ksym *sym, void *data), void *data);
/*
 * The export symbol_get() finds: a genuine module's of that name when the
 * host keeps one aside (loaded to be used), else the host's table's.
 * module_mutex held.
 */
const struct umod_ksym *umod_genuine_symbol(struct umod_host *host, const char *name);
/* the section names (prefixes) a genuine module is refused for, NULL-ended */
extern const char *const umod_genuine_refused_sections[];

/* ---- gdb_jit.c -------------------------------------------------------- */

/* "/path/file.c:LINE" of module code at @addr, from its DWARF; false if unknown */
bool umod_gdb_jit_srcline(uint64_t addr, char *buf, size_t size);

#endif /* _UMOD_KERNEL_MODULE_MODULE_H */
