/* SPDX-License-Identifier: MIT */
/*
 * What the host's parts share: the module loader (kernel/module/), the
 * printk ring, parameters, taint and the exported kernel API (kernel/),
 * and the arch ports (arch/), grouped by the file that defines them. The
 * shared helpers have their own headers in lib/; kmod's half has
 * libkmod/libkmod.h. Everything here is hidden from libumod.so's dynamic
 * symbol table (-fvisibility=hidden plus the version script) but carries
 * the umod_ prefix because libumod.a is linked into other programs.
 */
#ifndef _UMOD_KERNEL_MODULE_INTERNAL_H
#define _UMOD_KERNEL_MODULE_INTERNAL_H

#include <elf.h>
#include <pthread.h>
#include <setjmp.h>
#include <ucontext.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>

#include <linux/kern_levels.h>
#include <umod/kabi.h>
#include <umod/kabi/sched.h>
#include <umod/umod.h>

#include "lib/elf.h"
#include "lib/list.h"
#include "lib/macro.h"

/* ---- kernel/printk/printk.c: the printk ring ------------------------- */

struct umod_log;

int umod_log_new(struct umod_log **logp, size_t size);
void umod_log_free(struct umod_log *log);
void umod_log_set_sink(struct umod_log *log, umod_log_fn fn, void *data);
/* printk semantics: a KERN_* prefix sets the level, KERN_CONT continues */
int umod_log_vprintk(struct umod_log *log, const char *fmt, va_list ap);
int umod_log_printk(struct umod_log *log, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));
int umod_log_read_record(struct umod_log *log, uint64_t *seq, int *level,
			 uint64_t *ts_nsec, char *buf, size_t size);
void umod_log_clear_read(struct umod_log *log);
/* nanoseconds since the log was made, as records are stamped (signal-safe) */
uint64_t umod_log_now(const struct umod_log *log);

/* ---- limits.c: what one load may cost --------------------------------- */

/* the parameter string: the kernel's MAX_ARG_STRLEN, one execve() word: -E2BIG */
#define UMOD_MAX_ARGS_LEN	(32UL * 4096)
/* below SHN_LORESERVE: no extended section numbering; -ENOEXEC */
#define UMOD_MAX_SECTIONS	0xff00UL
/* both far above any real module (tens of thousands); -ENOEXEC */
#define UMOD_MAX_SYMBOLS	(1UL << 20)
#define UMOD_MAX_RELOCATIONS	(4UL << 20)
/*
 * How deep dependencies may nest (not enforced: depmod's topological sort
 * bounds modules.dep), and how many request_module() calls may be in
 * flight at once, the kernel's MAX_KMOD_CONCURRENT (kmod.c enforces it).
 */
#define UMOD_MAX_DEP_DEPTH	64
#define UMOD_MAX_REQUEST_MODULE	50

struct load_info;
/* once the name is known: sections, symbols, relocations, @args' length */
int umod_check_limits(const struct load_info *info, const char *args);
/* -EFBIG, logged, for an image over UMOD_MAX_IMAGE_SIZE */
int umod_check_image_size(struct umod_log *log, size_t len);
/* ---- symtab.c --------------------------------------------------------- */

#define UMOD_KSYM_GPL		(1u << 0)

struct umod_ksym {
	const char *name;	/* owned by the exporter (or the table, if copied) */
	const char *ns;		/* namespace or NULL; lives with name */
	uint64_t addr;
	struct umod_module *owner;	/* NULL: exported by the host */
	unsigned int flags;
	uint64_t hash;
	uint32_t crc;		/* modversions: the CRC of its type, if has_crc */
	bool has_crc;
	bool name_owned;	/* the table frees name (one allocation with ns) */
};

struct umod_symtab;

int umod_symtab_new(struct umod_symtab **tabp);
void umod_symtab_free(struct umod_symtab *tab);
/* copies *@sym in; -EEXIST if the name is taken, -ENOMEM */
int umod_symtab_add(struct umod_symtab *tab, const struct umod_ksym *sym);
/* removes @name if @owner exports it; returns 0 or -ENOENT */
int umod_symtab_del(struct umod_symtab *tab, const char *name,
		    const struct umod_module *owner);
const struct umod_ksym *umod_symtab_lookup(const struct umod_symtab *tab,
					   const char *name);
size_t umod_symtab_count(const struct umod_symtab *tab);
/* calls @fn for each symbol; stops at the first non-zero return */
int umod_symtab_for_each(const struct umod_symtab *tab,
			 int (*fn)(const struct umod_ksym *sym, void *data), void *data);

/* ---- kernel/kapi.c: what the host exports to modules ------------------ */

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

/* ---- kernel/sched/core.c: tasks ---------------------------------------- */

#define UMOD_PF_KTHREAD		0x00200000	/* PF_KTHREAD */

/* the kernel's preempt_count() layout: what in_atomic() and friends test */
#define UMOD_PREEMPT_OFFSET	0x00000001u
#define UMOD_PREEMPT_MASK	0x000000ffu
#define UMOD_SOFTIRQ_OFFSET	0x00000100u
#define UMOD_SOFTIRQ_MASK	0x0000ff00u
#define UMOD_HARDIRQ_OFFSET	0x00010000u
#define UMOD_HARDIRQ_MASK	0x000f0000u

struct umod_call;

/* a task: what modules see first, then what only the host keeps */
struct umod_task {
	struct task_struct task;
	atomic_int usage;		/* get_task_struct(); freed at 0 */
	/* spinlocks held, softirq (timer) context: the kernel's bits above */
	unsigned int preempt_count;
	unsigned int irqs_disabled;	/* local_irq_save() depth */
	/* the innermost entry into module code on this thread (call.c) */
	struct umod_call *call;
	/* when the task last entered module code or went to sleep or woke:
	 * the soft-lockup watchdog's clock (ns since boot) */
	_Atomic uint64_t switch_ns;
	/* rcu_read_lock() nesting: might_sleep() reports a sleep inside */
	unsigned int rcu_read_depth;
};

