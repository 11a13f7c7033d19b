// SPDX-License-Identifier: MIT
/*
 * kernel/module/exports.c and kernel/module/usage.c through whole loads of synthetic modules:
 * an exporter's __ksymtab entries (place-relative, as EXPORT_SYMBOL emits
 * them) join the host's table and resolve a consumer's imports; the
 * consumer becomes a holder; GPL-only, namespace and duplicate rules; every
 * failure leaves the table, the links and the use counts as they were;
 * a consumer waits for an exporter still in its init; symbol_get; the
 * application's own exports.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/module/internal.h"
#include "util/symtab.h"

#include "elfsynth.h"
#include "helpers.h"

static struct capture cap;

#define TEXT		1	/* section indices every synthetic module shares */
#define TEXT_SIZE	256

/* a module with 256 bytes of ret in .text and the given .modinfo */
static struct synth *base_module(const char *name, const char *license, const char *extra)
{
	static unsigned char text[TEXT_SIZE];
	struct synth *s = synth_new();
	struct module m = { 0 };
	char info[512];
	int n = 0;

	memset(text, 0xc3, sizeof(text));
	synth_section(s, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16, text, sizeof(text));
	if (license)
		n += snprintf(info + n, sizeof(info) - (size_t)n, "license=%s", license) + 1;
	n += snprintf(info + n, sizeof(info) - (size_t)n, "name=%s", name) + 1;
	n += snprintf(info + n, sizeof(info) - (size_t)n, "vermagic=%s", umod_vermagic) + 1;
	if (extra)
		n += snprintf(info + n, sizeof(info) - (size_t)n, "%s", extra) + 1;
	synth_section(s, ".modinfo", SHT_PROGBITS, SHF_ALLOC, 1, info, (size_t)n);
	strncpy(m.name, name, sizeof(m.name) - 1);
	synth_section(s, ".gnu.linkonce.this_module", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE,
		      64, &m, sizeof(m));
	synth_modversions(s);
	return s;
}

struct exp_spec {
	const char *name;
	const char *ns;		/* NULL: none */
	bool gpl;
};

/* entry k of @tab: value -> .text + 16 * @i, name and namespace in @str */
static void ksymtab_entry(struct synth *s, unsigned int tab, unsigned int k, unsigned int fn,
			  unsigned int strsym, size_t name_off, size_t ns_off)
{
	synth_rela(s, tab, 12 * k, R_X86_64_PC32, fn, 0);
	synth_rela(s, tab, 12 * k + 4, R_X86_64_PC32, strsym, (int64_t)name_off);
	synth_rela(s, tab, 12 * k + 8, R_X86_64_PC32, strsym, (int64_t)ns_off);
}

/* EXPORT_SYMBOL*() of functions at .text + 16 * i, as export.h lays them out */
static void add_exports(struct synth *s, const struct exp_spec *e, unsigned int n)
{
	char strs[512];
	size_t off[8][2], len = 0;
	unsigned int nplain = 0, ngpl = 0, str, strsym, tab = 0, gtab = 0, kp = 0, kg = 0;

	for (unsigned int i = 0; i < n; i++) {
		off[i][0] = len;
		len += (size_t)sprintf(strs + len, "%s", e[i].name) + 1;
		off[i][1] = len;
		len += (size_t)sprintf(strs + len, "%s", e[i].ns ? e[i].ns : "") + 1;
		*(e[i].gpl ? &ngpl : &nplain) += 1;
	}
	str = synth_section(s, "__ksymtab_strings", SHT_PROGBITS,
			    SHF_ALLOC | SHF_MERGE | SHF_STRINGS, 1, strs, len);
	if (nplain)
		tab = synth_section(s, "__ksymtab", SHT_PROGBITS, SHF_ALLOC, 4, NULL, 12 * nplain);
	if (ngpl)
		gtab = synth_section(s, "__ksymtab_gpl", SHT_PROGBITS, SHF_ALLOC, 4, NULL, 12 * ngpl);
	strsym = synth_symbol(s, "", str, 0, STB_LOCAL, STT_SECTION);
	for (unsigned int i = 0; i < n; i++) {
		unsigned int fn = synth_symbol(s, e[i].name, TEXT, 16 * i, STB_GLOBAL, STT_FUNC);

		if (e[i].gpl)
			ksymtab_entry(s, gtab, kg++, fn, strsym, off[i][0], off[i][1]);
		else
			ksymtab_entry(s, tab, kp++, fn, strsym, off[i][0], off[i][1]);
	}
}

