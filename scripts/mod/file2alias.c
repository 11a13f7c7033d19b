// SPDX-License-Identifier: MIT
/*
 * The aliases of a module's device tables (Linux's scripts/mod/
 * file2alias.c): MODULE_DEVICE_TABLE(of, t) leaves a symbol
 * __mod_of__t_device_table over the table; each entry but the last (the
 * terminator) becomes MODULE_ALIAS lines in foo.mod.c, which
 * modules.alias then lists, so that a device's modalias loads the module:
 *   of        "of:N<name|*>T<type|*>[*]C<compatible>" and the same + "C*"
 *   platform  "platform:<name>"
 *   i2c       "i2c:<name>"
 *   spi       "spi:<name>"
 *   usb       "usb:v<VVVV>p<PPPP>d*dc<..>dsc<..>dp<..>ic<..>isc<..>ip<..>in<..>",
 *             a field the entry does not match on is "*" (bcdDevice always is)
 *   pci       "pci:v<vendor>d<device>sv<subvendor>sd<subdevice>bc<class>sc<sub>i<prog-if>",
 *             each field in hex or * (PCI_ANY_ID, or a class byte its mask leaves out)
 * The entry layouts are the host's (umod/kabi/device.h), built for the
 * same architecture as modpost itself.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <umod/kabi/device.h>
#include <umod/kabi/usb.h>
#include <umod/kabi/pci.h>

#include "modpost.h"
#include "util/macro.h"

/* an of_device_id's string field, NUL-terminated within its array */
static void field(char *dst, const char *src, size_t size)
{
	size_t n = strnlen(src, size);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void of_entry(FILE *f, const void *entry)
{
	const struct of_device_id *id = entry;
	char name[sizeof(id->name) + 1], type[sizeof(id->type) + 1];
	char compat[sizeof(id->compatible) + 1], alias[512];
	int len;

	field(name, id->name, sizeof(id->name));
	field(type, id->type, sizeof(id->type));
	field(compat, id->compatible, sizeof(id->compatible));
	len = snprintf(alias, sizeof(alias), "of:N%sT%s", name[0] ? name : "*",
		       type[0] ? type : "*");
	if (compat[0])
		snprintf(alias + len, sizeof(alias) - (size_t)len, "%sC%s", type[0] ? "*" : "",
			 compat);
	for (char *p = alias; *p; p++)
		if (isspace((unsigned char)*p))
			*p = '_';
	fprintf(f, "MODULE_ALIAS(\"%s\");\n", alias);
	fprintf(f, "MODULE_ALIAS(\"%sC*\");\n", alias);
}

static void platform_entry(FILE *f, const void *entry)
{
	const struct platform_device_id *id = entry;
	char name[sizeof(id->name) + 1];

	field(name, id->name, sizeof(id->name));
	fprintf(f, "MODULE_ALIAS(\"" PLATFORM_MODULE_PREFIX "%s\");\n", name);
}

static void i2c_entry(FILE *f, const void *entry)
{
	const struct i2c_device_id *id = entry;
	char name[sizeof(id->name) + 1];

	field(name, id->name, sizeof(id->name));
	fprintf(f, "MODULE_ALIAS(\"" I2C_MODULE_PREFIX "%s\");\n", name);
}

static void spi_entry(FILE *f, const void *entry)
{
	const struct spi_device_id *id = entry;
	char name[sizeof(id->name) + 1];

	field(name, id->name, sizeof(id->name));
	fprintf(f, "MODULE_ALIAS(\"" SPI_MODULE_PREFIX "%s\");\n", name);
}

/* "X%0*X" when the entry matches on it, else "X*" */
static void usb_field(char *out, size_t size, const char *key, bool on, int width,
		      unsigned int v)
{
	size_t len = strlen(out);

	if (on)
		snprintf(out + len, size - len, "%s%0*X", key, width, v);
	else
		snprintf(out + len, size - len, "%s*", key);
}

static void usb_entry(FILE *f, const void *entry)
{
	const struct usb_device_id *id = entry;
	unsigned int m = id->match_flags;
	char alias[128] = "usb:";

	usb_field(alias, sizeof(alias), "v", m & USB_DEVICE_ID_MATCH_VENDOR, 4, id->idVendor);
	usb_field(alias, sizeof(alias), "p", m & USB_DEVICE_ID_MATCH_PRODUCT, 4, id->idProduct);
	usb_field(alias, sizeof(alias), "d", false, 4, 0);
	usb_field(alias, sizeof(alias), "dc", m & USB_DEVICE_ID_MATCH_DEV_CLASS, 2,
		  id->bDeviceClass);
	usb_field(alias, sizeof(alias), "dsc", m & USB_DEVICE_ID_MATCH_DEV_SUBCLASS, 2,
		  id->bDeviceSubClass);
	usb_field(alias, sizeof(alias), "dp", m & USB_DEVICE_ID_MATCH_DEV_PROTOCOL, 2,
		  id->bDeviceProtocol);
	usb_field(alias, sizeof(alias), "ic", m & USB_DEVICE_ID_MATCH_INT_CLASS, 2,
		  id->bInterfaceClass);
	usb_field(alias, sizeof(alias), "isc", m & USB_DEVICE_ID_MATCH_INT_SUBCLASS, 2,
		  id->bInterfaceSubClass);
	usb_field(alias, sizeof(alias), "ip", m & USB_DEVICE_ID_MATCH_INT_PROTOCOL, 2,
		  id->bInterfaceProtocol);
	usb_field(alias, sizeof(alias), "in", m & USB_DEVICE_ID_MATCH_INT_NUMBER, 2,
		  id->bInterfaceNumber);
	fprintf(f, "MODULE_ALIAS(\"%s\");\n", alias);
}

/* do_pci_entry(): a field, or "*" when the entry matches any */
static int pci_field(char *p, size_t size, const char *tag, bool set, unsigned int width,
		     unsigned int v)
{
	return set ? snprintf(p, size, "%s%0*X", tag, (int)width, v) : snprintf(p, size, "%s*", tag);
}

static void pci_entry(FILE *f, const void *entry)
{
	const struct pci_device_id *id = entry;
	unsigned int bc = id->class >> 16, bcm = id->class_mask >> 16;
	unsigned int sc = (id->class >> 8) & 0xff, scm = (id->class_mask >> 8) & 0xff;
	unsigned int pi = id->class & 0xff, pim = id->class_mask & 0xff;
	char alias[256] = "pci:";
	size_t n = 4;

	if ((bcm && bcm != 0xff) || (scm && scm != 0xff) || (pim && pim != 0xff)) {
		modpost_warn("Can't handle masks in %s:%04X\n", "pci", id->class_mask);
		return;
	}
	n += (size_t)pci_field(alias + n, sizeof(alias) - n, "v", id->vendor != PCI_ANY_ID, 8,
			       id->vendor);
	n += (size_t)pci_field(alias + n, sizeof(alias) - n, "d", id->device != PCI_ANY_ID, 8,
			       id->device);
	n += (size_t)pci_field(alias + n, sizeof(alias) - n, "sv", id->subvendor != PCI_ANY_ID, 8,
			       id->subvendor);
	n += (size_t)pci_field(alias + n, sizeof(alias) - n, "sd", id->subdevice != PCI_ANY_ID, 8,
			       id->subdevice);
	n += (size_t)pci_field(alias + n, sizeof(alias) - n, "bc", bcm == 0xff, 2, bc);
	n += (size_t)pci_field(alias + n, sizeof(alias) - n, "sc", scm == 0xff, 2, sc);
	n += (size_t)pci_field(alias + n, sizeof(alias) - n, "i", pim == 0xff, 2, pi);
	fprintf(f, "MODULE_ALIAS(\"%s%s\");\n", alias, alias[n - 1] == '*' ? "" : "*");
}

static const struct table_type {
	const char *type;
	size_t size;
	void (*entry)(FILE *f, const void *entry);
} table_types[] = {
	{ "of", sizeof(struct of_device_id), of_entry },
	{ "platform", sizeof(struct platform_device_id), platform_entry },
	{ "i2c", sizeof(struct i2c_device_id), i2c_entry },
	{ "spi", sizeof(struct spi_device_id), spi_entry },
	{ "usb", sizeof(struct usb_device_id), usb_entry },
	{ "pci", sizeof(struct pci_device_id), pci_entry },
};

/* "__mod_of__t_device_table": the table type, if it is one modpost knows */
static const struct table_type *table_type(const char *sym)
{
	size_t len = strlen(sym);

	if (strncmp(sym, "__mod_", 6) || len < 6 + 13 ||
	    strcmp(sym + len - 13, "_device_table"))
		return NULL;
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(table_types); i++) {
		size_t tl = strlen(table_types[i].type);

		if (!strncmp(sym + 6, table_types[i].type, tl) && !strncmp(sym + 6 + tl, "__", 2))
			return &table_types[i];
	}
	return NULL;
}

