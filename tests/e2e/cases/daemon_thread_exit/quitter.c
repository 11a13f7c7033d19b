// SPDX-License-Identifier: MIT
/*
 * An init that ends its own thread: no kernel function does that from a
 * module's init (6.1 exports no do_exit()), but module code in a process
 * can make the exit system call itself, which ends the calling thread
 * and nothing else, skipping every cleanup.
 */
#include <linux/module.h>

static int __init quitter_init(void)
{
	pr_info("quitter: ending my thread\n");
#if defined(__x86_64__)
	asm volatile("syscall" : : "a"(60), "D"(0) : "rcx", "r11", "memory");
#elif defined(__aarch64__)
	register long nr asm("x8") = 93;
	register long code asm("x0") = 0;

	asm volatile("svc #0" : : "r"(nr), "r"(code) : "memory");
#endif
	return 0;
}

module_init(quitter_init);
MODULE_LICENSE("GPL");
