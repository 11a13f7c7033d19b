// SPDX-License-Identifier: MIT
/*
 * A symbol's type as text. Each DIE kind writes a fixed form, e.g.
 *   subprogram provider_fn(ptr(struct foo{size=8;member a@0(base int/4/5);})) -> base int/4/5
 * A struct, union or enum is expanded the first time a symbol's walk
 * meets it and named ("struct foo<ref>") after that, which ends cycles.
 */
#include <dwarf.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gendwarfksyms.h"

struct text {
	char *s;
	size_t len, cap;
	bool oom;
	Dwarf_Off *seen;	/* aggregates already expanded in this walk */
	size_t nseen, capseen;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			t->oom = true;
			return;
		}
		if (t->s && t->len + (size_t)n < t->cap) {
			t->len += (size_t)n;
			return;
		}
		size_t cap = (t->cap + (size_t)n + 1) * 2;
		char *s = realloc(t->s, cap);

		if (!s) {
			t->oom = true;
			return;
		}
		t->s = s;
		t->cap = cap;
	}
}

static bool seen(struct text *t, Dwarf_Off off)
{
	for (size_t i = 0; i < t->nseen; i++)
		if (t->seen[i] == off)
			return true;
	if (t->nseen == t->capseen) {
		size_t cap = t->capseen ? t->capseen * 2 : 16;
		Dwarf_Off *s = realloc(t->seen, cap * sizeof(*s));

		if (!s) {
			t->oom = true;
			return true;
		}
		t->seen = s;
		t->capseen = cap;
	}
	t->seen[t->nseen++] = off;
	return false;
}

static const char *name_of(Dwarf_Die *die)
{
	const char *n = dwarf_diename(die);

	return n ? n : "<anon>";
}

static bool udata(Dwarf_Die *die, unsigned int at, Dwarf_Word *v)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, at, &a) && dwarf_formudata(&a, v) == 0;
}

static bool flag(Dwarf_Die *die, unsigned int at)
{
	Dwarf_Attribute a;
	bool v = false;

	return dwarf_attr_integrate(die, at, &a) && dwarf_formflag(&a, &v) == 0 && v;
}

static void type(struct text *t, Dwarf_Die *die);

/* the DW_AT_type of @die, "void" when it has none */
static void type_attr(struct text *t, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die ty;

	if (dwarf_attr_integrate(die, DW_AT_type, &a) && dwarf_formref_die(&a, &ty))
		type(t, &ty);
	else
		put(t, "void");
}

static void size_attr(struct text *t, Dwarf_Die *die)
{
	Dwarf_Word v;

	if (udata(die, DW_AT_byte_size, &v))
		put(t, "size=%" PRIu64 ";", (uint64_t)v);
}

static void member(struct text *t, Dwarf_Die *m)
{
	Dwarf_Word off = 0, bits, bitoff;

	udata(m, DW_AT_data_member_location, &off);
	put(t, "member %s@%" PRIu64, name_of(m), (uint64_t)off);
	if (udata(m, DW_AT_bit_size, &bits)) {
		if (!udata(m, DW_AT_data_bit_offset, &bitoff))
			bitoff = 0;
		put(t, ":%" PRIu64 "@%" PRIu64, (uint64_t)bits, (uint64_t)bitoff);
	}
	put(t, "(");
	type_attr(t, m);
	put(t, ");");
}

static void enumerator(struct text *t, Dwarf_Die *e)
{
	Dwarf_Attribute a;
	Dwarf_Sword v = 0;

	if (dwarf_attr(e, DW_AT_const_value, &a))
		dwarf_formsdata(&a, &v);
	put(t, "%s=%" PRId64 ";", name_of(e), (int64_t)v);
}