/* the table's bytes, every bound checked; NULL (reported) when they are not whole */
static const unsigned char *table_data(const struct modobj *m, const Elf64_Sym *sym,
				       const struct table_type *t, const char *name)
{
	const Elf64_Shdr *sh;

	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= m->elf.shnum)
		return NULL;
	sh = &m->elf.sechdrs[sym->st_shndx];
	if (sym->st_size % t->size) {
		modpost_error("%s: sizeof(struct %s_device_id)=%zu is not a modulo of the size of section %s=%llu.\n",
			      m->path, t->type, t->size, name, (unsigned long long)sym->st_size);
		return NULL;
	}
	if (sh->sh_type == SHT_NOBITS || sym->st_value > sh->sh_size ||
	    sym->st_size > sh->sh_size - sym->st_value ||
	    !umod_elf_range_ok(&m->elf, sh->sh_offset + sym->st_value, sym->st_size))
		return NULL;
	return m->elf.image + sh->sh_offset + sym->st_value;
}

void modpost_write_aliases(FILE *f, const struct modobj *m)
{
	for (unsigned int i = 1; i < m->elf.num_syms; i++) {
		const Elf64_Sym *sym = &m->elf.syms[i];
		const char *name = umod_elf_symname(&m->elf, sym);
		const struct table_type *t = name ? table_type(name) : NULL;
		const unsigned char *data;

		if (!t || !(data = table_data(m, sym, t, name)))
			continue;
		/* the last entry is the terminator */
		for (size_t off = 0; off + t->size < sym->st_size; off += t->size)
			t->entry(f, data + off);
	}
}
