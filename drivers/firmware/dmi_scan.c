// SPDX-License-Identifier: MIT
/*
 * "Hardware name:" in oops, warning and lockup reports. Linux prints the
 * machine's DMI identity (dmi_format_ids(), set at boot with
 * dump_stack_set_arch_desc()); module code in a umod host runs on the
 * machine the host runs on, so its DMI, as /sys/class/dmi/id shows it to
 * every user, is the honest answer. A machine without DMI (many virtual
 * machines, containers without /sys) has Linux print no line; a umod host
 * then names itself, so a report has the same lines everywhere.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "drivers/firmware/dmi.h"

#define DMI_DIR		"/sys/class/dmi/id"
#define DMI_NONE	"umod user-space host"

static char arch_desc[128];
static pthread_once_t arch_desc_once = PTHREAD_ONCE_INIT;

/* one DMI file's first line, or "" */
static void read_id(const char *dir, const char *name, char *buf, size_t size)
{
	char path[256];
	ssize_t n = -1;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd >= 0) {
		n = read(fd, buf, size - 1);
		close(fd);
	}
	buf[n < 0 ? 0 : n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
}

/* print_filtered(): what is not printable as \xNN */
static size_t put_filtered(char *buf, size_t size, size_t at, const char *s)
{
	for (; *s && at + 5 < size; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c < 0x7f)
			buf[at++] = (char)c;
		else
			at += (size_t)snprintf(buf + at, size - at, "\\x%02x", c);
	}
	buf[at] = '\0';
	return at;
}

int umod_dmi_format(const char *dir, char *buf, size_t size)
{
	static const char *const ids[] = {
		"sys_vendor", " ", "product_name", "/", "board_name", ", BIOS ",
		"bios_version", " ", "bios_date",
	};
	char value[128];
	size_t at = 0;

	if (!size)
		return -EINVAL;
	*buf = '\0';
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i += 2) {
		read_id(dir, ids[i], value, sizeof(value));
		if (i < 4 && !*value)
			return -ENOENT;
		/* the board is optional, and so is the "/" before it */
		if (i == 4 && !*value)
			continue;
		if (i)
			at = put_filtered(buf, size, at, ids[i - 1]);
		at = put_filtered(buf, size, at, value);
	}
	return 0;
}

static void setup_once(void)
{
	if (umod_dmi_format(DMI_DIR, arch_desc, sizeof(arch_desc)))
		snprintf(arch_desc, sizeof(arch_desc), "%s", DMI_NONE);
}

void umod_dmi_setup(void)
{
	pthread_once(&arch_desc_once, setup_once);
}

const char *umod_dump_stack_arch_desc(void)
{
	return arch_desc;
}