/* each import's resolved address lands in .data, 8 bytes each */
static void add_imports(struct synth *s, const char *const *names, unsigned int n)
{
	unsigned int data = synth_section(s, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8,
					  NULL, 8 * n);

	for (unsigned int i = 0; i < n; i++) {
		bool weak = names[i][0] == '~';
		unsigned int sym = synth_symbol(s, names[i] + weak, SHN_UNDEF, 0,
						weak ? STB_WEAK : STB_GLOBAL, STT_NOTYPE);

		synth_rela(s, data, 8 * i, R_X86_64_64, sym, 0);
	}
}

static int load(struct umod_host *host, struct synth *s, struct umod_module **modp)
{
	size_t len;
	unsigned char *img = synth_image(s, &len);
	int err = umod_module_insert_image(host, img, len, NULL, 0, modp);

	free(img);
	synth_free(s);
	return err;
}

static int load_exporter(struct umod_host *host, const char *name, const char *license,
			 const struct exp_spec *e, unsigned int n, struct umod_module **modp)
{
	struct synth *s = base_module(name, license, NULL);

	add_exports(s, e, n);
	return load(host, s, modp);
}

static int load_consumer(struct umod_host *host, const char *name, const char *license,
			 const char *extra, const char *const *imports, unsigned int n,
			 struct umod_module **modp)
{
	struct synth *s = base_module(name, license, extra);

	add_imports(s, imports, n);
	return load(host, s, modp);
}

static uint64_t section_addr(const struct umod_module *mod, const char *name)
{
	const struct umod_section *sec = umod_module_find_section(mod, name);

	return sec ? (uint64_t)(uintptr_t)sec->addr : 0;
}

static uint64_t import_value(const struct umod_module *mod, unsigned int i)
{
	return ((const uint64_t *)(uintptr_t)section_addr(mod, ".data"))[i];
}

struct names {
	char list[256];
};

static int name_cb(struct umod_module *m, void *data)
{
	struct names *n = data;

	if (*n->list)
		strcat(n->list, ",");
	strcat(n->list, umod_module_get_name(m));
	return 0;
}

static const char *holders(struct umod_module *mod)
{
	static struct names n;

	n.list[0] = '\0';
	umod_module_for_each_holder(mod, name_cb, &n);
	return n.list;
}

static const struct exp_spec two[] = { { "e_plain", NULL, false }, { "e_gpl", NULL, true } };

static void resolve_hold_and_release(void **state)
{
	static const char *const imports[] = { "e_plain", "e_gpl", "kfree" };
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *e, *c, *c2;
	uint64_t text;

	assert_int_equal(load_exporter(host, "e", "GPL", two, 2, &e), 0);
	text = section_addr(e, ".text");
	assert_int_equal(umod_module_get_refcnt(e), 0);
	assert_int_equal(load_consumer(host, "c", "GPL", NULL, imports, 3, &c), 0);
	assert_true(import_value(c, 0) == text);
	assert_true(import_value(c, 1) == text + 16);
	assert_true(import_value(c, 2) != 0);
	/* one link and one use count, however many symbols it takes */
	assert_string_equal(holders(e), "c");
	assert_int_equal(umod_module_get_refcnt(e), 1);
	assert_int_equal(load_consumer(host, "c2", "GPL", NULL, imports, 1, &c2), 0);
	assert_string_equal(holders(e), "c2,c");
	assert_int_equal(umod_module_get_refcnt(e), 2);
	assert_int_equal(umod_module_remove(host, "e", 0), -EWOULDBLOCK);
	assert_int_equal(umod_module_get_state(e), UMOD_MODULE_LIVE);
	assert_int_equal(umod_module_remove(host, "c", 0), 0);
	assert_int_equal(umod_module_remove(host, "c2", 0), 0);
	assert_string_equal(holders(e), "");
	assert_int_equal(umod_module_get_refcnt(e), 0);
	assert_int_equal(umod_module_remove(host, "e", 0), 0);
	assert_null(umod_symtab_lookup(host->exports, "e_plain"));
	assert_null(umod_symtab_lookup(host->exports, "e_gpl"));
	umod_module_unref(e);
	umod_module_unref(c);
	umod_module_unref(c2);
	umod_host_unref(host);
}

