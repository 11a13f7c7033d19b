// SPDX-License-Identifier: GPL-2.0
/* printk's %p extensions and print_hex_dump(), as a Linux 6.1 module uses them */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/uuid.h>

static const u8 mac[6] = { 0x00, 0x1b, 0x21, 0x0a, 0xbc, 0xde };
static const u8 ip4[4] = { 192, 168, 1, 20 };
static const u8 blob[20] = "Hello, hexdump!\x01\x02\xff\x7f";

static noinline int fmt_helper(int x)
{
	return x * 3;
}

static void fmt_va(const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_info("vaf: [%pV]\n", &vaf);
	va_end(args);
}

static int __init fmt_init(void)
{
	char buf[16];
	int n;

	pr_info("symbol %pS\n", fmt_helper);
	pr_info("symbol no offset %ps\n", fmt_helper);
	pr_info("hex %*ph\n", 4, blob);
	pr_info("hex colon %*phC dash %*phD none %*phN\n", 3, blob, 3, blob, 3, blob);
	pr_info("err %pe %pe %pe\n", ERR_PTR(-ENOMEM), ERR_PTR(-EINVAL), ERR_PTR(-ERESTARTSYS));
	pr_info("mac %pM %pMR ip %pI4\n", mac, mac, ip4);
	pr_info("null %p raw %px\n", NULL, (void *)0x1234);
	pr_info("ints %5d|%-5d|%05d|%x|%#x|%#x|%llu|%zu|%c\n", 42, 42, 42, 255, 255, 0,
		18446744073709551615ULL, sizeof(long), 'k');
	pr_info("str [%s] [%10s] [%-6s] [%.3s]\n", "abc", "right", "left", "truncate");
	n = snprintf(buf, sizeof(buf), "%s", "0123456789abcdefXYZ");
	pr_info("snprintf %d [%s] scnprintf %d\n", n, buf,
		scnprintf(buf, sizeof(buf), "%s", "0123456789abcdefXYZ"));
	fmt_va("%d-%s", fmt_helper(2), "nested");
	{
		const char *text = "1b4e28ba-2fa1-11d2-883f-0016d3cca427";
		uuid_t u;
		guid_t g;
		int err = uuid_parse(text, &u);

		pr_info("uuid %d %pUb guid %d %pUl bad %d\n", err, &u, guid_parse(text, &g), &g,
			uuid_parse("1b4e28ba-2fa1-11d2-883f-0016d3cca42", &u));
		uuid_gen(&u);
		pr_info("random uuid version %d variant %d null %d\n", u.b[6] >> 4, u.b[8] >> 6,
			uuid_is_null(&u));
	}
	print_hex_dump(KERN_INFO, "blob: ", DUMP_PREFIX_OFFSET, 16, 1, blob, sizeof(blob), true);
	print_hex_dump(KERN_INFO, "words: ", DUMP_PREFIX_NONE, 16, 4, blob, 16, false);
	return 0;
}

static void __exit fmt_exit(void)
{
}

module_init(fmt_init);
module_exit(fmt_exit);
MODULE_LICENSE("GPL");
