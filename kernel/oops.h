/* SPDX-License-Identifier: MIT */
/*
 * kernel/oops.c: the oops handler and the report's lines, which the arch
 * ports' dumpstack.c and mm/kasan.c print with too; the warnings' and
 * dump_stack()'s reports.
 */
#ifndef _UMOD_KERNEL_OOPS_H
#define _UMOD_KERNEL_OOPS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

struct umod_host;

/* the host is going away: its oops handlers, if any, are removed */
void umod_oops_host_gone(struct umod_host *host);
/*
 * After umod_call() came back from an oops: the report, kept by the signal
 * handler, goes into @host's log as printk lines, and the next oops may be
 * reported.
 */
void umod_oops_log_report(struct umod_host *host);
/* the watchdog's report of a stuck thread (@hard: in hard-IRQ context, a hard
 * lockup): captured on it, then logged */
bool umod_oops_capture_lockup(const ucontext_t *uc, unsigned int secs, bool hard);
void umod_oops_log_lockup(struct umod_host *host, bool hard);
/* an alternate signal stack for the calling thread, so that a module's stack
 * overflow is still reported; kept until the thread ends */
void umod_oops_thread_init(void);
/* the calling thread's robust mutex, held until it ends (NULL: none) */
pthread_mutex_t *umod_oops_thread_alive(void);
/* in the handler: did @addr hit this thread's stack guard? (the stack's bounds) */
bool umod_oops_stack_guard_hit(uint64_t addr, uint64_t *begin, uint64_t *end);
/* __stack_chk_fail() from module code: an oops of its call, which ends */
__attribute__((noreturn)) void umod_oops_stack_chk_fail(uint64_t caller, uint64_t frame);
/* a hung task's report: captured on it (@secs blocked), then logged */
bool umod_oops_capture_hung(const ucontext_t *uc, unsigned int secs);
void umod_oops_log_hung(struct umod_host *host);

/*
 * What the report's lines are made with, for kernel/oops.c and the arch
 * ports' dumpstack.c; all of it safe in a signal handler.
 */
#define UMOD_OOPS_SCAN_WORDS	512	/* stack words searched for module text */

struct umod_oops_line {
	char buf[1024];
	size_t len;
	char level;	/* printk's digit ('1': KERN_ALERT); 0: the report's own */
};

void umod_oops_put(struct umod_oops_line *l, const char *s);
void umod_oops_put_hex(struct umod_oops_line *l, uint64_t v, int width);
void umod_oops_put_dec(struct umod_oops_line *l, uint64_t v, int width, char pad);
/* "sym+0x12/0x40 [mod]", or the bare address; @is_return: a return address */
void umod_oops_put_symbol(struct umod_oops_line *l, uint64_t addr, bool is_return);
/* writes the line with dmesg's timestamp to the report's descriptors, empties it */
void umod_oops_emit(struct umod_oops_line *l);
void umod_oops_emit_str(const char *s);
/* the printk level ('0'..'7') of the lines after this that name none */
void umod_oops_set_level(char level);
/* how many oopses there have been, this one included: the report's [#N] */
unsigned int umod_oops_die_counter(void);
/* reads memory that may not be mapped: false instead of a fault */
bool umod_oops_read(uint64_t addr, void *dst, size_t len);
bool umod_oops_in_module_text(uint64_t addr);

/* what a warning's report says (kernel/oops.c prints it, kernel/panic.c asks) */
struct umod_warn {
	const char *file;
	int line;
	uint64_t caller;		/* a return address into the module */
	const char *caller_name;	/* instead of @caller: a host function's name */
	const char *msg;		/* WARN()'s message, or NULL */
	unsigned int taint;		/* TAINT_WARN, or WARN_TAINT()'s */
	uint64_t frame;			/* the export's frame: the trace starts there */
};

/* the "cut here" report of 6.1's __warn(), into @host's log; taints it */
void umod_oops_warn(struct umod_host *host, const struct umod_warn *w);
/* dump_stack(): the CPU line and a call trace from @frame (0: the caller) into
 * @host's log at @level */
void umod_oops_dump_stack(struct umod_host *host, const char *level, uint64_t frame);
/* BUG(): the file and line the next invalid-opcode oops on this thread reports */
void umod_oops_bug_at(const char *file, int line);

#endif /* _UMOD_KERNEL_OOPS_H */
