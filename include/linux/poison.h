/* SPDX-License-Identifier: MIT */
/* Values put into freed links and memory, so that a use after free faults. */
#ifndef _LINUX_POISON_H
#define _LINUX_POISON_H

/* the kernel's, with POISON_POINTER_DELTA 0: addresses no process maps */
#define LIST_POISON1	((void *)0x100)
#define LIST_POISON2	((void *)0x122)

/* DEFINE_TIMER()'s entry.next: statically initialized, not pending */
#define TIMER_ENTRY_STATIC	((void *)0x300)

#define POISON_INUSE	0x5a
#define POISON_FREE	0x6b
#define POISON_END	0xa5

#endif /* _LINUX_POISON_H */
