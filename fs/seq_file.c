// SPDX-License-Identifier: MIT
/*
 * seq_file as Linux 6.1's fs/seq_file.c behaves (written anew): a read
 * fills a buffer with whole records (start/show/next/stop); the buffer
 * starts at a page and doubles when one record does not fit, and the
 * record is produced again. What was produced but not yet read stays in
 * the buffer for the next read; a read at another offset than the last
 * one ended at walks the records again up to it (traverse()).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs/internal.h"
#include "kernel/kapi.h"

#define SEQ_SKIP	1
#define SEEK_SET	0
#define SEEK_CUR	1

/* the seq_file and its lock (the kernel's m->lock) */
struct seq_host {
	struct seq_file m;
	pthread_mutex_t lock;
};

static bool is_err(const void *p)
{
	return (uintptr_t)p >= (uintptr_t)-4095;
}

static struct seq_host *host_of(struct seq_file *m)
{
	return umod_container_of(m, struct seq_host, m);
}

static bool overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

static void set_overflow(struct seq_file *m)
{
	m->count = m->size;
}

/* the buffer twice as large, empty; false without memory */
static bool grow(struct seq_file *m)
{
	free(m->buf);
	m->count = 0;
	m->size = m->size ? m->size << 1 : UMOD_PAGE_SIZE;
	m->buf = malloc(m->size);
	return m->buf != NULL;
}

/* traverse(): the buffer holds the record at @offset, m->from into it */
static int traverse(struct seq_file *m, long long offset)
{
	long long pos = 0;
	int error = 0;
	void *p;

	m->index = 0;
	m->count = m->from = 0;
	if (!offset)
		return 0;
	if (!m->buf && !(m->buf = malloc(m->size = UMOD_PAGE_SIZE)))
		return -ENOMEM;
	p = m->op->start(m, &m->index);
	while (p) {
		error = (int)(intptr_t)p;
		if (is_err(p))
			break;
		error = m->op->show(m, p);
		if (error < 0)
			break;
		if (error) {
			error = 0;
			m->count = 0;
		}
		if (overflowed(m)) {
			m->op->stop(m, p);
			return grow(m) ? -EAGAIN : -ENOMEM;
		}
		p = m->op->next(m, p, &m->index);
		if (pos + (long long)m->count > offset) {
			m->from = (unsigned long)(offset - pos);
			m->count -= m->from;
			break;
		}
		pos += (long long)m->count;
		m->count = 0;
		if (pos == offset)
			break;
	}
	m->op->stop(m, p);
	return error;
}

/* after one record is in the buffer: more, while they fit and are wanted */
static void *fill(struct seq_file *m, void *p, size_t want)
{
	for (;;) {
		unsigned long offs = m->count;
		long long pos = m->index;
		int err;

		p = m->op->next(m, p, &m->index);
		if (pos == m->index)
			m->index++;	/* a buggy next: the kernel moves on too */
		if (!p || is_err(p) || m->count >= want)
			return p;
		err = m->op->show(m, p);
		if (err > 0) {
			m->count = offs;
		} else if (err || overflowed(m)) {
			m->count = offs;
			return p;
		}
	}
}

/* one non-empty record into the buffer: 1, 0 at the end, or an error */
static int first_record(struct seq_file *m, void **pp)
{
	void *p = m->op->start(m, &m->index);
	int err;

	for (;;) {
		err = p ? (int)(intptr_t)p : 0;
		if (!p || is_err(p))
			break;
		err = m->op->show(m, p);
		if (err < 0)
			break;
		if (err)
			m->count = 0;
		if (!m->count) {
			p = m->op->next(m, p, &m->index);
			continue;
		}
		if (!overflowed(m)) {
			*pp = p;
			return 1;
		}
		m->op->stop(m, p);
		if (!grow(m))
			return -ENOMEM;
		p = m->op->start(m, &m->index);
	}
	m->op->stop(m, p);
	m->count = 0;
	return is_err(p) ? err : (err < 0 ? err : 0);
}

