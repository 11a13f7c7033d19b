/* SPDX-License-Identifier: MIT */
/* the flip buffer's head is the host's (umod/kabi/tty.h: struct tty_bufhead) */
#ifndef _LINUX_TTY_BUFFER_H
#define _LINUX_TTY_BUFFER_H

#include <linux/types.h>
#include <linux/workqueue.h>
#include <linux/mutex.h>
#include <asm/atomic.h>
#include <umod/kabi/tty.h>

#endif /* _LINUX_TTY_BUFFER_H */
