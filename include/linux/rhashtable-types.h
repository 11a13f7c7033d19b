/* SPDX-License-Identifier: MIT */
/* The resizable hash table's types, as 6.1's (umod/kabi/rhashtable.h) */
#ifndef _LINUX_RHASHTABLE_TYPES_H
#define _LINUX_RHASHTABLE_TYPES_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/mutex.h>
#include <linux/workqueue.h>
#include <umod/kabi/rhashtable.h>

#endif /* _LINUX_RHASHTABLE_TYPES_H */
