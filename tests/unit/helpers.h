/* SPDX-License-Identifier: MIT */
/* Shared by the unit tests: a host whose log lines are captured. */
#ifndef _UMOD_TEST_HELPERS_H
#define _UMOD_TEST_HELPERS_H

#include <stddef.h>

#include <umod/umod.h>

#define CAPTURE_LINES 64

struct capture {
	char lines[CAPTURE_LINES][1024];
	int levels[CAPTURE_LINES];
	int n;
};

/* a host logging into @cap */
struct umod_host *test_host_new(struct capture *cap);
/* the last captured line, or "" */
const char *capture_last(const struct capture *cap);
/* 1 if some captured line equals @line */
int capture_has(const struct capture *cap, const char *line);
/* lines of /proc/self/maps (a failed load must not change it); -1 under ASan */
int count_mappings(void);

/* the permissions of the mapping holding @addr ("r-xp"), or "" if unmapped */
const char *mapping_perms(const void *addr, char perms[5]);

/*
 * A module that was never loaded from a file: @kp and @kmod belong to the
 * test. It is LIVE, on the host's list and has its /sys/module directory.
 */
struct kernel_param;
struct umod_module;
struct module;
struct umod_module *fake_module_new(struct umod_host *host, const char *name,
				    struct module *kmod,
				    const struct kernel_param *kp, unsigned int num);
/* takes it off the host again (its parameters' free ops are not run) */
void fake_module_free(struct umod_module *mod);

/*
 * Until test_module_leave(), this thread runs @mod's code: the exports it
 * calls find @mod as their caller (UMOD_CALLER()), as when the module
 * calls them. Nests.
 */
void test_module_enter(struct umod_module *mod);
void test_module_leave(void);
/* @expr's value, evaluated as @kmod's code (its struct module) */
#define TEST_AS_MODULE(kmod, expr) ({					\
	test_module_enter((kmod)->umod);				\
	__typeof__(expr) as_module_ = (expr);				\
	test_module_leave();						\
	as_module_;							\
})

/* the address @host exports under @name; fails the test if there is none */
void *test_export(struct umod_host *host, const char *name);

/* a fresh directory /tmp/umod-@tag.XXXXXX, its path in @dir; 0 or -1 */
int test_tmpdir(char *dir, size_t size, const char *tag);
/* @dir and everything below it, removed; 0 or -1 */
int test_rmtree(const char *dir);
/* @len bytes of @data written to @dir/@rel; 0 or -1 */
int test_put_file(const char *dir, const char *rel, const void *data, size_t len);

#endif
