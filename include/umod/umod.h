/* SPDX-License-Identifier: MIT */
/*
 * libumod: load Linux-style .ko modules into this process.
 *
 * A host is the "kernel": it owns a module list, an export table and a
 * printk ring. Several hosts may live in one process; they share nothing.
 * All objects are opaque and reference counted. Functions return 0 or a
 * negative errno; the reason for a failure is also logged, once, in the
 * host's ring in the kernel's wording.
 *
 * Thread safety: every function may be called from any thread. Loading
 * and unloading are serialised per host: one insert or remove at a time,
 * init and exit included. A module's init may load another module from
 * the same thread; code that waits for another thread's load or unload
 * from inside an init or exit deadlocks.
 */
#ifndef _UMOD_UMOD_H
#define _UMOD_UMOD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define UMOD_API __attribute__((__visibility__("default")))

struct umod_host;
struct umod_module;

/* ---- the application's own exports ------------------------------------ */

/*
 * One entry of the "umod_exports" linker section, as UMOD_EXPORT_SYMBOL()
 * emits it. This is a binary record, not an object: its layout is part of
 * the ABI (UMOD_0.2) and never changes.
 */
struct umod_export {
	const char *name;
	const void *addr;
	unsigned int flags;	/* UMOD_EXPORT_GPL */
	const char *ns;		/* namespace, or NULL */
};

#define UMOD_EXPORT_GPL		(1u << 0)

