// SPDX-License-Identifier: GPL-2.0
/* 4,096 data symbols: a /proc/kallsyms far larger than one page */
#include <linux/init.h>
#include <linux/module.h>

#define SYM1(n)		int manysyms_##n;
#define SYM4(n)		SYM1(n##0) SYM1(n##1) SYM1(n##2) SYM1(n##3)
#define SYM16(n)	SYM4(n##0) SYM4(n##1) SYM4(n##2) SYM4(n##3)
#define SYM64(n)	SYM16(n##0) SYM16(n##1) SYM16(n##2) SYM16(n##3)
#define SYM256(n)	SYM64(n##0) SYM64(n##1) SYM64(n##2) SYM64(n##3)
#define SYM1024(n)	SYM256(n##0) SYM256(n##1) SYM256(n##2) SYM256(n##3)
#define SYM4096(n)	SYM1024(n##0) SYM1024(n##1) SYM1024(n##2) SYM1024(n##3)

SYM4096(v)

static int __init manysyms_init(void)
{
	return 0;
}

static void __exit manysyms_exit(void)
{
}

module_init(manysyms_init);
module_exit(manysyms_exit);
MODULE_LICENSE("GPL");
