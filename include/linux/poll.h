/* SPDX-License-Identifier: MIT */
/*
 * poll_wait() and the event bits (uapi asm-generic/poll.h, eventpoll.h).
 * A driver's poll op calls poll_wait() on each wait queue that may make
 * the file ready, then returns the events ready now.
 */
#ifndef __KERNEL__
#include_next <linux/poll.h>
#elif !defined(_LINUX_POLL_H)
#define _LINUX_POLL_H

#include <linux/types.h>
#include <linux/fs.h>
#include <umod/kabi/fs.h>
#include <linux/compiler.h>
#include <linux/ktime.h>
#if __has_include(<linux/wait.h>)
#include <linux/wait.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#endif

typedef unsigned int __poll_t;
typedef struct poll_table_struct poll_table;
typedef void (*poll_queue_proc)(struct file *, struct wait_queue_head *,
				struct poll_table_struct *);

#define POLLIN		0x0001
#define POLLPRI		0x0002
#define POLLOUT		0x0004
#define POLLERR		0x0008
#define POLLHUP		0x0010
#define POLLNVAL	0x0020
#define POLLRDNORM	0x0040
#define POLLRDBAND	0x0080
#define POLLWRNORM	0x0100
#define POLLWRBAND	0x0200
#define POLLMSG		0x0400
#define POLLRDHUP	0x2000

#define EPOLLIN		((__poll_t)0x00000001)
#define EPOLLPRI	((__poll_t)0x00000002)
#define EPOLLOUT	((__poll_t)0x00000004)
#define EPOLLERR	((__poll_t)0x00000008)
#define EPOLLHUP	((__poll_t)0x00000010)
#define EPOLLNVAL	((__poll_t)0x00000020)
#define EPOLLRDNORM	((__poll_t)0x00000040)
#define EPOLLRDBAND	((__poll_t)0x00000080)
#define EPOLLWRNORM	((__poll_t)0x00000100)
#define EPOLLWRBAND	((__poll_t)0x00000200)
#define EPOLLMSG	((__poll_t)0x00000400)
#define EPOLLRDHUP	((__poll_t)0x00002000)

#define DEFAULT_POLLMASK (EPOLLIN | EPOLLOUT | EPOLLRDNORM | EPOLLWRNORM)

static inline void poll_wait(struct file *filp, struct wait_queue_head *wait_address,
			     poll_table *p)
{
	if (p && p->_qproc && wait_address)
		p->_qproc(filp, wait_address, p);
}

static inline bool poll_does_not_wait(const poll_table *p)
{
	return p == (void *)0 || p->_qproc == (void *)0;
}

static inline __poll_t poll_requested_events(const poll_table *p)
{
	return p ? p->_key : ~(__poll_t)0;
}

#endif /* _LINUX_POLL_H */