static long read_locked(struct seq_file *m, char *ubuf, size_t size, long long *ppos)
{
	size_t copied = 0, n;
	void *p = NULL;
	int err = 0;

	if (*ppos == 0) {
		m->index = 0;
		m->count = 0;
	}
	if (*ppos != m->read_pos) {
		while ((err = traverse(m, *ppos)) == -EAGAIN)
			;
		if (err) {
			m->read_pos = m->index = 0;
			m->count = 0;
			goto done;
		}
		m->read_pos = *ppos;
	}
	if (!m->buf && !(m->buf = malloc(m->size = UMOD_PAGE_SIZE))) {
		err = -ENOMEM;
		goto done;
	}
	if (m->count) {
		n = m->count < size ? m->count : size;
		n -= umod_copy_to_user(ubuf, m->buf + m->from, n);
		m->count -= n;
		m->from += n;
		copied += n;
		if (m->count)
			goto done;
	}
	m->from = 0;
	err = first_record(m, &p);
	if (err <= 0)
		goto done;
	err = 0;
	p = fill(m, p, size - copied);
	m->op->stop(m, p);
	n = m->count < size - copied ? m->count : size - copied;
	n -= umod_copy_to_user(ubuf + copied, m->buf, n);
	copied += n;
	m->count -= n;
	m->from = n;
done:
	if (!copied)
		return m->count ? -EFAULT : err;
	*ppos += (long long)copied;
	m->read_pos += (long long)copied;
	return (long)copied;
}

static long kapi_seq_read(struct file *file, char *ubuf, size_t size, long long *ppos)
{
	struct seq_file *m = file->private_data;
	long long pos = ppos ? *ppos : 0;
	long ret;

	if (!size)
		return 0;
	pthread_mutex_lock(&host_of(m)->lock);
	ret = read_locked(m, ubuf, size, &pos);
	pthread_mutex_unlock(&host_of(m)->lock);
	if (ppos)
		*ppos = pos;
	return ret;
}

static long long kapi_seq_lseek(struct file *file, long long offset, int whence)
{
	struct seq_file *m = file->private_data;
	long long ret = -EINVAL;

	pthread_mutex_lock(&host_of(m)->lock);
	if (whence == SEEK_CUR)
		offset += file->f_pos;
	if ((whence == SEEK_CUR || whence == SEEK_SET) && offset >= 0) {
		ret = offset;
		if (offset != m->read_pos) {
			while ((ret = traverse(m, offset)) == -EAGAIN)
				;
			if (ret) {
				file->f_pos = m->read_pos = m->index = 0;
				m->count = 0;
			} else {
				m->read_pos = offset;
				ret = file->f_pos = offset;
			}
		} else {
			file->f_pos = offset;
		}
	}
	pthread_mutex_unlock(&host_of(m)->lock);
	return ret;
}

static int kapi_seq_open(struct file *file, const struct seq_operations *op)
{
	struct seq_host *h = calloc(1, sizeof(*h));

	if (!h)
		return -ENOMEM;
	pthread_mutex_init(&h->lock, NULL);
	h->m.op = op;
	h->m.file = file;
	file->private_data = &h->m;
	file->f_version = 0;
	file->f_mode &= ~UMOD_FMODE_PWRITE;	/* a record stream has no pwrite */
	return 0;
}

static int kapi_seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	free(m->buf);
	pthread_mutex_destroy(&host_of(m)->lock);
	free(host_of(m));
	return 0;
}

/* ---- output into the buffer -------------------------------------------------- */

static void kapi_seq_vprintf(struct seq_file *m, const char *f, va_list args)
{
	if (m->count < m->size) {
		int len = vsnprintf(m->buf + m->count, m->size - m->count, f, args);

		if (len >= 0 && m->count + (size_t)len < m->size) {
			m->count += (size_t)len;
			return;
		}
	}
	set_overflow(m);
}

static void kapi_seq_printf(struct seq_file *m, const char *f, ...)
{
	va_list args;

	va_start(args, f);
	kapi_seq_vprintf(m, f, args);
	va_end(args);
}

static void kapi_seq_putc(struct seq_file *m, char c)
{
	if (m->count >= m->size)
		return;
	m->buf[m->count++] = c;
}

static int kapi_seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->count + len < m->size) {
		memcpy(m->buf + m->count, data, len);
		m->count += len;
		return 0;
	}
	set_overflow(m);
	return -1;
}

