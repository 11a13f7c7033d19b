// SPDX-License-Identifier: MIT
/*
 * umod sign-file: Linux's scripts/sign-file, same arguments, output and
 * exit codes (2 for a usage error, 1 for any other failure, with the
 * OpenSSL errors first):
 *
 *   umod sign-file [-dp] HASH KEY CERT MODULE [DEST]
 *   umod sign-file -s RAWSIG HASH CERT MODULE [DEST]
 *
 * The signature is a detached CMS SignedData in DER, without signed
 * attributes or certificates, its signer named by issuer and serial (-k:
 * by subject key id); then struct module_signature (all zero but id_type
 * 2, PKCS#7, and sig_len, big endian) and "~Module signature appended~\n".
 * KEY is a PEM private key (KBUILD_SIGN_PIN: its pass phrase), CERT an
 * X.509 certificate in PEM or DER. -p also writes the signature to
 * MODULE.p7s; -d writes only that.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "util/crypto.h"
#include "tools.h"

#define SIG_MAGIC	"~Module signature appended~\n"

struct module_signature {
	uint8_t algo, hash, id_type, signer_len, key_id_len, pad[3];
	uint32_t sig_len;	/* big endian */
};

struct sign_opts {
	const char *hash, *key, *cert, *module, *dest, *raw_sig;
	bool save_sig, sign_only, use_keyid;
};

/* on a usage error only these two lines, as sign-file; -h adds the rest */
static void usage(FILE *out)
{
	fprintf(out, "Usage: umod sign-file [-dp] <hash algo> <key> <x509> <module> [<dest>]\n"
		"       umod sign-file -s <raw sig> <hash algo> <x509> <module> [<dest>]\n");
	if (out == stderr)
		return;
	fprintf(out, "\nAppend a module signature, as Linux's scripts/sign-file: a detached\n"
		"PKCS#7 (CMS) signature in DER, struct module_signature and\n"
		"\"~Module signature appended~\". <key> is a PEM private key (its pass\n"
		"phrase in $KBUILD_SIGN_PIN), <x509> a certificate in PEM or DER,\n"
		"<hash algo> sha256, sha384 or sha512. Without <dest> the module is\n"
		"signed in place.\n\n"
		"Options:\n"
		"  -p  also write the signature to <module>.p7s\n"
		"  -d  only write <module>.p7s (implies -p)\n"
		"  -k  name the signer by subject key identifier\n"
		"  -s  append an existing raw signature instead of signing\n"
		"  -h, --help  show this help\n");
}

/*
 * sign-file's ERR(): OpenSSL's queue ("At main.c:LINE:" and one "- SSL"
 * line per error, with where OpenSSL raised it), then errx()'s message.
 */