/*
 * A new task for a thread the host starts, not yet anyone's current;
 * @kthread: a kernel thread (PF_KTHREAD, no mm). One reference.
 */
int umod_task_new(struct umod_task **tp, const char *comm, bool kthread);
struct umod_task *umod_task_get(struct umod_task *t);
void umod_task_put(struct umod_task *t);
/* the calling thread runs as @t from now on (NULL: as nobody); a kernel
 * thread's task takes the thread's id as its pid here */
void umod_task_set_current(struct umod_task *t);
/* the calling thread's task, made on first use for threads the host did not start */
struct umod_task *umod_task_current(void);
/* the calling thread's task or NULL, never allocating: for signal handlers */
struct umod_task *umod_task_peek(void);
/* around a wait of host code on its own primitives: the task sleeps */
unsigned int umod_task_sleep_begin(void);
void umod_task_sleep_end(unsigned int state);

/* ---- kernel/module/call.c: entering module code ------------------------- */

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
};

/*
 * Runs @fn(@arg) as module @mod's code; *@retp gets its result. Returns 0,
 * or UMOD_OOPSED after a fault in it was reported (taint D): then nothing
 * after the fault ran, and what it held stays held.
 */
int umod_call(struct umod_module *mod, long (*fn)(void *arg), void *arg, long *retp);
int umod_call_init(struct umod_module *mod, int (*init)(void), int *retp);
int umod_call_exit(struct umod_module *mod, void (*exit_fn)(void));

/* ---- kernel/time/jiffies.c: the clock modules see ---------------------- */

#define UMOD_HZ			250u	/* HZ */
/* INITIAL_JIFFIES: the low 32 bits wrap five minutes after boot */
#define UMOD_INITIAL_JIFFIES	((uint64_t)(uint32_t)(-300 * (int)UMOD_HZ))

/* nanoseconds of CLOCK_MONOTONIC since libumod started ("boot") */
uint64_t umod_ns_since_boot(void);
/* get_jiffies_64() */
uint64_t umod_jiffies64(void);

/* ---- kernel/watchdog.c: soft lockups ----------------------------------- */

/* the host's watchdog thread, started with the host: 0 or -errno */
int umod_watchdog_start(struct umod_host *host);
void umod_watchdog_stop(struct umod_host *host);

/* ---- kernel/params.c ------------------------------------------------- */

typedef int (*umod_parse_unknown_fn)(char *param, char *val, const char *doing,
				     void *arg);

/*
 * The kernel's parse_args(): splits @args in place ("a=1 b="x y" c"), and
 * calls the set op of each named parameter. Stops at the first error.
 */
int umod_parse_args(struct umod_log *log, const char *doing, char *args,
		    const struct kernel_param *params, unsigned int num,
		    umod_parse_unknown_fn unknown, void *arg);
/* parameter names compare with '-' and '_' equal */
bool umod_parameq(const char *a, const char *b);
/* calls ops->free for every parameter that has one (charp's copies) */
void umod_params_free(const struct kernel_param *params, unsigned int num);

/* the standard types: ops, set and get, exported as param_{ops,set,get}_X */
#define UMOD_PARAM_TYPE(name)						\
	extern const struct kernel_param_ops umod_param_ops_##name;	\
	int umod_param_set_##name(const char *val, const struct kernel_param *kp); \
	int umod_param_get_##name(char *buffer, const struct kernel_param *kp)
UMOD_PARAM_TYPE(byte);
UMOD_PARAM_TYPE(short);
UMOD_PARAM_TYPE(ushort);
UMOD_PARAM_TYPE(int);
UMOD_PARAM_TYPE(uint);
UMOD_PARAM_TYPE(long);
UMOD_PARAM_TYPE(ulong);
UMOD_PARAM_TYPE(ullong);
UMOD_PARAM_TYPE(hexint);
UMOD_PARAM_TYPE(charp);
UMOD_PARAM_TYPE(bool);
UMOD_PARAM_TYPE(invbool);
#undef UMOD_PARAM_TYPE
void umod_param_free_charp(void *arg);
extern const struct kernel_param_ops umod_param_ops_bool_enable_only;
int umod_param_set_bool_enable_only(const char *val, const struct kernel_param *kp);
extern const struct kernel_param_ops umod_param_ops_bint;
int umod_param_set_bint(const char *val, const struct kernel_param *kp);
extern const struct kernel_param_ops umod_param_ops_string;
int umod_param_set_copystring(const char *val, const struct kernel_param *kp);
int umod_param_get_string(char *buffer, const struct kernel_param *kp);
/* module_param_array(): writes NULs over the commas of the value it parses */
extern const struct kernel_param_ops umod_param_array_ops;
int umod_param_set_uint_minmax(const char *val, const struct kernel_param *kp,
			       unsigned int min, unsigned int max);
/* the module's param_lock (kernel_param_lock()); a NULL module is a no-op */
void umod_kernel_param_lock(struct module *mod);
void umod_kernel_param_unlock(struct module *mod);

/* ---- host.c ----------------------------------------------------------- */

/* taint flags: the kernel's TAINT_* bit numbers, shown as its letters */
#define UMOD_TAINT_PROPRIETARY_MODULE	0	/* P */
#define UMOD_TAINT_FORCED_MODULE	1	/* F */
#define UMOD_TAINT_FORCED_RMMOD		3	/* R */
#define UMOD_TAINT_DIE			7	/* D */
#define UMOD_TAINT_SOFTLOCKUP		14	/* L */
#define UMOD_TAINT_UNSIGNED_MODULE	13	/* E */
#define UMOD_TAINT_OOT_MODULE		12	/* O */

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
	/* kernel/watchdog.c: its thread, started with the host */
	pthread_t watchdog;
	bool watchdog_running, watchdog_stop;
	pthread_cond_t watchdog_wake;
};
/* a module of that name (with '-' and '_' equal), or NULL; module_mutex held */
struct umod_module *umod_host_find_locked(struct umod_host *host, const char *name);
bool umod_module_name_eq(const char *a, const char *b);
/* a hash of @name with '-' and '_' alike; never 0 */
uint32_t umod_module_name_hash(const char *name);

