// SPDX-License-Identifier: MIT
/*
 * Socket buffers (Linux's net/core/skbuff.c): one linear data area each,
 * made with the skb; skb_put/push/pull move its edges, and going past
 * them is 6.1's skb_over_panic()/skb_under_panic() line, then the fault
 * of the NULL they return (the BUG()'s oops, in the caller's module).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/base.h"
#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "net/core/dev.h"

#define NET_SKB_PAD	64

struct sk_buff *umod_skb_alloc(struct umod_module *owner, unsigned int size)
{
	struct sk_buff *skb = calloc(1, sizeof(*skb));
	unsigned char *data = malloc(size ? size : 1);

	if (!skb || !data) {
		free(skb);
		free(data);
		return NULL;
	}
	skb->head = skb->data = skb->tail = data;
	skb->end = data + size;
	skb->truesize = size + (unsigned int)sizeof(*skb);
	skb->users = 1;
	skb->__host[0] = (unsigned long)owner;
	return skb;
}

void umod_skb_free(struct sk_buff *skb)
{
	if (!skb || --skb->users > 0)
		return;
	free(skb->head);
	free(skb);
}

static struct umod_module *skb_owner(struct module *caller)
{
	return caller ? caller->umod : NULL;
}

static struct sk_buff *kapi_alloc_skb(unsigned int size, unsigned int gfp, int flags, int node)
{
	return umod_skb_alloc(skb_owner(UMOD_CALLER()), size);
}

static struct sk_buff *kapi_netdev_alloc_skb(struct net_device *dev, unsigned int len,
					     unsigned int gfp)
{
	struct sk_buff *skb = umod_skb_alloc(skb_owner(UMOD_CALLER()), len + NET_SKB_PAD);

	if (skb) {
		skb->data += NET_SKB_PAD;
		skb->tail += NET_SKB_PAD;
		skb->dev = dev;
	}
	return skb;
}

static void kapi_kfree_skb_reason(struct sk_buff *skb, int reason)
{
	umod_skb_free(skb);
}

static void kapi_consume_skb(struct sk_buff *skb)
{
	umod_skb_free(skb);
}

static struct sk_buff *kapi_skb_copy(const struct sk_buff *skb, unsigned int gfp)
{
	unsigned int size = (unsigned int)(skb->end - skb->head);
	struct sk_buff *n = umod_skb_alloc(umod_caller_module(), size);

	if (!n)
		return NULL;
	memcpy(n->head, skb->head, size);
	n->data = n->head + (skb->data - skb->head);
	n->tail = n->head + (skb->tail - skb->head);
	n->len = skb->len;
	n->dev = skb->dev;
	n->protocol = skb->protocol;
	n->pkt_type = skb->pkt_type;
	n->ip_summed = skb->ip_summed;
	n->mac_header = skb->mac_header;
	n->network_header = skb->network_header;
	n->transport_header = skb->transport_header;
	memcpy(n->cb, skb->cb, sizeof(n->cb));
	return n;
}

/* skb_panic(): 6.1's line (addresses hashed as %px is not: shown as 0) */
static void *skb_panic(struct sk_buff *skb, unsigned int len, const char *msg)
{
	struct umod_module *mod = umod_caller_module();

	if (mod)
		umod_log_printk(mod->host->log, KERN_EMERG "skbuff: %s: len:%u put:%u head:%p data:%p tail:%#lx end:%#lx dev:%s\n",
				msg, skb->len, len, (void *)0, (void *)0,
				(unsigned long)(skb->tail - skb->head),
				(unsigned long)(skb->end - skb->head),
				skb->dev ? skb->dev->name : "<NULL>");
	return NULL;
}

static void *kapi_skb_put(struct sk_buff *skb, unsigned int len)
{
	unsigned char *tmp = skb->tail;

	if (len > (unsigned long)(skb->end - skb->tail))
		return skb_panic(skb, len, "skb_over_panic");
	skb->tail += len;
	skb->len += len;
	return tmp;
}

static void *kapi_skb_push(struct sk_buff *skb, unsigned int len)
{
	if (len > (unsigned long)(skb->data - skb->head))
		return skb_panic(skb, len, "skb_under_panic");
	skb->data -= len;
	skb->len += len;
	return skb->data;
}

static void *kapi_skb_pull(struct sk_buff *skb, unsigned int len)
{
	if (len > skb->len)
		return NULL;
	skb->len -= len;
	return skb->data += len;
}

static const struct umod_kapi_export skbuff_exports[] = {
	UMOD_KAPI("__alloc_skb", kapi_alloc_skb),
	UMOD_KAPI("__netdev_alloc_skb", kapi_netdev_alloc_skb),
	UMOD_KAPI("kfree_skb_reason", kapi_kfree_skb_reason),
	UMOD_KAPI("consume_skb", kapi_consume_skb),
	UMOD_KAPI("skb_copy", kapi_skb_copy),
	UMOD_KAPI("skb_put", kapi_skb_put),
	UMOD_KAPI("skb_push", kapi_skb_push),
	UMOD_KAPI("skb_pull", kapi_skb_pull),
};

const struct umod_kapi_table umod_kapi_skbuff = UMOD_KAPI_TABLE(skbuff_exports);
