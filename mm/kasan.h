/* SPDX-License-Identifier: MIT */
#ifndef UMOD_MM_KASAN_H
#define UMOD_MM_KASAN_H

#include <stdbool.h>
#include <stdint.h>

struct umod_host;

/*
 * mm/kasan.c: ASan's report about module code as KASAN's. init hands ASan
 * the callback that keeps its text; report_begin (in the oops handler, on
 * the abort that follows) prints the banner and the access if there is a
 * report, report_end the sanitizer's text and the closing banner.
 */
void umod_kasan_init(struct umod_host *host);
/* the report function a sanitized module's call to @name goes to, or NULL */
void *umod_kasan_report_fn(const char *name);
bool umod_kasan_report_begin(const char *comm, uint64_t pid);
void umod_kasan_report_end(struct umod_host *host);
/* does the kept report bring its own call trace? */
bool umod_kasan_has_trace(void);

#endif