/* ---- kernel/panic.c: taint ------------------------------------------ */

/* add_taint()'s lockdep_ok argument */
#define UMOD_LOCKDEP_STILL_OK		false
#define UMOD_LOCKDEP_NOW_UNRELIABLE	true

bool umod_host_test_taint(struct umod_host *host, unsigned int flag);
/* the kernel's add_taint(): the first "now unreliable" one says so */
void umod_host_add_taint(struct umod_host *host, unsigned int flag, bool lockdep_unreliable);
/* add_taint_module(): the host and the module both get @flag */
void umod_module_add_taint(struct umod_module *mod, unsigned int flag,
			   bool lockdep_unreliable);

/* the letters of the flags set in @taints, in bit order ("PO"); @module_only:
 * only those a module can carry, as /sys/module/NAME/taint shows them */
/* print_tainted()'s columns, one per flag, set or not; @buf holds 32 bytes */
void umod_taint_columns(unsigned long taints, char *buf);
size_t umod_taint_letters(unsigned long taints, bool module_only, char *buf,
			  size_t size);

/* ---- refcount.c ------------------------------------------------------- */

/*
 * A module's use count (the kernel's mod->refcnt): the loader's base
 * reference plus one per user, spread over per-thread stripes. Its layout
 * is in umod/kabi.h, as module code counts inline; only refcount.c
 * and that header look inside.
 */
/* module_unload_init(): the base reference, plus one held during init */
void umod_refcount_init(struct umod_module *mod);
/* do_init_module(): drops the reference held during init */
void umod_refcount_init_done(struct umod_module *mod);
/* try_module_get(): fails once the module is GOING or stopped */
bool umod_refcount_try_get(struct umod_module *mod);
/* __module_get(): the caller already holds a reference */
void umod_refcount_get(struct umod_module *mod);
/* module_put() */
void umod_refcount_put(struct umod_module *mod);
/* module_refcount(): users, not counting the base; -1 once stopped */
int umod_refcount_read(const struct umod_module *mod);
/*
 * try_release_module_ref(), module_mutex held: 0 if only the base was
 * left (the count is stopped for good, the base dropped), else
 * -EWOULDBLOCK and the count goes on.
 */
int umod_refcount_try_stop(struct umod_module *mod);
/*
 * Stops the count for good whoever holds it (forced unload, failed init),
 * then waits up to @ms milliseconds for the users to put their references.
 * Returns how many are still held (0: none).
 */
int umod_refcount_stop_wait(struct umod_module *mod, unsigned int ms);

/* ---- usage.c ---------------------------------------------------------- */

/* "source uses target": the kernel's struct module_use, under module_mutex */
struct umod_module_use {
	struct umod_list source_list;	/* on target->source_list */
	struct umod_list target_list;	/* on source->target_list */
	struct umod_module *source, *target;
};

/* ref_module(): @a uses @b; takes a use count on @b (-EBUSY while @b is COMING) */
int umod_ref_module(struct umod_module *a, struct umod_module *b);
/* module_unload_free(): drops every link @mod holds, with their counts */
void umod_module_unuse_all(struct umod_module *mod);
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

/*
 * What a load of @modname parses: its options from the host's command line,
 * then @args, in a private writable copy (*@outp, NULL if both are empty).
 * Returns 0 or -ENOMEM.
 */
int umod_cmdline_module_args(struct umod_host *host, const char *modname,
			     const char *args, char **outp);
/* the soft-lockup threshold's watchdog_thresh=N (10 if none; 0: off) */
unsigned int umod_cmdline_watchdog_thresh(struct umod_host *host);

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
	char name[UMOD_MODULE_NAME_LEN];
	_Atomic int state;		/* enum umod_module_state */
	struct module *kmod;		/* the module's own struct, in its data */
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
	/* __ksymtab, __ksymtab_gpl in core rodata; their names in __ksymtab_strings */
	const struct kernel_symbol *syms, *gpl_syms;
	unsigned int num_syms, num_gpl_syms;
	const uint32_t *crcs, *gpl_crcs;	/* __kcrctab(_gpl), or NULL */
	struct umod_kallsyms *kallsyms;	/* owned; see kallsyms.c */
};

int umod_module_alloc(struct umod_host *host, const char *name,
		      struct umod_module **modp);
const struct umod_section *umod_module_find_section(const struct umod_module *mod,
						    const char *name);

/* ---- sysfs.c ---------------------------------------------------------- */

struct umod_mod_sysfs;
/* mod_sysfs_setup(): the module's directory appears (its args are parsed) */
int umod_mod_sysfs_setup(struct umod_module *mod);
/* it goes, once reads and writes in flight are done; module_mutex not held */
void umod_mod_sysfs_teardown(struct umod_module *mod);
/* the kernel's sysfs_emit(): formats into a page, returns the length */
int umod_sysfs_emit(char *page, const char *fmt, ...)
	__attribute__((__format__(printf, 2, 3)));
/* the next '/'-separated component of *@path (fs/sysfs/ walks /sys with it too) */
size_t umod_sysfs_next_component(const char **path, const char **comp);

/* ---- arch/<arch>/kernel/: see arch/arch.h ----------------------------- */

/* ---- layout.c, main.c, strict_rwx.c, unload.c ------------------------- */

