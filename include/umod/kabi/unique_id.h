/* SPDX-License-Identifier: MIT */
/*
 * __UNIQUE_ID() names carry __COUNTER__, and 6.1's <linux/module.h> has
 * used it 194 times by its end (Debian's amd64 build: foo.mod.c's first is
 * __UNIQUE_ID_vermagic194), so a module's names are those numbers on
 * (kallsyms shows __UNIQUE_ID___addressable_cleanup_module198). umod's
 * headers use it less: this file, included at the end of module.h, takes
 * __COUNTER__ up to 194, four uses per inclusion of itself, and stops
 * there; past it already, it costs one.
 */
#if __COUNTER__ < 193
#if __COUNTER__ < 193
#if __COUNTER__ < 193
#if __COUNTER__ < 193
#include <umod/kabi/unique_id.h>
#endif
#endif
#endif
#endif
