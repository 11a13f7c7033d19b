// SPDX-License-Identifier: MIT
/*
 * The kernel's appended module signature, read as kmod's modinfo reads it:
 *
 *   ELF image | signature data | struct module_signature (12 bytes) |
 *   "~Module signature appended~\n"
 *
 * module_signature: algo, hash, id_type, signer_len, key_id_len (u8 each),
 * 3 pad bytes, sig_len (big-endian u32). For id_type PKCS#7 (what the
 * kernel's sign-file writes) the data is a DER PKCS#7 SignedData: the
 * signer is the issuer's commonName of the first SignerInfo, the key id its
 * serial number, the hash its digest algorithm and the signature its
 * encrypted digest (OpenSSL parses it). Other id types carry signer, key id
 * and signature as raw bytes before the structure. This file only reads
 * the information; nothing is verified against a key here (that is
 * kernel/module/signing.c). libcrypto is opened on the first PKCS#7 signature (util/crypto.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/crypto.h"
#include "util/macro.h"
#include "libkmod/libkmod.h"

#define SIG_MAGIC	"~Module signature appended~\n"
#define SIG_MAGIC_LEN	(sizeof(SIG_MAGIC) - 1)

struct module_signature {
	uint8_t algo, hash, id_type, signer_len, key_id_len, pad[3];
	uint8_t sig_len[4];	/* big endian */
};

static const char *const id_types[] = { "PGP", "X509", "PKCS#7" };
static const char *const hash_algos[] = { "md4", "md5", "sha1", "rmd160", "sha256",
					  "sha384", "sha512", "sha224", "sm3" };
#define N_ALGOS 2	/* DSA, RSA */

static int dup_bytes(const void *p, size_t len, unsigned char **out)
{
	*out = malloc(len + 1);
	if (!*out)
		return -ENOMEM;
	memcpy(*out, p, len);
	(*out)[len] = '\0';
	return 0;
}

static const char *hash_name(int nid)
{
	static const int nids[] = { NID_md4, NID_md5, NID_sha1, NID_ripemd160, NID_sha256,
				    NID_sha384, NID_sha512, NID_sha224, NID_sm3 };

	for (size_t i = 0; i < sizeof(nids) / sizeof(nids[0]); i++)
		if (nids[i] == nid)
			return hash_algos[i];
	return NULL;
}

/* kmod's choice: the commonName, else the last entry of the name */
static const ASN1_STRING *issuer_name(const X509_NAME *name)
{
	const X509_NAME_ENTRY *e = NULL;
	int n = X509_NAME_entry_count(name);

	for (int i = 0; i < n; i++) {
		e = X509_NAME_get_entry(name, i);
		if (OBJ_obj2nid(X509_NAME_ENTRY_get_object(e)) == NID_commonName)
			break;
	}
	return e ? X509_NAME_ENTRY_get_data(e) : NULL;
}

static int fill_from_signer(PKCS7_SIGNER_INFO *si, struct umod_sig_info *info)
{
	const ASN1_OBJECT *obj;
	const ASN1_STRING *cn;
	X509_ALGOR *dig = NULL;
	BIGNUM *serial;
	int n, err;

	if (!si->issuer_and_serial || !si->enc_digest)
		return -EBADMSG;
	PKCS7_SIGNER_INFO_get0_algs(si, NULL, &dig, NULL);
	if (!dig)
		return -EBADMSG;
	X509_ALGOR_get0(&obj, NULL, NULL, dig);
	info->hash_algo = hash_name(OBJ_obj2nid(obj));
	if (!info->hash_algo)
		return -EBADMSG;
	serial = ASN1_INTEGER_to_BN(si->issuer_and_serial->serial, NULL);
	if (!serial)
		return -EBADMSG;
	n = BN_num_bytes(serial);
	info->key_id = malloc((size_t)n + 1);
	if (info->key_id)
		info->key_id_len = (size_t)BN_bn2bin(serial, info->key_id);
	BN_free(serial);
	if (!info->key_id)
		return -ENOMEM;
	cn = issuer_name(si->issuer_and_serial->issuer);
	if (cn) {
		err = dup_bytes(ASN1_STRING_get0_data(cn), strnlen((const char *)
				ASN1_STRING_get0_data(cn), (size_t)ASN1_STRING_length(cn)),
				(unsigned char **)&info->signer);
		if (err)
			return err;
		info->signer_len = strlen(info->signer);
	}
	info->sig_len = (size_t)ASN1_STRING_length(si->enc_digest);
	return dup_bytes(ASN1_STRING_get0_data(si->enc_digest), info->sig_len, &info->sig);
}