/* per section of the image: where it lives at run time */
struct umod_sec {
	void *addr;		/* NULL: not loaded */
	size_t off;		/* offset in its region */
	unsigned char region;	/* UMOD_REGION_* */
	unsigned char cls;	/* which run of the region (layout.c) */
	bool apply;		/* a RELA section the scan checked (reloc.c) */
};

#define UMOD_REGION_NONE	0
#define UMOD_REGION_CORE	1
#define UMOD_REGION_INIT	2

/* everything one load needs, freed at its end (kernel's struct load_info) */
struct load_info {
	struct umod_host *host;
	struct umod_log *log;
	struct umod_elf elf;
	const char *name;		/* from .modinfo or this_module; in image */
	unsigned int flags;		/* UMOD_INSERT_* */
	unsigned long taints;		/* earned while loading; moved to the module */
	bool sig_ok;			/* signing.c: a trusted key signed it */
	struct {
		unsigned int mod;	/* .gnu.linkonce.this_module */
		unsigned int info;	/* .modinfo, 0 if none */
		unsigned int vers;	/* __versions, 0 if none */
		unsigned int param;	/* __param, 0 if none */
	} index;
	const char *modinfo;
	size_t modinfo_size;
	struct umod_sec *sec;		/* elf.shnum entries */
	uint64_t *symval;		/* resolved value of each symbol; owns the next two */
	int *got_slot;			/* per symbol: GOT slot index or -1 */
	int *plt_slot;			/* per symbol: PLT stub index or -1 */
	unsigned int num_got, num_plt;
	size_t got_off, plt_off;	/* offsets of the tables in core */
	struct umod_layout core, init;
	void *map;
	size_t map_size;
	struct umod_module *mod;
	/* UMOD_LOAD_OWN_IMAGE: the image, until kallsyms takes it with sec */
	void *image_owned;
	bool sec_given;
};

/* x86-64's module area with KASLR (MODULES_END - MODULES_VADDR): 1008 MiB */
#define UMOD_MODULE_MEMORY_DEFAULT	(1008UL << 20)
/* -ENOMEM, logged, when the host's module memory would pass its limit */
int umod_module_memory_reserve(struct umod_host *host, const char *name, size_t size);
void umod_module_memory_release(struct umod_host *host, size_t size);
/*
 * area.c: the module area every module's memory comes from. alloc gives
 * @size bytes (page-aligned) read-write and populated; free makes them
 * inaccessible at once and gives them back (@name: the module they held,
 * for oops reports' "last unloaded", or NULL); release drops the area.
 */
int umod_area_alloc(struct umod_host *host, size_t size, void **addrp);
void umod_area_free(struct umod_host *host, void *addr, size_t size, const char *name);
void umod_area_release(struct umod_host *host);
/* for the oops handler: lock-free */
bool umod_area_contains(const struct umod_host *host, uint64_t addr);
const char *umod_area_last_unloaded(const struct umod_host *host);
void umod_layout_classify(struct load_info *info);
int umod_layout_sections(struct load_info *info);
int umod_layout_alloc(struct load_info *info);
void umod_layout_free(struct load_info *info);
int umod_module_protect(struct umod_module *mod);
int umod_module_protect_after_init(struct umod_module *mod);
/*
 * Internal flag for umod_load_module(), above the public UMOD_INSERT_*:
 * validate, lay out, resolve and relocate, then roll everything back and
 * return 0 without running any module code (the fuzzers' entry point).
 */
#define UMOD_LOAD_STOP_BEFORE_INIT	(1u << 31)
/* the image is the load's to keep (malloc'd): kallsyms builds from it later */
#define UMOD_LOAD_OWN_IMAGE		(1u << 30)
int umod_load_module(struct umod_host *host, const void *image, size_t len,
		     const char *args, unsigned int flags,
		     struct umod_module **modp);
/* how long a failed init waits for the references taken during it */
#define UMOD_FAILED_INIT_WAIT_MS	5000
/* frees params and memory of a module that is out of the list */
void umod_module_free_memory(struct umod_module *mod);
/* the one place a module becomes GOING (init failed, or unloading); module_mutex held */
void umod_module_going_locked(struct umod_module *mod);
/* off the host's list: the one place a module becomes GONE; module_mutex held */
void umod_module_unlist_locked(struct umod_module *mod);
/* drops the list's reference, or keeps the module on host->kept (keep_mapped) */
void umod_module_release(struct umod_module *mod);
/* the host is going away: unload what can be, abandon the rest */
void umod_unload_all(struct umod_host *host);

/* ---- exports.c -------------------------------------------------------- */

/* __ksymtab*, after relocation: every entry's name, namespace and value checked */
int umod_exports_find(struct load_info *info);
/* verify_exported_symbols() and publish them; module_mutex held */
int umod_exports_add(struct umod_module *mod);
/* withdraws what umod_exports_add() published; module_mutex held */
void umod_exports_del(struct umod_module *mod);
/* decodes one place-relative entry */
const char *umod_kernel_symbol_name(const struct kernel_symbol *ks);
const char *umod_kernel_symbol_namespace(const struct kernel_symbol *ks);
uint64_t umod_kernel_symbol_value(const struct kernel_symbol *ks);

/* ---- kallsyms.c ------------------------------------------------------- */

struct umod_kallsyms;

/* copies the named symbols of the loaded sections, sorted by address */
int umod_kallsyms_record(struct load_info *info);
void umod_kallsyms_free(struct umod_module *mod);
/*
 * The .ko buffer kallsyms keeps for its lazy table (a load from a file),
 * or NULL. The gdb JIT object borrows it: umod_module_free_memory()
 * unregisters that object before umod_kallsyms_free() frees the buffer.
 */
unsigned char *umod_kallsyms_image(const struct umod_module *mod);
/*
 * For the oops handler: the symbol at @addr without taking module_mutex
 * and without allocating (the list is read as it stands). True if @addr
 * is inside a module; *@name is NULL when no symbol covers it.
 */
