/* SPDX-License-Identifier: MIT */
#ifndef _LINUX_STRINGIFY_H
#define _LINUX_STRINGIFY_H

/* two levels, so that macro arguments are expanded before they are quoted */
#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)

#endif /* _LINUX_STRINGIFY_H */