static void kapi_seq_puts(struct seq_file *m, const char *s)
{
	kapi_seq_write(m, s, strlen(s));
}

static void kapi_seq_put_decimal_ull_width(struct seq_file *m, const char *delimiter,
					   unsigned long long num, unsigned int width)
{
	kapi_seq_printf(m, "%s%*llu", delimiter ? delimiter : "", (int)width, num);
}

static void kapi_seq_put_decimal_ull(struct seq_file *m, const char *delimiter,
				     unsigned long long num)
{
	kapi_seq_put_decimal_ull_width(m, delimiter, num, 0);
}

static void kapi_seq_put_decimal_ll(struct seq_file *m, const char *delimiter, long long num)
{
	kapi_seq_printf(m, "%s%lld", delimiter ? delimiter : "", num);
}

static void kapi_seq_put_hex_ll(struct seq_file *m, const char *delimiter,
				unsigned long long v, unsigned int width)
{
	kapi_seq_printf(m, "%s%0*llx", delimiter ? delimiter : "", (int)width, v);
}

static void kapi_seq_pad(struct seq_file *m, char c)
{
	long size = (long)m->pad_until - (long)m->count;

	if (size > 0) {
		if ((unsigned long)size + m->count > m->size) {
			set_overflow(m);
			return;
		}
		memset(m->buf + m->count, ' ', (size_t)size);
		m->count += (unsigned long)size;
	}
	if (c)
		kapi_seq_putc(m, c);
}

/* each byte of @esc (and unprintable ones) as \ooo, as ESCAPE_OCTAL does */
static void kapi_seq_escape_mem(struct seq_file *m, const char *src, size_t len,
				unsigned int flags, const char *esc)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)src[i];

		if ((esc && c && strchr(esc, c)) || c < 0x20 || c >= 0x7f)
			kapi_seq_printf(m, "\\%03o", c);
		else
			kapi_seq_putc(m, (char)c);
	}
}

static void kapi_seq_escape(struct seq_file *m, const char *s, const char *esc)
{
	kapi_seq_escape_mem(m, s, strlen(s), 0, esc);
}

/* ---- single_open and the private variants ------------------------------------- */

static void *single_start(struct seq_file *p, long long *pos)
{
	return *pos ? NULL : (void *)1;
}

static void *single_next(struct seq_file *p, void *v, long long *pos)
{
	++*pos;
	return NULL;
}

static void single_stop(struct seq_file *p, void *v)
{
}

static int kapi_single_open(struct file *file, int (*show)(struct seq_file *, void *),
			    void *data)
{
	struct seq_operations *op = malloc(sizeof(*op));
	int res;

	if (!op)
		return -ENOMEM;
	*op = (struct seq_operations){ single_start, single_stop, single_next, show };
	res = kapi_seq_open(file, op);
	if (res) {
		free(op);
		return res;
	}
	((struct seq_file *)file->private_data)->private = data;
	return 0;
}

static int kapi_single_open_size(struct file *file, int (*show)(struct seq_file *, void *),
				 void *data, size_t size)
{
	char *buf = malloc(size ? size : 1);
	int ret;

	if (!buf)
		return -ENOMEM;
	ret = kapi_single_open(file, show, data);
	if (ret) {
		free(buf);
		return ret;
	}
	((struct seq_file *)file->private_data)->buf = buf;
	((struct seq_file *)file->private_data)->size = size;
	return 0;
}

static int kapi_single_release(struct inode *inode, struct file *file)
{
	const struct seq_operations *op = ((struct seq_file *)file->private_data)->op;
	int res = kapi_seq_release(inode, file);

	free((void *)op);
	return res;
}

static void *kapi___seq_open_private(struct file *f, const struct seq_operations *ops,
				     int psize)
{
	void *private = calloc(1, psize > 0 ? (size_t)psize : 1);

	if (!private)
		return NULL;
	if (kapi_seq_open(f, ops)) {
		free(private);
		return NULL;
	}
	((struct seq_file *)f->private_data)->private = private;
	return private;
}

static int kapi_seq_open_private(struct file *f, const struct seq_operations *ops, int psize)
{
	return kapi___seq_open_private(f, ops, psize) ? 0 : -ENOMEM;
}

