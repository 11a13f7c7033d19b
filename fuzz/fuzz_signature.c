// SPDX-License-Identifier: MIT
/*
 * The appended module signature: what modinfo reads (libkmod/signature.c)
 * and what a host verifies at load (kernel/module/signing.c).
 *  - modinfo: what it reports must fit in the input, and the kmod-style
 *    hex of it must be well formed.
 *  - verification of the input as it is, against a host trusting one key:
 *    only the kernel's errnos, and the module it leaves fits in the input.
 *  - the input as a module, signed here with that key: it verifies (0, the
 *    module whole); with one byte of the signed image changed (where and
 *    how: the input's last bytes) it fails with one of the kernel's errnos
 *    (or still passes when the change is in no checked byte).
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include <openssl/cms.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "fuzz.h"
#include "kernel/module/internal.h"
#include "libkmod/libkmod.h"

#define MAGIC		"~Module signature appended~\n"
#define MAGIC_LEN	(sizeof(MAGIC) - 1)

static struct umod_host *host;
static EVP_PKEY *key;
static X509 *cert;

/* one host and one P-256 key for the whole run: made on the first input */
static void setup(void)
{
	char path[] = "/tmp/umod-fuzz-sig.XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	key = EVP_EC_gen("P-256");
	cert = X509_new();
	fuzz_assert(key && cert && f);
	ASN1_INTEGER_set(X509_get_serialNumber(cert), 1);
	X509_gmtime_adj(X509_getm_notBefore(cert), 0);
	X509_gmtime_adj(X509_getm_notAfter(cert), 0);
	X509_set_pubkey(cert, key);
	X509_NAME_add_entry_by_txt(X509_get_subject_name(cert), "CN", MBSTRING_ASC,
				   (const unsigned char *)"umod fuzz", -1, -1, 0);
	X509_set_issuer_name(cert, X509_get_subject_name(cert));
	fuzz_assert(X509_sign(cert, key, EVP_sha256()) > 0);
	fuzz_assert(PEM_write_X509(f, cert) == 1);
	fclose(f);
	fuzz_assert(umod_host_new(&host) == 0);
	fuzz_assert(umod_host_add_keys(host, path) == 1);
	unlink(path);
}

static bool kernel_errno(int err)
{
	return err == 0 || err == -ENOKEY || err == -EKEYREJECTED || err == -EBADMSG ||
	       err == -ENOPKG || err == -EINVAL || err == -ENOMEM;
}

static void check_modinfo(const uint8_t *data, size_t size)
{
	struct umod_sig_info info;
	int err = umod_signature_info(data, size, &info);
	char *hex;

	fuzz_assert(err == 0 || err == -ENODATA || err == -EBADMSG || err == -ENOMEM);
	if (!err) {
		fuzz_assert(info.id_type && info.hash_algo);
		fuzz_assert(info.sig_len + info.key_id_len + info.signer_len <= size);
		hex = umod_signature_hex(info.sig, info.sig_len);
		fuzz_assert(!hex || strlen(hex) <= info.sig_len * 6 + 1);
		free(hex);
	}
	umod_signature_info_release(&info);
}

/* umod_mod_verify_sig() on an image with its marker */
static int verify(const uint8_t *img, size_t size, size_t *left)
{
	size_t len = size - MAGIC_LEN;
	int err;

	if (size < MAGIC_LEN || memcmp(img + size - MAGIC_LEN, MAGIC, MAGIC_LEN))
		return -ENODATA;
	err = umod_mod_verify_sig(host, img, &len);
	fuzz_assert(kernel_errno(err));
	fuzz_assert(len <= size);
	*left = len;
	return err;
}

/* @data signed as sign-file signs: module | PKCS#7 | trailer | marker */
static uint8_t *sign(const uint8_t *data, size_t size, size_t *out_len)
{
	BIO *in = BIO_new_mem_buf(data, (int)size);
	CMS_ContentInfo *cms = CMS_sign(NULL, NULL, NULL, NULL, CMS_NOCERTS | CMS_PARTIAL |
					CMS_BINARY | CMS_DETACHED | CMS_STREAM);
	unsigned char *der = NULL;
	uint8_t *img;
	int n;

	fuzz_assert(in && cms && CMS_add1_signer(cms, cert, key, EVP_sha256(), CMS_NOCERTS |
			       CMS_BINARY | CMS_NOSMIMECAP | CMS_NOATTR));
	fuzz_assert(CMS_final(cms, in, NULL, CMS_NOCERTS | CMS_BINARY) == 1);
	n = i2d_CMS_ContentInfo(cms, &der);
	fuzz_assert(n > 0);
	img = malloc(size + (size_t)n + 12 + MAGIC_LEN);
	fuzz_assert(img);
	memcpy(img, data, size);
	memcpy(img + size, der, (size_t)n);
	memset(img + size + n, 0, 12);
	img[size + n + 2] = 2;
	img[size + n + 8] = (uint8_t)(n >> 24), img[size + n + 9] = (uint8_t)(n >> 16);
	img[size + n + 10] = (uint8_t)(n >> 8), img[size + n + 11] = (uint8_t)n;
	memcpy(img + size + n + 12, MAGIC, MAGIC_LEN);
	*out_len = size + (size_t)n + 12 + MAGIC_LEN;
	OPENSSL_free(der);
	CMS_ContentInfo_free(cms);
	BIO_free(in);
	return img;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len, left, at;
	uint8_t *img;
	int err;

	if (!host)
		setup();
	check_modinfo(data, size);
	verify(data, size, &left);
	if (size < 3 || size > (1u << 20))
		return 0;
	img = sign(data, size, &len);
	err = verify(img, len, &left);
	fuzz_assert(err == 0 && left == size);
	/* one byte of the signature's part changed, or of the module */
	at = (size_t)(data[size - 1] | data[size - 2] << 8) % (len - MAGIC_LEN);
	img[at] ^= data[size - 3] ? data[size - 3] : 1;
	err = verify(img, len, &left);
	fuzz_assert(err != 0 || at >= size);	/* a changed module never passes */
	free(img);
	return 0;
}
