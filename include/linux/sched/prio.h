/* SPDX-License-Identifier: MIT */
/* Task priorities' ranges, as 6.1 numbers them (umod schedules nothing itself). */
#ifndef _LINUX_SCHED_PRIO_H
#define _LINUX_SCHED_PRIO_H

#define MAX_NICE		19
#define MIN_NICE		-20
#define NICE_WIDTH		(MAX_NICE - MIN_NICE + 1)
#define MAX_RT_PRIO		100
#define MAX_PRIO		(MAX_RT_PRIO + NICE_WIDTH)
#define DEFAULT_PRIO		(MAX_RT_PRIO + NICE_WIDTH / 2)
#define NICE_TO_PRIO(nice)	((nice) + DEFAULT_PRIO)
#define PRIO_TO_NICE(prio)	((prio) - DEFAULT_PRIO)

/* a nice value as RLIMIT_NICE counts it: 1 (19) to 40 (-20) */
static inline long nice_to_rlimit(long nice)
{
	return (MAX_NICE - nice + 1);
}

static inline long rlimit_to_nice(long prio)
{
	return (MAX_NICE - prio + 1);
}

#endif /* _LINUX_SCHED_PRIO_H */