/* struct/union/class/enum: expanded once per walk, named afterwards */
static void aggregate(struct text *t, Dwarf_Die *die, const char *kind)
{
	Dwarf_Die c;

	put(t, "%s %s", kind, name_of(die));
	if (flag(die, DW_AT_declaration)) {
		put(t, "<decl>");
		return;
	}
	if (seen(t, dwarf_dieoffset(die))) {
		put(t, "<ref>");
		return;
	}
	put(t, "{");
	size_attr(t, die);
	if (dwarf_child(die, &c) == 0) {
		do {
			int tag = dwarf_tag(&c);

			if (tag == DW_TAG_member)
				member(t, &c);
			else if (tag == DW_TAG_enumerator)
				enumerator(t, &c);
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	put(t, "}");
}

/* formal parameters' types, then the return type: functions and pointers to them */
static void signature(struct text *t, Dwarf_Die *die)
{
	Dwarf_Die c;
	bool first = true;

	put(t, "(");
	if (dwarf_child(die, &c) == 0) {
		do {
			int tag = dwarf_tag(&c);

			if (tag != DW_TAG_formal_parameter && tag != DW_TAG_unspecified_parameters)
				continue;
			put(t, first ? "" : ",");
			first = false;
			if (tag == DW_TAG_unspecified_parameters)
				put(t, "...");
			else
				type_attr(t, &c);
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	put(t, ")->");
	type_attr(t, die);
}

static void array(struct text *t, Dwarf_Die *die)
{
	Dwarf_Die c;
	Dwarf_Word n;

	put(t, "array");
	if (dwarf_child(die, &c) == 0) {
		do {
			if (dwarf_tag(&c) != DW_TAG_subrange_type)
				continue;
			if (udata(&c, DW_AT_count, &n))
				put(t, "[%" PRIu64 "]", (uint64_t)n);
			else if (udata(&c, DW_AT_upper_bound, &n))
				put(t, "[%" PRIu64 "]", (uint64_t)n + 1);
			else
				put(t, "[]");
		} while (dwarf_siblingof(&c, &c) == 0);
	}
	put(t, " of ");
	type_attr(t, die);
}

static void wrapped(struct text *t, Dwarf_Die *die, const char *what)
{
	put(t, "%s(", what);
	type_attr(t, die);
	put(t, ")");
}

static void type(struct text *t, Dwarf_Die *die)
{
	Dwarf_Word enc = 0;

	switch (dwarf_tag(die)) {
	case DW_TAG_base_type:
		udata(die, DW_AT_encoding, &enc);
		put(t, "base %s/", name_of(die));
		size_attr(t, die);
		put(t, "%" PRIu64, (uint64_t)enc);
		break;
	case DW_TAG_pointer_type:
		wrapped(t, die, "ptr");
		break;
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		wrapped(t, die, "ref");
		break;
	case DW_TAG_const_type:
		wrapped(t, die, "const");
		break;
	case DW_TAG_volatile_type:
		wrapped(t, die, "volatile");
		break;
	case DW_TAG_restrict_type:
		wrapped(t, die, "restrict");
		break;
	case DW_TAG_atomic_type:
		wrapped(t, die, "atomic");
		break;
	case DW_TAG_typedef:
		put(t, "typedef %s=", name_of(die));
		type_attr(t, die);
		break;
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
		aggregate(t, die, "struct");
		break;
	case DW_TAG_union_type:
		aggregate(t, die, "union");
		break;
	case DW_TAG_enumeration_type:
		aggregate(t, die, "enum");
		break;
	case DW_TAG_array_type:
		array(t, die);
		break;
	case DW_TAG_subroutine_type:
		put(t, "fn");
		signature(t, die);
		break;
	case DW_TAG_unspecified_type:
		put(t, "unspecified %s", name_of(die));
		break;
	default:
		put(t, "tag%#x", (unsigned int)dwarf_tag(die));
		break;
	}
}

char *gdk_symbol_text(Dwarf_Die *die)
{
	struct text t = { 0 };

	if (dwarf_tag(die) == DW_TAG_subprogram) {
		put(&t, "subprogram %s", name_of(die));
		signature(&t, die);
	} else {
		put(&t, "variable %s ", name_of(die));
		type_attr(&t, die);
	}
	free(t.seen);
	if (t.oom) {
		free(t.s);
		return NULL;
	}
	return t.s;
}
