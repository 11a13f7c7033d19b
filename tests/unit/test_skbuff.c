// SPDX-License-Identifier: MIT
/* net/core/skbuff.c and net/ethernet/eth.c: an skb's edges, eth_type_trans */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kapi_lookup.h"
#include "kernel/kapi.h"
#include "net/core/dev.h"

typedef void *(*edge_fn)(struct sk_buff *, unsigned int);
typedef unsigned short (*trans_fn)(struct sk_buff *, struct net_device *);

static void edges(void **state)
{
	edge_fn put = KAPI_FN(&umod_kapi_skbuff, "skb_put", edge_fn);
	edge_fn push = KAPI_FN(&umod_kapi_skbuff, "skb_push", edge_fn);
	edge_fn pull = KAPI_FN(&umod_kapi_skbuff, "skb_pull", edge_fn);
	struct sk_buff *skb = umod_skb_alloc(NULL, 128);
	unsigned char *p;

	assert_non_null(skb);
	skb->data += 32;	/* skb_reserve(skb, 32) */
	skb->tail += 32;
	p = put(skb, 64);
	assert_ptr_equal(p, skb->head + 32);
	assert_int_equal(skb->len, 64);
	assert_null(put(skb, 33));	/* past the end: skb_over_panic */
	p = push(skb, 14);
	assert_ptr_equal(p, skb->head + 18);
	assert_int_equal(skb->len, 78);
	assert_null(push(skb, 19));	/* before the head: skb_under_panic */
	p = pull(skb, 14);
	assert_ptr_equal(p, skb->head + 32);
	assert_int_equal(skb->len, 64);
	assert_null(pull(skb, 65));	/* more than there is */
	umod_skb_free(skb);
}

static void type_trans(void **state)
{
	trans_fn trans = KAPI_FN(&umod_kapi_eth, "eth_type_trans", trans_fn);
	static const unsigned char me[6] = { 0, 'S', 'N', 'U', 'L', '0' };
	struct net_device dev;
	struct sk_buff *skb = umod_skb_alloc(NULL, 64);
	unsigned char frame[60] = { 0 };

	memset(&dev, 0, sizeof(dev));
	memcpy(dev.__dev_addr, me, 6);
	dev.dev_addr = dev.__dev_addr;
	memcpy(frame, me, 6);
	frame[12] = 0x08;	/* ETH_P_IP, big-endian */
	memcpy(skb->data, frame, sizeof(frame));
	skb->tail = skb->data + sizeof(frame);
	skb->len = sizeof(frame);
	assert_int_equal(trans(skb, &dev), 0x0008);	/* htons(0x0800) */
	assert_int_equal(skb->len, 46);
	assert_int_equal(skb->pkt_type, 0);		/* PACKET_HOST */
	assert_int_equal(skb->mac_header, 0);
	assert_ptr_equal(skb->dev, &dev);
	/* to someone else, and broadcast */
	skb->data = skb->head;
	skb->len = sizeof(frame);
	skb->head[5] = '1';
	trans(skb, &dev);
	assert_int_equal(skb->pkt_type, 3);		/* PACKET_OTHERHOST */
	skb->data = skb->head;
	skb->len = sizeof(frame);
	memset(skb->head, 0xff, 6);
	trans(skb, &dev);
	assert_int_equal(skb->pkt_type, 1);		/* PACKET_BROADCAST */
	umod_skb_free(skb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(edges),
		cmocka_unit_test(type_trans),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