static void gpl_only_hidden_from_proprietary(void **state)
{
	static const char *const gpl[] = { "e_gpl" }, *const plain[] = { "e_plain" };
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *c;
	char taint[8];

	assert_int_equal(load_exporter(host, "e", "GPL", two, 2, NULL), 0);
	assert_int_equal(load_consumer(host, "c", "Proprietary", NULL, gpl, 1, NULL), -ENOENT);
	assert_true(capture_has(&cap, "c: module license 'Proprietary' taints kernel."));
	assert_true(capture_has(&cap, "Disabling lock debugging due to kernel taint"));
	assert_string_equal(capture_last(&cap), "c: Unknown symbol e_gpl (err -2)");
	assert_true(umod_host_get_taint(host) == 1);	/* set although the load failed */
	assert_int_equal(load_consumer(host, "c", "Proprietary", NULL, plain, 1, &c), 0);
	umod_module_get_taint(c, taint, sizeof(taint));
	assert_string_equal(taint, "P");
	umod_module_unref(c);
	umod_host_unref(host);
}

/* no licence is "unspecified", as the kernel reads it */
static void missing_license_taints(void **state)
{
	static const char *const gpl[] = { "e_gpl" };
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(load_exporter(host, "e", "GPL", two, 2, NULL), 0);
	assert_int_equal(load_consumer(host, "c", NULL, NULL, gpl, 1, NULL), -ENOENT);
	assert_true(capture_has(&cap, "c: module license 'unspecified' taints kernel."));
	assert_true(umod_host_get_taint(host) & 1);
	umod_host_unref(host);
}

/* a user of a proprietary module's exports becomes proprietary itself */
static void proprietary_exporter_taints_users(void **state)
{
	static const char *const plain[] = { "e_plain" };
	static const char *const gpl_first[] = { "__symbol_get", "e_plain" };
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *c;
	char taint[8];

	assert_int_equal(load_exporter(host, "e", "Proprietary", two, 1, NULL), 0);
	assert_int_equal(load_consumer(host, "c", "GPL", NULL, plain, 1, &c), 0);
	assert_true(capture_has(&cap, "c: module uses symbols e_plain from proprietary module e, inheriting taint."));
	umod_module_get_taint(c, taint, sizeof(taint));
	assert_string_equal(taint, "P");
	umod_module_unref(c);
	assert_int_equal(load_consumer(host, "d", "GPL", NULL, gpl_first, 2, NULL), -ENOENT);
	assert_true(capture_has(&cap, "d: module using GPL-only symbols uses symbols e_plain from proprietary module e."));
	assert_string_equal(capture_last(&cap), "d: Unknown symbol e_plain (err -2)");
	umod_host_unref(host);
}

static void namespaces(void **state)
{
	static const struct exp_spec ns[] = { { "e_ns", "FOO_NS", false } };
	static const char *const imports[] = { "e_ns" };
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(load_exporter(host, "e", "GPL", ns, 1, NULL), 0);
	assert_string_equal(umod_symtab_lookup(host->exports, "e_ns")->ns, "FOO_NS");
	assert_int_equal(load_consumer(host, "c", "GPL", NULL, imports, 1, NULL), -EINVAL);
	assert_true(capture_has(&cap, "c: module uses symbol (e_ns) from namespace FOO_NS, but does not import it."));
	assert_string_equal(capture_last(&cap), "c: Unknown symbol e_ns (err -22)");
	assert_int_equal(load_consumer(host, "c", "GPL", "import_ns=BAR_NS", imports, 1, NULL),
			 -EINVAL);
	assert_int_equal(load_consumer(host, "c", "GPL", "import_ns=FOO_NS", imports, 1, NULL), 0);
	umod_host_unref(host);
}

