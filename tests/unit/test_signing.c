// SPDX-License-Identifier: MIT
/*
 * libkmod/signature.c: an appended PKCS#7 signature made here with OpenSSL (as
 * the kernel's sign-file makes one) reads back as kmod shows it; broken
 * trailers, lengths, types and DER are refused; kmod's hex layout.
 * kernel/module/signing.c: the same signatures verified against a host's
 * keyring with the kernel's errnos (0, ENOKEY, EKEYREJECTED, EBADMSG,
 * ENOPKG), module_sig_check()'s modes and messages, the keyring's files and
 * descriptions.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/evp.h>
#include <openssl/pkcs7.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/cms.h>
#include <openssl/ec.h>
#include <openssl/pem.h>

#include "kernel/module/internal.h"
#include "libkmod/libkmod.h"
#include "helpers.h"

#define MAGIC "~Module signature appended~\n"

static const char payload[] = "\177ELF pretend module contents";

/* image = payload | sig | module_signature | magic */
static size_t build(unsigned char *out, const void *sig, size_t sig_len, uint8_t id_type,
		    uint8_t signer_len, uint8_t key_len)
{
	size_t n = 0;

	memcpy(out, payload, sizeof(payload));
	n += sizeof(payload);
	memcpy(out + n, sig, sig_len);
	n += sig_len;
	out[n++] = 1;		/* RSA */
	out[n++] = 4;		/* sha256 */
	out[n++] = id_type;
	out[n++] = signer_len;
	out[n++] = key_len;
	out[n++] = 0, out[n++] = 0, out[n++] = 0;
	out[n++] = (uint8_t)(sig_len >> 24), out[n++] = (uint8_t)(sig_len >> 16);
	out[n++] = (uint8_t)(sig_len >> 8), out[n++] = (uint8_t)sig_len;
	memcpy(out + n, MAGIC, strlen(MAGIC));
	return n + strlen(MAGIC);
}

static int make_pkcs7(unsigned char **der)
{
	EVP_PKEY *key = EVP_RSA_gen(2048);
	X509 *cert = X509_new();
	X509_NAME *name;
	BIO *data;
	PKCS7 *p7;
	int len;

	assert_non_null(key);
	ASN1_INTEGER_set(X509_get_serialNumber(cert), 0x1234abcd);
	X509_gmtime_adj(X509_getm_notBefore(cert), 0);
	X509_gmtime_adj(X509_getm_notAfter(cert), 3600);
	X509_set_pubkey(cert, key);
	name = X509_get_subject_name(cert);
	X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, (unsigned char *)"umod tests", -1, -1, 0);
	X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (unsigned char *)"umod test key", -1, -1, 0);
	X509_set_issuer_name(cert, name);
	assert_true(X509_sign(cert, key, EVP_sha256()) > 0);
	data = BIO_new_mem_buf(payload, sizeof(payload));
	p7 = PKCS7_sign(cert, key, NULL, data,
			PKCS7_BINARY | PKCS7_DETACHED | PKCS7_NOATTR | PKCS7_NOCERTS);
	assert_non_null(p7);
	*der = NULL;
	len = i2d_PKCS7(p7, der);
	assert_true(len > 0);
	PKCS7_free(p7);
	BIO_free(data);
	X509_free(cert);
	EVP_PKEY_free(key);
	return len;
}

static void pkcs7_fields(void **state)
{
	unsigned char *der, img[8192];
	int der_len = make_pkcs7(&der);
	size_t len = build(img, der, (size_t)der_len, 2, 0, 0);
	struct umod_sig_info si;
	char *hex;

	assert_int_equal(umod_signature_info(img, len, &si), 0);
	assert_string_equal(si.id_type, "PKCS#7");
	assert_string_equal(si.signer, "umod test key");
	assert_string_equal(si.hash_algo, "sha256");
	hex = umod_signature_hex(si.key_id, si.key_id_len);
	assert_string_equal(hex, "12:34:AB:CD");
	free(hex);
	assert_int_equal(si.sig_len, 256);
	umod_signature_info_release(&si);

	/* a DER cut short, or garbled, is no signature kmod would show */
	len = build(img, der, (size_t)der_len - 10, 2, 0, 0);
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	der[0] ^= 0xff;
	len = build(img, der, (size_t)der_len, 2, 0, 0);
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	OPENSSL_free(der);
}

