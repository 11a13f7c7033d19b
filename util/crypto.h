/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libcrypto, opened on first use instead of linked.
 *
 * Linking it costs every process about three million instructions of
 * symbol relocation (4,200 of them) at start, more than a whole
 * `modprobe --show-depends` does, and only signatures need it (modinfo of
 * a signed module, a host that checks signatures, sign-file). kmod 34
 * opens it the same way.
 *
 * Include this instead of the OpenSSL headers: after umod_crypto_load()
 * has returned true, every function below is called by its own name,
 * through a table filled by dlsym().
 */
#ifndef UMOD_UTIL_CRYPTO_H
#define UMOD_UTIL_CRYPTO_H

#include <stdbool.h>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/cms.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs7.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

/* every libcrypto function umod calls (OpenSSL's macros expand into some) */
#define UMOD_CRYPTO_FUNCS(X) \
	X(ASN1_INTEGER_to_BN) X(ASN1_OCTET_STRING_set) X(ASN1_STRING_get0_data) \
	X(ASN1_STRING_length) X(ASN1_STRING_to_UTF8) \
	X(BIO_ctrl) X(BIO_free) X(BIO_new_file) X(BIO_new_mem_buf) X(BIO_read) \
	X(BN_bn2bin) X(BN_free) X(BN_num_bits) \
	X(CMS_ContentInfo_free) X(CMS_SignerInfo_cert_cmp) X(CMS_SignerInfo_get0_algs) \
	X(CMS_SignerInfo_get0_signature) X(CMS_add1_signer) X(CMS_final) \
	X(CMS_get0_SignerInfos) X(CMS_get0_eContentType) X(CMS_get0_type) \
	X(CMS_is_detached) X(CMS_sign) X(CMS_signed_get_attr_count) \
	X(CRYPTO_free) X(CRYPTO_malloc) \
	X(ECDSA_SIG_free) X(ERR_clear_error) X(ERR_error_string_n) X(ERR_get_error_all) \
	X(EVP_Digest) X(EVP_MD_get_type) X(EVP_PKEY_CTX_free) X(EVP_PKEY_CTX_new) \
	X(EVP_PKEY_CTX_set_rsa_padding) X(EVP_PKEY_free) X(EVP_PKEY_get_base_id) \
	X(EVP_PKEY_get_utf8_string_param) X(EVP_PKEY_verify) X(EVP_PKEY_verify_init) \
	X(EVP_PKEY_verify_recover) X(EVP_PKEY_verify_recover_init) \
	X(EVP_get_digestbyname) \
	X(OBJ_nid2obj) X(OBJ_nid2sn) X(OBJ_obj2nid) \
	X(OPENSSL_sk_free) X(OPENSSL_sk_new_null) X(OPENSSL_sk_num) X(OPENSSL_sk_pop_free) \
	X(OPENSSL_sk_push) X(OPENSSL_sk_set) X(OPENSSL_sk_value) \
	X(PEM_read_X509) X(PEM_read_bio_PrivateKey) X(PEM_read_bio_X509) \
	X(PKCS7_SIGNER_INFO_get0_algs) X(PKCS7_free) X(PKCS7_get_signer_info) \
	X(X509_ALGOR_get0) X(X509_ALGOR_set0) X(X509_NAME_ENTRY_get_data) \
	X(X509_NAME_ENTRY_get_object) X(X509_NAME_entry_count) X(X509_NAME_get_entry) \
	X(X509_NAME_get_index_by_NID) X(X509_SIG_free) X(X509_SIG_getm) X(X509_SIG_new) \
	X(X509_free) X(X509_get0_pubkey) X(X509_get0_serialNumber) \
	X(X509_get0_subject_key_id) X(X509_get_subject_name) X(X509_up_ref) \
	X(d2i_CMS_ContentInfo) X(d2i_ECDSA_SIG) X(d2i_PKCS7) X(d2i_X509_bio) X(d2i_X509_fp) \
	X(i2d_CMS_ContentInfo) X(i2d_X509_SIG)

