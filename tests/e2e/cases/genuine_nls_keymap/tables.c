/* SPDX-License-Identifier: MIT */
/*
 * A 6.1 module that uses the registries genuine modules fill: two codepage
 * tables and the default one by name (load_nls() asks for module nls_NAME
 * when the name is not registered), a string converted both ways through
 * each, and an IR keymap's scancodes (rc_map_get() asks for module rc-NAME).
 */
#include <linux/module.h>
#include <linux/nls.h>
#include <media/rc-map.h>

/* "é£ß" and "A" in the charset, as UTF-8 for the log */
static void convert(const char *charset, const unsigned char *raw, int len)
{
	struct nls_table *t = load_nls(charset);
	u8 utf8[32], back[8];
	int n = 0, m = 0;

	if (!t) {
		pr_info("%s: no such table\n", charset);
		return;
	}
	for (int i = 0; i < len; i++) {
		wchar_t uni;
		int k = t->char2uni(&raw[i], 1, &uni);

		if (k < 0 || n > (int)sizeof(utf8) - NLS_MAX_CHARSET_SIZE)
			break;
		n += utf32_to_utf8(uni, utf8 + n, sizeof(utf8) - n);
		m += t->uni2char(uni, back + m, sizeof(back) - m);
	}
	utf8[n] = '\0';
	pr_info("%s (%s): %*ph -> \"%s\" -> %*ph; upper %#x -> %#x\n", t->charset,
		t->alias ? t->alias : "no alias", len, raw, utf8, m, back, raw[0],
		nls_toupper(t, raw[0]));
	unload_nls(t);
}

static void keymap(const char *name)
{
	struct rc_map *map = rc_map_get(name);

	if (!map)
		return;
	pr_info("%s: protocol %d, %u scancodes\n", map->name, map->rc_proto, map->size);
	for (unsigned int i = 0; i < map->size; i += map->size / 4)
		pr_info("  scancode %#llx -> keycode %u\n", map->scan[i].scancode,
			map->scan[i].keycode);
}

static int __init tables_init(void)
{
	static const unsigned char cp437[] = { 0x82, 0x9c, 0xe1, 'A' };
	static const unsigned char latin1[] = { 0xe9, 0xa3, 0xdf, 'A' };
	struct nls_table *def;

	convert("cp437", cp437, sizeof(cp437));
	convert("iso8859-1", latin1, sizeof(latin1));
	def = load_nls_default();
	pr_info("default table: %s\n", def->charset);
	unload_nls(def);
	keymap("rc-rc6-mce");
	keymap("rc-no-such-remote");
	return 0;
}

static void __exit tables_exit(void)
{
}

module_init(tables_init);
module_exit(tables_exit);
MODULE_LICENSE("GPL");