static void raw_fields(void **state)
{
	unsigned char img[256];
	const char raw[] = "signerKEYsignature";	/* signer, key id, signature */
	size_t len = build(img, raw, 18, 1, 6, 3);
	struct umod_sig_info si;

	/* build() put all 18 bytes as "sig": re-cut as signer 6, key 3, sig 9 */
	img[sizeof(payload) + 18 + 8] = 0, img[sizeof(payload) + 18 + 9] = 0;
	img[sizeof(payload) + 18 + 10] = 0, img[sizeof(payload) + 18 + 11] = 9;
	assert_int_equal(umod_signature_info(img, len, &si), 0);
	assert_string_equal(si.id_type, "X509");
	assert_memory_equal(si.signer, "signer", 6);
	assert_memory_equal(si.key_id, "KEY", 3);
	assert_memory_equal(si.sig, "signature", 9);
	umod_signature_info_release(&si);
}

static void broken_trailers(void **state)
{
	unsigned char img[256];
	struct umod_sig_info si;
	size_t len = build(img, "xyz", 3, 1, 0, 0), base = len - strlen(MAGIC) - 12;

	assert_int_equal(umod_signature_info(img, len - 1, &si), -ENODATA);
	assert_int_equal(umod_signature_info(img, 10, &si), -ENODATA);
	assert_int_equal(umod_signature_info(payload, sizeof(payload), &si), -ENODATA);
	img[base + 2] = 3;	/* id_type past PKCS#7 */
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	img[base + 2] = 1;
	img[base + 0] = 2;	/* algo past RSA */
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	img[base + 0] = 1;
	img[base + 1] = 9;	/* hash past sm3 */
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	img[base + 1] = 4;
	img[base + 11] = 0;	/* sig_len 0 */
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	img[base + 8] = 0x7f;	/* sig_len past the start of the file */
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	img[base + 8] = 0;
	img[base + 11] = 3;
	img[base + 3] = 200;	/* signer longer than what precedes it */
	assert_int_equal(umod_signature_info(img, len, &si), -EBADMSG);
	img[base + 3] = 0;
	assert_int_equal(umod_signature_info(img, len, &si), 0);
	umod_signature_info_release(&si);
}

static void hex_layout(void **state)
{
	unsigned char b[41];
	char *s;

	for (int i = 0; i < 41; i++)
		b[i] = (unsigned char)(i * 5);
	s = umod_signature_hex(b, 41);
	/* 20 per line, the break after the colon, no colon at the end */
	assert_string_equal(s,
		"00:05:0A:0F:14:19:1E:23:28:2D:32:37:3C:41:46:4B:50:55:5A:5F:\n\t\t"
		"64:69:6E:73:78:7D:82:87:8C:91:96:9B:A0:A5:AA:AF:B4:B9:BE:C3:\n\t\t"
		"C8");
	free(s);
	s = umod_signature_hex(b, 20);
	assert_int_equal(strlen(s), 59);
	free(s);
	s = umod_signature_hex(b, 0);
	assert_string_equal(s, "");
	free(s);
}


/* ---- verification (kernel/module/signing.c) ------------------------------ */

struct signer {
	EVP_PKEY *key;
	X509 *cert;
};

/* a self-signed certificate for @key, named O=umod tests, CN=@cn */
static struct signer make_signer(EVP_PKEY *key, const char *cn, long serial)
{
	struct signer s = { .key = key, .cert = X509_new() };
	X509_NAME *name;

	assert_non_null(key);
	ASN1_INTEGER_set(X509_get_serialNumber(s.cert), serial);
	X509_gmtime_adj(X509_getm_notBefore(s.cert), 0);
	X509_gmtime_adj(X509_getm_notAfter(s.cert), -60);	/* expired: not looked at */
	X509_set_pubkey(s.cert, key);
	name = X509_get_subject_name(s.cert);
	X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, (unsigned char *)"umod tests", -1, -1, 0);
	X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)cn, -1, -1, 0);
	X509_set_issuer_name(s.cert, name);
	assert_true(X509_sign(s.cert, key, EVP_sha256()) > 0);
	return s;
}

