// SPDX-License-Identifier: MIT
/*
 * libkmod/signature.c: an appended PKCS#7 signature made here with OpenSSL (as
 * the kernel's sign-file makes one) reads back as kmod shows it; broken
 * trailers, lengths, types and DER are refused; kmod's hex layout.
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

#include "libkmod/libkmod.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pkcs7_fields),
		cmocka_unit_test(raw_fields),
		cmocka_unit_test(broken_trailers),
		cmocka_unit_test(hex_layout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
