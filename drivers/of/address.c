// SPDX-License-Identifier: MIT
/*
 * Addresses (Linux 6.1's drivers/of/address.c): a node's "reg" entry is
 * #address-cells and #size-cells of its bus; it is translated to a CPU
 * address through each parent bus's "ranges" (empty: one to one; absent:
 * not translatable), as of_translate_address() does. Platform devices
 * get their IORESOURCE_MEM resources and names from it. On an ISA bus
 * (the ISA binding: a space cell, 1 for I/O, then the address) an I/O
 * entry is a port number, not an address in memory.
 */
#include <string.h>

#include "drivers/of/of_private.h"

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* @n cells as a number (the last two count: 64 bits) */
static uint64_t cells(const unsigned char *p, unsigned int n)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < n; i++)
		v = v << 32 | be32(p + i * 4);
	return v;
}

static uint32_t own_cells(const struct device_node *np, const char *name, uint32_t def)
{
	uint32_t v;

	return umod_of_property_read_u32(np, name, 0, &v) ? def : v;
}

/* @addr on @bus's children's side, on its parent's side: through its ranges */
static uint64_t through_ranges(const struct device_node *bus, uint64_t addr)
{
	int len;
	const unsigned char *r = umod_of_get_property(bus, "ranges", &len);
	unsigned int cna = own_cells(bus, "#address-cells", 2);
	unsigned int cns = own_cells(bus, "#size-cells", 1);
	unsigned int pna = umod_of_n_addr_cells(bus);
	size_t step;

	if (!r)
		return UMOD_OF_BAD_ADDR;
	if (!len)
		return addr;	/* one to one */
	step = ((size_t)cna + pna + cns) * 4;
	if (!cna || cna > 4 || pna > 4 || cns > 4)
		return UMOD_OF_BAD_ADDR;
	for (size_t off = 0; off + step <= (size_t)len; off += step) {
		uint64_t child = cells(r + off, cna);
		uint64_t parent = cells(r + off + cna * 4, pna);
		uint64_t size = cells(r + off + ((size_t)cna + pna) * 4, cns);

		if (addr >= child && addr - child < size)
			return addr - child + parent;
	}
	return UMOD_OF_BAD_ADDR;
}

uint64_t umod_of_translate_reg(const struct device_node *np, int index, uint64_t *sizep)
{
	unsigned int na = umod_of_n_addr_cells(np), ns = umod_of_n_size_cells(np);
	int len;
	const unsigned char *reg = umod_of_get_property(np, "reg", &len);
	size_t step = ((size_t)na + ns) * 4, off = (size_t)index * step;
	uint64_t addr;

	if (!reg || !na || na > 4 || ns > 4 || index < 0 || off + step > (size_t)len)
		return UMOD_OF_BAD_ADDR;
	addr = cells(reg + off, na);
	if (sizep)
		*sizep = cells(reg + off + na * 4, ns);
	for (const struct device_node *bus = np->parent; bus && bus->parent; bus = bus->parent)
		if ((addr = through_ranges(bus, addr)) == UMOD_OF_BAD_ADDR)
			break;
	return addr;
}

uint64_t umod_of_isa_ioport(const struct device_node *np, int index, uint64_t *sizep)
{
	const struct device_node *bus = np->parent;
	const char *type = bus ? umod_of_get_property(bus, "device_type", NULL) : NULL;
	unsigned int ns = umod_of_n_size_cells(np);
	const unsigned char *reg;
	size_t step, off;
	int len;

	if (!type || strcmp(type, "isa") || umod_of_n_addr_cells(np) != 2 || !ns || ns > 2)
		return UMOD_OF_BAD_ADDR;
	reg = umod_of_get_property(np, "reg", &len);
	step = (2 + (size_t)ns) * 4;
	off = (size_t)index * step;
	if (!reg || index < 0 || off + step > (size_t)len || !(be32(reg + off) & 1))
		return UMOD_OF_BAD_ADDR;
	if (sizep)
		*sizep = cells(reg + off + 8, ns);
	return be32(reg + off + 4);
}
