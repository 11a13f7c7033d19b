// SPDX-License-Identifier: MIT
/*
 * umod version (also `umod --version` and every tool's -V): the release
 * and, on a second line, what this build can do, in kmod's "+XZ -ZLIB"
 * form so that scripts which parse `kmod --version` can parse ours.
 */
#include <stdio.h>

#include <generated/utsrelease.h>

#include "tools.h"

/*
 * Each library is linked unconditionally (the Makefile's LIB_LIBS and
 * FUSE_LIBS); .ko.gz is not read, so ZLIB is off, as in Debian's kmod.
 * ZSTD, XZ: .ko.zst, .ko.xz; LIBCRYPTO: module signatures in modinfo;
 * FUSE: umod daemon --sysfs.
 */
#define UMOD_FEATURES	"+ZSTD +XZ -ZLIB +LIBCRYPTO +FUSE"

int umod_tool_print_version(void)
{
	printf("umod version %s\n%s\n", UTS_RELEASE, UMOD_FEATURES);
	return 0;
}

static int run(int argc, char *argv[])
{
	if (argc > 1) {
		fprintf(stderr, "Usage: umod version\n");
		return 1;
	}
	return umod_tool_print_version();
}

const struct umod_cmd umod_cmd_version = {
	.name = "version",
	.run = run,
	.help = "show the version and the compiled-in features",
};
