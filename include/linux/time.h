/* SPDX-License-Identifier: MIT */
/* time: timespec64, and the broken-down calendar time of time64_to_tm() */
#ifndef _LINUX_TIME_H
#define _LINUX_TIME_H

#include <linux/time64.h>
#include <linux/types.h>
#include <linux/cache.h>
#include <linux/math.h>
#include <linux/timex.h>

struct tm {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;		/* 0..11 */
	long tm_year;		/* years since 1900 */
	int tm_wday;		/* 0: Sunday */
	int tm_yday;
};

void time64_to_tm(time64_t totalsecs, int offset, struct tm *result);

#endif /* _LINUX_TIME_H */
