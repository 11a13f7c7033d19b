/* SPDX-License-Identifier: MIT */
/*
 * The registry a test host exports to lifemod.ko (tests/unit/test_unload.c),
 * the kernel's discovery pattern: init registers the module's ops, exit
 * unregisters them; a user takes the registry's lock, try_module_get()s
 * ops->owner, drops the lock, calls in, then module_put()s. Included by
 * module and host alike, so it uses no other header.
 */
#ifndef _UMOD_TEST_LIFEREG_H
#define _UMOD_TEST_LIFEREG_H

struct module;

#define LIFE_MAGIC	0x5a5a

struct life_ops {
	struct module *owner;
	void (*enter)(void);		/* a user arrives (it holds a reference) */
	int (*call)(int x);		/* x + LIFE_MAGIC while the module is intact */
	void (*leave)(void);		/* and goes, before its module_put() */
};

/* -EBUSY if another module's ops are registered */
int life_register(struct life_ops *ops);
void life_unregister(struct life_ops *ops);
/* from exit: the calls it served and the users it still saw (must be 0) */
void life_report(int calls, int users);
/* from nested.ko's init: the host loads another module meanwhile */
int life_load_nested(void);
/* from initmap.ko's init: where its init code and its core code are */
void life_note_addresses(const void *init_code, const void *core_code);

#endif