#define fail(...)	fail_at(__LINE__, __VA_ARGS__)
__attribute__((__format__(printf, 2, 3)))
static int fail_at(int at, const char *fmt, ...)
{
	const char *file;
	unsigned long e;
	char buf[256];
	int line;
	bool first = true;
	va_list ap;

	while ((e = ERR_get_error_all(&file, &line, NULL, NULL, NULL))) {
		if (first)
			fprintf(stderr, "At main.c:%d:\n", at);
		first = false;
		ERR_error_string_n(e, buf, sizeof(buf));
		fprintf(stderr, "- SSL %s: %s:%d\n", buf, file, line);
	}
	fprintf(stderr, "umod sign-file: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

static int pem_pin(char *buf, int len, int w, void *key)
{
	const char *pin = getenv("KBUILD_SIGN_PIN");
	size_t n = pin ? strlen(pin) : 0;

	if (!pin || n >= (size_t)len)
		return -1;
	memcpy(buf, pin, n);
	return (int)n;
}

static EVP_PKEY *read_key(const char *path)
{
	BIO *b = BIO_new_file(path, "rb");
	EVP_PKEY *key;

	if (!b)
		return NULL;
	key = PEM_read_bio_PrivateKey(b, NULL, pem_pin, NULL);
	BIO_free(b);
	return key;
}

/* DER when it starts as an X.509 SEQUENCE does, else PEM (as sign-file) */
X509 *umod_read_x509(const char *path);
X509 *umod_read_x509(const char *path)
{
	BIO *b = BIO_new_file(path, "rb");
	unsigned char lead[2];
	X509 *x = NULL;

	if (!b)
		return NULL;
	if (BIO_read(b, lead, 2) == 2 && BIO_reset(b) == 0) {
		if (lead[0] == 0x30 && lead[1] >= 0x81 && lead[1] <= 0x84)
			x = d2i_X509_bio(b, NULL);
		else
			x = PEM_read_bio_X509(b, NULL, NULL, NULL);
	}
	BIO_free(b);
	return x;
}

static CMS_ContentInfo *make_cms(const struct sign_opts *o, BIO *content)
{
	const unsigned int flags = CMS_NOCERTS | CMS_BINARY | CMS_NOSMIMECAP | CMS_NOATTR |
				   (o->use_keyid ? CMS_USE_KEYID : 0);
	const EVP_MD *md = EVP_get_digestbyname(o->hash);
	CMS_ContentInfo *cms;
	EVP_PKEY *key;
	X509 *x509;

	if (!md)
		return fail("EVP_get_digestbyname"), NULL;
	key = read_key(o->key);
	if (!key)
		return fail("%s", o->key), NULL;
	x509 = umod_read_x509(o->cert);
	if (!x509) {
		EVP_PKEY_free(key);
		return fail("%s", o->cert), NULL;
	}
	cms = CMS_sign(NULL, NULL, NULL, NULL,
		       CMS_NOCERTS | CMS_PARTIAL | CMS_BINARY | CMS_DETACHED | CMS_STREAM);
	if (!cms || !CMS_add1_signer(cms, x509, key, md, flags) ||
	    CMS_final(cms, content, NULL, CMS_NOCERTS | CMS_BINARY) != 1) {
		fail("CMS_sign");
		CMS_ContentInfo_free(cms);
		cms = NULL;
	}
	X509_free(x509);
	EVP_PKEY_free(key);
	return cms;
}

/* a whole file; OPENSSL_malloc'ed, as the DER it may stand for */
static int read_module(const char *path, unsigned char **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	long n = -1;

	if (f && !fseek(f, 0, SEEK_END))
		n = ftell(f);
	if (n < 0 || n > INT_MAX || fseek(f, 0, SEEK_SET)) {
		if (f)
			fclose(f);
		return fail("%s", path);
	}
	*data = OPENSSL_malloc((size_t)n + 1);
	if (!*data || fread(*data, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		return fail("%s", path);
	}
	fclose(f);
	*len = (size_t)n;
	return 0;
}

/* the signature's DER, from CMS or from the -s file */
static int signature_der(const struct sign_opts *o, BIO *content, unsigned char **der)
{
	CMS_ContentInfo *cms;
	size_t raw_len;
	int len;

	if (o->raw_sig) {
		if (read_module(o->raw_sig, der, &raw_len))
			return -1;
		return (int)raw_len;
	}
	cms = make_cms(o, content);
	if (!cms)
		return -1;
	*der = NULL;
	len = i2d_CMS_ContentInfo(cms, der);
	CMS_ContentInfo_free(cms);
	return len > 0 ? len : (fail("i2d_CMS_ContentInfo"), -1);
}

struct part {
	const void *p;
	size_t len;
};

/* @parts, in order, into a new @path */
static int write_file(const char *path, const struct part *parts, size_t n)
{
	FILE *f = fopen(path, "wb");
	bool ok = f;

	for (size_t i = 0; ok && i < n; i++)
		ok = fwrite(parts[i].p, 1, parts[i].len, f) == parts[i].len;
	if (!f || fclose(f) || !ok)
		return fail("%s", path);
	return 0;
}

static int sign(const struct sign_opts *o)
{
	struct module_signature ms = { .id_type = 2 };
	unsigned char *mod = NULL, *der = NULL;
	const char *out = o->dest;
	char tmp[4096];
	size_t len = 0;
	BIO *content;
	int sig_len, ret = 1;

	if (read_module(o->module, &mod, &len))
		goto out;
	content = BIO_new_mem_buf(mod, (int)len);
	sig_len = content ? signature_der(o, content, &der) : -1;
	BIO_free(content);
	if (sig_len < 0)
		goto out;
	if (o->save_sig) {
		snprintf(tmp, sizeof(tmp), "%s.p7s", o->module);
		if (write_file(tmp, &(struct part){ der, (size_t)sig_len }, 1))
			goto out;
		if (o->sign_only) {
			ret = 0;
			goto out;
		}
	}
	/* in place: a temporary beside it, renamed over it, as sign-file */
	if (!out) {
		snprintf(tmp, sizeof(tmp), "%s.~signed~", o->module);
		out = tmp;
	}
	ms.sig_len = htonl((uint32_t)sig_len);
	if (write_file(out, (const struct part[]){ { mod, len }, { der, (size_t)sig_len },
			{ &ms, sizeof(ms) }, { SIG_MAGIC, sizeof(SIG_MAGIC) - 1 } }, 4))
		goto out;
	if (!o->dest && rename(tmp, o->module) < 0) {
		fail("%s", o->module);
		goto out;
	}
	ret = 0;
out:
	OPENSSL_free(mod);
	OPENSSL_free(der);
	return ret;
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct sign_opts o = { 0 };
	int c, need;

	while ((c = getopt_long(argc, argv, "sdpkh", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			o.raw_sig = "";
			break;
		case 'd':
			o.sign_only = o.save_sig = true;
			break;
		case 'p':
			o.save_sig = true;
			break;
		case 'k':
			o.use_keyid = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	need = 4;
	if (argc - optind < need || argc - optind > need + 1) {
		usage(stderr);
		return 2;
	}
	if (o.raw_sig) {
		o.raw_sig = argv[optind++];
		o.hash = argv[optind++];
	} else {
		o.hash = argv[optind++];
		o.key = argv[optind++];
	}
	o.cert = argv[optind++];
	o.module = argv[optind++];
	o.dest = optind < argc ? argv[optind] : NULL;
	if (o.raw_sig && o.sign_only) {
		usage(stderr);
		return 2;
	}
	if (!umod_crypto_load()) {
		fprintf(stderr, "sign-file: %s\n", umod_crypto_error());
		return 1;
	}
	return sign(&o);
}

const struct umod_cmd umod_cmd_sign_file = {
	.name = "sign-file",
	.run = run,
	.help = "sign a module as Linux's scripts/sign-file",
};
