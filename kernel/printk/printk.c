// SPDX-License-Identifier: MIT
/*
 * The printk ring: records with a sequence number, a level and a
 * timestamp, in one fixed byte buffer where the newest record overwrites
 * the oldest, as the kernel's log_buf does.
 *
 * Positions are logical (they only grow); the physical offset is the
 * position modulo the buffer size. A record never straddles the end of the
 * buffer: the bytes left before the end are skipped, with a padding header
 * when one fits there.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/kapi.h"
#include "kernel/module/module.h"
#include "kernel/printk/internal.h"
#include "lib/vsprintf.h"

#define LOG_LINE_MAX		992	/* the kernel's, after its 32-byte prefix */
#define LOG_DEFAULT_LEVEL	4	/* CONFIG_MESSAGE_LOGLEVEL_DEFAULT: warning */
#define LOG_MIN_SIZE		4096
#define REC_PAD			UINT32_MAX

struct rec {
	uint64_t seq;
	uint64_t ts_nsec;
	uint32_t len;		/* text bytes that follow; REC_PAD: skip to the end */
	uint32_t level;
};

struct umod_log {
	pthread_mutex_t lock;
	unsigned char *buf;
	size_t size;			/* a multiple of 8 */
	uint64_t head, tail;		/* logical: oldest record, next free byte */
	uint64_t first_seq, next_seq;	/* first_seq == next_seq: empty */
	uint64_t clear_seq;		/* dmesg -c: hide what came before */
	uint64_t cache_seq, cache_pos;	/* where the last read found its record */
	struct timespec start;
	umod_log_fn sink;
	void *sink_data;
	/* the open line: a printk without its newline, waiting for KERN_CONT */
	char cont[LOG_LINE_MAX];
	size_t cont_len;
	int cont_level;
	uint64_t cont_ts;
	bool cont_open;
};

static size_t rec_size(size_t len)
{
	return UMOD_ALIGN(sizeof(struct rec) + len, 8);
}

int umod_log_new(struct umod_log **logp, size_t size)
{
	struct umod_log *log;

	size = UMOD_ALIGN(size < LOG_MIN_SIZE ? LOG_MIN_SIZE : size, 8);
	log = calloc(1, sizeof(*log));
	if (!log)
		return -ENOMEM;
	log->buf = malloc(size);
	if (!log->buf) {
		free(log);
		return -ENOMEM;
	}
	log->size = size;
	pthread_mutex_init(&log->lock, NULL);
	clock_gettime(CLOCK_MONOTONIC, &log->start);
	*logp = log;
	return 0;
}

static void flush_cont(struct umod_log *log);

void umod_log_free(struct umod_log *log)
{
	if (!log)
		return;
	pthread_mutex_lock(&log->lock);
	flush_cont(log);
	pthread_mutex_unlock(&log->lock);
	pthread_mutex_destroy(&log->lock);
	free(log->buf);
	free(log);
}

void umod_log_set_sink(struct umod_log *log, umod_log_fn fn, void *data)
{
	pthread_mutex_lock(&log->lock);
	log->sink = fn;
	log->sink_data = data;
	pthread_mutex_unlock(&log->lock);
}

static uint64_t now_nsec(const struct umod_log *log)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)(ts.tv_sec - log->start.tv_sec) * 1000000000ull +
	       (uint64_t)ts.tv_nsec - (uint64_t)log->start.tv_nsec;
}

uint64_t umod_log_now(const struct umod_log *log)
{
	return now_nsec(log);
}

/* bytes to skip at @pos before a record header can start: 0 or to the end */
static size_t pad_at(const struct umod_log *log, uint64_t pos)
{
	size_t off = pos % log->size;
	size_t rem = log->size - off;
	struct rec r;

	if (rem < sizeof(r))
		return rem;
	memcpy(&r, log->buf + off, sizeof(r));
	return r.len == REC_PAD ? rem : 0;
}

static void drop_oldest(struct umod_log *log)
{
	struct rec r;

	log->head += pad_at(log, log->head);
	memcpy(&r, log->buf + log->head % log->size, sizeof(r));
	log->head += rec_size(r.len);
	log->first_seq = r.seq + 1;
}

/* appends one complete record and hands it to the sink */
static void store(struct umod_log *log, int level, uint64_t ts,
		  const char *text, size_t len)
{
	size_t off = log->tail % log->size;
	size_t need = rec_size(len);
	size_t pad = off + need > log->size ? log->size - off : 0;
	struct rec r = { .seq = log->next_seq, .ts_nsec = ts,
			 .len = (uint32_t)len, .level = (uint32_t)level };

	while (log->first_seq != log->next_seq &&
	       log->size - (log->tail - log->head) < pad + need)
		drop_oldest(log);
	if (log->first_seq == log->next_seq)
		log->head = log->tail;
	if (pad >= sizeof(r)) {
		struct rec p = { .len = REC_PAD };

		memcpy(log->buf + off, &p, sizeof(p));
	}
	log->tail += pad;
	off = log->tail % log->size;
	memcpy(log->buf + off, &r, sizeof(r));
	memcpy(log->buf + off + sizeof(r), text, len);
	log->tail += need;
	log->next_seq++;
	if (log->sink) {
		char line[LOG_LINE_MAX + 1];

		memcpy(line, text, len);
		line[len] = '\0';
		log->sink(log->sink_data, r.seq, level, ts, line, len);
	}
}

