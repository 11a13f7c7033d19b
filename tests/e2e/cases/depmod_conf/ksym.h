/* an export as depmod sees one: a name in __ksymtab_strings */
#define FAKE_EXPORT(sym) \
	static const char __kstrtab_##sym[] __attribute__((section("__ksymtab_strings"), used)) = #sym
