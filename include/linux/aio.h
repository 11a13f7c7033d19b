/* SPDX-License-Identifier: MIT */
/*
 * The kernel side of io_submit(2), as a 6.1 kernel built without
 * CONFIG_AIO declares it: a device's files are reached through FUSE,
 * whose requests are synchronous, so there is no AIO context whose
 * cancellation a driver could hook. Drivers include it for struct kiocb
 * (linux/fs.h) and is_sync_kiocb().
 */
#ifndef __LINUX__AIO_H
#define __LINUX__AIO_H

#include <linux/fs.h>

struct kioctx;
struct mm_struct;

typedef int (kiocb_cancel_fn)(struct kiocb *);

static inline void exit_aio(struct mm_struct *mm) { }
static inline void kiocb_set_cancel_fn(struct kiocb *req,
				       kiocb_cancel_fn *cancel) { }

#endif /* __LINUX__AIO_H */
