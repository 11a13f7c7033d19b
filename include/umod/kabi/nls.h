/* SPDX-License-Identifier: MIT */
/*
 * struct nls_table, as 6.1 amd64 lays it out: a codepage module
 * (fs/nls/nls_*.c) fills one and registers it, fs/nls/nls_base.c links
 * it and hands it to users. Genuine Linux codepage modules register this
 * very layout. Builtin types only, as in kabi.h.
 */
#ifndef _UMOD_KABI_NLS_H
#define _UMOD_KABI_NLS_H

struct module;

struct nls_table {
	const char *charset;
	const char *alias;
	/* a UCS-2 character to the charset's bytes: their count, or -errno */
	int (*uni2char)(unsigned short uni, unsigned char *out, int boundlen);
	/* the charset's bytes to a UCS-2 character: the bytes read, or -errno */
	int (*char2uni)(const unsigned char *rawstring, int boundlen, unsigned short *uni);
	const unsigned char *charset2lower;
	const unsigned char *charset2upper;
	struct module *owner;		/* set by __register_nls() */
	struct nls_table *next;		/* the registry's link */
};

#endif /* _UMOD_KABI_NLS_H */