bool umod_kallsyms_lookup_nolock(struct umod_host *host, uint64_t addr,
				 const char **name, const char **modname,
				 uint64_t *offset, uint64_t *size);

/* ---- kernel/oops.c: oops reports --------------------------------------- */

/* the host is going away: its oops handlers, if any, are removed */
void umod_oops_host_gone(struct umod_host *host);
/*
 * After umod_call() came back from an oops: the report, kept by the signal
 * handler, goes into @host's log as printk lines, and the next oops may be
 * reported.
 */
void umod_oops_log_report(struct umod_host *host);
/* the watchdog's report of a stuck thread (@hard: in hard-IRQ context, a hard
 * lockup): captured on it, then logged */
bool umod_oops_capture_lockup(const ucontext_t *uc, unsigned int secs, bool hard);
void umod_oops_log_lockup(struct umod_host *host, bool hard);
/* an alternate signal stack for the calling thread, so that a module's stack
 * overflow is still reported; kept until the thread ends */
void umod_oops_thread_init(void);

/*
 * What the report's lines are made with, for kernel/oops.c and the arch
 * ports' dumpstack.c; all of it safe in a signal handler.
 */
#define UMOD_OOPS_SCAN_WORDS	512	/* stack words searched for module text */

struct umod_oops_line {
	char buf[1024];
	size_t len;
};

void umod_oops_put(struct umod_oops_line *l, const char *s);
void umod_oops_put_hex(struct umod_oops_line *l, uint64_t v, int width);
void umod_oops_put_dec(struct umod_oops_line *l, uint64_t v, int width, char pad);
/* "sym+0x12/0x40 [mod]", or the bare address; @is_return: a return address */
void umod_oops_put_symbol(struct umod_oops_line *l, uint64_t addr, bool is_return);
/* writes the line with dmesg's timestamp to the report's descriptors, empties it */
void umod_oops_emit(struct umod_oops_line *l);
void umod_oops_emit_str(const char *s);
/* how many oopses there have been, this one included: the report's [#N] */
unsigned int umod_oops_die_counter(void);
/* reads memory that may not be mapped: false instead of a fault */
bool umod_oops_read(uint64_t addr, void *dst, size_t len);
bool umod_oops_in_module_text(uint64_t addr);

/* ---- reloc.c ---------------------------------------------------------- */

int umod_reloc_scan(struct load_info *info);
int umod_reloc_apply(struct load_info *info);

/* ---- signing.c: module signatures ------------------------------------ */

/*
 * module_sig_check(): a signed module's trailer is checked against the
 * host's trusted keys and cut off (*@len shrinks). 0: go on (info->sig_ok
 * says whether it was a trusted signature); -EKEYREJECTED, -EBADMSG, ...:
 * refuse the load, as the kernel does.
 */
int umod_module_sig_check(struct load_info *info, const void *image, size_t *len);
/* after add_unformed_module(): an unverified module taints E */
void umod_module_sig_taint(struct load_info *info);
/* mod_verify_sig() on its own, for tests and fuzzing: 0 or -errno */
int umod_mod_verify_sig(struct umod_host *host, const void *image, size_t *len);
void umod_keyring_free(struct umod_keyring *kr);

/* ---- version.c -------------------------------------------------------- */

extern const char umod_vermagic[];
int umod_check_modinfo(struct load_info *info);
/* sanitize.c: a module built with UMOD_SANITIZE needs the host's runtimes */
int umod_check_sanitize(struct load_info *info);
bool umod_sanitizer_resolve(const struct load_info *info, const char *name, uint64_t *val);
/* module_layout's CRC: the ABI structs; before anything else is trusted */
int umod_check_modstruct_version(struct load_info *info);
/* may @ks be used by this module? false: its CRC disagrees (logged) */
bool umod_check_version(struct load_info *info, const char *name,
			const struct umod_ksym *ks);

/* ---- kernel/time/, kernel/workqueue.c, kernel/softirq.c, kernel/kthread.c ---- */

#include <umod/kabi/timer.h>

/* a host thread that runs module code: only fault and watchdog signals */
int umod_thread_spawn(pthread_t *thread, void *(*fn)(void *), void *arg);
/* @fn(@arg) in softirq context, as @owner's code (NULL: host code) */
int umod_softirq_call(struct module *owner, long (*fn)(void *), void *arg, long *retp);
/* the timer thread's queue (timer.c), one lock for timers, hrtimers, tasklets */
void umod_tq_lock(void);
void umod_tq_unlock(void);
void umod_tq_add_locked(struct umod_tnode *n, uint64_t when_ns);
bool umod_tq_del_locked(struct umod_tnode *n);
bool umod_tq_running_locked(const struct umod_tnode *n);
void umod_tq_wait_locked(const struct umod_tnode *n);
void umod_tq_for_each_locked(bool (*fn)(struct umod_tnode *n, void *arg), void *arg);
const struct umod_tnode *umod_tq_running(void);
bool umod_in_timer_thread(void);
int umod_del_timer_sync(struct timer_list *timer);
/* now on a clock of linux/hrtimer.h's numbering, ns (hrtimer.c) */
int64_t umod_clock_now(int clockid);
void umod_hrtimer_run(struct hrtimer *timer);
void umod_tasklet_run(struct tasklet_struct *t);
bool umod_tasklet_cancel_locked(struct tasklet_struct *t);
/* module_leftovers[]: what @mod left armed, queued or running (timer.c) */
void umod_time_leftovers(struct umod_module *mod);
void umod_leftover_report(struct umod_module *mod, const char *what, const void *fn,
			  const char *how);
unsigned int umod_workqueue_leftovers(struct umod_module *mod);
void umod_kthread_leftovers(struct umod_module *mod);
bool umod_is_delayed_work_timer(const struct timer_list *t);
void umod_delayed_work_disarmed(struct timer_list *t);
/* kallsyms.c: the symbol at @addr in @mod, listed or not */
bool umod_kallsyms_lookup_module(const struct umod_module *mod, uint64_t addr,
				 const char **name, uint64_t *offset, uint64_t *size);
