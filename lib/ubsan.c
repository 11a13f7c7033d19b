// SPDX-License-Identifier: MIT
/*
 * UBSAN's reports for sanitized modules (UMOD_SANITIZE=undefined), as
 * 6.1's lib/ubsan.c writes them into the kernel log: a line of '=', then
 * "UBSAN: <check> in FILE:LINE:COLUMN" (where the module's source broke
 * the rule, as the compiler recorded it), what was wrong, the CPU line
 * and the call trace (dump_stack()), a closing line of '='. Each place is
 * reported once, and the module's code goes on, as in the kernel.
 *
 * The handlers are the compiler's entry points (__ubsan_handle_*), which
 * the loader resolves to these for a module marked sanitize= (no export:
 * kernel/module/sanitize.c). 6.1 has the handlers of the checks its build
 * enables; gcc's -fsanitize=undefined also makes signed overflow, pointer
 * overflow, VLA bound, nonnull and builtin checks, reported here under
 * the same banner, in the UBSan runtime's words (as 5.x kernels did for
 * the overflows). The data layouts are the compiler's ABI.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "kernel/module/module.h"
#include "kernel/oops.h"
#include "kernel/printk/internal.h"
#include "kernel/sched/sched.h"
#include "lib/ubsan.h"

struct ub_loc {
	const char *file;
	_Atomic uint32_t line;		/* bit 31: already reported */
	uint32_t column;
};

struct ub_type {
	uint16_t kind;			/* 0: integer */
	uint16_t info;			/* bit 0: signed; bits 1-: log2 of the width */
	char name[];			/* quoted, as 'int [8]' */
};

struct ub_overflow {
	struct ub_loc loc;
	const struct ub_type *type;
};

struct ub_mismatch {
	struct ub_loc loc;
	const struct ub_type *type;
	unsigned char log_align;
	unsigned char kind;
};

struct ub_bounds {
	struct ub_loc loc;
	const struct ub_type *array, *index;
};

struct ub_shift {
	struct ub_loc loc;
	const struct ub_type *lhs, *rhs;
};

struct ub_only_loc {
	struct ub_loc loc;
};

struct ub_nonnull_arg {
	struct ub_loc loc, attr;
	int arg;
};

struct ub_nonnull_ret {
	struct ub_loc attr;
};

struct ub_builtin {
	struct ub_loc loc;
	unsigned char kind;		/* 0: ctz, 1: clz */
};

#define REPORTED	(1u << 31)
#define RULE		"========================================" \
			"========================================"

static const char *const check_kinds[] = {
	"load of", "store to", "reference binding to", "member access within",
	"member call on", "constructor call on", "downcast of", "downcast of",
};

static __thread int in_ubsan;	/* current->in_ubsan */

/* ---- values, as lib/ubsan.c reads them ----------------------------------- */

static unsigned int width(const struct ub_type *t)
{
	return 1u << (t->info >> 1);
}

static bool is_signed(const struct ub_type *t)
{
	return t->kind == 0 && (t->info & 1);
}

/* up to 64 bits the value is the argument itself, wider ones are pointed to */
static __int128 signed_val(const struct ub_type *t, void *v)
{
	unsigned int extra;

	if (width(t) > 64)
		return *(__int128 *)v;
	extra = 128 - width(t);
	return (__int128)((unsigned __int128)(uintptr_t)v << extra) >> extra;
}

static unsigned __int128 unsigned_val(const struct ub_type *t, void *v)
{
	return width(t) > 64 ? *(unsigned __int128 *)v : (uintptr_t)v;
}

static bool negative(const struct ub_type *t, void *v)
{
	return is_signed(t) && signed_val(t, v) < 0;
}

static void val_str(char *buf, size_t size, const struct ub_type *t, void *v)
{
	unsigned __int128 u;

	buf[0] = '\0';
	if (t->kind != 0)
		return;
	if (width(t) == 128) {
		u = unsigned_val(t, v);
		snprintf(buf, size, "0x%08x%08x%08x%08x", (uint32_t)(u >> 96),
			 (uint32_t)(u >> 64), (uint32_t)(u >> 32), (uint32_t)u);
	} else if (is_signed(t)) {
		snprintf(buf, size, "%lld", (long long)signed_val(t, v));
	} else {
		snprintf(buf, size, "%llu", (unsigned long long)unsigned_val(t, v));
	}
}

/* ---- the report ---------------------------------------------------------------- */