static void free_signer(struct signer *s)
{
	X509_free(s->cert);
	EVP_PKEY_free(s->key);
}

/* sign-file's message: detached CMS, no certificates, no attributes (unless @attrs) */
static int cms_sign(const struct signer *s, const EVP_MD *md, bool attrs, unsigned char **der)
{
	BIO *data = BIO_new_mem_buf(payload, sizeof(payload));
	CMS_ContentInfo *cms = CMS_sign(NULL, NULL, NULL, NULL, CMS_NOCERTS | CMS_PARTIAL |
					CMS_BINARY | CMS_DETACHED | CMS_STREAM);
	int len;

	assert_non_null(CMS_add1_signer(cms, s->cert, s->key, md, CMS_NOCERTS | CMS_BINARY |
					CMS_NOSMIMECAP | (attrs ? 0 : CMS_NOATTR)));
	assert_int_equal(CMS_final(cms, data, NULL, CMS_NOCERTS | CMS_BINARY), 1);
	*der = NULL;
	len = i2d_CMS_ContentInfo(cms, der);
	assert_true(len > 0);
	CMS_ContentInfo_free(cms);
	BIO_free(data);
	return len;
}

/* the kernel's trailer: all zero but id_type and sig_len */
static size_t build_kernel(unsigned char *out, const void *sig, size_t sig_len)
{
	size_t len = build(out, sig, sig_len, 2, 0, 0);

	out[sizeof(payload) + sig_len] = 0;
	out[sizeof(payload) + sig_len + 1] = 0;
	return len;
}

static char tmpdir[64];

