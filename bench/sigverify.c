// SPDX-License-Identifier: MIT
/*
 * What signature verification adds to a load: the load cycle of hellop.ko
 * (umod_module_insert_image() + umod_module_remove()) on a host without
 * checks, against the same module signed (sha256, RSA-2048, as sign-file
 * signs) on a host that trusts the key and enforces. Both images are in
 * memory, so the difference is the check: the PKCS#7 parse, the SHA-256 of
 * the module and one RSA public-key operation. Cycles alternate.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/cms.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <umod/umod.h>

#include "bench.h"

#define CYCLES	100	/* per variant and round */
#define MAGIC	"~Module signature appended~\n"

struct images {
	unsigned char *plain, *signed_;
	size_t plain_len, signed_len;
};

static unsigned char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long n;

	if (f && !fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET)) {
		buf = malloc((size_t)n);
		if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n)
			*len = (size_t)n;
		else
			free(buf), buf = NULL;
	}
	if (f)
		fclose(f);
	return buf;
}

/* a self-signed certificate for @key, written to @path for the keyring */
static X509 *make_cert(EVP_PKEY *key, const char *path)
{
	X509 *x = X509_new();
	FILE *f = fopen(path, "w");

	ASN1_INTEGER_set(X509_get_serialNumber(x), 42);
	X509_gmtime_adj(X509_getm_notBefore(x), 0);
	X509_gmtime_adj(X509_getm_notAfter(x), 3600);
	X509_set_pubkey(x, key);
	X509_NAME_add_entry_by_txt(X509_get_subject_name(x), "CN", MBSTRING_ASC,
				   (const unsigned char *)"umod bench key", -1, -1, 0);
	X509_set_issuer_name(x, X509_get_subject_name(x));
	if (!f || X509_sign(x, key, EVP_sha256()) <= 0 || PEM_write_X509(f, x) != 1) {
		X509_free(x);
		x = NULL;
	}
	if (f)
		fclose(f);
	return x;
}

/* the module | DER PKCS#7 | module_signature | marker, as sign-file writes it */
static int sign(struct images *im, EVP_PKEY *key, X509 *cert)
{
	BIO *in = BIO_new_mem_buf(im->plain, (int)im->plain_len);
	CMS_ContentInfo *cms = CMS_sign(NULL, NULL, NULL, NULL, CMS_NOCERTS | CMS_PARTIAL |
					CMS_BINARY | CMS_DETACHED | CMS_STREAM);
	unsigned char *der = NULL, *p;
	int n = -1;

	if (cms && CMS_add1_signer(cms, cert, key, EVP_sha256(), CMS_NOCERTS | CMS_BINARY |
				   CMS_NOSMIMECAP | CMS_NOATTR) &&
	    CMS_final(cms, in, NULL, CMS_NOCERTS | CMS_BINARY) == 1)
		n = i2d_CMS_ContentInfo(cms, &der);
	CMS_ContentInfo_free(cms);
	BIO_free(in);
	if (n <= 0)
		return -1;
	im->signed_len = im->plain_len + (size_t)n + 12 + strlen(MAGIC);
	p = im->signed_ = malloc(im->signed_len);
	if (p) {
		memcpy(p, im->plain, im->plain_len);
		p += im->plain_len;
		memcpy(p, der, (size_t)n);
		p += n;
		memset(p, 0, 12);
		p[2] = 2;
		p[8] = (unsigned char)(n >> 24), p[9] = (unsigned char)(n >> 16);
		p[10] = (unsigned char)(n >> 8), p[11] = (unsigned char)n;
		memcpy(p + 12, MAGIC, strlen(MAGIC));
	}
	OPENSSL_free(der);
	return p ? 0 : -1;
}

static int64_t cycle(struct umod_host *host, const unsigned char *img, size_t len)
{
	uint64_t t0 = bench_now_ns();
	struct umod_module *mod;
	int err = umod_module_insert_image(host, img, len, NULL, 0, &mod);

	if (err)
		return err;
	err = umod_module_remove(host, "hellop", 0);
	umod_module_unref(mod);
	return err ? err : (int64_t)(bench_now_ns() - t0);
}

static int run_rounds(const struct bench_ctx *ctx, struct umod_host *plain,
		      struct umod_host *checked, const struct images *im)
{
	unsigned int n = ctx->rounds;
	double *u = calloc(n, sizeof(double)), *s = calloc(n, sizeof(double));
	double *d = calloc(n, sizeof(double)), *r = calloc(n, sizeof(double));
	int ret = -1;

	for (unsigned int i = 0; u && s && d && r && i <= n; i++) {
		int64_t tu = 0, ts = 0;

		for (int c = 0; c < CYCLES; c++) {
			int64_t a = cycle(plain, im->plain, im->plain_len);
			int64_t b = cycle(checked, im->signed_, im->signed_len);

			if (a < 0 || b < 0)
				goto out;
			tu += a;
			ts += b;
		}
		if (!i)
			continue;	/* the first round warms both */
		u[i - 1] = (double)tu / CYCLES / 1000.0;
		s[i - 1] = (double)ts / CYCLES / 1000.0;
		d[i - 1] = s[i - 1] - u[i - 1];
		r[i - 1] = s[i - 1] / u[i - 1];
	}
	bench_report("sig_load_unsigned_us", "sig: load cycle, no checks (hellop.ko)", "us", u, n);
	bench_report("sig_load_verified_us", "sig: load cycle, sha256+RSA-2048 verified", "us", s, n);
	bench_report("sig_verify_cost_us", "sig: verification cost per load", "us", d, n);
	bench_report("sig_verified_vs_unsigned", "sig: verified cycle / unchecked cycle", "x", r, n);
	ret = 0;
out:
	free(u);
	free(s);
	free(d);
	free(r);
	return ret;
}

int bench_sigverify(const struct bench_ctx *ctx)
{
	struct images im = { 0 };
	struct umod_host *plain = NULL, *checked = NULL;
	EVP_PKEY *key = EVP_RSA_gen(2048);
	char path[4096], cert_path[4096];
	X509 *cert;
	int ret = -1;

	snprintf(path, sizeof(path), "%s/hello/hellop.ko", ctx->objdir);
	snprintf(cert_path, sizeof(cert_path), "%s/sigverify.pem", ctx->objdir);
	im.plain = read_all(path, &im.plain_len);
	cert = key ? make_cert(key, cert_path) : NULL;
	if (im.plain && cert && !sign(&im, key, cert) && !umod_host_new(&plain) &&
	    !umod_host_new(&checked) && umod_host_add_keys(checked, cert_path) == 1 &&
	    !umod_host_set_sig_enforce(checked, 1))
		ret = run_rounds(ctx, plain, checked, &im);
	if (ret)
		fprintf(stderr, "bench sigverify: failed (is %s built?)\n", path);
	unlink(cert_path);
	umod_host_unref(plain);
	umod_host_unref(checked);
	X509_free(cert);
	EVP_PKEY_free(key);
	free(im.plain);
	free(im.signed_);
	return ret;
}
