/* SPDX-License-Identifier: MIT */
/*
 * seq_file, as Linux 6.1's: a record iterator (start/next/stop/show) read
 * through a buffer that starts at a page and doubles when a record does
 * not fit; struct seq_file and seq_operations are in umod/kabi/fs.h.
 */
#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/stdarg.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <umod/kabi/fs.h>
#include <linux/string.h>
#include <linux/string_helpers.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/cpumask.h>
#include <linux/cred.h>

#define SEQ_SKIP 1

static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

static inline size_t seq_get_buf(struct seq_file *m, char **bufp)
{
	*bufp = m->count < m->size ? m->buf + m->count : (char *)0;
	return m->size - m->count;
}

int seq_open(struct file *file, const struct seq_operations *op);
ssize_t seq_read(struct file *file, char __user *buf, size_t size, loff_t *ppos);
loff_t seq_lseek(struct file *file, loff_t offset, int whence);
int seq_release(struct inode *inode, struct file *file);
int seq_write(struct seq_file *seq, const void *data, size_t len);

__attribute__((__format__(printf, 2, 0)))
void seq_vprintf(struct seq_file *m, const char *fmt, va_list args);
__attribute__((__format__(printf, 2, 3)))
void seq_printf(struct seq_file *m, const char *fmt, ...);
void seq_putc(struct seq_file *m, char c);
void seq_puts(struct seq_file *m, const char *s);
void seq_put_decimal_ull(struct seq_file *m, const char *delimiter, unsigned long long num);
void seq_put_decimal_ull_width(struct seq_file *m, const char *delimiter,
			       unsigned long long num, unsigned int width);
void seq_put_decimal_ll(struct seq_file *m, const char *delimiter, long long num);
void seq_put_hex_ll(struct seq_file *m, const char *delimiter, unsigned long long v,
		    unsigned int width);
void seq_pad(struct seq_file *m, char c);
void seq_escape_mem(struct seq_file *m, const char *src, size_t len,
		    unsigned int flags, const char *esc);
void seq_escape(struct seq_file *m, const char *s, const char *esc);
#define seq_escape_str(m, s, flags, esc) seq_escape_mem(m, s, __builtin_strlen(s), flags, esc)

int single_open(struct file *file, int (*show)(struct seq_file *, void *), void *data);
int single_open_size(struct file *file, int (*show)(struct seq_file *, void *),
		     void *data, size_t size);
int single_release(struct inode *inode, struct file *file);
void *__seq_open_private(struct file *file, const struct seq_operations *ops, int psize);
int seq_open_private(struct file *file, const struct seq_operations *ops, int psize);
int seq_release_private(struct inode *inode, struct file *file);

struct list_head *seq_list_start(struct list_head *head, loff_t pos);
struct list_head *seq_list_start_head(struct list_head *head, loff_t pos);
struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos);

#define DEFINE_SEQ_ATTRIBUTE(__name)					\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	int ret = seq_open(file, &__name ## _sops);			\
	if (!ret && inode->i_private) {					\
		struct seq_file *seq_f = file->private_data;		\
		seq_f->private = inode->i_private;			\
	}								\
	return ret;							\
}									\
static const struct file_operations __name ## _fops = {			\
	.owner		= THIS_MODULE,					\
	.open		= __name ## _open,				\
	.read		= seq_read,					\
	.llseek		= seq_lseek,					\
	.release	= seq_release,					\
}

#define DEFINE_SHOW_ATTRIBUTE(__name)					\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	return single_open(file, __name ## _show, inode->i_private);	\
}									\
static const struct file_operations __name ## _fops = {			\
	.owner		= THIS_MODULE,					\
	.open		= __name ## _open,				\
	.read		= seq_read,					\
	.llseek		= seq_lseek,					\
	.release	= single_release,				\
}

#define DEFINE_PROC_SHOW_ATTRIBUTE(__name)				\
static int __name ## _open(struct inode *inode, struct file *file)	\
{									\
	return single_open(file, __name ## _show, pde_data(inode));	\
}									\
static const struct proc_ops __name ## _proc_ops = {			\
	.proc_open	= __name ## _open,				\
	.proc_read	= seq_read,					\
	.proc_lseek	= seq_lseek,					\
	.proc_release	= single_release,				\
}

#endif /* _LINUX_SEQ_FILE_H */