/* ---- kernel/sched/, kernel/locking/: sleeping, waking, locks ---------- */

extern const struct umod_kapi_table umod_kapi_wait;
extern const struct umod_kapi_table umod_kapi_spinlock;
extern const struct umod_kapi_table umod_kapi_delay;
extern const struct umod_kapi_table umod_kapi_completion;
extern const struct umod_kapi_table umod_kapi_mutex;
extern const struct umod_kapi_table umod_kapi_semaphore;
extern const struct umod_kapi_table umod_kapi_rcu;

/* mutex.c: a mutex module code shares, from host code (sleeps as a task) */
struct mutex;
void umod_mutex_init(struct mutex *lock);
void umod_mutex_lock(struct mutex *lock);
void umod_mutex_unlock(struct mutex *lock);

/* rcu_barrier(): every call_rcu() callback queued so far has run */
void umod_rcu_barrier(void);
/* module_leftovers[]: rcu_barrier() before a module's memory goes */
void umod_rcu_module_leftovers(struct umod_module *mod);

/* a host source's name as the kernel's reports give it: "kernel/sched/core.c" */
static inline const char *umod_src_rel(const char *file)
{
	const char *p = strstr(file, "/kernel/");

	return p ? p + 1 : file;
}

/* the calling thread's task pointer, for the hot paths (spin_lock) */
extern __thread struct umod_task *umod_current_tls __attribute__((tls_model("initial-exec")));

static inline struct umod_task *umod_task_fast(void)
{
	struct umod_task *t = umod_current_tls;

	return t ? t : umod_task_current();
}

/*
 * A signal for @t, as the kernel's SIGKILL: signal_pending() and
 * fatal_signal_pending() become true and an interruptible or killable
 * sleep of @t ends (-ERESTARTSYS, -EINTR). The daemon sends it when the
 * client a task acts for goes away.
 */
void umod_task_signal(struct umod_task *t);
/* try_to_wake_up(): @p to TASK_RUNNING if its state is in @state; 1 if so */
int umod_task_wake(struct task_struct *p, unsigned int state);
/* the sleeps of schedule() and schedule_timeout(), for host code too */
void umod_schedule(void);
long umod_schedule_timeout(long timeout);
/*
 * On the functions modules call that may sleep: they keep a frame
 * pointer, so that a might_sleep() report's call trace walks through them
 * to the module's frames.
 */
#if defined(__clang__)
/* clang has no such attribute; its builds here keep frame pointers anyway */
#define UMOD_KEEP_FRAME	__attribute__((noinline))
#else
#define UMOD_KEEP_FRAME	__attribute__((noinline, optimize("no-omit-frame-pointer")))
#endif
/* might_sleep() from host code: the report when the context is atomic */
void umod_might_resched(const char *file, int line, unsigned int offsets);
/* tests: the next might_sleep() report is not held back by the rate limit */
void umod_might_sleep_reset_ratelimit(void);

/* wait queues for the host's sleeping locks (wait.c) */
struct wait_queue_head;
/* an empty, unlocked wait queue: init_waitqueue_head() for host code */
void umod_wq_init(struct wait_queue_head *wq);
struct umod_task *umod_wq_lock(struct wait_queue_head *wq);
void umod_wq_unlock(struct wait_queue_head *wq, struct umod_task *t);
/* wakes up to @nr exclusive waiters (0: all) in @mode; the lock is held */
void umod_wake_locked(struct wait_queue_head *wq, unsigned int mode, int nr);
/*
 * With @wq's lock held (dropped while asleep): sleeps in @state, queued
 * at the tail, until @ready(@arg), tested under the lock, is true. 0, or
 * -EINTR when a signal ends the sleep, -ETIME when *@timeout jiffies (the
 * rest is left there; MAX_SCHEDULE_TIMEOUT: no limit) run out first.
 */
int umod_wait_locked(struct wait_queue_head *wq, struct umod_task *t,
		     bool (*ready)(void *arg), void *arg, unsigned int state, long *timeout);
/* the kernel's signal_pending_state() */
bool umod_signal_ends(const struct umod_task *t, unsigned int state);

/* the spin lock word under spinlock_t, rwlock_t; preempt_count untouched */
void umod_arch_spin_lock(volatile unsigned int *locked);
static inline void umod_arch_spin_unlock(volatile unsigned int *locked)
{
	__atomic_store_n(locked, 0, __ATOMIC_RELEASE);
}
/* ---- gdb_jit.c: gdb's JIT interface ------------------------------------ */

/* after relocation, before any module code runs: gdb learns the module;
 * 0 or -ENOMEM */
int umod_gdb_jit_register(const struct load_info *info);
/* the init region is about to be unmapped: its symbols leave gdb's view */
void umod_gdb_jit_init_freed(const struct umod_module *mod);
/* before the module's memory goes; nothing if it was never registered */
void umod_gdb_jit_unregister(const struct umod_module *mod);
/* "/path/file.c:LINE" of module code at @addr, from its DWARF; false if unknown */
bool umod_gdb_jit_srcline(uint64_t addr, char *buf, size_t size);
/* valgrind.c: under valgrind, the module's text mapped from a file it reads symbols from */
void umod_valgrind_map_module(const struct umod_module *mod, const void *image);

/* ---- perf_map.c: /tmp/perf-PID.map ------------------------------------ */

/* after relocation: the module's functions, if umod_perf_map_enable() */
void umod_perf_map_record(const struct load_info *info);
/* ---- mm/: memory, owned by the module that allocates it ----------------- */

