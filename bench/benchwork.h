/* SPDX-License-Identifier: MIT */
/*
 * Between bench/workqueue.c (the host) and benchwork.ko: the module hands
 * over its measurement at init. Used by module and host alike: includes
 * nothing.
 */
#ifndef _UMOD_BENCHWORK_H
#define _UMOD_BENCHWORK_H

struct benchwork_ops {
	/* one schedule_work() on system_wq: nanoseconds until its function ran */
	unsigned long long (*queue_to_run_ns)(void);
};

int benchwork_register(const struct benchwork_ops *ops);

#endif
