// SPDX-License-Identifier: MIT
/* What several front ends share: kmod's error wording, dmesg's line format. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tools.h"

/* kmod's mod_strerror(): the kernel's errno seen from insmod */
const char *umod_tool_strerror(int err)
{
	switch (err) {
	case ENOEXEC:
		return "Invalid module format";
	case ENOENT:
	case ESRCH:
		return "Unknown symbol in module";
	case EINVAL:
		return "Invalid parameters";
	default:
		return strerror(err);
	}
}

void umod_tool_print_record(FILE *out, uint64_t ts_nsec, const char *text)
{
	fprintf(out, "[%5llu.%06llu] %s\n",
		(unsigned long long)(ts_nsec / 1000000000ull),
		(unsigned long long)(ts_nsec % 1000000000ull / 1000ull), text);
	fflush(out);
}

char *umod_tool_join_args(int argc, char *argv[], int first)
{
	size_t len = 1;
	char *s;

	for (int i = first; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = first; i < argc; i++) {
		if (i > first)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}