extern const struct umod_kapi_table umod_kapi_slab;		/* mm/slab_common.c */
extern const struct umod_kapi_table umod_kapi_slab_cache;	/* mm/slab.c */
extern const struct umod_kapi_table umod_kapi_mm_util;		/* mm/util.c */
extern const struct umod_kapi_table umod_kapi_vmalloc;		/* mm/vmalloc.c */
extern const struct umod_kapi_table umod_kapi_page_alloc;	/* mm/page_alloc.c */

/* kfree(), for host code that frees what modules allocated (kfree_rcu) */
void umod_kfree(const void *p);
/* module_leftovers[]: one line per call site that still owns memory */
void umod_mm_module_leftovers(struct umod_module *mod);
/* kallsyms.c: the symbol at @addr in @mod, without module_mutex: for a caller
 * that knows @mod's symbols stay (its own allocation, while it runs) */
bool umod_kallsyms_lookup_in(const struct umod_module *mod, uint64_t addr,
			     const char **name, uint64_t *offset, uint64_t *size);
/* ---- lib/ (the kernel's pure library) and kernel/panic.c warnings ---------- */

#define UMOD_TAINT_WARN			9	/* W */

/* what a warning's report says (kernel/oops.c prints it, kernel/panic.c asks) */
struct umod_warn {
	const char *file;
	int line;
	uint64_t caller;		/* a return address into the module */
	const char *caller_name;	/* instead of @caller: a host function's name */
	const char *msg;		/* WARN()'s message, or NULL */
	unsigned int taint;		/* TAINT_WARN, or WARN_TAINT()'s */
	uint64_t frame;			/* the export's frame: the trace starts there */
};

/* the "cut here" report of 6.1's __warn(), into @host's log; taints it */
void umod_oops_warn(struct umod_host *host, const struct umod_warn *w);
/* dump_stack(): the CPU line and a call trace from @frame (0: the caller) into
 * @host's log at @level */
void umod_oops_dump_stack(struct umod_host *host, const char *level, uint64_t frame);
/* BUG(): the file and line the next invalid-opcode oops on this thread reports */
void umod_oops_bug_at(const char *file, int line);
/* a WARN of the host's library code (ida_free, refcount) for the calling module */
void umod_warn_host(const char *file, int line, const char *func, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* ---- fs/sysfs/, lib/kobject.c, fs/debugfs/ (sysfs): the /sys tree beyond module/ ---- */

extern const struct umod_kapi_table umod_kapi_kobject;	/* lib/kobject.c */
extern const struct umod_kapi_table umod_kapi_sysfs;	/* fs/sysfs/file.c */
extern const struct umod_kapi_table umod_kapi_debugfs;	/* fs/debugfs/inode.c */

/*
 * A node of the tree (kernfs's): a directory, a file or a link. The
 * directories below are shared by every host of the process; every other
 * node belongs to one host, and only its paths see it. See
 * /work/briefs/sysfs-notes.md (DESIGN.md "sysfs and debugfs").
 */
struct kernfs_node;
struct kobject;
struct kobj_type;
struct attribute;
struct attribute_group;

enum umod_kernfs_root {
	UMOD_KERNFS_SYS,	/* /sys itself (module/ is kernel/module/sysfs.c's) */
	UMOD_KERNFS_KERNEL,	/* /sys/kernel: kernel_kobj */
	UMOD_KERNFS_DEBUG,	/* /sys/kernel/debug: debugfs, 0700 */
	UMOD_KERNFS_MM,		/* /sys/kernel/mm: mm_kobj */
	UMOD_KERNFS_CLASS,	/* /sys/class: class_create()'s directories */
	UMOD_KERNFS_FIRMWARE,	/* /sys/firmware: firmware_kobj */
	UMOD_KERNFS_DEVICES,	/* /sys/devices: the device tree (drivers/base/) */
	UMOD_KERNFS_BUS,	/* /sys/bus */
	UMOD_KERNFS_DEV,	/* /sys/dev */
	UMOD_KERNFS_DEV_BLOCK,	/* /sys/dev/block */
	UMOD_KERNFS_DEV_CHAR,	/* /sys/dev/char: MAJ:MIN links */
};

/* what a module's leftover of this node is called; PLAIN: its maker reports it */
enum umod_kernfs_kind {
	UMOD_KN_PLAIN,
	UMOD_KN_KOBJECT,	/* priv: the struct kobject */
	UMOD_KN_ATTR,
	UMOD_KN_GROUP,		/* a named attribute group's directory; priv: the kobject */
	UMOD_KN_LINK,		/* sysfs_create_link() */
	UMOD_KN_DEBUGFS,
};

/*
 * A file's ops: show fills a zeroed page and returns its length, store
 * gets a NUL-terminated copy of one write and returns the bytes taken;
 * either returns -errno. They run inside umod_call() as the node's owner
 * (when it has one) holding a use count on it, without any lock.
 */
struct umod_kernfs_ops {
	long (*show)(struct kernfs_node *kn, void *priv, char *page);
	long (*store)(struct kernfs_node *kn, void *priv, const char *buf, size_t len);
};

struct umod_kernfs_new {
	struct kernfs_node *parent;	/* a directory: a root or one made here */
	struct umod_host *host;		/* NULL: the parent's (required under a root) */
	struct umod_module *owner;	/* the module whose code ops run, or NULL */
	const char *name;		/* copied */
	enum umod_sysfs_type type;
	enum umod_kernfs_kind kind;
	unsigned int mode;		/* permission bits: 0755, 0644, ... */
	const struct umod_kernfs_ops *ops;	/* files */
	void *priv;			/* passed to the ops */
	const char *target;		/* links: relative to the link's directory; copied */
	bool ref;			/* the caller keeps a reference (umod_kernfs_put) */
	void (*release)(void *priv);	/* called with @priv when the node is freed */
};

struct kernfs_node *umod_kernfs_root(enum umod_kernfs_root which);
/*
 * Adds the node, *@knp (if not NULL) is it; with @nw->ref the caller also
 * holds a reference, dropped with umod_kernfs_put() after it removed the
 * node. -EEXIST (logged as sysfs does, but for debugfs) if the host sees
 * the name there already, -ENOENT (@parent is gone), -ENOMEM.
 */
int umod_kernfs_create(const struct umod_kernfs_new *nw, struct kernfs_node **knp);
/* removes @kn and all below it, once their shows and stores in flight are done */
void umod_kernfs_remove(struct kernfs_node *kn);
int umod_kernfs_remove_by_name(struct kernfs_node *dir, struct umod_host *host,
			       const char *name);
void umod_kernfs_put(struct kernfs_node *kn);
/* @dir's entry @name as @host (NULL: @dir's) sees it, or NULL; not referenced */
struct kernfs_node *umod_kernfs_find(struct kernfs_node *dir, struct umod_host *host,
				     const char *name);
/* "/kernel/x": the path below /sys */
void umod_kernfs_path(struct kernfs_node *kn, char *buf, size_t size);
const char *umod_kernfs_name(const struct kernfs_node *kn);
enum umod_sysfs_type umod_kernfs_type(const struct kernfs_node *kn);
void *umod_kernfs_priv(const struct kernfs_node *kn);
void umod_kernfs_set_priv(struct kernfs_node *kn, void *priv);	/* the roots' kobjects */
struct kernfs_node *umod_kernfs_parent(const struct kernfs_node *kn);
struct umod_host *umod_kernfs_host(const struct kernfs_node *kn);
struct umod_module *umod_kernfs_owner(const struct kernfs_node *kn);
/* module_leftovers[]: reports and removes what @mod made here */
void umod_kernfs_leftovers(struct umod_module *mod);
/* the public umod_sysfs_*() calls for paths below /sys but outside module/ */
int umod_kernfs_stat(struct umod_host *host, const char *path,
		     enum umod_sysfs_type *type, unsigned int *mode);
int umod_kernfs_list(struct umod_host *host, const char *path, umod_sysfs_list_fn fn,
		     void *data);
ssize_t umod_kernfs_read(struct umod_host *host, const char *path, char *buf, size_t size);
ssize_t umod_kernfs_write(struct umod_host *host, const char *path, const char *buf,
			  size_t len);
ssize_t umod_kernfs_readlink(struct umod_host *host, const char *path, char *buf,
			     size_t size);
/* lib/kobject.c: a leftover kobject is out of sysfs (its node is going); kernfs's lock held */
void umod_kobject_forget(struct kobject *kobj);
/* @kobj's directory (the roots' kobjects included), or NULL when it is not in sysfs */
struct kernfs_node *umod_kobject_dir(struct kobject *kobj);
/* the host @kobj lives in: its own, or its owner's */
struct umod_host *umod_kobject_host(const struct kobject *kobj);
/* the host of the module whose code runs on this thread, or NULL */
struct umod_host *umod_caller_host(void);
/*
 * The kobject calls for host code (a device model embedding kobjects):
 * as the exports; @owner is whose release/show/store run (NULL: the
 * host's, then set kobj->host before adding under a root).
 */
int umod_kobject_init_and_add(struct module *owner, struct kobject *kobj,
			      const struct kobj_type *ktype, struct kobject *parent,
			      const char *name);
void umod_kobject_init(struct module *owner, struct kobject *kobj, const struct kobj_type *ktype);
int umod_kobject_add(struct kobject *kobj, struct kobject *parent, const char *name);
struct kobject *umod_kobject_get(struct kobject *kobj);
void umod_kobject_put(struct kobject *kobj);
void umod_kobject_del(struct kobject *kobj);
/* the static kobject of a root (all but SYS and DEV, which have none) */
struct kobject *umod_kobject_root(enum umod_kernfs_root which);
int umod_sysfs_create_file(struct module *owner, struct kobject *kobj,
			   const struct attribute *attr);
void umod_sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);
/* fs/sysfs/file.c: a link of the host's own (no owner), @dir/@name -> @target */
int umod_kernfs_link(struct umod_host *host, struct kernfs_node *dir, const char *name,
		     struct kernfs_node *target);