static void flush_cont(struct umod_log *log)
{
	if (!log->cont_open)
		return;
	store(log, log->cont_level, log->cont_ts, log->cont, log->cont_len);
	log->cont_open = false;
	log->cont_len = 0;
}

/* strips KERN_* prefixes from @text: returns the level, -1 if none; *cont for KERN_CONT */
static int parse_prefix(const char **text, bool *cont)
{
	int level = -1;

	*cont = false;
	while ((*text)[0] == KERN_SOH_ASCII && (*text)[1]) {
		char c = (*text)[1];

		if (c >= '0' && c <= '7')
			level = c - '0';
		else if (c == 'c')
			*cont = true;
		else
			break;
		*text += 2;
	}
	return level;
}

static void log_line(struct umod_log *log, const char *text, size_t len,
		     int level, bool cont)
{
	bool newline = len && text[len - 1] == '\n';

	if (newline)
		len--;
	if (log->cont_open && (!cont || log->cont_len + len > sizeof(log->cont)))
		flush_cont(log);
	if (!log->cont_open) {
		log->cont_level = level < 0 ? LOG_DEFAULT_LEVEL : level;
		log->cont_ts = now_nsec(log);
		log->cont_len = 0;
		log->cont_open = true;
	}
	if (len > sizeof(log->cont) - log->cont_len)
		len = sizeof(log->cont) - log->cont_len;
	memcpy(log->cont + log->cont_len, text, len);
	log->cont_len += len;
	if (newline)
		flush_cont(log);
}

int umod_log_vprintk(struct umod_log *log, const char *fmt, va_list ap)
{
	/* as vprintk_store(): at most LOG_LINE_MAX - 1 characters, the level
	 * prefix included, so a KERN_ERR line keeps 989 of its text */
	char buf[LOG_LINE_MAX];
	const char *text = buf;
	bool cont;
	int level, n;

	if (!log)
		return 0;
	/* the kernel's formatter: a module's %pS or %*ph prints as in Linux */
	n = umod_vsnprintf(buf, sizeof(buf), fmt, ap);
	if (n < 0)
		return n;
	if ((size_t)n >= sizeof(buf))
		n = sizeof(buf) - 1;
	level = parse_prefix(&text, &cont);
	n -= (int)(text - buf);
	pthread_mutex_lock(&log->lock);
	log_line(log, text, (size_t)n, level, cont);
	pthread_mutex_unlock(&log->lock);
	return n;
}

int umod_log_printk(struct umod_log *log, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umod_log_vprintk(log, fmt, ap);
	va_end(ap);
	return n;
}

/* logical position of record @seq; the log lock is held, seq is stored */
static uint64_t find_record(struct umod_log *log, uint64_t seq)
{
	uint64_t pos = log->head, s = log->first_seq;
	struct rec r;

	if (log->cache_seq >= log->first_seq && log->cache_seq <= seq &&
	    log->cache_pos >= log->head) {
		pos = log->cache_pos;
		s = log->cache_seq;
	}
	for (;;) {
		pos += pad_at(log, pos);
		if (s == seq)
			break;
		memcpy(&r, log->buf + pos % log->size, sizeof(r));
		pos += rec_size(r.len);
		s++;
	}
	log->cache_seq = seq;
	log->cache_pos = pos;
	return pos;
}

int umod_log_read_record(struct umod_log *log, uint64_t *seq, int *level,
			 uint64_t *ts_nsec, char *buf, size_t size)
{
	uint64_t want = *seq;
	struct rec r;
	size_t off, n;

	pthread_mutex_lock(&log->lock);
	flush_cont(log);
	if (want < log->first_seq)
		want = log->first_seq;
	if (want < log->clear_seq)
		want = log->clear_seq;
	if (want >= log->next_seq) {
		pthread_mutex_unlock(&log->lock);
		return -EAGAIN;
	}
	off = find_record(log, want) % log->size;
	memcpy(&r, log->buf + off, sizeof(r));
	if (size) {
		n = r.len < size - 1 ? r.len : size - 1;
		memcpy(buf, log->buf + off + sizeof(r), n);
		buf[n] = '\0';
	}
	pthread_mutex_unlock(&log->lock);
	if (level)
		*level = (int)r.level;
	if (ts_nsec)
		*ts_nsec = r.ts_nsec;
	*seq = r.seq + 1;
	return (int)r.len;
}

void umod_log_clear_read(struct umod_log *log)
{
	pthread_mutex_lock(&log->lock);
	flush_cont(log);
	log->clear_seq = log->next_seq;
	pthread_mutex_unlock(&log->lock);
}

/* ---- printk() for modules ---------------------------------------------------- */

/* a module's lines go to the log of the host that loaded it */
struct umod_log *umod_module_log(const struct module *mod)
{
	const struct umod_module *m = mod ? mod->umod : NULL;

	return m && m->host ? m->host->log : NULL;
}

static int kapi_vprintk(const char *fmt, va_list args)
{
	return umod_log_vprintk(umod_module_log(UMOD_CALLER()), fmt, args);
}

static int kapi_printk(const char *fmt, ...)
{
	struct umod_log *log = umod_module_log(UMOD_CALLER());
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = umod_log_vprintk(log, fmt, ap);
	va_end(ap);
	return n;
}

static const struct umod_kapi_export printk_exports[] = {
	UMOD_KAPI("_printk", kapi_printk),
	UMOD_KAPI("vprintk", kapi_vprintk),
};

const struct umod_kapi_table umod_kapi_printk = UMOD_KAPI_TABLE(printk_exports);