static int fill_pkcs7(const unsigned char *der, size_t len, struct umod_sig_info *info)
{
	const unsigned char *p = der;
	PKCS7 *p7;
	STACK_OF(PKCS7_SIGNER_INFO) *sis;
	PKCS7_SIGNER_INFO *si;
	int err;

	if (!umod_crypto_load())
		return -ENOPKG;
	p7 = len <= LONG_MAX ? d2i_PKCS7(NULL, &p, (long)len) : NULL;
	if (!p7)
		return -EBADMSG;
	/* PKCS7_type_is_signed(), sk_PKCS7_SIGNER_INFO_value(): macros into libcrypto */
	sis = OBJ_obj2nid(p7->type) == NID_pkcs7_signed ? PKCS7_get_signer_info(p7) : NULL;
	si = sis ? OPENSSL_sk_value((const OPENSSL_STACK *)sis, 0) : NULL;
	err = si ? fill_from_signer(si, info) : -EBADMSG;
	PKCS7_free(p7);
	return err;
}

/* the raw layout: signer, key id, signature, each just before the next */
static int fill_raw(const unsigned char *end, const struct module_signature *ms,
		    size_t sig_len, struct umod_sig_info *info)
{
	const unsigned char *sig = end - sig_len;
	const unsigned char *key = sig - ms->key_id_len, *signer = key - ms->signer_len;
	int err;

	info->hash_algo = hash_algos[ms->hash];
	info->sig_len = sig_len;
	info->key_id_len = ms->key_id_len;
	info->signer_len = ms->signer_len;
	err = dup_bytes(sig, sig_len, &info->sig);
	if (!err)
		err = dup_bytes(key, ms->key_id_len, &info->key_id);
	if (!err)
		err = dup_bytes(signer, ms->signer_len, (unsigned char **)&info->signer);
	return err;
}

int umod_signature_info(const void *image, size_t len, struct umod_sig_info *info)
{
	const unsigned char *img = image, *end;
	struct module_signature ms;
	size_t sig_len;
	int err;

	memset(info, 0, sizeof(*info));
	if (len < SIG_MAGIC_LEN + sizeof(ms) ||
	    memcmp(img + len - SIG_MAGIC_LEN, SIG_MAGIC, SIG_MAGIC_LEN))
		return -ENODATA;
	end = img + len - SIG_MAGIC_LEN - sizeof(ms);
	memcpy(&ms, end, sizeof(ms));
	sig_len = (size_t)ms.sig_len[0] << 24 | (size_t)ms.sig_len[1] << 16 |
		  (size_t)ms.sig_len[2] << 8 | ms.sig_len[3];
	if (ms.algo >= N_ALGOS || ms.hash >= UMOD_ARRAY_SIZE(hash_algos) ||
	    ms.id_type >= UMOD_ARRAY_SIZE(id_types) || !sig_len ||
	    (size_t)(end - img) < (size_t)ms.signer_len + ms.key_id_len + sig_len)
		return -EBADMSG;
	info->id_type = id_types[ms.id_type];
	if (ms.id_type == 2)
		err = fill_pkcs7(end - sig_len, sig_len, info);
	else
		err = fill_raw(end, &ms, sig_len, info);
	if (err)
		umod_signature_info_release(info);
	return err;
}

void umod_signature_info_release(struct umod_sig_info *info)
{
	free(info->signer);
	free(info->key_id);
	free(info->sig);
	memset(info, 0, sizeof(*info));
}

char *umod_signature_hex(const unsigned char *bytes, size_t len)
{
	/* "XX:" per byte, and "\n\t\t" after every 20th, as kmod lays it out */
	char *s = malloc(len * 3 + (len / 20 + 1) * 3 + 1), *p = s;

	if (!s)
		return NULL;
	*p = '\0';
	for (size_t i = 0; i < len; i++) {
		p += sprintf(p, "%02X", bytes[i]);
		if (i + 1 < len) {
			*p++ = ':';
			if ((i + 1) % 20 == 0)
				p += sprintf(p, "\n\t\t");
		}
		*p = '\0';
	}
	return s;
}

/* after .modinfo, kmod's modinfo lists the signature as five more entries */
int umod_signature_entries(const void *image, size_t len,
			   int (*fn)(const char *key, const char *value, void *data),
			   void *data)
{
	struct umod_sig_info si;
	char *key_id, *sig;
	int err;

	if (umod_signature_info(image, len, &si) < 0)
		return 0;	/* unsigned, or a trailer kmod would not show either */
	key_id = umod_signature_hex(si.key_id, si.key_id_len);
	sig = umod_signature_hex(si.sig, si.sig_len);
	err = key_id && sig ? 0 : -ENOMEM;
	if (!err)
		err = fn("sig_id", si.id_type, data);
	if (!err)
		err = fn("signer", si.signer ? si.signer : "", data);
	if (!err)
		err = fn("sig_key", key_id, data);
	if (!err)
		err = fn("sig_hashalgo", si.hash_algo, data);
	if (!err)
		err = fn("signature", sig, data);
	free(key_id);
	free(sig);
	umod_signature_info_release(&si);
	return err;
}
