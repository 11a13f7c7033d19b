// SPDX-License-Identifier: MIT
/*
 * Without libFuzzer: feeds each file named on the command line (or each
 * file inside a named directory) to the target once, as libFuzzer would
 * replay a crash. `make check` runs it over tests/fuzz-regressions/ and the
 * seed corpora, with the normal compiler (and SANITIZE=... when given).
 *   replay-TARGET FILE|DIR...
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long len;

	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		goto fail;
	/* exactly the input's size, so ASan sees a read past its end */
	buf = malloc(len ? (size_t)len : 1);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len)
		goto fail;
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t)len);
	free(buf);
	return 1;
fail:
	fprintf(stderr, "replay: cannot read %s\n", path);
	if (f)
		fclose(f);
	free(buf);
	return -1;
}

/* 1: a directory, 0: something else, -1: missing (lib's -I include
 * shadows <linux/stat.h>, so no stat(2) here) */
static int is_dir(const char *path)
{
	DIR *d = opendir(path);

	if (d) {
		closedir(d);
		return 1;
	}
	return errno == ENOTDIR ? 0 : -1;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int replay_dir(const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, by_name), count = 0;

	if (n < 0) {
		fprintf(stderr, "replay: cannot read %s\n", dir);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
		if (ents[i]->d_name[0] != '.' && is_dir(path) == 0) {
			int r = replay_file(path);

			if (r < 0)
				count = -1;
			else if (count >= 0)
				count++;
		}
		free(ents[i]);
	}
	free(ents);
	return count;
}

int main(int argc, char *argv[])
{
	const char *name = strrchr(argv[0], '/');
	int total = 0, failed = 0;

	for (int i = 1; i < argc; i++) {
		int dir = is_dir(argv[i]), n;

		if (dir < 0) {
			fprintf(stderr, "replay: cannot open %s\n", argv[i]);
			failed = 1;
			continue;
		}
		n = dir ? replay_dir(argv[i]) : replay_file(argv[i]);
		if (n < 0)
			failed = 1;
		else
			total += n;
	}
	printf("%s: %d inputs replayed\n", name ? name + 1 : argv[0], total);
	return failed;
}