#define UMOD_CRYPTO_MEMBER(f)	__typeof__(&f) f;
struct umod_crypto {
	UMOD_CRYPTO_FUNCS(UMOD_CRYPTO_MEMBER)
};
extern struct umod_crypto umod_crypto;

/* once per process; false (and why, in umod_crypto_error()) without it */
bool umod_crypto_load(void);
const char *umod_crypto_error(void);

#ifndef UMOD_CRYPTO_TABLE
/* from here on, each name is the table's entry */
#define ASN1_INTEGER_to_BN (umod_crypto.ASN1_INTEGER_to_BN)
#define ASN1_OCTET_STRING_set (umod_crypto.ASN1_OCTET_STRING_set)
#define ASN1_STRING_get0_data (umod_crypto.ASN1_STRING_get0_data)
#define ASN1_STRING_length (umod_crypto.ASN1_STRING_length)
#define ASN1_STRING_to_UTF8 (umod_crypto.ASN1_STRING_to_UTF8)
#define BIO_ctrl (umod_crypto.BIO_ctrl)
#define BIO_free (umod_crypto.BIO_free)
#define BIO_new_file (umod_crypto.BIO_new_file)
#define BIO_new_mem_buf (umod_crypto.BIO_new_mem_buf)
#define BIO_read (umod_crypto.BIO_read)
#define BN_bn2bin (umod_crypto.BN_bn2bin)
#define BN_free (umod_crypto.BN_free)
#define BN_num_bits (umod_crypto.BN_num_bits)
#define CMS_ContentInfo_free (umod_crypto.CMS_ContentInfo_free)
#define CMS_SignerInfo_cert_cmp (umod_crypto.CMS_SignerInfo_cert_cmp)
#define CMS_SignerInfo_get0_algs (umod_crypto.CMS_SignerInfo_get0_algs)
#define CMS_SignerInfo_get0_signature (umod_crypto.CMS_SignerInfo_get0_signature)
#define CMS_add1_signer (umod_crypto.CMS_add1_signer)
#define CMS_final (umod_crypto.CMS_final)
#define CMS_get0_SignerInfos (umod_crypto.CMS_get0_SignerInfos)
#define CMS_get0_eContentType (umod_crypto.CMS_get0_eContentType)
#define CMS_get0_type (umod_crypto.CMS_get0_type)
#define CMS_is_detached (umod_crypto.CMS_is_detached)
#define CMS_sign (umod_crypto.CMS_sign)
#define CMS_signed_get_attr_count (umod_crypto.CMS_signed_get_attr_count)
#define CRYPTO_free (umod_crypto.CRYPTO_free)
#define CRYPTO_malloc (umod_crypto.CRYPTO_malloc)
#define ECDSA_SIG_free (umod_crypto.ECDSA_SIG_free)
#define ERR_clear_error (umod_crypto.ERR_clear_error)
#define ERR_error_string_n (umod_crypto.ERR_error_string_n)
#define ERR_get_error_all (umod_crypto.ERR_get_error_all)
#define EVP_Digest (umod_crypto.EVP_Digest)
#define EVP_MD_get_type (umod_crypto.EVP_MD_get_type)
#define EVP_PKEY_CTX_free (umod_crypto.EVP_PKEY_CTX_free)
#define EVP_PKEY_CTX_new (umod_crypto.EVP_PKEY_CTX_new)
#define EVP_PKEY_CTX_set_rsa_padding (umod_crypto.EVP_PKEY_CTX_set_rsa_padding)
#define EVP_PKEY_free (umod_crypto.EVP_PKEY_free)
#define EVP_PKEY_get_base_id (umod_crypto.EVP_PKEY_get_base_id)
#define EVP_PKEY_get_utf8_string_param (umod_crypto.EVP_PKEY_get_utf8_string_param)
#define EVP_PKEY_verify (umod_crypto.EVP_PKEY_verify)
#define EVP_PKEY_verify_init (umod_crypto.EVP_PKEY_verify_init)
#define EVP_PKEY_verify_recover (umod_crypto.EVP_PKEY_verify_recover)
#define EVP_PKEY_verify_recover_init (umod_crypto.EVP_PKEY_verify_recover_init)
#define EVP_get_digestbyname (umod_crypto.EVP_get_digestbyname)
#define OBJ_nid2obj (umod_crypto.OBJ_nid2obj)
#define OBJ_nid2sn (umod_crypto.OBJ_nid2sn)
#define OBJ_obj2nid (umod_crypto.OBJ_obj2nid)
#define OPENSSL_sk_free (umod_crypto.OPENSSL_sk_free)
#define OPENSSL_sk_new_null (umod_crypto.OPENSSL_sk_new_null)
#define OPENSSL_sk_num (umod_crypto.OPENSSL_sk_num)
#define OPENSSL_sk_pop_free (umod_crypto.OPENSSL_sk_pop_free)
#define OPENSSL_sk_push (umod_crypto.OPENSSL_sk_push)
#define OPENSSL_sk_set (umod_crypto.OPENSSL_sk_set)
#define OPENSSL_sk_value (umod_crypto.OPENSSL_sk_value)
#define PEM_read_X509 (umod_crypto.PEM_read_X509)
#define PEM_read_bio_PrivateKey (umod_crypto.PEM_read_bio_PrivateKey)
#define PEM_read_bio_X509 (umod_crypto.PEM_read_bio_X509)
#define PKCS7_SIGNER_INFO_get0_algs (umod_crypto.PKCS7_SIGNER_INFO_get0_algs)
#define PKCS7_free (umod_crypto.PKCS7_free)
#define PKCS7_get_signer_info (umod_crypto.PKCS7_get_signer_info)
#define X509_ALGOR_get0 (umod_crypto.X509_ALGOR_get0)
#define X509_ALGOR_set0 (umod_crypto.X509_ALGOR_set0)
#define X509_NAME_ENTRY_get_data (umod_crypto.X509_NAME_ENTRY_get_data)
#define X509_NAME_ENTRY_get_object (umod_crypto.X509_NAME_ENTRY_get_object)
#define X509_NAME_entry_count (umod_crypto.X509_NAME_entry_count)
#define X509_NAME_get_entry (umod_crypto.X509_NAME_get_entry)
#define X509_NAME_get_index_by_NID (umod_crypto.X509_NAME_get_index_by_NID)
#define X509_SIG_free (umod_crypto.X509_SIG_free)
#define X509_SIG_getm (umod_crypto.X509_SIG_getm)
#define X509_SIG_new (umod_crypto.X509_SIG_new)
#define X509_free (umod_crypto.X509_free)
#define X509_get0_pubkey (umod_crypto.X509_get0_pubkey)
#define X509_get0_serialNumber (umod_crypto.X509_get0_serialNumber)
#define X509_get0_subject_key_id (umod_crypto.X509_get0_subject_key_id)
#define X509_get_subject_name (umod_crypto.X509_get_subject_name)
#define X509_up_ref (umod_crypto.X509_up_ref)
#define d2i_CMS_ContentInfo (umod_crypto.d2i_CMS_ContentInfo)
#define d2i_ECDSA_SIG (umod_crypto.d2i_ECDSA_SIG)
#define d2i_PKCS7 (umod_crypto.d2i_PKCS7)
#define d2i_X509_bio (umod_crypto.d2i_X509_bio)
#define d2i_X509_fp (umod_crypto.d2i_X509_fp)
#define i2d_CMS_ContentInfo (umod_crypto.i2d_CMS_ContentInfo)
#define i2d_X509_SIG (umod_crypto.i2d_X509_SIG)
#endif

#endif
