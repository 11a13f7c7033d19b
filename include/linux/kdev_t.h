/* SPDX-License-Identifier: MIT */
/* dev_t as the kernel packs it: 12 bits of major above 20 of minor */
#ifndef __KERNEL__
#include_next <linux/kdev_t.h>
#elif !defined(_LINUX_KDEV_T_H)
#define _LINUX_KDEV_T_H

#include <linux/types.h>

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)

#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi)	(((ma) << MINORBITS) | (mi))

#define print_dev_t(buffer, dev) sprintf((buffer), "%u:%u\n", MAJOR(dev), MINOR(dev))
#define format_dev_t(buffer, dev) ({ sprintf(buffer, "%u:%u", MAJOR(dev), MINOR(dev)); buffer; })

#endif /* _LINUX_KDEV_T_H */
