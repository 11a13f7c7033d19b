// SPDX-License-Identifier: GPL-2.0
/* libcrypto's functions, looked up once per process (see util/crypto.h) */
#define UMOD_CRYPTO_TABLE	/* the real names, for __typeof__ and dlsym() */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include <openssl/opensslv.h>

#include "util/crypto.h"

#define CRYPTO_STR2(x)	#x
#define CRYPTO_STR(x)	CRYPTO_STR2(x)
/* the major version the headers describe: the ABI the table was typed by */
#define CRYPTO_SONAME	"libcrypto.so." CRYPTO_STR(OPENSSL_VERSION_MAJOR)

struct umod_crypto umod_crypto;
static bool loaded;
static char why[160];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* never closed, as a linked library never is */
static void crypto_open(void)
{
	void *h = dlopen(CRYPTO_SONAME, RTLD_NOW | RTLD_LOCAL);
	const char *missing = NULL;

	if (!h) {
		snprintf(why, sizeof(why), "%s", dlerror());
		return;
	}
#define CRYPTO_SYM(f) \
	if (!missing && !(*(void **)&umod_crypto.f = dlsym(h, #f))) \
		missing = #f;
	UMOD_CRYPTO_FUNCS(CRYPTO_SYM)
	if (missing) {
		snprintf(why, sizeof(why), "%s: no %s", CRYPTO_SONAME, missing);
		return;
	}
	loaded = true;
}

bool umod_crypto_load(void)
{
	pthread_once(&once, crypto_open);
	return loaded;
}

const char *umod_crypto_error(void)
{
	return loaded ? NULL : why;
}