static void duplicates_refused(void **state)
{
	static const struct exp_spec host_name[] = { { "kfree", NULL, false } };
	static const struct exp_spec again[] = { { "e_other", NULL, false },
						  { "e_plain", NULL, true } };
	static const char *const imports[] = { "e_plain" };
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *c;
	size_t count;

	assert_int_equal(load_exporter(host, "e", "GPL", two, 2, NULL), 0);
	count = umod_symtab_count(host->exports);
	assert_int_equal(load_exporter(host, "x", "GPL", host_name, 1, NULL), -ENOEXEC);
	assert_string_equal(capture_last(&cap), "x: exports duplicate symbol kfree (owned by kernel)");
	assert_int_equal(load_exporter(host, "y", "GPL", again, 2, NULL), -ENOEXEC);
	assert_string_equal(capture_last(&cap), "y: exports duplicate symbol e_plain (owned by e)");
	/* y's first export came and went; e's are untouched */
	assert_int_equal(umod_symtab_count(host->exports), count);
	assert_null(umod_symtab_lookup(host->exports, "e_other"));
	assert_int_equal(load_consumer(host, "c", "GPL", NULL, imports, 1, &c), 0);
	assert_string_equal(umod_symtab_lookup(host->exports, "e_plain")->owner->name, "e");
	umod_module_unref(c);
	umod_host_unref(host);
}

/* links made before a later symbol failed are undone with the load */
static void failed_load_releases_links(void **state)
{
	static const char *const imports[] = { "e_plain", "no_such_symbol", "~weak_one" };
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *e, *c;

	assert_int_equal(load_exporter(host, "e", "GPL", two, 2, &e), 0);
	assert_int_equal(load_consumer(host, "c", "GPL", NULL, imports, 3, NULL), -ENOENT);
	assert_string_equal(capture_last(&cap), "c: Unknown symbol no_such_symbol (err -2)");
	assert_string_equal(holders(e), "");
	assert_int_equal(umod_module_get_refcnt(e), 0);
	/* a weak import nobody exports is 0, not an error */
	assert_int_equal(load_consumer(host, "c", "GPL", NULL, imports + 2, 1, &c), 0);
	assert_true(import_value(c, 0) == 0);
	assert_int_equal(umod_module_remove(host, "e", 0), 0);
	umod_module_unref(e);
	umod_module_unref(c);
	umod_host_unref(host);
}

