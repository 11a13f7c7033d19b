/* SPDX-License-Identifier: MIT */
/*
 * Between refrace.ko and tests/unit/test_refcount.c: the module hands over
 * functions that count on its own use count from module code, through the
 * inline try_module_get()/__module_get()/module_put() of
 * include/linux/module.h. Included by module and host alike: no headers.
 */
#ifndef _UMOD_TEST_REFRACE_H
#define _UMOD_TEST_REFRACE_H

struct refrace_ops {
	int (*get)(void);	/* try_module_get(THIS_MODULE) */
	void (*hold)(void);	/* __module_get(THIS_MODULE): a reference is held */
	void (*put)(void);	/* module_put(THIS_MODULE) */
};

int refrace_register(const struct refrace_ops *ops);

#endif
