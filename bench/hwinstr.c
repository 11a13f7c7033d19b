// SPDX-License-Identifier: MIT
/*
 * User-space instructions from the CPU's own counter (perf_event_open,
 * PERF_COUNT_HW_INSTRUCTIONS, kernel and hypervisor excluded), for this
 * thread only: what callgrind counts, without running the program under
 * valgrind (so without the code paths a process under valgrind takes).
 * Many virtual machines expose no counter: then opening fails and the
 * caller says so and keeps callgrind's figure alone.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bench.h"

int bench_hw_instr_open(char *why, size_t size)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_HARDWARE, .size = sizeof(a),
		.config = PERF_COUNT_HW_INSTRUCTIONS,
		.disabled = 1, .exclude_kernel = 1, .exclude_hv = 1,
	};
	long fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	int err = errno;
	FILE *f;
	int paranoid = -9;

	if (fd >= 0)
		return (int)fd;
	f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	if (f) {
		if (fscanf(f, "%d", &paranoid) != 1)
			paranoid = -9;
		fclose(f);
	}
	snprintf(why, size, "no hardware instruction counter (perf_event_open: %s; "
		 "perf_event_paranoid %d)", strerror(err), paranoid);
	return -err;
}

int bench_hw_instr_start(int fd)
{
	if (ioctl(fd, PERF_EVENT_IOC_RESET, 0) || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0))
		return -errno;
	return 0;
}

/* the count since bench_hw_instr_start(); < 0 if it cannot be read */
double bench_hw_instr_stop(int fd)
{
	uint64_t n;

	if (ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) || read(fd, &n, sizeof(n)) != (ssize_t)sizeof(n))
		return -1;
	return (double)n;
}