#define __UMOD_EXPORT(sym, fl, nsname)						\
	static const struct umod_export __umod_export_##sym			\
	__attribute__((__used__, __section__("umod_exports"),			\
		       __aligned__(sizeof(void *))))				\
	= { #sym, (const void *)&(sym), (fl), (nsname) }

/*
 * UMOD_EXPORT_SYMBOL(sym) in application code makes the function or
 * object @sym visible to modules, as EXPORT_SYMBOL does in kernel code;
 * the _GPL forms only to GPL-compatible modules, the _NS forms only to
 * modules that MODULE_IMPORT_NS(ns). umod_host_new() collects them.
 *
 * The entries sit in a section whose bounds (__start_umod_exports and
 * __stop_umod_exports) the linker defines separately in every executable
 * and shared library. umod_host_new() is therefore a macro: it passes the
 * bounds of the object that calls it, which is right whether that object
 * links libumod.a or libumod.so. Exports placed in another shared object
 * are added with umod_host_export_table(host, UMOD_THIS_OBJECT_EXPORTS)
 * called from that object.
 */
#define UMOD_EXPORT_SYMBOL(sym)		__UMOD_EXPORT(sym, 0, 0)
#define UMOD_EXPORT_SYMBOL_GPL(sym)	__UMOD_EXPORT(sym, UMOD_EXPORT_GPL, 0)
#define UMOD_EXPORT_SYMBOL_NS(sym, ns)	__UMOD_EXPORT(sym, 0, #ns)
#define UMOD_EXPORT_SYMBOL_NS_GPL(sym, ns) __UMOD_EXPORT(sym, UMOD_EXPORT_GPL, #ns)

/* weak: NULL in an object that exports nothing */
extern const struct umod_export __start_umod_exports[]
	__attribute__((__weak__, __visibility__("hidden")));
extern const struct umod_export __stop_umod_exports[]
	__attribute__((__weak__, __visibility__("hidden")));
#define UMOD_THIS_OBJECT_EXPORTS	__start_umod_exports, __stop_umod_exports

/* ---- hosts ---------------------------------------------------------- */

/*
 * umod_host_new - create a host with the built-in exports (printk, kmalloc,
 * string functions, parameter ops, try_module_get...), the calling
 * object's UMOD_EXPORT_SYMBOL()s and an empty module list.
 * @hostp: receives the host, with one reference.
 * Returns 0, -EINVAL (NULL hostp, or an export entry without name or
 * address), -EEXIST (an exported name is already taken) or -ENOMEM.
 */
#define umod_host_new(hostp)	umod_host_new_exports((hostp), UMOD_THIS_OBJECT_EXPORTS)
UMOD_API int (umod_host_new)(struct umod_host **hostp);

/*
 * umod_host_new_exports - umod_host_new() with the exports in
 * [@first, @last) (both NULL: none), as umod_host_export_table() adds them.
 */
UMOD_API int umod_host_new_exports(struct umod_host **hostp,
				   const struct umod_export *first,
				   const struct umod_export *last);

/* takes a reference; returns @host */
UMOD_API struct umod_host *umod_host_ref(struct umod_host *host);

/*
 * Drops a reference (NULL is accepted). The last one unloads every module,
 * newest first, calling each exit function, then frees the host. Returns
 * NULL once freed, else @host.
 */
UMOD_API struct umod_host *umod_host_unref(struct umod_host *host);

/*
 * umod_host_export - make a function or object of the application visible
 * to modules under @name, as EXPORT_SYMBOL (or EXPORT_SYMBOL_GPL when @gpl
 * is non-zero) does for kernel code.
 * Returns 0, -EINVAL (NULL or empty argument), -EEXIST (the name is
 * already exported) or -ENOMEM.
 */
UMOD_API int umod_host_export(struct umod_host *host, const char *name,
			      const void *addr, int gpl);

/*
 * umod_host_export_ns - umod_host_export() with flags (UMOD_EXPORT_GPL)
 * and a namespace (NULL or "": none), as EXPORT_SYMBOL_NS[_GPL] does: a
 * module may use the symbol only if it has MODULE_IMPORT_NS(@ns).
 * Returns 0, -EINVAL (NULL or empty name, NULL addr, unknown flag),
 * -EEXIST or -ENOMEM. @name and @ns are copied.
 */
UMOD_API int umod_host_export_ns(struct umod_host *host, const char *name,
				 const void *addr, unsigned int flags, const char *ns);

/*
 * umod_host_export_table - export every entry in [@first, @last), all or
 * nothing: on failure none of them stays exported.
 * Returns 0, -EINVAL (bad range, or an entry without name or address),
 * -EEXIST or -ENOMEM.
 */
UMOD_API int umod_host_export_table(struct umod_host *host,
				    const struct umod_export *first,
				    const struct umod_export *last);

/*
 * Calls @fn for each exported symbol, in no particular order, with the
 * module lock held; @owner is the exporting module's name, NULL for the
 * host's own. Stops at the first non-zero return and passes it back.
 */
UMOD_API int umod_host_for_each_export(struct umod_host *host,
				       int (*fn)(const char *name, const char *owner,
						 int gpl, void *data),
				       void *data);

/*
 * umod_host_set_force_unload - the host's CONFIG_MODULE_FORCE_UNLOAD: with
 * it, umod_module_remove(..., UMOD_REMOVE_FORCE) may unload a module that
 * is still in use or has init but no exit (tainting the host R), never
 * one that other modules use; without it (the default) the flag cannot
 * override a refusal, and the host's log says so. Returns 0 or -EINVAL
 * (NULL host). Since UMOD_0.2.
 */
UMOD_API int umod_host_set_force_unload(struct umod_host *host, int enable);

/*
 * umod_host_set_cmdline - the host's "kernel command line", e.g.
 * "hellop.howmany=3 hellop.whom=\"big universe\" quiet". Every later load
 * of a module M is given the "M.param[=value]" words for it (M compared
 * with '-' and '_' equal), in order, before its own arguments, as modprobe
 * applies /proc/cmdline: a load's own arguments therefore win. Other words
 * ("quiet", "a=b", "a.b.c=d", "modprobe.*") are ignored. Replaces the
 * previous line; NULL or "" clears it. The string is copied.
 * Returns 0, -EINVAL (NULL host) or -ENOMEM. Since UMOD_0.2.
 */
UMOD_API int umod_host_set_cmdline(struct umod_host *host, const char *cmdline);

/*
 * umod_host_set_module_tree - where request_module() (and symbol_request())
 * from module code find modules: the tree BASE/lib/modules/RELEASE that
 * `umod depmod -b BASE RELEASE` indexes, with BASE/etc/modprobe.d and the
 * other modprobe.d directories under BASE. NULL @base: none, and
 * request_module() fails with -ENOENT, as the kernel's with no modprobe.
 * Returns 0, -EINVAL (NULL host, or a base without release) or -ENOMEM.
 * Since UMOD_0.2.
 */
UMOD_API int umod_host_set_module_tree(struct umod_host *host, const char *base,
				       const char *release);

/*
 * umod_host_load_board - the host's simulated hardware: @board is a
 * built-in board's name ("rpi4", "rpi5"), a flattened device tree (.dtb)
 * or its source (.dts, compiled with dtc). The tree becomes the host's:
 * /sys/firmware/devicetree/base shows it, the device models its nodes
 * name ("umod,model") start, its nodes become platform devices, and
 * drivers bind to them as on the board. Called again with an overlay (a
 * /plugin/ dts), merges it in and adds its devices. Returns 0, -EINVAL
 * (a malformed blob or a dtc error: the reason is in the host's log),
 * -EBUSY (a second board that is not an overlay), -ENOENT and the other
 * errnos of reading the file, or -ENOMEM. Since UMOD_0.6.
 */
UMOD_API int umod_host_load_board(struct umod_host *host, const char *board);

/* ---- the printk ring ----------------------------------------------------- */

/*
 * A sink sees every record once, in order, as it is committed; it is called
 * with the ring's lock held and must not call back into the host.
 * @level: 0 (KERN_EMERG) .. 7 (KERN_DEBUG); @ts_nsec: since host creation;
 * @text: the line without its trailing newline, NUL-terminated, @len bytes.
 */
typedef void (*umod_log_fn)(void *data, uint64_t seq, int level,
			    uint64_t ts_nsec, const char *text, size_t len);

/* sets (or with NULL removes) the host's sink; returns 0 or -EINVAL */
UMOD_API int umod_host_set_log_fn(struct umod_host *host, umod_log_fn fn,
				  void *data);

/*
 * umod_log_read - copy out the oldest record whose sequence number is at
 * least *@seq, as dmesg reads /dev/kmsg.
 * @seq: cursor; set to the record's sequence number plus one.
 * @level, @ts_nsec: may be NULL.
 * @buf, @size: receives the text, NUL-terminated and truncated to fit.
 * Returns the text's full length, or -EAGAIN when no such record exists.
 * Records overwritten since *@seq was taken are skipped silently.
 */
UMOD_API int umod_log_read(struct umod_host *host, uint64_t *seq, int *level,
			   uint64_t *ts_nsec, char *buf, size_t size);

/* forgets every record read so far (dmesg -c); returns 0 */
UMOD_API int umod_log_clear(struct umod_host *host);

/* logs a line from the application at @level (0..7), as printk would */
UMOD_API int umod_host_log(struct umod_host *host, int level,
			   const char *fmt, ...)
	__attribute__((__format__(printf, 3, 4)));

/* ---- taint ------------------------------------------------------------- */

/*
 * The host's taint mask, as /proc/sys/kernel/tainted reads: bit N is the
 * kernel's TAINT flag N (1 = P, proprietary module; 2 = F, forced load;
 * 8 = R, forced unload; 4096 = O; 8192 = E ...). 0 for a NULL host.
 * Taint is never cleared.
 */
UMOD_API unsigned long umod_host_get_taint(struct umod_host *host);

/*
 * The kernel's print_tainted(): "Not tainted", or "Tainted: " and one
 * column per flag, its letter when set ("Tainted: P           O      ").
 * Returns the full length, as snprintf, or -EINVAL.
 */
UMOD_API int umod_host_print_tainted(struct umod_host *host, char *buf, size_t size);

/* ---- module signatures (the kernel's module signing) -------------------- */

/*
 * umod_host_set_module_sig - the kernel's CONFIG_MODULE_SIG: check each
 * module's appended signature at load. A host starts without (modules load
 * untainted, signed or not); umod_host_add_keys() and
 * umod_host_set_sig_enforce() turn it on too. Once on, a module without a
 * valid signature by a trusted key taints the host E, and the first such
 * load logs "<m>: module verification failed: signature and/or required
 * key missing - tainting kernel". It cannot be turned off again (-EROFS).
 * Returns 0, -EINVAL or -EROFS. Since UMOD_0.5.
 */
UMOD_API int umod_host_set_module_sig(struct umod_host *host, int enable);

/*
 * umod_host_add_keys - trust the X.509 certificates in @path, as the
 * kernel's .builtin_trusted_keys: a PEM file (every certificate in it), a
 * DER file (one), or a directory (each regular file in it, in name order;
 * symbolic links are not followed). A module whose appended signature
 * (umod sign-file, Linux's sign-file) was made by one of those keys loads
 * untainted; an unsigned one, or one signed by another key, taints the
 * host E (or is refused under sig_enforce); a tampered one is always
 * refused (-EKEYREJECTED, -EBADMSG). Returns how many certificates were
 * added, or -errno (-EBADMSG: a file that holds none). Since UMOD_0.5.
 */
UMOD_API int umod_host_add_keys(struct umod_host *host, const char *path);

/*
 * umod_host_for_each_key - @fn for each trusted key, in the order added,
 * with its /proc/keys description ("CN: SKID-in-hex"). Stops at the first
 * non-zero return and passes it back; 0, or -EINVAL. Since UMOD_0.5.
 */
UMOD_API int umod_host_for_each_key(struct umod_host *host,
				    int (*fn)(const char *desc, void *data), void *data);

/*
 * umod_host_set_sig_enforce - module.sig_enforce: refuse every module
 * without a valid signature by a trusted key (-EKEYREJECTED). As the
 * kernel's parameter it can be turned on, not off again (-EROFS).
 * "module.sig_enforce=1" on the host's command line does the same.
 * Returns 0, -EINVAL (NULL host) or -EROFS. Since UMOD_0.5.
 */
UMOD_API int umod_host_set_sig_enforce(struct umod_host *host, int enable);
/* 1 when enforcing, else 0 (also for a NULL host). Since UMOD_0.5. */
UMOD_API int umod_host_get_sig_enforce(struct umod_host *host);

/* ---- genuine Linux modules ------------------------------------------------ */

/*
 * umod_host_set_abi - also load genuine Linux modules: .ko files built by
 * a distribution's own Kbuild for its kernel, unmodified, beside umod's
 * own. @abi names the kernel: "debian-6.1" (Debian 12's amd64 6.1.0-N
 * kernels; x86-64 hosts only). @headers is the directory of the
 * linux-headers package the modules were built with
 * (/usr/src/linux-headers-6.1.0-N-amd64): its Module.symvers gives the
 * CRCs the modules' imports are checked against, its
 * include/generated/utsrelease.h the version magic they must carry. The
 * host then checks signatures, as that kernel does (unenforced: give it
 * the kernel's certificate with umod_host_add_keys()). Call it before
 * the first load: the host's module memory is then reserved where the
 * kernel's code model reaches (the low 2 GiB of the process).
 * Returns 0; -EINVAL (an unknown @abi, a NULL argument); -EBUSY (a module
 * has been loaded, or an ABI is set already); -EOPNOTSUPP (not on this
 * architecture); -ENOMEM; or the errno of reading @headers, logged in the
 * host's log. Since UMOD_0.6.
 */
UMOD_API int umod_host_set_abi(struct umod_host *host, const char *abi, const char *headers);

/*
 * umod_host_prepare_thread - the calling thread may call @host's module
 * code directly: a function found with umod_module_for_each_symbol(), as
 * a fuzzer or a test calls a genuine module's function. The thread gets
 * its task (current), and in a host of a genuine ABI the per-CPU area
 * genuine code reads through its GS base (its stack canary, current).
 * Code called so is no entry the host knows of: a fault in it is the
 * process's, not an oops. Returns 0, or -EINVAL for a NULL host. Since
 * UMOD_0.6.
 */
UMOD_API int umod_host_prepare_thread(struct umod_host *host);

/* ---- addresses (kallsyms) ---------------------------------------------- */

/*
 * umod_host_lookup_address - which module symbol @addr lies in, as the
 * kernel's kallsyms_lookup(): the closest symbol at or below @addr in the
 * module memory holding it. Init code is found until init returns.
 * @name, @modname: receive the symbol's and module's names (truncated to
 * @namesize and @modsize; either may be NULL).
 * @offset: @addr minus the symbol's address; @size: up to the next symbol.
 * Returns 0, -ENOENT (not inside any module, or before its first symbol)
 * or -EINVAL. Takes the host's module lock: not async-signal-safe.
 */
UMOD_API int umod_host_lookup_address(struct umod_host *host, const void *addr,
				      char *name, size_t namesize,
				      char *modname, size_t modsize,
				      unsigned long *offset, unsigned long *size);

/*
 * umod_host_sprint_symbol - @addr as the kernel's %pS prints it:
 * "hellop_init+0x12/0x40 [hellop]", or "0x7f..." with -ENOENT when no
 * module symbol holds it. Returns the full length (as snprintf), -ENOENT
 * or -EINVAL.
 */
UMOD_API int umod_host_sprint_symbol(struct umod_host *host, const void *addr,
				     char *buf, size_t size);

typedef int (*umod_symbol_fn)(void *data, const char *name, char type, const void *addr);
/*
 * umod_module_for_each_symbol - calls @fn for each symbol of @mod now in
 * its memory (init symbols only until init returns), in address order, as
 * /proc/kallsyms lists them: @type is nm's letter for its section (t, r,
 * d, b), upper case for an EXPORT_SYMBOL export, lower case for the rest
 * (GPL-only exports included). Stops at the first non-zero return, which
 * it returns; 0, or -EINVAL. Call it from umod_host_for_each_module()'s
 * callback, which keeps @mod loaded.
 */
UMOD_API int umod_module_for_each_symbol(struct umod_module *mod, umod_symbol_fn fn,
					 void *data);

/* ---- oops reports ------------------------------------------------------- */

/*
 * umod_host_install_oops - report a SIGSEGV, SIGBUS, SIGILL or SIGFPE
 * raised in @host's module code (or with module code on the faulting
 * stack) as the kernel's oops: the fault, "Oops: ... [#1]", the Tainted
 * line, "RIP: 0033:sym+0x12/0x40 [mod]", code bytes, registers, a call
 * trace named through the modules' symbol tables, "Modules linked in:"
 * with taint letters; each line as dmesg prints it, written with write(2)
 * to each of @fds, then the process ends.
 * @fds, @nfds: 1 to 4 open descriptors, used from the signal handler.
 * @exit_status: 0: the process dies of the signal; 1..255: _exit() with it.
 * Other faults go to the handlers installed before. The handlers are
 * process-wide: a later call (for any host) replaces this one, and the
 * host's last unref removes them. The alternate signal stack is set for
 * the calling thread (a stack overflow in a module is still reported).
 * Returns 0, -EINVAL, or -errno of sigaltstack()/sigaction().
 */
UMOD_API int umod_host_install_oops(struct umod_host *host, const int *fds,
				    unsigned int nfds, int exit_status);

/*
 * umod_host_set_panic_on_oops - @enable: an oops ends the process after
 * its report, as umod_host_install_oops() describes, as the kernel's
 * panic_on_oops. Off by default: an oops in module code that the host
 * entered (an init, an exit, a parameter's ops, a timer, ...) fails that
 * entry only (an insert returns -ENOTRECOVERABLE, the module stays in the
 * state it was in), its report goes into the host's log, and the host,
 * tainted D, goes on. Returns 0 or -EINVAL.
 */
UMOD_API int umod_host_set_panic_on_oops(struct umod_host *host, int enable);

/*
 * umod_host_set_hung_task_timeout - the kernel's hung_task_timeout_secs:
 * a task that has slept uninterruptibly (TASK_UNINTERRUPTIBLE) in @host's
 * module code for @secs is reported in the log ("INFO: task cat:1234
 * blocked for more than 120 seconds.", then its stack), once per @secs
 * while it stays blocked, at most 10 times per host; it is not woken.
 * Default 120; 0 turns the check off. Needs the oops handler
 * (umod_host_install_oops()) for the stack. Returns 0 or -EINVAL (@secs
 * over LONG_MAX / HZ, as the sysctl's bound).
 * umod_host_get_hung_task_timeout - the timeout now (0 for a NULL @host).
 */
UMOD_API int umod_host_set_hung_task_timeout(struct umod_host *host, unsigned long secs);
UMOD_API unsigned long umod_host_get_hung_task_timeout(const struct umod_host *host);

/*
 * umod_perf_map_enable - @enable: from now on every module loaded in this
 * process, by any host, appends a line per function to /tmp/perf-PID.map
 * ("START SIZE name [module]", hex), perf's map format for code without
 * a file on disk, so `perf report` names module functions. Lines are never
 * removed: perf takes the latest one covering an address. Process-wide,
 * as the file is. Returns 0.
 */
UMOD_API int umod_perf_map_enable(int enable);

/*
 * umod_host_set_module_memory_limit - at most @bytes of module memory (all
 * modules' mappings, as the kernel's module area bounds them; default
 * 1008 MiB, x86-64's with KASLR). A load past it fails with -ENOMEM and a
 * line in the log saying how much is in use. Returns 0 or -EINVAL (no
 * host, 0 bytes).
 */
UMOD_API int umod_host_set_module_memory_limit(struct umod_host *host, size_t bytes);

/*
 * umod_host_shutdown - unload every module that can be, newest first, each
 * with its exit where it may be unloaded and dropped without it otherwise
 * (permanent, in use), and refuse loads from now on (-ESHUTDOWN). A module
 * whose code is still running (an init that never returns) is left, and
 * named in the log; so is what it uses. Returns how many are left, or
 * -EINVAL. The host itself stays until its last reference goes; a load
 * still running holds one.
 */
UMOD_API int umod_host_shutdown(struct umod_host *host);

/* ---- tasks -------------------------------------------------------------- */

/*
 * umod_task_set_identity - the calling thread acts for process @pid
 * called @comm (at most 15 bytes kept): module code it runs sees them as
 * current->pid and current->comm, and the host's reports name them
 * (`[insmod:4242]`), as the kernel names the process whose system call
 * it runs. A daemon calls it per request with its client's identity.
 * Lasts until the next call or the thread's end.
 */
UMOD_API void umod_task_set_identity(int pid, const char *comm);
/*
 * umod_task_set_cred - the calling thread acts with @uid and @gid (the
 * client's, from SO_PEERCRED or the FUSE request): current_uid() and
 * capable() answer from them (uid 0: every capability, as root's).
 */
UMOD_API void umod_task_set_cred(unsigned int uid, unsigned int gid);

struct umod_task;
/*
 * umod_task_get_current - a reference on the calling thread's task, so
 * that another thread may interrupt what it runs; never NULL. Drop it
 * with umod_task_unref().
 */
UMOD_API struct umod_task *umod_task_get_current(void);
/*
 * umod_task_interrupt - the process @t acts for went away (its client hung
 * up): as a fatal signal does in the kernel, an interruptible or killable
 * sleep of @t in module code ends (-ERESTARTSYS, -EINTR), and so does
 * every later one. From any thread; NULL is ignored.
 */
UMOD_API void umod_task_interrupt(struct umod_task *t);
UMOD_API void umod_task_unref(struct umod_task *t);
/*
 * umod_task_oops_signal - after an entry into module code on the calling
 * thread failed with an oops (-ENOTRECOVERABLE): the signal Linux ends the
 * task with there (x86-64: SIGKILL after a page fault, SIGSEGV after any
 * other trap; arm64: SIGSEGV), so that the process the thread acts for
 * can end as Linux's would (`Killed`). 0 before any oops on the thread,
 * and after an abort() under module code (an ASan report: KASAN's lets
 * the task go on, which ASan cannot).
 */
UMOD_API int umod_task_oops_signal(void);
/*
 * umod_for_each_kthread - @fn(@data, task) for each kernel thread of the
 * process while its thread runs: the kthreads modules start, workqueue
 * workers, the timer and RCU threads (Linux lists them as processes in
 * /proc). The list lock is held: @fn must not start or end a kernel
 * thread. Stops at @fn's first non-zero return and returns it; 0, or
 * -EINVAL without @fn.
 * umod_task_get_pid - the task's pid (a kernel thread's: its thread id)
 * umod_task_get_comm - its name (valid while @fn runs)
 * umod_task_get_flags - the kernel's PF_* bits it has (PF_KTHREAD 0x00200000,
 * PF_WQ_WORKER 0x20)
 * umod_task_get_state - its state as /proc/PID/stat's letter: 'R' (running,
 * or waiting on something that is not a kernel sleep), 'S', 'D', 'I', 'P',
 * 'T', 'X'
 */
UMOD_API int umod_for_each_kthread(int (*fn)(void *data, struct umod_task *t), void *data);
UMOD_API int umod_task_get_pid(const struct umod_task *t);
UMOD_API const char *umod_task_get_comm(const struct umod_task *t);
UMOD_API unsigned int umod_task_get_flags(const struct umod_task *t);
UMOD_API char umod_task_get_state(const struct umod_task *t);

/* ---- modules ----------------------------------------------------------- */

enum umod_module_state {
	UMOD_MODULE_UNFORMED,	/* being loaded: not yet visible */
	UMOD_MODULE_COMING,	/* init() running */
	UMOD_MODULE_LIVE,
	UMOD_MODULE_GOING,	/* exit() running, or init() failed */
	UMOD_MODULE_GONE,	/* unloaded: only the handle remains */
};

/* flags for umod_module_insert_*(): kmod's KMOD_INSERT_FORCE_* */
#define UMOD_INSERT_FORCE_VERMAGIC	(1u << 0)
#define UMOD_INSERT_FORCE_MODVERSION	(1u << 1)

/*
 * umod_module_insert_file - load, link and initialise the module in @path,
 * as insmod does.
 * @args: its parameters, "name=value name2=value2" (may be NULL).
 * @modp: may be NULL; else receives a handle with one reference.
 * Returns 0 or, after logging the reason:
 *   -ENOENT: the file is missing, or an undefined symbol is not exported;
 *   -ENOEXEC: not a valid module for this host (ELF, vermagic, layout),
 *             or more sections, symbols or relocations than a host takes;
 *   -EFBIG: the file or image is over 512 MiB (after decompression);
 *   -E2BIG: @args is longer than 131072 bytes;
 *   -EEXIST: a module of that name is loaded or loading;
 *   -EINVAL, -ERANGE, -ENOSPC: a parameter was refused;
 *   -ENOMEM; or whatever negative value the module's init returned.
 * On failure nothing of the module stays behind.
 */
UMOD_API int umod_module_insert_file(struct umod_host *host, const char *path,
				     const char *args, unsigned int flags,
				     struct umod_module **modp);

/* the same from an image in memory; @image is not kept after the call */
UMOD_API int umod_module_insert_image(struct umod_host *host,
				      const void *image, size_t len,
				      const char *args, unsigned int flags,
				      struct umod_module **modp);

/* flags for umod_module_remove(): delete_module()'s O_TRUNC */
#define UMOD_REMOVE_FORCE		(1u << 0)

/*
 * umod_module_remove - unload the module called @name, calling its exit.
 * @flags: UMOD_REMOVE_FORCE (rmmod -f), honoured only by a host with
 * umod_host_set_force_unload(): then a module in use, or with init but no
 * exit, goes too. Users that still hold references after its exit keep
 * its memory mapped until the host goes.
 * Returns 0, -ENOENT (no such module), -EWOULDBLOCK (other modules use
 * it, see umod_module_for_each_holder(), or its use count is not zero),
 * -EBUSY (still coming or going, or it has init but no exit function) or
 * -EINVAL (NULL or empty name).
 */
UMOD_API int umod_module_remove(struct umod_host *host, const char *name,
				unsigned int flags);

/*
 * umod_module_find - a handle on the loaded module called @name (with '-'
 * and '_' equal, as the kernel compares module names).
 * Returns 0 or -ENOENT.
 */
UMOD_API int umod_module_find(struct umod_host *host, const char *name,
			      struct umod_module **modp);

/*
 * Calls @fn for each module, newest first (lsmod's order), with the host's
 * module lock held; stops at the first non-zero return and passes it back.
 * @fn must not load or unload modules.
 */
UMOD_API int umod_host_for_each_module(struct umod_host *host,
				       int (*fn)(struct umod_module *mod,
						 void *data),
				       void *data);

/* handles: a reference keeps the handle, never the module, alive */
UMOD_API struct umod_module *umod_module_ref(struct umod_module *mod);
UMOD_API struct umod_module *umod_module_unref(struct umod_module *mod);

/* valid as long as the handle is */
UMOD_API const char *umod_module_get_name(const struct umod_module *mod);
UMOD_API enum umod_module_state umod_module_get_state(const struct umod_module *mod);
/* bytes mapped for the module's core and (until init ends) init regions */
UMOD_API size_t umod_module_get_core_size(const struct umod_module *mod);
UMOD_API size_t umod_module_get_init_size(const struct umod_module *mod);

/* ---- module files ---------------------------------------------------------- */

/*
 * umod_modinfo_for_each - the .modinfo entries of the module file @path, in
 * section order, as modinfo lists them: @fn(key, value, data) for each
 * "key=value" string (an entry without '=' has the whole string as key and
 * "" as value); then, for a signed module, kmod's five signature entries
 * (sig_id, signer, sig_key, sig_hashalgo, signature, the last two in
 * kmod's "AB:CD:..." hex). @key is a copy valid during the call, @value too. Stops at
 * the first non-zero return of @fn and passes it back. Nothing is loaded.
 * Returns 0 (also for a module without .modinfo), -EINVAL (NULL argument),
 * the errno of opening or mapping @path (-ENOENT, -EACCES, -EISDIR, ...),
 * -ENOEXEC (not a valid ELF module), -ENOMEM, or what @fn returned.
 * Since UMOD_0.2.
 */
UMOD_API int umod_modinfo_for_each(const char *path,
				   int (*fn)(const char *key, const char *value, void *data),
				   void *data);

/*
 * The module's use count, as /sys/module/NAME/refcnt: one per holder
 * module, symbol_get() and try_module_get() not yet put; 1 while its init
 * runs, -1 while its exit runs (the kernel's module_refcount()). 0 once
 * the module is gone.
 */
UMOD_API int umod_module_get_refcnt(const struct umod_module *mod);

/*
 * Calls @fn for each module that uses @mod (its holders: lsmod's "Used
 * by", /sys/module/NAME/holders), newest link first; stops at the first
 * non-zero return and passes it back. It may be called from a
 * umod_host_for_each_module() callback. @fn runs under a lock that every
 * load and unload takes: it must not call back into the host, except
 * for umod_module_get_*() accessors. The host must still exist.
 * Returns 0 (also for a module that is gone), -EINVAL, or @fn's value.
 */
UMOD_API int umod_module_for_each_holder(struct umod_module *mod,
					 int (*fn)(struct umod_module *holder,
						   void *data),
					 void *data);

/*
 * The module's taint letters, as /sys/module/NAME/taint shows them
 * ("PO"; "" when clean), without a newline. Returns the full length (as
 * snprintf) or -EINVAL.
 */
UMOD_API int umod_module_get_taint(const struct umod_module *mod, char *buf, size_t size);

/*
 * 1 if @mod has an init function but no exit, so that it can only be
 * forced out (the kernel's "[permanent]" in /proc/modules); else 0.
 * Since UMOD_0.2.
 */
UMOD_API int umod_module_is_permanent(const struct umod_module *mod);

/* ---- module parameters (since UMOD_0.2) --------------------------------- */

/*
 * umod_param_get - the value of @mod's parameter @name as its get op
 * formats it (what /sys/module/MOD/parameters/NAME shows), without the
 * trailing newline: "3", "Y", "1,2,3", "hello".
 * @name: with '-' and '_' equal, as on the command line; any perm, also 0.
 * @buf, @size: receives the text, NUL-terminated and truncated to fit.
 * Returns the text's full length, or -EINVAL (NULL argument), -ENOENT (no
 * such parameter, or the module is not loaded: gone, or still parsing its
 * arguments), -EPERM (the parameter has no get op) or the op's error.
 * Runs the get op under the module's parameter lock.
 */
UMOD_API int umod_param_get(struct umod_module *mod, const char *name,
			    char *buf, size_t size);

/*
 * umod_param_set - give @mod's parameter @name the value @val, through its
 * set op exactly as a load-time "name=val" would (under the parameter
 * lock). On an error the parameter keeps its value (an array keeps the
 * elements set before the bad one, as in Linux); the op may log why.
 * Returns 0, -EINVAL (NULL argument, or a value the type refuses), -ERANGE
 * (out of the type's range), -ENOSPC (too long for a string), -EROFS
 * (switching off a bool_enable_only), -ENOENT (as umod_param_get), -EPERM
 * (no set op), -ENOMEM or the module's own set op's error.
 */
UMOD_API int umod_param_set(struct umod_module *mod, const char *name,
			    const char *val);

/* ---- the /sys/module tree (since UMOD_0.2) ----------------------------- */

/*
 * Each host keeps the /sys/module tree Linux shows, as data: a directory
 * per module (from when its arguments have been parsed until it is freed,
 * so also while init and exit run) with its attribute files:
 *   NAME/coresize, NAME/initsize       "%zu\n" bytes (initsize 0 after init)
 *   NAME/initstate                     "coming\n", "live\n" or "going\n"
 *   NAME/parameters/PARAM              one per parameter whose perm is not 0,
 *                                      with that mode; no parameters/ at all
 *                                      when there is none
 * Paths are relative to /sys/module: "" is /sys/module itself, then
 * "hellop", "hellop/parameters/whom". Components are split on '/' (empty
 * ones are skipped) and compared exactly; "." and ".." are not special,
 * and symbolic links are not followed (a file-system front end does that).
 * An absolute path, "/sys" followed by '/' or nothing, names anything
 * below /sys: "/sys/module/hellop" as above, and what modules add there
 * (kobjects and their attributes, "/sys/kernel/x/attr"; debugfs,
 * "/sys/kernel/debug/..."; "/sys/class/..."). "/sys" lists module/ and
 * the rest.
 * Files hold at most UMOD_SYSFS_PAGE_SIZE bytes. Calls may run the
 * module's own get/set ops and show/store functions, each holding a use
 * count on its module; they must not unload the module they access.
 */
#define UMOD_SYSFS_PAGE_SIZE	4096

enum umod_sysfs_type {
	UMOD_SYSFS_DIR = 1,
	UMOD_SYSFS_FILE,
	UMOD_SYSFS_LINK,
};

/*
 * umod_sysfs_stat - what @path is: @type and its permission bits @mode
 * (0755 for directories, 0777 for links); either may be NULL.
 * Returns 0, -EINVAL (NULL host or path), -ENOENT or -ENOTDIR (a
 * component before the last is not a directory).
 */
UMOD_API int umod_sysfs_stat(struct umod_host *host, const char *path,
			     enum umod_sysfs_type *type, unsigned int *mode);

/* one directory entry; @name is valid during the call only */
typedef int (*umod_sysfs_list_fn)(void *data, const char *name,
				  enum umod_sysfs_type type, unsigned int mode);

/*
 * umod_sysfs_list - calls @fn for each entry of the directory @path, in no
 * particular order, without the host's module lock; stops at the first
 * non-zero return and passes it back.
 * Returns 0, -EINVAL, -ENOENT, -ENOTDIR (@path is not a directory) or
 * -ENOMEM.
 */
UMOD_API int umod_sysfs_list(struct umod_host *host, const char *path,
			     umod_sysfs_list_fn fn, void *data);

/*
 * umod_sysfs_read - the contents of the file @path, as read(2) of the
 * whole sysfs file would return them (trailing newline included; an array
 * parameter with no value given is empty).
 * @buf, @size: receives them, NUL-terminated and truncated to fit.
 * Returns their full length, or -EINVAL (NULL argument, or @path is a
 * link), -ENOENT, -ENOTDIR, -EISDIR, -EACCES (no read permission: sysfs
 * refuses even root), -EPERM (no get op) or the get op's error.
 */
UMOD_API ssize_t umod_sysfs_read(struct umod_host *host, const char *path,
				 char *buf, size_t size);

/*
 * umod_sysfs_write - one write(2) of @len bytes of @buf to the file @path.
 * The file's store gets them NUL-terminated, cut to UMOD_SYSFS_PAGE_SIZE,
 * newline included ("echo 5 >" writes "5\n": numbers and bools accept it,
 * strings keep it). An empty write stores nothing and returns 0.
 * Returns the number of bytes taken, or -EINVAL (NULL argument, a link, or
 * a value the parameter refuses), -ENOENT, -ENOTDIR, -EISDIR, -EACCES (no
 * write permission), -ERANGE, -ENOSPC, -EROFS, -EPERM or the set op's error
 * (see umod_param_set); on an error the value is unchanged.
 */
UMOD_API ssize_t umod_sysfs_write(struct umod_host *host, const char *path,
				  const char *buf, size_t len);

/*
 * umod_sysfs_readlink - the target of the link @path, relative to the
 * link's directory ("../../user"), NUL-terminated and truncated to @size.
 * Returns its full length, -EINVAL (NULL argument, zero @size, or @path is
 * not a link), -ENOENT or -ENOTDIR.
 */
UMOD_API ssize_t umod_sysfs_readlink(struct umod_host *host, const char *path,
				     char *buf, size_t size);

/* ---- files modules give user space: /proc entries, devices ---------------- */

/*
 * Each host keeps the files its modules create, as a tree of paths:
 *   proc/NAME...        proc_create(), proc_mkdir(), ... (entries of modules)
 *   dev/NAME            device_create(), misc_register()
 *   dev/char/MAJ:MIN    any registered character device, as mknod would reach it
 *   sys/class/CLS/DEV/dev  "MAJ:MIN\n" of a class device
 * Opening one calls the module's open op (and takes the module references
 * Linux takes: rmmod says "in use" while a device is open); each call below
 * is one file operation, run as the module's code (an oops in it answers
 * -EIO). "User" memory for the module's copy_to_user()/copy_from_user() is
 * the buffer passed to the call, bounds-checked. Flags are open(2)'s.
 */
struct umod_file;

/* umod_fs_open - opens @path: 0, -ENOENT, -EACCES (a sys/ file's mode, for
 * root too, as kernfs), -EISDIR, -ENXIO (no such device, or its module is
 * going), or what the module's open op returned. The permission bits of a
 * proc entry or a device node are checked by the caller against whoever
 * opens (the VFS's part: a FUSE mount with default_permissions), as Linux
 * checks them before the file's open; its ops then answer (a proc entry
 * without a write op: -EIO on write) */
UMOD_API int umod_fs_open(struct umod_host *host, const char *path, int flags,
			    struct umod_file **fp);
/* read(2)/write(2) at *@pos (which moves), or at the file's own position
 * when @pos is NULL; the bytes done or a negative errno (-EIO when the
 * entry went, or when the module oopsed) */
UMOD_API ssize_t umod_fs_read(struct umod_file *f, void *buf, size_t n, int64_t *pos);
UMOD_API ssize_t umod_fs_write(struct umod_file *f, const void *buf, size_t n,
				 int64_t *pos);
/* lseek(2) of the file's own position, through the module's llseek */
UMOD_API int64_t umod_fs_llseek(struct umod_file *f, int64_t off, int whence);
/* with @on, each network interface a module registers on @host from now on
 * is also a TAP device of the host (needs /dev/net/tun and CAP_NET_ADMIN:
 * without them one log line says so); `umod daemon --tap` */
UMOD_API void umod_host_set_net_tap(struct umod_host *host, int on);
/* the interfaces a module registers on @host from now on (those named in
 * @ifnames, comma-separated; all when NULL) join the packet bus in
 * directory @dir (made 0700 when missing; it must be the caller's, not
 * group or world accessible: -EACCES): each frame one passes up goes to
 * every other member, what the others pass up is sent through it. With
 * the TAP too, the bus is where the TAP cannot be had. `umod daemon
 * --net-bus`; 0 or a negative errno */
UMOD_API int umod_host_set_net_bus(struct umod_host *host, const char *dir, const char *ifnames);
/* with @dir (NULL: off), each disk a module adds on @host from now on is
 * served over NBD on @dir/DISK.sock (owner-only), and connected to a free
 * /dev/nbdN where the host's nbd driver allows (root; without it one log
 * line says what is missing); `umod daemon --nbd`. 0 or -errno of @dir */
UMOD_API int umod_host_set_blk_nbd(struct umod_host *host, const char *dir);
/* with @on, each input device a module registers on @host from now on is
 * mirrored to a host input device through /dev/uinput (without it one log
 * line says so); `umod daemon --uinput` */
UMOD_API void umod_host_set_input_uinput(struct umod_host *host, int on);
/* fsync(2) of a device file: the driver's fsync (a disk's: a flush request
 * when its queue has a write cache); 0 for other files */
UMOD_API int umod_fs_fsync(struct umod_file *f, int datasync);
/* fallocate(2) of a device file (a disk's: FALLOC_FL_PUNCH_HOLE becomes
 * discard requests); -EOPNOTSUPP for other files */
UMOD_API int umod_fs_fallocate(struct umod_file *f, int mode, int64_t off, int64_t len);
/*
 * ioctl(2): the module gets @arg, or, when @data is not NULL, @data's address,
 * @data/@size being the memory it may copy from and to (what the _IOC size
 * and direction of @cmd say). The op's return value.
 */
UMOD_API long umod_fs_ioctl(struct umod_file *f, unsigned int cmd, unsigned long arg,
			      void *data, size_t size);
/*
 * ioctl(2) of process @pid (a thread id will do), as Linux runs it: the
 * module gets @arg as the caller passed it, and its copy_to_user(),
 * get_user(), strncpy_from_user() ... reach @pid's memory with
 * process_vm_readv()/process_vm_writev(); an address @pid has not mapped
 * fails them (the module answers -EFAULT). Needs ptrace access to @pid
 * (umod_fs_process_reachable()). -EINVAL for a NULL @f or @pid <= 0.
 */
UMOD_API long umod_fs_ioctl_process(struct umod_file *f, unsigned int cmd,
				      unsigned long arg, int pid);
/* whether this process may reach @pid's memory: 1, 0 (ptrace access denied:
 * another user, or Yama's ptrace_scope), -ESRCH */
UMOD_API int umod_fs_process_reachable(int pid);
/*
 * poll: the events ready now in *@revents (POLLIN 0x1, POLLOUT 0x4, ...).
 * With @fn, the file's earlier registrations are dropped and @fn(@data)
 * is called whenever a wait queue the module's poll op named (poll_wait())
 * is woken, from whichever thread wakes it (maybe with a module's lock
 * held: @fn must only note it, not call into the file), until the next
 * poll with @fn or the release.
 */
typedef void (*umod_fs_poll_fn)(void *data);
UMOD_API int umod_fs_poll(struct umod_file *f, unsigned int events,
			  umod_fs_poll_fn fn, void *data, unsigned int *revents);
/* signal-safe: the file operation running on the calling thread is
 * interrupted (FUSE's INTERRUPT): its interruptible sleep ends, and the
 * module returns -ERESTARTSYS as on Linux */
UMOD_API void umod_fs_interrupt_current(void);
/* close(2): the module's flush and release ops, then its references go */
UMOD_API int umod_fs_release(struct umod_file *f);
/* whether lseek(2) may move the file (1) or fails with ESPIPE (0), as
 * 6.1's vfs_llseek() decides: nonseekable_open(), no_llseek, a device
 * without an llseek op */
UMOD_API int umod_fs_seekable(struct umod_file *f);
/* the file's private_data (the module's), for tests */
UMOD_API void *umod_fs_private(struct umod_file *f);
/* what @path is: st_mode's type and permission bits, and its size (0 unless
 * proc_set_size() said otherwise); 0 or -ENOENT */
UMOD_API int umod_fs_stat(struct umod_host *host, const char *path, unsigned int *mode,
			    int64_t *size);
/* calls @fn for each entry of directory @path (creation order); stops at a
 * non-zero return and passes it on; -ENOENT, -ENOTDIR */
typedef int (*umod_fs_list_fn)(void *data, const char *name, unsigned int mode);
UMOD_API int umod_fs_list(struct umod_host *host, const char *path,
			    umod_fs_list_fn fn, void *data);

/*
 * mmap of a device file (or a proc entry with proc_mmap), as the driver
 * sees it. umod_fs_mmap - runs the file's mmap op on a new mapping of @len
 * bytes from file offset @off (page-aligned), with mmap(2)'s @prot and
 * @flags (MAP_SHARED, MAP_PRIVATE): the vm_area_struct it fills is kept
 * with the file until umod_fs_munmap() or the file's release, which first
 * run its vm_ops->close. Returns 0, -EINVAL, -ENODEV (no mmap op), -EACCES
 * (the open mode does not allow it), -EOVERFLOW, -ENOMEM, or what the
 * driver's mmap op returned.
 */
struct umod_map;
UMOD_API int umod_fs_mmap(struct umod_file *f, uint64_t off, uint64_t len, int prot,
			   int flags, struct umod_map **mp);
UMOD_API int umod_fs_munmap(struct umod_file *f, struct umod_map *m);
/* whether @f has an mmap op (1) or not (0) */
UMOD_API int umod_fs_mappable(struct umod_file *f);
/*
 * Copies between @buf and the pages of @f's mappings (or another open
 * file's of the same node) at file offset @off: each page is what the
 * driver put there (remap_pfn_range(), vm_insert_page() ...), or what its
 * fault op gives. Returns the bytes copied (short at the first page the
 * process would get SIGBUS for), -EFAULT when that is the first, -ENXIO
 * when no mapping holds @off.
 */
UMOD_API ssize_t umod_fs_map_read(struct umod_file *f, void *buf, size_t n, int64_t off);
UMOD_API ssize_t umod_fs_map_write(struct umod_file *f, const void *buf, size_t n,
				    int64_t off);
/* the driver's own page at file offset @off of mapping @m (a write fault
 * when @write), for a caller in this process: as coherent with the driver
 * as a user's mapping on Linux; NULL for SIGBUS or outside @m */
UMOD_API void *umod_fs_map_page(struct umod_file *f, struct umod_map *m, int64_t off,
				 int write);
/* the size umod_fs_stat() gives a device with an mmap op: every offset a
 * driver may be mapped at (physical addresses included) is below it */
#define UMOD_FS_MAP_SIZE	(1ULL << 48)

/*
 * What a user makes in dev/ (and below it), as on Linux's devtmpfs.
 * umod_fs_mknod - a node for device number @devt (MAJ << 20 | MIN): @mode
 * is S_IFCHR or S_IFBLK with permission bits (umask already applied),
 * owned by @uid/@gid. Opening it reaches the character device registered
 * at @devt then, or fails with -ENXIO (a block node always does: no block
 * layer). Returns 0, -EEXIST, -ENOENT (no such directory), -ENOTDIR,
 * -EPERM (outside dev/), -EOPNOTSUPP (another file type), -ENAMETOOLONG.
 */
UMOD_API int umod_fs_mknod(struct umod_host *host, const char *path, unsigned int mode,
			    unsigned int devt, unsigned int uid, unsigned int gid);
/* umod_fs_symlink - a symlink at @path to @target (as symlink(2)); errors as
 * umod_fs_mknod's */
UMOD_API int umod_fs_symlink(struct umod_host *host, const char *target, const char *path,
			      unsigned int uid, unsigned int gid);
/* the target of the symlink @path, NUL-terminated and cut to @size; its
 * length, -ENOENT, -EINVAL (not a symlink, or a NULL argument) */
UMOD_API ssize_t umod_fs_readlink(struct umod_host *host, const char *path, char *buf,
				   size_t size);
/*
 * mkdir(2): in configfs's groups ("sys/kernel/config/SUBSYS/..."), the
 * module's make_item/make_group run (@mode, @uid, @gid unused: configfs
 * decides); in dev/, a user's directory, errors as umod_fs_mknod's;
 * anywhere else -EPERM. Also -EEXIST, or the module's error.
 */
UMOD_API int umod_fs_mkdir(struct umod_host *host, const char *path, unsigned int mode,
			    unsigned int uid, unsigned int gid);
/* unlink(2) and rmdir(2) of what a user made (a module's nodes are its own:
 * -EPERM), and rmdir(2) of a configfs item (its drop_item runs; a default
 * group or a subsystem: -EPERM); -ENOENT, -EISDIR, -ENOTDIR, -ENOTEMPTY */
UMOD_API int umod_fs_unlink(struct umod_host *host, const char *path);
UMOD_API int umod_fs_rmdir(struct umod_host *host, const char *path);
/* rename(2) of what a user made, within dev/, replacing what a user made at
 * @to unless @noreplace (-EEXIST); -ENOENT, -EPERM, -EISDIR, -ENOTDIR,
 * -ENOTEMPTY, -EINVAL (into itself) */
UMOD_API int umod_fs_rename(struct umod_host *host, const char *from, const char *to,
			     int noreplace);
/* chmod(2) and chown(2) of a node in dev/ ((unsigned)-1: unchanged); -ENOENT,
 * -EPERM (proc/, sys/, a symlink) */
UMOD_API int umod_fs_setattr(struct umod_host *host, const char *path, unsigned int mode,
			      unsigned int uid, unsigned int gid);
/* the owner a mknod, a chown or a module's proc_set_user() gave @path: 0,
 * -ENODATA (none: its maker's), -ENOENT */
UMOD_API int umod_fs_owner(struct umod_host *host, const char *path, unsigned int *uid,
			    unsigned int *gid);

#ifdef __cplusplus
}
#endif

#endif /* _UMOD_UMOD_H */
