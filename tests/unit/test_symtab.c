// SPDX-License-Identifier: MIT
/*
 * kernel/module/symtab.c: the export table against a plain reference model, through
 * growth and backward-shift deletion, plus duplicate refusal.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/symtab.h"

#define N 5000

static char names[N][16];

static void add(struct umod_symtab *t, int i)
{
	struct umod_ksym s = { .name = names[i], .addr = (uint64_t)i + 1 };

	assert_int_equal(umod_symtab_add(t, &s), 0);
}

static void duplicate_refused(void **state)
{
	struct umod_symtab *t;
	struct umod_ksym a = { .name = "printk", .addr = 1 }, b = { .name = "printk", .addr = 2 };

	assert_int_equal(umod_symtab_new(&t), 0);
	assert_int_equal(umod_symtab_add(t, &a), 0);
	assert_int_equal(umod_symtab_add(t, &b), -EEXIST);
	assert_true(umod_symtab_lookup(t, "printk")->addr == 1);
	assert_null(umod_symtab_lookup(t, "printk_"));
	umod_symtab_free(t);
}

static void matches_reference_model(void **state)
{
	static bool present[N];
	struct umod_symtab *t;

	for (int i = 0; i < N; i++)
		snprintf(names[i], sizeof(names[i]), "sym_%d", i);
	assert_int_equal(umod_symtab_new(&t), 0);
	srand(1);
	for (int round = 0; round < 40000; round++) {
		int i = rand() % N;

		if (present[i]) {
			assert_int_equal(umod_symtab_del(t, names[i], NULL), 0);
			present[i] = false;
		} else {
			add(t, i);
			present[i] = true;
		}
		if (round % 1000 == 0) {
			size_t count = 0;

			for (int k = 0; k < N; k++) {
				const struct umod_ksym *s = umod_symtab_lookup(t, names[k]);

				assert_int_equal(s != NULL, present[k]);
				if (s)
					assert_true(s->addr == (uint64_t)k + 1);
				count += present[k];
			}
			assert_int_equal(umod_symtab_count(t), count);
		}
	}
	umod_symtab_free(t);
}

static void delete_checks_owner(void **state)
{
	struct umod_symtab *t;
	struct umod_module *owner = (struct umod_module *)0x1000;
	struct umod_ksym s = { .name = "f", .addr = 1, .owner = owner };

	assert_int_equal(umod_symtab_new(&t), 0);
	assert_int_equal(umod_symtab_add(t, &s), 0);
	assert_int_equal(umod_symtab_del(t, "f", NULL), -ENOENT);
	assert_int_equal(umod_symtab_del(t, "f", owner), 0);
	assert_null(umod_symtab_lookup(t, "f"));
	umod_symtab_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(duplicate_refused),
		cmocka_unit_test(matches_reference_model),
		cmocka_unit_test(delete_checks_owner),
	};

	return cmocka_run_group_tests_name("symtab", tests, NULL, NULL);
}
