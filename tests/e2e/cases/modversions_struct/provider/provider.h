/* SPDX-License-Identifier: MIT */
/* The type behind provider_fn's CRC: growing it changes the CRC. */
struct provider_req {
	int a;
	int b;
#ifdef GROWN
	long added;		/* one field more: old users must be refused */
#endif
};

int provider_fn(struct provider_req *req);
