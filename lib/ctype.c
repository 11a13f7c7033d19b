// SPDX-License-Identifier: MIT
/*
 * The kernel's character class table (lib/ctype.c): ISO 8859-1, so that
 * isalpha(0xe9) holds and tolower(0xc9) is 0xe9 in module code, as in
 * Linux, whatever the host's locale says.
 */
#include "kernel/kapi.h"
#include "lib/klib.h"

enum {
	U = 0x01, L = 0x02, D = 0x04, C = 0x08, P = 0x10, S = 0x20, X = 0x40, SP = 0x80,
};

const unsigned char umod_ctype[256] = {
	[0 ... 8] = C,
	[9 ... 13] = C | S,		/* \t \n \v \f \r */
	[14 ... 31] = C,
	[32] = S | SP,
	[33 ... 47] = P,
	[48 ... 57] = D,
	[58 ... 64] = P,
	[65 ... 70] = U | X,
	[71 ... 90] = U,
	[91 ... 96] = P,
	[97 ... 102] = L | X,
	[103 ... 122] = L,
	[123 ... 126] = P,
	[127] = C,
	[128 ... 159] = 0,
	[160] = S | SP,			/* no-break space */
	[161 ... 191] = P,
	[192 ... 214] = U,
	[215] = P,			/* multiplication sign */
	[216 ... 222] = U,
	[223 ... 246] = L,
	[247] = P,			/* division sign */
	[248 ... 255] = L,
};

static const struct umod_kapi_export ctype_exports[] = {
	UMOD_KAPI("_ctype", umod_ctype),
};

const struct umod_kapi_table umod_kapi_ctype = UMOD_KAPI_TABLE(ctype_exports);
