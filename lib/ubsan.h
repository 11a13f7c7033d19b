/* SPDX-License-Identifier: MIT */
/*
 * UBSAN's report handlers for sanitized modules (lib/ubsan.c): the
 * loader resolves a module's __ubsan_handle_* references to them.
 */
#ifndef _UMOD_LIB_UBSAN_H
#define _UMOD_LIB_UBSAN_H

/* the handler for the compiler's entry point @name, or NULL if none here */
void *umod_ubsan_handler(const char *name);

#endif
