// SPDX-License-Identifier: MIT
/*
 * Linear ranges (lib/linear_ranges.c): selector <-> value maps of the
 * form value = min + (selector - min_sel) * step, as regulator and
 * charger drivers describe their registers. struct linear_range is the
 * modules' (umod/kabi/linear_range.h).
 */
#include <errno.h>
#include <stdbool.h>

#include <umod/kabi/linear_range.h>

#include "kernel/kapi.h"

static unsigned int kapi_values_in_range(const struct linear_range *r)
{
	return r ? r->max_sel - r->min_sel + 1 : 0;
}

/* stops at the first range that counts none (a NULL one) */
static unsigned int kapi_values_in_range_array(const struct linear_range *r, int ranges)
{
	unsigned int total = 0;

	for (int i = 0; i < ranges; i++) {
		unsigned int n = kapi_values_in_range(&r[i]);

		if (!n)
			return 0;
		total += n;
	}
	return total;
}

static unsigned int kapi_get_max_value(const struct linear_range *r)
{
	return r->min + (r->max_sel - r->min_sel) * r->step;
}

static int kapi_get_value(const struct linear_range *r, unsigned int selector,
			  unsigned int *val)
{
	if (selector < r->min_sel || selector > r->max_sel)
		return -EINVAL;
	*val = r->min + (selector - r->min_sel) * r->step;
	return 0;
}

static int kapi_get_value_array(const struct linear_range *r, int ranges,
				unsigned int selector, unsigned int *val)
{
	for (int i = 0; i < ranges; i++)
		if (selector >= r[i].min_sel && selector <= r[i].max_sel)
			return kapi_get_value(&r[i], selector, val);
	return -EINVAL;
}

/* the selector of @val rounded down; past the range: its last, not found */
static int kapi_get_selector_low(const struct linear_range *r, unsigned int val,
				 unsigned int *selector, bool *found)
{
	*found = false;
	if (val < r->min)
		return -EINVAL;
	if (val > kapi_get_max_value(r)) {
		*selector = r->max_sel;
		return 0;
	}
	*found = true;
	*selector = r->step ? (val - r->min) / r->step + r->min_sel : r->min_sel;
	return 0;
}

/* the first range holding @val wins; one below it leaves its last selector */
static int kapi_get_selector_low_array(const struct linear_range *r, int ranges,
				       unsigned int val, unsigned int *selector, bool *found)
{
	int ret = -EINVAL;

	for (int i = 0; i < ranges; i++) {
		if (!kapi_get_selector_low(&r[i], val, selector, found))
			ret = 0;
		if (*found)
			break;
	}
	return ret;
}

/* the selector of @val rounded up; before the range: its first, not found */
static int kapi_get_selector_high(const struct linear_range *r, unsigned int val,
				  unsigned int *selector, bool *found)
{
	*found = false;
	if (val > kapi_get_max_value(r))
		return -EINVAL;
	if (val < r->min) {
		*selector = r->min_sel;
		return 0;
	}
	*found = true;
	if (!r->step)
		*selector = r->max_sel;
	else
		*selector = (val - r->min + r->step - 1) / r->step + r->min_sel;
	return 0;
}

/* rounded down, and clamped to the range at both ends */
static void kapi_get_selector_within(const struct linear_range *r, unsigned int val,
				     unsigned int *selector)
{
	if (val < r->min)
		*selector = r->min_sel;
	else if (val > kapi_get_max_value(r))
		*selector = r->max_sel;
	else
		*selector = r->step ? (val - r->min) / r->step + r->min_sel : r->min_sel;
}

static const struct umod_kapi_export linear_ranges_exports[] = {
	UMOD_KAPI_GPL("linear_range_values_in_range", kapi_values_in_range),
	UMOD_KAPI_GPL("linear_range_values_in_range_array", kapi_values_in_range_array),
	UMOD_KAPI_GPL("linear_range_get_max_value", kapi_get_max_value),
	UMOD_KAPI_GPL("linear_range_get_value", kapi_get_value),
	UMOD_KAPI_GPL("linear_range_get_value_array", kapi_get_value_array),
	UMOD_KAPI_GPL("linear_range_get_selector_low", kapi_get_selector_low),
	UMOD_KAPI_GPL("linear_range_get_selector_low_array", kapi_get_selector_low_array),
	UMOD_KAPI_GPL("linear_range_get_selector_high", kapi_get_selector_high),
	UMOD_KAPI_GPL("linear_range_get_selector_within", kapi_get_selector_within),
};

const struct umod_kapi_table umod_kapi_linear_ranges = UMOD_KAPI_TABLE(linear_ranges_exports);
