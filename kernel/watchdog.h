/* SPDX-License-Identifier: MIT */
/*
 * kernel/watchdog.c: the soft-lockup watchdog (Linux declares it in
 * include/linux/nmi.h).
 */
#ifndef _UMOD_KERNEL_WATCHDOG_H
#define _UMOD_KERNEL_WATCHDOG_H

struct umod_host;

/* the host's watchdog thread, started with the host: 0 or -errno */
int umod_watchdog_start(struct umod_host *host);
void umod_watchdog_stop(struct umod_host *host);

#endif /* _UMOD_KERNEL_WATCHDOG_H */