/* the host of the module whose code runs here, if the place is new */
static struct umod_host *prologue(struct ub_loc *loc, const char *reason)
{
	struct umod_task *t = umod_task_peek();
	struct umod_host *host = t && t->call ? t->call->mod->host : NULL;

	if (!host || in_ubsan || (atomic_fetch_or(&loc->line, REPORTED) & REPORTED))
		return NULL;
	in_ubsan++;
	umod_log_printk(host->log, KERN_ERR RULE "\n");
	umod_log_printk(host->log, KERN_ERR "UBSAN: %s in %s:%u:%u\n", reason, loc->file,
			atomic_load(&loc->line) & ~REPORTED, loc->column);
	return host;
}

/* dump_stack() from the handler's frame: the module's come first */
static void epilogue(struct umod_host *host, void *frame)
{
	umod_oops_dump_stack(host, "", (uint64_t)(uintptr_t)frame);
	umod_log_printk(host->log, KERN_ERR RULE "\n");
	in_ubsan--;
}

#define report(host, ...)	umod_log_printk((host)->log, KERN_ERR __VA_ARGS__)
#define FRAME			__builtin_frame_address(0)

/* ---- the handlers 6.1 has ------------------------------------------------------ */

static void divrem_overflow(struct ub_overflow *d, void *lhs, void *rhs)
{
	struct umod_host *host = prologue(&d->loc, "division-overflow");
	char r[48];

	if (!host)
		return;
	val_str(r, sizeof(r), d->type, rhs);
	if (is_signed(d->type) && signed_val(d->type, rhs) == -1)
		report(host, "division of %s by -1 cannot be represented in type %s\n", r,
		       d->type->name);
	else
		report(host, "division by zero\n");
	epilogue(host, FRAME);
}

static void type_mismatch_v1(struct ub_mismatch *d, void *ptr)
{
	uintptr_t p = (uintptr_t)ptr, align = (uintptr_t)1 << d->log_align;
	const char *kind = check_kinds[d->kind & 7];
	struct umod_host *host;

	if (!p) {
		if (!(host = prologue(&d->loc, "null-ptr-deref")))
			return;
		report(host, "%s null pointer of type %s\n", kind, d->type->name);
	} else if (d->log_align && (p & (align - 1))) {
		if (!(host = prologue(&d->loc, "misaligned-access")))
			return;
		report(host, "%s misaligned address %p for type %s\n", kind, ptr, d->type->name);
		report(host, "which requires %ld byte alignment\n", (long)align);
	} else {
		if (!(host = prologue(&d->loc, "object-size-mismatch")))
			return;
		report(host, "%s address %p with insufficient space\n", kind, ptr);
		report(host, "for an object of type %s\n", d->type->name);
	}
	epilogue(host, FRAME);
}

static void out_of_bounds(struct ub_bounds *d, void *index)
{
	struct umod_host *host = prologue(&d->loc, "array-index-out-of-bounds");
	char i[48];

	if (!host)
		return;
	val_str(i, sizeof(i), d->index, index);
	report(host, "index %s is out of range for type %s\n", i, d->array->name);
	epilogue(host, FRAME);
}

static void shift_out_of_bounds(struct ub_shift *d, void *lhs, void *rhs)
{
	struct umod_host *host = prologue(&d->loc, "shift-out-of-bounds");
	char l[48], r[48];

	if (!host)
		return;
	val_str(r, sizeof(r), d->rhs, rhs);
	val_str(l, sizeof(l), d->lhs, lhs);
	if (negative(d->rhs, rhs))
		report(host, "shift exponent %s is negative\n", r);
	else if (unsigned_val(d->rhs, rhs) >= width(d->lhs))
		report(host, "shift exponent %s is too large for %u-bit type %s\n", r,
		       width(d->lhs), d->lhs->name);
	else if (negative(d->lhs, lhs))
		report(host, "left shift of negative value %s\n", l);
	else
		report(host, "left shift of %s by %s places cannot be represented in type %s\n",
		       l, r, d->lhs->name);
	epilogue(host, FRAME);
}

/* 6.1 panics here; a module's call cannot go on past it: an oops of the call */
static void builtin_unreachable(struct ub_only_loc *d)
{
	struct umod_host *host = prologue(&d->loc, "unreachable");

	if (host) {
		report(host, "calling __builtin_unreachable()\n");
		epilogue(host, FRAME);
	}
	__builtin_trap();
}

static void load_invalid_value(struct ub_overflow *d, void *val)
{
	struct umod_host *host = prologue(&d->loc, "invalid-load");
	char v[48];

	if (!host)
		return;
	val_str(v, sizeof(v), d->type, val);
	report(host, "load of value %s is not a valid value for type %s\n", v, d->type->name);
	epilogue(host, FRAME);
}

