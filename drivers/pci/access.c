// SPDX-License-Identifier: MIT
/*
 * Config space (Linux 6.1's drivers/pci/access.c and the host bridge's
 * config cycles): each function's 256 bytes, read and written with
 * pci_read_config_byte/word/dword() and the write forms. A write changes
 * only the bits the header lets change (command, cache line, latency,
 * interrupt line, the MSI capability's control, address and data); a BAR
 * written with all ones reads back its size mask until it is written
 * again, as the sizing a BIOS or lspci does. An access that is not
 * naturally aligned or runs past the space is PCIBIOS_BAD_REGISTER_NUMBER,
 * as on Linux.
 */
#include <errno.h>
#include <string.h>

#include "drivers/pci/pci.h"
#include "kernel/kapi.h"

#define PCIBIOS_SUCCESSFUL		0x00
#define PCIBIOS_BAD_REGISTER_NUMBER	0x87

static bool bar_of(unsigned int where, unsigned int *bar)
{
	if (where < 0x10 || where >= 0x28)
		return false;
	*bar = (where - 0x10) / 4;
	return true;
}

/* the dword of a BAR being sized: its mask, its type bits kept */
static uint32_t bar_mask(const struct umod_pci_fn *fn, unsigned int bar)
{
	uint32_t type, v;

	memcpy(&v, fn->cfg + 0x10 + 4 * bar, 4);
	type = v & (v & 1 ? 0x3 : 0xf);
	return fn->bars[bar].size ? (uint32_t)~(fn->bars[bar].size - 1) | type : 0;
}

uint32_t umod_pci_cfg_read(struct umod_pci_fn *fn, unsigned int where, unsigned int size)
{
	uint8_t bytes[PCI_CFG_SIZE + 4];
	uint32_t v = 0;

	pthread_mutex_lock(&fn->lock);
	memcpy(bytes, fn->cfg, PCI_CFG_SIZE);
	for (unsigned int bar = 0; bar < PCI_NUM_BARS; bar++)
		if (fn->bar_sizing[bar]) {
			uint32_t m = bar_mask(fn, bar);

			memcpy(bytes + 0x10 + 4 * bar, &m, 4);
		}
	pthread_mutex_unlock(&fn->lock);
	memcpy(&v, bytes + where, size);
	return v;
}

void umod_pci_cfg_write(struct umod_pci_fn *fn, unsigned int where, unsigned int size,
			uint32_t value)
{
	unsigned int bar;

	pthread_mutex_lock(&fn->lock);
	if (bar_of(where, &bar)) {
		/* sizing: all ones in; anything else puts the address back (it does not move) */
		fn->bar_sizing[bar] = size == 4 && value == 0xffffffff;
		pthread_mutex_unlock(&fn->lock);
		return;
	}
	for (unsigned int i = 0; i < size; i++) {
		uint8_t m = fn->wmask[where + i], b = (uint8_t)(value >> (8 * i));

		fn->cfg[where + i] = (uint8_t)((fn->cfg[where + i] & ~m) | (b & m));
	}
	pthread_mutex_unlock(&fn->lock);
}

static int check(const struct pci_dev *dev, int where, unsigned int size)
{
	if (!dev || !dev->priv || where < 0 || where + size > PCI_CFG_SIZE ||
	    (where & (size - 1)))
		return PCIBIOS_BAD_REGISTER_NUMBER;
	return PCIBIOS_SUCCESSFUL;
}

static int cfg_read(const struct pci_dev *dev, int where, unsigned int size, uint32_t *val)
{
	int err = check(dev, where, size);

	*val = err ? (size == 4 ? ~0u : (1u << (size * 8)) - 1)
		   : umod_pci_cfg_read(dev->priv, (unsigned int)where, size);
	return err;
}

static int kapi_pci_read_config_byte(const struct pci_dev *dev, int where, uint8_t *val)
{
	uint32_t v;
	int err = cfg_read(dev, where, 1, &v);

	*val = (uint8_t)v;
	return err;
}

static int kapi_pci_read_config_word(const struct pci_dev *dev, int where, uint16_t *val)
{
	uint32_t v;
	int err = cfg_read(dev, where, 2, &v);

	*val = (uint16_t)v;
	return err;
}

static int kapi_pci_read_config_dword(const struct pci_dev *dev, int where, uint32_t *val)
{
	return cfg_read(dev, where, 4, val);
}

static int cfg_write(const struct pci_dev *dev, int where, unsigned int size, uint32_t val)
{
	int err = check(dev, where, size);

	if (!err)
		umod_pci_cfg_write(dev->priv, (unsigned int)where, size, val);
	return err;
}

static int kapi_pci_write_config_byte(const struct pci_dev *dev, int where, uint8_t val)
{
	return cfg_write(dev, where, 1, val);
}

static int kapi_pci_write_config_word(const struct pci_dev *dev, int where, uint16_t val)
{
	return cfg_write(dev, where, 2, val);
}

static int kapi_pci_write_config_dword(const struct pci_dev *dev, int where, uint32_t val)
{
	return cfg_write(dev, where, 4, val);
}

static const struct umod_kapi_export access_exports[] = {
	UMOD_KAPI("pci_read_config_byte", kapi_pci_read_config_byte),
	UMOD_KAPI("pci_read_config_word", kapi_pci_read_config_word),
	UMOD_KAPI("pci_read_config_dword", kapi_pci_read_config_dword),
	UMOD_KAPI("pci_write_config_byte", kapi_pci_write_config_byte),
	UMOD_KAPI("pci_write_config_word", kapi_pci_write_config_word),
	UMOD_KAPI("pci_write_config_dword", kapi_pci_write_config_dword),
};

const struct umod_kapi_table umod_kapi_pci_access = UMOD_KAPI_TABLE(access_exports);
