/* SPDX-License-Identifier: MIT */
/* The umod front ends: one file per subcommand, each exporting a struct umod_cmd. */
#ifndef _UMOD_TOOLS_H
#define _UMOD_TOOLS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct umod_cmd {
	const char *name;
	int (*run)(int argc, char *argv[]);
	const char *help;
};

extern const struct umod_cmd umod_cmd_run;
extern const struct umod_cmd umod_cmd_host_symvers;

/* common.c */
/* kmod's wording for a failed insert: "Invalid module format", ... */
const char *umod_tool_strerror(int err);
/* a printk record as dmesg prints it: "[    0.000123] text" */
void umod_tool_print_record(FILE *out, uint64_t ts_nsec, const char *text);
/* argv[first..argc) joined with spaces, as insmod passes parameters */
char *umod_tool_join_args(int argc, char *argv[], int first);

#endif /* _UMOD_TOOLS_H */
