/* SPDX-License-Identifier: MIT */
/*
 * KUnit under umod (kernel/kunit/): the loader runs a module's
 * .kunit_test_suites after its init, printing KTAP to the host's log.
 * These settings are process-wide, for `umod kunit` and other embedders.
 */
#ifndef _UMOD_KUNIT_H
#define _UMOD_KUNIT_H

#include <umod/umod.h>

/* each KTAP line (no newline) as it is printed; NULL: none */
typedef void (*umod_kunit_line_fn)(void *data, const char *line);
UMOD_API void umod_kunit_set_output(umod_kunit_line_fn fn, void *data);
/* "SUITE_GLOB[.CASE_GLOB]" as kunit.filter_glob; NULL: all. 0 or -ENOMEM */
UMOD_API int umod_kunit_set_filter(const char *glob);
/* a case still running after @seconds fails (default 300, as KUnit's) */
UMOD_API void umod_kunit_set_timeout(unsigned int seconds);

#endif /* _UMOD_KUNIT_H */