/* /sys/module/e/holders/c -> ../../c, refcnt and taint, as the kernel shows them */
static void sysfs_view(void **state)
{
	static const char *const imports[] = { "e_plain" };
	struct umod_host *host = test_host_new(&cap);
	char buf[64];

	assert_int_equal(load_exporter(host, "e", "GPL", two, 2, NULL), 0);
	assert_int_equal(umod_sysfs_read(host, "e/refcnt", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "0\n");
	assert_int_equal(load_consumer(host, "c", "Proprietary", NULL, imports, 1, NULL), 0);
	assert_int_equal(umod_sysfs_read(host, "e/refcnt", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "1\n");
	assert_int_equal(umod_sysfs_readlink(host, "e/holders/c", buf, sizeof(buf)), 7);
	assert_string_equal(buf, "../../c");
	assert_int_equal(umod_sysfs_stat(host, "c/holders/e", NULL, NULL), -ENOENT);
	assert_int_equal(umod_sysfs_read(host, "c/taint", buf, sizeof(buf)), 2);
	assert_string_equal(buf, "P\n");
	assert_int_equal(umod_sysfs_read(host, "e/taint", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "\n");
	assert_int_equal(umod_module_remove(host, "c", 0), 0);
	assert_int_equal(umod_sysfs_stat(host, "e/holders/c", NULL, NULL), -ENOENT);
	umod_host_unref(host);
}

/* ---- malformed __ksymtab ----------------------------------------------------- */

static void ksymtab_bad_size(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct synth *s = base_module("x", "GPL", NULL);

	synth_section(s, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, "f", 2);
	synth_section(s, "__ksymtab", SHT_PROGBITS, SHF_ALLOC, 4, NULL, 16);
	assert_int_equal(load(host, s, NULL), -ENOEXEC);
	assert_string_equal(capture_last(&cap), "x: __ksymtab is not an array of struct kernel_symbol");
	umod_host_unref(host);
}

/*
 * One __ksymtab entry whose fields are relocated against the given
 * symbols and addends: 0 stands for .text's "f", 1 for __ksymtab_strings.
 */
struct bad_entry {
	int value_sym, name_sym;
	int64_t value_add, name_add;
};

static int load_bad_entry(struct umod_host *host, const struct bad_entry *b)
{
	struct synth *s = base_module("x", "GPL", NULL);
	unsigned int str, tab, sym[2];

	str = synth_section(s, "__ksymtab_strings", SHT_PROGBITS, SHF_ALLOC, 1, "f\0", 3);
	tab = synth_section(s, "__ksymtab", SHT_PROGBITS, SHF_ALLOC, 4, NULL, 12);
	sym[1] = synth_symbol(s, "", str, 0, STB_LOCAL, STT_SECTION);
	sym[0] = synth_symbol(s, "f", TEXT, 0, STB_GLOBAL, STT_FUNC);
	synth_rela(s, tab, 0, R_X86_64_PC32, sym[b->value_sym], b->value_add);
	synth_rela(s, tab, 4, R_X86_64_PC32, sym[b->name_sym], b->name_add);
	synth_rela(s, tab, 8, R_X86_64_PC32, sym[1], 2);
	return load(host, s, NULL);
}

/* the name must be a string in __ksymtab_strings, the value inside the module */
static void ksymtab_bad_entries(void **state)
{
	static const struct bad_entry name_in_text = { 0, 0, 0, 0 };
	static const struct bad_entry name_past_end = { 0, 1, 0, 3 };
	static const struct bad_entry value_far = { 0, 1, 1 << 20, 0 };
	struct umod_host *host = test_host_new(&cap);

	assert_int_equal(load_bad_entry(host, &name_in_text), -ENOEXEC);
	assert_string_equal(capture_last(&cap), "x: __ksymtab entry 0 names no string in __ksymtab_strings");
	assert_int_equal(load_bad_entry(host, &name_past_end), -ENOEXEC);
	assert_string_equal(capture_last(&cap), "x: __ksymtab entry 0 names no string in __ksymtab_strings");
	assert_int_equal(load_bad_entry(host, &value_far), -ENOEXEC);
	assert_string_equal(capture_last(&cap), "x: exported symbol f lies outside the module");
	assert_null(umod_symtab_lookup(host->exports, "f"));
	umod_host_unref(host);
}

/* ---- an exporter still in its init ------------------------------------------- */

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_open, gate_entered;

static int block_init(void)
{
	pthread_mutex_lock(&gate_lock);
	gate_entered = 1;
	pthread_cond_broadcast(&gate_cond);
	while (!gate_open)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	return 0;
}

/* init: jmp block_init (a tail call through the far-call stub) */
static int load_slow_exporter(struct umod_host *host)
{
	static const unsigned char jmp[5] = { 0xe9 };
	struct synth *s = base_module("slow", "GPL", NULL);
	unsigned int itext, isym, fn;

	add_exports(s, two, 1);
	itext = synth_section(s, ".init.text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16,
			      jmp, sizeof(jmp));
	isym = synth_symbol(s, "slow_init", itext, 0, STB_LOCAL, STT_FUNC);
	fn = synth_symbol(s, "block_init", SHN_UNDEF, 0, STB_GLOBAL, STT_NOTYPE);
	synth_rela(s, itext, 1, R_X86_64_PLT32, fn, -4);
	synth_rela(s, 3, offsetof(struct module, init), R_X86_64_64, isym, 0);
	return load(host, s, NULL);
}

struct loader {
	struct umod_host *host;
	int err;
};

static void *exporter_thread(void *arg)
{
	struct loader *l = arg;

	l->err = load_slow_exporter(l->host);
	return NULL;
}

static void *consumer_thread(void *arg)
{
	static const char *const imports[] = { "e_plain" };
	struct loader *l = arg;

	l->err = load_consumer(l->host, "c", "GPL", NULL, imports, 1, NULL);
	return NULL;
}

static void waits_for_exporter_init(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct loader le = { host, 1 }, lc = { host, 1 };
	struct umod_module *slow;
	pthread_t te, tc;

	assert_int_equal(umod_host_export(host, "block_init", block_init, 0), 0);
	pthread_create(&te, NULL, exporter_thread, &le);
	pthread_mutex_lock(&gate_lock);
	while (!gate_entered)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	/* slow is COMING: its exports are listed but may not be used yet */
	assert_int_equal(umod_module_find(host, "slow", &slow), 0);
	assert_int_equal(umod_module_get_state(slow), UMOD_MODULE_COMING);
	assert_int_equal(umod_module_get_refcnt(slow), 1);	/* held during init */
	pthread_create(&tc, NULL, consumer_thread, &lc);
	usleep(100 * 1000);	/* ordering only: let the consumer reach its wait */
	assert_int_equal(lc.err, 1);
	pthread_mutex_lock(&gate_lock);
	gate_open = 1;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
	pthread_join(te, NULL);
	pthread_join(tc, NULL);
	assert_int_equal(le.err, 0);
	assert_int_equal(lc.err, 0);
	assert_string_equal(holders(slow), "c");
	assert_int_equal(umod_module_get_refcnt(slow), 1);
	umod_module_unref(slow);
	umod_host_unref(host);
}

/* ---- symbol_get, symbol_put ---------------------------------------------------- */

typedef void *(*symbol_get_fn)(const char *name);
typedef void (*symbol_put_fn)(const char *name);

/* __symbol_get/__symbol_put as @m's code calls them: the caller is found by address */
struct sym_call {
	const struct umod_host *host;
	const char *fn, *name;
};

static long sym_call(void *arg)
{
	const struct sym_call *s = arg;
	uint64_t addr = umod_symtab_lookup(s->host->exports, s->fn)->addr;

	if (!strcmp(s->fn, "__symbol_get"))
		return (long)(uintptr_t)((symbol_get_fn)(uintptr_t)addr)(s->name);
	((symbol_put_fn)(uintptr_t)addr)(s->name);
	return 0;
}

static void *sym_as(struct umod_module *m, const char *fn, const char *name)
{
	struct sym_call s = { m->host, fn, name };
	long ret = 0;

	assert_int_equal(umod_call(m, sym_call, &s, &ret), 0);
	return (void *)(uintptr_t)ret;
}

#define get(m, name)	sym_as(m, "__symbol_get", name)
#define put(m, name)	sym_as(m, "__symbol_put", name)

static void symbol_get_and_put(void **state)
{
	static const char *const none[] = { "~nothing" };
	struct umod_host *host = test_host_new(&cap);
	struct umod_module *e, *c;

	assert_true(umod_symtab_lookup(host->exports, "__symbol_get")->flags & UMOD_KSYM_GPL);
	assert_int_equal(load_consumer(host, "c", "GPL", NULL, none, 1, &c), 0);
	assert_null(get(c, "e_plain"));
	assert_int_equal(load_exporter(host, "e", "GPL", two, 2, &e), 0);
	assert_true((uint64_t)(uintptr_t)get(c, "e_gpl") == section_addr(e, ".text") + 16);
	assert_int_equal(umod_module_get_refcnt(e), 1);
	assert_int_equal(umod_module_remove(host, "e", 0), -EWOULDBLOCK);
	/* a weak reference makes no holder link */
	assert_string_equal(holders(e), "");
	put(c, "e_gpl");
	assert_int_equal(umod_module_get_refcnt(e), 0);
	/* the host's own symbols need no reference */
	assert_non_null(get(c, "kfree"));
	put(c, "kfree");
	assert_int_equal(umod_module_remove(host, "e", 0), 0);
	assert_null(get(c, "e_gpl"));
	umod_module_unref(e);
	umod_module_unref(c);
	umod_host_unref(host);
}

/* ---- the application's exports ------------------------------------------------- */

int test_app_triple(int x);
int test_app_triple(int x)
{
	return 3 * x;
}
UMOD_EXPORT_SYMBOL(test_app_triple);

int test_app_secret;
UMOD_EXPORT_SYMBOL_NS_GPL(test_app_secret, APP_NS);

static void application_exports(void **state)
{
	static const char *const imports[] = { "test_app_triple", "test_app_secret" };
	struct umod_host *host = test_host_new(&cap);
	const struct umod_ksym *ks = umod_symtab_lookup(host->exports, "test_app_secret");
	struct umod_module *c;

	/* collected by umod_host_new() from this program's own section */
	assert_non_null(ks);
	assert_true(ks->flags & UMOD_KSYM_GPL);
	assert_string_equal(ks->ns, "APP_NS");
	assert_int_equal(load_consumer(host, "c", "GPL", "import_ns=APP_NS", imports, 2, &c), 0);
	assert_ptr_equal((void *)(uintptr_t)import_value(c, 0), (void *)test_app_triple);
	assert_ptr_equal((void *)(uintptr_t)import_value(c, 1), (void *)&test_app_secret);
	umod_module_unref(c);
	umod_host_unref(host);
}

static void export_table_all_or_nothing(void **state)
{
	static int a, b;
	const struct umod_export good[] = {
		{ "app_a", &a, 0, NULL }, { "app_b", &b, UMOD_EXPORT_GPL, "NS" },
	};
	const struct umod_export bad[] = {
		{ "app_c", &a, 0, NULL }, { "app_d", &b, 0, NULL }, { "kfree", &a, 0, NULL },
	};
	struct umod_host *host;
	size_t count;

	assert_int_equal(umod_host_new_exports(&host, good, good + 2), 0);
	assert_string_equal(umod_symtab_lookup(host->exports, "app_b")->ns, "NS");
	count = umod_symtab_count(host->exports);
	assert_int_equal(umod_host_export_table(host, bad, bad + 3), -EEXIST);
	assert_int_equal(umod_symtab_count(host->exports), count);
	assert_null(umod_symtab_lookup(host->exports, "app_c"));
	assert_int_equal(umod_host_export_table(host, bad, NULL), -EINVAL);
	assert_int_equal(umod_host_export_ns(host, "app_e", &a, 4, NULL), -EINVAL);
	assert_int_equal(umod_host_export_ns(host, "app_e", &a, 0, ""), 0);
	assert_null(umod_symtab_lookup(host->exports, "app_e")->ns);
	umod_host_unref(host);
	/* a clash at creation fails the whole host */
	host = NULL;
	assert_int_equal(umod_host_new_exports(&host, bad, bad + 3), -EEXIST);
	assert_null(host);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(resolve_hold_and_release),
		cmocka_unit_test(gpl_only_hidden_from_proprietary),
		cmocka_unit_test(missing_license_taints),
		cmocka_unit_test(proprietary_exporter_taints_users),
		cmocka_unit_test(namespaces),
		cmocka_unit_test(duplicates_refused),
		cmocka_unit_test(failed_load_releases_links),
		cmocka_unit_test(sysfs_view),
		cmocka_unit_test(ksymtab_bad_size),
		cmocka_unit_test(ksymtab_bad_entries),
		cmocka_unit_test(waits_for_exporter_init),
		cmocka_unit_test(symbol_get_and_put),
		cmocka_unit_test(application_exports),
		cmocka_unit_test(export_table_all_or_nothing),
	};

	return cmocka_run_group_tests_name("exports", tests, NULL, NULL);
}