static int kapi_seq_release_private(struct inode *inode, struct file *file)
{
	struct seq_file *seq = file->private_data;

	free(seq->private);
	seq->private = NULL;
	return kapi_seq_release(inode, file);
}

static struct list_head *kapi_seq_list_start(struct list_head *head, long long pos)
{
	for (struct list_head *lh = head->next; lh != head; lh = lh->next)
		if (pos-- == 0)
			return lh;
	return NULL;
}

static struct list_head *kapi_seq_list_start_head(struct list_head *head, long long pos)
{
	return pos ? kapi_seq_list_start(head, pos - 1) : head;
}

static struct list_head *kapi_seq_list_next(void *v, struct list_head *head, long long *ppos)
{
	struct list_head *lh = ((struct list_head *)v)->next;

	++*ppos;
	return lh == head ? NULL : lh;
}

/* ---- proc_create_single() and proc_create_seq(): the host's proc_ops ------------ */

static struct umod_fs_node *node_of(struct inode *inode)
{
	return umod_container_of(inode, struct umod_fs_node, inode);
}

static int proc_single_open(struct inode *inode, struct file *file)
{
	return kapi_single_open(file, node_of(inode)->single_show, inode->i_private);
}

static int proc_seq_open(struct inode *inode, struct file *file)
{
	struct umod_fs_node *n = node_of(inode);

	if (n->state_size)
		return kapi_seq_open_private(file, n->seq_ops, (int)n->state_size);
	return kapi_seq_open(file, n->seq_ops);
}

static int proc_seq_release(struct inode *inode, struct file *file)
{
	if (node_of(inode)->state_size)
		return kapi_seq_release_private(inode, file);
	return kapi_seq_release(inode, file);
}

const struct proc_ops umod_proc_single_ops = {
	.proc_open = proc_single_open,
	.proc_read = kapi_seq_read,
	.proc_lseek = kapi_seq_lseek,
	.proc_release = kapi_single_release,
};

const struct proc_ops umod_proc_seq_ops = {
	.proc_open = proc_seq_open,
	.proc_read = kapi_seq_read,
	.proc_lseek = kapi_seq_lseek,
	.proc_release = proc_seq_release,
};

static const struct umod_kapi_export seq_file_exports[] = {
	UMOD_KAPI("seq_open", kapi_seq_open),
	UMOD_KAPI("seq_read", kapi_seq_read),
	UMOD_KAPI("seq_lseek", kapi_seq_lseek),
	UMOD_KAPI("seq_release", kapi_seq_release),
	UMOD_KAPI("seq_write", kapi_seq_write),
	UMOD_KAPI("seq_vprintf", kapi_seq_vprintf),
	UMOD_KAPI("seq_printf", kapi_seq_printf),
	UMOD_KAPI("seq_putc", kapi_seq_putc),
	UMOD_KAPI("seq_puts", kapi_seq_puts),
	UMOD_KAPI("seq_put_decimal_ull", kapi_seq_put_decimal_ull),
	UMOD_KAPI("seq_put_decimal_ull_width", kapi_seq_put_decimal_ull_width),
	UMOD_KAPI("seq_put_decimal_ll", kapi_seq_put_decimal_ll),
	UMOD_KAPI("seq_put_hex_ll", kapi_seq_put_hex_ll),
	UMOD_KAPI("seq_pad", kapi_seq_pad),
	UMOD_KAPI("seq_escape_mem", kapi_seq_escape_mem),
	UMOD_KAPI("seq_escape", kapi_seq_escape),
	UMOD_KAPI("single_open", kapi_single_open),
	UMOD_KAPI("single_open_size", kapi_single_open_size),
	UMOD_KAPI("single_release", kapi_single_release),
	UMOD_KAPI("__seq_open_private", kapi___seq_open_private),
	UMOD_KAPI("seq_open_private", kapi_seq_open_private),
	UMOD_KAPI("seq_release_private", kapi_seq_release_private),
	UMOD_KAPI("seq_list_start", kapi_seq_list_start),
	UMOD_KAPI("seq_list_start_head", kapi_seq_list_start_head),
	UMOD_KAPI("seq_list_next", kapi_seq_list_next),
};

const struct umod_kapi_table umod_kapi_seq_file = UMOD_KAPI_TABLE(seq_file_exports);
