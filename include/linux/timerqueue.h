/* SPDX-License-Identifier: MIT */
/*
 * timerqueue: an rbtree of expiry-ordered nodes (Linux 6.1's
 * include/linux/timerqueue.h). struct hrtimer embeds a node; the host
 * queues hrtimers on its own timer thread, so only the inline helpers
 * are here.
 */
#ifndef _LINUX_TIMERQUEUE_H
#define _LINUX_TIMERQUEUE_H

#include <linux/ktime.h>
#include <linux/rbtree.h>
#include <umod/kabi/timer.h>

static inline struct timerqueue_node *timerqueue_getnext(struct timerqueue_head *head)
{
	struct rb_node *leftmost = head->rb_root.rb_leftmost;

	return rb_entry_safe(leftmost, struct timerqueue_node, node);
}

static inline void timerqueue_init(struct timerqueue_node *node)
{
	RB_CLEAR_NODE(&node->node);
}

static inline bool timerqueue_node_queued(struct timerqueue_node *node)
{
	return !RB_EMPTY_NODE(&node->node);
}

static inline bool timerqueue_node_expires(struct timerqueue_node *node)
{
	return node->expires;
}

static inline void timerqueue_init_head(struct timerqueue_head *head)
{
	head->rb_root = RB_ROOT_CACHED;
}

#endif /* _LINUX_TIMERQUEUE_H */