/* fs/sysfs/file.c: sysfs_create_groups() as @owner's */
int umod_sysfs_create_groups(struct module *owner, struct kobject *kobj,
			     const struct attribute_group **groups);
void umod_sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);
/* kobj_sysfs_ops, the ktype of kobject_create_and_add()'s kobjects */
extern const struct kobj_type umod_dynamic_kobj_ktype;

/* ---- fs/: files for user space (fs/internal.h has the rest) ----------- */

extern const struct umod_kapi_table umod_kapi_read_write;	/* fs/read_write.c */
extern const struct umod_kapi_table umod_kapi_procfs;		/* fs/proc/generic.c */
extern const struct umod_kapi_table umod_kapi_seq_file;		/* fs/seq_file.c */
extern const struct umod_kapi_table umod_kapi_char_dev;		/* fs/char_dev.c */
extern const struct umod_kapi_table umod_kapi_class;		/* drivers/base/class.c */
extern const struct umod_kapi_table umod_kapi_misc;		/* drivers/char/misc.c */
/* the module's proc entries, devices, classes and open files go (unload.c) */
void umod_fs_leftovers(struct umod_module *mod);
/* the host goes: its file namespace with it (unload.c, after the last module) */
void umod_fs_host_gone(struct umod_host *host);

/* ---- kernel/kunit/: KUnit suites, run after a module's init ------------ */

extern const struct umod_kapi_table umod_kapi_kunit;		/* kernel/kunit/test.c */
extern const struct umod_kapi_table umod_kapi_kunit_assert;	/* kernel/kunit/assert.c */
/* the suites in @mod's .kunit_test_suites, as Linux's kunit_module_notify() */
void umod_kunit_module_run(struct umod_module *mod);

#endif /* _UMOD_KERNEL_MODULE_INTERNAL_H */
