/* SPDX-License-Identifier: MIT */
/*
 * lib/dynamic_debug.c for the rest of the host: the loader registers each
 * module's call sites (its __dyndbg section) and hands it the dyndbg=
 * parameter; fs/file.c makes the control files of a new namespace.
 */
#ifndef _UMOD_LIB_DYNAMIC_DEBUG_H
#define _UMOD_LIB_DYNAMIC_DEBUG_H

struct umod_fs;
struct umod_host;
struct umod_module;
struct umod_kapi_table;


/* dynamic_debug_setup(): @mod's call sites join its host's control file;
 * after its sections are placed, before its parameters are parsed */
int umod_ddebug_add_module(struct umod_module *mod);
/* ddebug_remove_module(): they leave it, before the module's memory goes */
void umod_ddebug_remove_module(struct umod_module *mod);
/*
 * ddebug_dyndbg_module_param_cb(): "dyndbg" (or "MODULE.dyndbg") given to
 * @modname's load runs its value ("+p" when bare) as queries on that
 * module; 0 when it was one, -ENOENT for any other name.
 */
int umod_ddebug_module_param_cb(struct umod_host *host, char *param, char *val,
				const char *modname);
/*
 * ddebug_exec_queries(): @query (modified), queries split at ';' and
 * newlines, on @host's call sites; @modname (or NULL) is the module of
 * queries that name none. The number of sites matched, or the last
 * query's error (-EINVAL), each error logged in 6.1's words.
 */
int umod_ddebug_exec_queries(struct umod_host *host, char *query, const char *modname);
/* fs/file.c, a new namespace: proc/dynamic_debug/control and
 * sys/kernel/debug/dynamic_debug/control */
int umod_ddebug_init_fs(struct umod_fs *fs);

#endif /* _UMOD_LIB_DYNAMIC_DEBUG_H */
