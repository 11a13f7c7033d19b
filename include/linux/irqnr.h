/* SPDX-License-Identifier: MIT */
/*
 * Interrupt numbers (Linux 6.1's include/linux/irqnr.h): each host
 * numbers its own, from 1 up as its domains map them.
 */
#ifndef _LINUX_IRQNR_H
#define _LINUX_IRQNR_H

#endif /* _LINUX_IRQNR_H */
