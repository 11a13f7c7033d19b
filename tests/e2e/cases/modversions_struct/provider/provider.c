// SPDX-License-Identifier: MIT
/* Exports a function taking a struct pointer, for the modversions test. */
#include <linux/init.h>
#include <linux/module.h>

#include "provider.h"

MODULE_LICENSE("GPL");

int provider_fn(struct provider_req *req)
{
	return req->a * req->b;
}
EXPORT_SYMBOL(provider_fn);

#ifdef UNRELATED
/* a change that does not touch provider_fn's type: its CRC stays */
struct provider_stats {
	long calls;
};
int provider_other(struct provider_stats *s);
int provider_other(struct provider_stats *s)
{
	return (int)s->calls;
}
EXPORT_SYMBOL(provider_other);
#endif