/* ---- the other checks of -fsanitize=undefined, in the runtime's words ---------- */

static void overflow(struct ub_overflow *d, void *lhs, void *rhs, char op, void *frame)
{
	struct umod_host *host = prologue(&d->loc, is_signed(d->type) ?
					  "signed-integer-overflow" : "unsigned-integer-overflow");
	char l[48], r[48];

	if (!host)
		return;
	val_str(l, sizeof(l), d->type, lhs);
	val_str(r, sizeof(r), d->type, rhs);
	report(host, "%s %c %s cannot be represented in type %s\n", l, op, r, d->type->name);
	epilogue(host, frame);
}

static void add_overflow(struct ub_overflow *d, void *lhs, void *rhs)
{
	overflow(d, lhs, rhs, '+', FRAME);
}

static void sub_overflow(struct ub_overflow *d, void *lhs, void *rhs)
{
	overflow(d, lhs, rhs, '-', FRAME);
}

static void mul_overflow(struct ub_overflow *d, void *lhs, void *rhs)
{
	overflow(d, lhs, rhs, '*', FRAME);
}

static void negate_overflow(struct ub_overflow *d, void *val)
{
	struct umod_host *host = prologue(&d->loc, "negation-overflow");
	char v[48];

	if (!host)
		return;
	val_str(v, sizeof(v), d->type, val);
	report(host, "negation of %s cannot be represented in type %s\n", v, d->type->name);
	epilogue(host, FRAME);
}

static void pointer_overflow(struct ub_only_loc *d, void *base, void *result)
{
	struct umod_host *host = prologue(&d->loc, "pointer-overflow");

	if (!host)
		return;
	report(host, "pointer index expression with base %p overflowed to %p\n", base, result);
	epilogue(host, FRAME);
}

static void vla_bound_not_positive(struct ub_overflow *d, void *bound)
{
	struct umod_host *host = prologue(&d->loc, "vla-bound-not-positive");
	char b[48];

	if (!host)
		return;
	val_str(b, sizeof(b), d->type, bound);
	report(host, "variable length array bound evaluates to non-positive value %s\n", b);
	epilogue(host, FRAME);
}

static void nonnull_arg(struct ub_nonnull_arg *d)
{
	struct umod_host *host = prologue(&d->loc, "nonnull-attribute");

	if (!host)
		return;
	report(host, "null pointer passed as argument %d, which is declared to never be null\n",
	       d->arg);
	epilogue(host, FRAME);
}

static void nonnull_return_v1(struct ub_nonnull_ret *d, struct ub_loc *loc)
{
	struct umod_host *host = prologue(loc, "returns-nonnull-attribute");

	if (!host)
		return;
	report(host, "null pointer returned from function declared to never return null\n");
	epilogue(host, FRAME);
}

static void invalid_builtin(struct ub_builtin *d)
{
	struct umod_host *host = prologue(&d->loc, "invalid-builtin-use");

	if (!host)
		return;
	report(host, "passing zero to %s, which is not a valid argument\n",
	       d->kind ? "clz()" : "ctz()");
	epilogue(host, FRAME);
}

static const struct {
	const char *name;
	void *fn;
} handlers[] = {
	{ "divrem_overflow", divrem_overflow },
	{ "type_mismatch_v1", type_mismatch_v1 },
	{ "out_of_bounds", out_of_bounds },
	{ "shift_out_of_bounds", shift_out_of_bounds },
	{ "builtin_unreachable", builtin_unreachable },
	{ "load_invalid_value", load_invalid_value },
	{ "add_overflow", add_overflow },
	{ "sub_overflow", sub_overflow },
	{ "mul_overflow", mul_overflow },
	{ "negate_overflow", negate_overflow },
	{ "pointer_overflow", pointer_overflow },
	{ "vla_bound_not_positive", vla_bound_not_positive },
	{ "nonnull_arg", nonnull_arg },
	{ "nonnull_return_v1", nonnull_return_v1 },
	{ "invalid_builtin", invalid_builtin },
};

void *umod_ubsan_handler(const char *name)
{
	if (strncmp(name, "__ubsan_handle_", 15))
		return NULL;
	for (size_t i = 0; i < sizeof(handlers) / sizeof(handlers[0]); i++)
		if (!strcmp(name + 15, handlers[i].name))
			return handlers[i].fn;
	return NULL;
}
