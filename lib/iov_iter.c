// SPDX-License-Identifier: MIT
/*
 * struct iov_iter (lib/iov_iter.c): walks a user buffer (ITER_UBUF), an
 * array of user buffers (ITER_IOVEC) or of kernel ones (ITER_KVEC), or
 * nothing (ITER_DISCARD). User memory is copied with the checked copies
 * of lib/usercopy.c, so a copy stops short, as Linux's does at a fault,
 * when it leaves the request's buffer. Pages, pipes and xarrays are not
 * iterated (no block or splice layer): those kinds copy nothing.
 */
#include <string.h>

#include "kernel/kapi.h"
#include "lib/iov_iter.h"
#include "lib/usercopy.h"

/* struct iovec and struct kvec share this layout */
struct vec {
	char *base;
	size_t len;
};

enum dir { TO_ITER, FROM_ITER, ZERO_ITER };

/* the current segment: its start and what is left of it */
static bool segment(const struct iov_iter *i, struct vec *s, bool *user)
{
	const struct vec *v;

	*user = i->iter_type != UMOD_ITER_KVEC;
	switch (i->iter_type) {
	case UMOD_ITER_UBUF:
		s->base = (char *)i->ubuf + i->iov_offset;
		s->len = i->count;
		return true;
	case UMOD_ITER_IOVEC:
	case UMOD_ITER_KVEC:
		if (!i->nr_segs)
			return false;
		v = (const struct vec *)(const void *)i->iov;
		s->base = v->base + i->iov_offset;
		s->len = v->len - i->iov_offset;
		if (s->len > i->count)
			s->len = i->count;
		return true;
	}
	return false;
}

void umod_iov_iter_advance(struct iov_iter *i, size_t bytes)
{
	if (bytes > i->count)
		bytes = i->count;
	i->count -= bytes;
	if (i->iter_type == UMOD_ITER_UBUF) {
		i->iov_offset += bytes;
		return;
	}
	if (i->iter_type != UMOD_ITER_IOVEC && i->iter_type != UMOD_ITER_KVEC)
		return;
	while (i->nr_segs) {
		const struct vec *v = (const struct vec *)(const void *)i->iov;
		size_t left = v->len - i->iov_offset;

		if (bytes < left || (!bytes && left)) {
			i->iov_offset += bytes;
			return;
		}
		bytes -= left;
		i->iov = (const void *)(v + 1);
		i->nr_segs--;
		i->iov_offset = 0;
	}
}

static size_t copy_segment(char *seg, bool user, char *kbuf, size_t n, enum dir dir)
{
	if (dir == TO_ITER)
		return user ? n - umod_copy_to_user(seg, kbuf, n) : (memcpy(seg, kbuf, n), n);
	if (dir == FROM_ITER)
		return user ? n - umod_copy_from_user(kbuf, seg, n) : (memcpy(kbuf, seg, n), n);
	return user ? n - umod_clear_user(seg, n) : (memset(seg, 0, n), n);
}

static size_t iterate(struct iov_iter *i, char *kbuf, size_t bytes, enum dir dir)
{
	size_t done = 0;

	if (bytes > i->count)
		bytes = i->count;
	if (i->iter_type == UMOD_ITER_DISCARD) {
		i->count -= bytes;
		return bytes;
	}
	while (done < bytes) {
		struct vec s;
		bool user;
		size_t n, copied;

		if (!segment(i, &s, &user))
			break;
		n = s.len < bytes - done ? s.len : bytes - done;
		copied = copy_segment(s.base, user, kbuf ? kbuf + done : NULL, n, dir);
		umod_iov_iter_advance(i, copied);
		done += copied;
		if (copied < n)
			break;
	}
	return done;
}

size_t umod_copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i)
{
	return i->data_source ? 0 : iterate(i, (char *)addr, bytes, TO_ITER);
}

size_t umod_copy_from_iter(void *addr, size_t bytes, struct iov_iter *i)
{
	return i->data_source ? iterate(i, addr, bytes, FROM_ITER) : 0;
}

size_t umod_iov_iter_zero(size_t bytes, struct iov_iter *i)
{
	return iterate(i, NULL, bytes, ZERO_ITER);
}

void umod_iov_iter_ubuf(struct iov_iter *i, unsigned int source, void *buf, size_t count)
{
	memset(i, 0, sizeof(*i));
	i->iter_type = UMOD_ITER_UBUF;
	i->data_source = source;
	i->user_backed = true;
	i->ubuf = buf;
	i->count = count;
	i->nr_segs = 1;
}

static void init_vec(struct iov_iter *i, unsigned char type, unsigned int direction,
		     const void *vec, unsigned long nr_segs, size_t count)
{
	memset(i, 0, sizeof(*i));
	i->iter_type = type;
	i->data_source = direction;
	i->user_backed = type == UMOD_ITER_IOVEC;
	i->iov = vec;
	i->nr_segs = nr_segs;
	i->count = count;
}

static void kapi_iov_iter_init(struct iov_iter *i, unsigned int direction,
			       const struct iovec *iov, unsigned long nr_segs, size_t count)
{
	init_vec(i, UMOD_ITER_IOVEC, direction, iov, nr_segs, count);
}

static void kapi_iov_iter_kvec(struct iov_iter *i, unsigned int direction,
			       const struct kvec *kvec, unsigned long nr_segs, size_t count)
{
	init_vec(i, UMOD_ITER_KVEC, direction, kvec, nr_segs, count);
}

static void kapi_iov_iter_discard(struct iov_iter *i, unsigned int direction, size_t count)
{
	memset(i, 0, sizeof(*i));
	i->iter_type = UMOD_ITER_DISCARD;
	i->data_source = direction;
	i->count = count;
}

static const struct umod_kapi_export iov_iter_exports[] = {
	UMOD_KAPI("_copy_to_iter", umod_copy_to_iter),
	UMOD_KAPI("_copy_from_iter", umod_copy_from_iter),
	UMOD_KAPI("iov_iter_zero", umod_iov_iter_zero),
	UMOD_KAPI("iov_iter_advance", umod_iov_iter_advance),
	UMOD_KAPI("iov_iter_init", kapi_iov_iter_init),
	UMOD_KAPI("iov_iter_kvec", kapi_iov_iter_kvec),
	UMOD_KAPI("iov_iter_discard", kapi_iov_iter_discard),
};

const struct umod_kapi_table umod_kapi_iov_iter = UMOD_KAPI_TABLE(iov_iter_exports);