/* @s's certificate as a PEM file in tmpdir; its path */
static const char *cert_file(const struct signer *s, const char *name, char *path)
{
	FILE *f;

	sprintf(path, "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(PEM_write_X509(f, s->cert), 1);
	fclose(f);
	return path;
}

static int setup_tmp(void **state)
{
	strcpy(tmpdir, "/tmp/umod-sigtest.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown_tmp(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd);
}

static struct capture cap;

/* verify @img of @len against @host: the errno, and what is left of len */
static int verify(struct umod_host *host, const unsigned char *img, size_t len, size_t *left)
{
	size_t l = len - strlen(MAGIC);
	int err = umod_mod_verify_sig(host, img, &l);

	if (left)
		*left = l;
	return err;
}

static void verify_rsa_outcomes(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct signer good = make_signer(EVP_RSA_gen(2048), "umod test key", 0x1234abcd);
	struct signer other = make_signer(EVP_RSA_gen(2048), "other key", 0x1234abce);
	unsigned char *der, img[8192];
	char path[128];
	int der_len = cms_sign(&good, EVP_sha256(), false, &der);
	size_t len = build_kernel(img, der, (size_t)der_len), left;

	/* nothing trusted yet: the key is unavailable */
	assert_int_equal(verify(host, img, len, NULL), -ENOKEY);
	assert_int_equal(umod_host_add_keys(host, cert_file(&other, "other.pem", path)), 1);
	assert_int_equal(verify(host, img, len, NULL), -ENOKEY);
	assert_int_equal(umod_host_add_keys(host, cert_file(&good, "good.pem", path)), 1);
	assert_int_equal(verify(host, img, len, &left), 0);
	assert_int_equal(left, sizeof(payload));	/* the module without its trailer */

	img[3] ^= 1;		/* the module changed: the digest no longer matches */
	assert_int_equal(verify(host, img, len, NULL), -EKEYREJECTED);
	img[3] ^= 1;
	img[sizeof(payload) + der_len - 1] ^= 1;	/* the RSA block: its padding breaks */
	assert_int_equal(verify(host, img, len, NULL), -EBADMSG);
	img[sizeof(payload) + der_len - 1] ^= 1;
	img[sizeof(payload) + 1] ^= 0x40;		/* the DER's outer length */
	assert_int_equal(verify(host, img, len, NULL), -EBADMSG);
	img[sizeof(payload) + 1] ^= 0x40;
	assert_int_equal(verify(host, img, len, NULL), 0);
	OPENSSL_free(der);
	free_signer(&good);
	free_signer(&other);
	umod_host_unref(host);
}

static void verify_trailer_checks(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct signer good = make_signer(EVP_RSA_gen(2048), "umod test key", 7);
	unsigned char *der, img[8192];
	char path[128];
	int der_len = cms_sign(&good, EVP_sha256(), false, &der);
	size_t len = build_kernel(img, der, (size_t)der_len), ms = sizeof(payload) + der_len;

	umod_host_add_keys(host, cert_file(&good, "good.pem", path));
	cap.n = 0;
	img[ms + 2] = 1;	/* id_type X.509: not PKCS#7 */
	assert_int_equal(verify(host, img, len, NULL), -ENOPKG);
	assert_string_equal(capture_last(&cap), "module: not signed with expected PKCS#7 message");
	img[ms + 2] = 2;
	for (int i = 0; i < 8; i++) {
		if (i == 2)
			continue;
		img[ms + i] = 1;	/* algo, hash, the lengths, the pad: must be 0 */
		assert_int_equal(verify(host, img, len, NULL), -EBADMSG);
		img[ms + i] = 0;
	}
	assert_string_equal(capture_last(&cap), "module: PKCS#7 signature info has unexpected non-zero params");
	img[ms + 8] = 1;	/* sig_len past the start of the file */
	assert_int_equal(verify(host, img, len, NULL), -EBADMSG);
	img[ms + 8] = 0;
	assert_int_equal(verify(host, img, 12 + strlen(MAGIC), NULL), -EBADMSG);
	assert_int_equal(verify(host, img, len, NULL), 0);
	OPENSSL_free(der);
	free_signer(&good);
	umod_host_unref(host);
}

static void verify_algorithms(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct signer keys[] = {
		make_signer(EVP_EC_gen("P-256"), "p256", 1),
		make_signer(EVP_EC_gen("P-384"), "p384", 2),
		make_signer(EVP_EC_gen("P-521"), "p521", 3),	/* the kernel has no P-521 */
		make_signer(EVP_RSA_gen(2048), "rsa", 4),
	};
	const EVP_MD *mds[] = { EVP_sha256(), EVP_sha384(), EVP_sha512() };
	unsigned char *der, img[8192];
	char path[128], name[16];

	for (size_t k = 0; k < 4; k++) {
		snprintf(name, sizeof(name), "k%zu.pem", k);
		assert_int_equal(umod_host_add_keys(host, cert_file(&keys[k], name, path)), 1);
	}
	for (size_t k = 0; k < 4; k++) {
		for (size_t m = 0; m < 3; m++) {
			int der_len = cms_sign(&keys[k], mds[m], false, &der);
			size_t len = build_kernel(img, der, (size_t)der_len);

			assert_int_equal(verify(host, img, len, NULL), k == 2 ? -ENOPKG : 0);
			if (k < 2) {	/* ECDSA: a changed module is a wrong (r, s) */
				img[0] ^= 1;
				assert_int_equal(verify(host, img, len, NULL), -EKEYREJECTED);
			}
			OPENSSL_free(der);
		}
	}
	/* md5: a digest the kernel's PKCS#7 parser does not take */
	{
		int der_len = cms_sign(&keys[3], EVP_md5(), false, &der);
		size_t len = build_kernel(img, der, (size_t)der_len);

		assert_int_equal(verify(host, img, len, NULL), -ENOPKG);
		OPENSSL_free(der);
	}
	/* signed attributes: "Invalid module sig (has authattrs)" */
	{
		int der_len = cms_sign(&keys[3], EVP_sha256(), true, &der);
		size_t len = build_kernel(img, der, (size_t)der_len);

		assert_int_equal(verify(host, img, len, NULL), -EKEYREJECTED);
		assert_string_equal(capture_last(&cap), "PKCS7: Invalid module sig (has authattrs)");
		OPENSSL_free(der);
	}
	for (size_t k = 0; k < 4; k++)
		free_signer(&keys[k]);
	umod_host_unref(host);
}

static int collect(const char *desc, void *data)
{
	char *out = data;

	strcat(out, desc);
	strcat(out, "\n");
	return 0;
}

static void keyring_files(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct signer a = make_signer(EVP_EC_gen("P-256"), "umod test key", 0xab), b;
	char path[128], dir[128], descs[1024] = "";
	FILE *f;

	assert_int_equal(umod_host_add_keys(host, "/nonexistent"), -ENOENT);
	assert_int_equal(umod_host_add_keys(NULL, "/"), -EINVAL);
	snprintf(dir, sizeof(dir), "%s/ring", tmpdir);
	assert_int_equal(mkdir(dir, 0700), 0);
	cert_file(&a, "ring/1.pem", path);
	/* DER, and a name that orders after 1.pem */
	snprintf(path, sizeof(path), "%s/ring/2.der", tmpdir);
	f = fopen(path, "wb");
	b = make_signer(EVP_EC_gen("P-256"), "umod tests build key", 0xcd);
	assert_int_equal(i2d_X509_fp(f, b.cert), 1);
	fclose(f);
	assert_int_equal(umod_host_add_keys(host, dir), 2);
	assert_int_equal(umod_host_for_each_key(host, collect, descs), 0);
	/* "O: CN" when the CN does not start with the O; no SKID: the serial */
	assert_string_equal(descs, "umod tests: umod test key: ab\numod tests build key: cd\n");
	/* a file without a certificate, a link: refused */
	snprintf(path, sizeof(path), "%s/junk", tmpdir);
	f = fopen(path, "w");
	fputs("not a certificate\n", f);
	fclose(f);
	assert_int_equal(umod_host_add_keys(host, path), -EBADMSG);
	snprintf(dir, sizeof(dir), "%s/link", tmpdir);
	assert_int_equal(symlink(path, dir), 0);
	assert_int_equal(umod_host_add_keys(host, dir), -ELOOP);
	free_signer(&a);
	free_signer(&b);
	umod_host_unref(host);
}

/* module_sig_check(): the modes, the messages, a forced load */
static void sig_check_modes(void **state)
{
	struct umod_host *host = test_host_new(&cap);
	struct load_info info = { .host = host, .log = host->log };
	unsigned char img[256];
	size_t len = sizeof(payload);

	memcpy(img, payload, len);
	/* a host without checks: any module is fine, and stays whole */
	assert_int_equal(umod_module_sig_check(&info, img, &len), 0);
	assert_true(info.sig_ok);
	assert_int_equal(umod_host_set_module_sig(host, 1), 0);
	assert_int_equal(umod_host_set_module_sig(host, 0), -EROFS);
	info.sig_ok = false;
	assert_int_equal(umod_module_sig_check(&info, img, &len), 0);
	assert_false(info.sig_ok);	/* unsigned: loads, to be tainted */
	assert_int_equal(umod_host_get_sig_enforce(host), 0);
	assert_int_equal(umod_host_set_cmdline(host, "quiet module.sig_enforce=1"), 0);
	assert_int_equal(umod_host_get_sig_enforce(host), 1);
	cap.n = 0;
	assert_int_equal(umod_module_sig_check(&info, img, &len), -EKEYREJECTED);
	assert_string_equal(capture_last(&cap), "Loading of unsigned module is rejected");
	assert_int_equal(umod_host_set_sig_enforce(host, 0), -EROFS);
	umod_host_unref(host);
}

static void cmdline_words(void **state)
{
	static const char *const on[] = { "module.sig_enforce", "module.sig_enforce=1",
					  "a=b module.sig_enforce=Y c", "module.sig_enforce=y" };
	static const char *const off[] = { "module.sig_enforce=0", "xmodule.sig_enforce=1",
					   "module.sig_enforce=10", "module.sig_enforcement" };

	for (size_t i = 0; i < 4; i++) {
		struct umod_host *host = test_host_new(&cap);

		umod_host_set_cmdline(host, on[i]);
		assert_int_equal(umod_host_get_sig_enforce(host), 1);
		umod_host_unref(host);
		host = test_host_new(&cap);
		umod_host_set_cmdline(host, off[i]);
		assert_int_equal(umod_host_get_sig_enforce(host), 0);
		umod_host_unref(host);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pkcs7_fields),
		cmocka_unit_test(raw_fields),
		cmocka_unit_test(broken_trailers),
		cmocka_unit_test(hex_layout),
		cmocka_unit_test(verify_rsa_outcomes),
		cmocka_unit_test(verify_trailer_checks),
		cmocka_unit_test(verify_algorithms),
		cmocka_unit_test(keyring_files),
		cmocka_unit_test(sig_check_modes),
		cmocka_unit_test(cmdline_words),
	};

	return cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
}
