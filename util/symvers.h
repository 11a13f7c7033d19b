/* SPDX-License-Identifier: MIT */
/*
 * Module.symvers, the kernel's format: modpost writes it, depmod -E reads it.
 */
#ifndef _UMOD_UTIL_SYMVERS_H
#define _UMOD_UTIL_SYMVERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* one Module.symvers line: "0x%08x\tname\tmodule\tEXPORT_SYMBOL[_GPL]\tns" */
struct umod_symvers_entry {
	uint32_t crc;
	const char *name;
	const char *module;	/* the exporter's path without .ko, or "vmlinux" */
	const char *ns;		/* "" when none */
	bool gpl;
	unsigned int line;
};

/*
 * Parses a Module.symvers image of @len bytes (need not be NUL-terminated)
 * and calls @fn for each line, in order; the entry's strings are only
 * valid during the call. Stops at the first malformed line with -EINVAL and
 * "@path:LINE: reason" in @err, or at @fn's first non-zero return.
 */
int umod_symvers_parse(const char *path, const char *buf, size_t len,
		       int (*fn)(const struct umod_symvers_entry *e, void *data),
		       void *data, char *err, size_t errsize);
/* writes one entry in the kernel's exact format; returns fprintf's result */
int umod_symvers_write(FILE *file, const struct umod_symvers_entry *e);

#endif /* _UMOD_UTIL_SYMVERS_H */
