/* SPDX-License-Identifier: MIT */
/*
 * The machine's description for reports (drivers/firmware/dmi_scan.c):
 * what Linux's dmi_setup() hands to dump_stack_set_arch_desc().
 */
#ifndef _UMOD_DRIVERS_FIRMWARE_DMI_H
#define _UMOD_DRIVERS_FIRMWARE_DMI_H

#include <stddef.h>

/* what the report's "Hardware name: " line says; read once, later calls are free */
void umod_dmi_setup(void);
const char *umod_dump_stack_arch_desc(void);
/*
 * dmi_format_ids() over the DMI files in @dir (/sys/class/dmi/id): "vendor
 * product[/board], BIOS version date". Returns 0, or -ENOENT when @dir has
 * no vendor or product.
 */
int umod_dmi_format(const char *dir, char *buf, size_t size);

#endif
