/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

struct module;

#ifdef MODULE
/* defined in foo.mod.c by modpost, in .gnu.linkonce.this_module */
extern struct module __this_module;
#define THIS_MODULE (&__this_module)
#else
#define THIS_MODULE ((struct module *)0)
#endif

/* 2.6 exports nothing by default: the old opt-out is a no-op */
#define EXPORT_NO_SYMBOLS

#endif /* _LINUX_EXPORT_H */
