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
 * and unloading are serialised per host.
 */
#ifndef _UMOD_UMOD_H
#define _UMOD_UMOD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define UMOD_API __attribute__((__visibility__("default")))

struct umod_host;
struct umod_module;

/* ---- hosts ---------------------------------------------------------- */

/*
 * umod_host_new - create a host with the built-in exports (printk, kmalloc,
 * string functions, parameter ops) and an empty module list.
 * @hostp: receives the host, with one reference.
 * Returns 0, -EINVAL (NULL hostp) or -ENOMEM.
 */
UMOD_API int umod_host_new(struct umod_host **hostp);

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
 * is still in use (tainting the host R); without it (the default) the
 * flag cannot override a refusal. Returns 0 or -EINVAL (NULL host).
 * Since UMOD_0.2.
 */
UMOD_API int umod_host_set_force_unload(struct umod_host *host, int enable);

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
 *   -ENOEXEC: not a valid module for this host (ELF, vermagic, layout);
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
 * Returns 0, -ENOENT (no such module), -EBUSY (still coming or going, or
 * it has init but no exit function) or -EINVAL (NULL or empty name).
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
 * "" as value). @key is a copy valid during the call, @value too. Stops at
 * the first non-zero return of @fn and passes it back. Nothing is loaded.
 * Returns 0 (also for a module without .modinfo), -EINVAL (NULL argument),
 * the errno of opening or mapping @path (-ENOENT, -EACCES, -EISDIR, ...),
 * -ENOEXEC (not a valid ELF module), -ENOMEM, or what @fn returned.
 * Since UMOD_0.2.
 */
UMOD_API int umod_modinfo_for_each(const char *path,
				   int (*fn)(const char *key, const char *value, void *data),
				   void *data);

#ifdef __cplusplus
}
#endif

#endif /* _UMOD_UMOD_H */
