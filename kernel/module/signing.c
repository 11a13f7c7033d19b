// SPDX-License-Identifier: MIT
/*
 * Module signature verification: Linux's kernel/module/signing.c (the
 * check at the start of a load), kernel/module_signature.c (the trailer),
 * crypto/asymmetric_keys/pkcs7_verify.c and pkcs7_trust.c (the PKCS#7
 * message against the trusted keys) and certs/system_keyring.c (the
 * keyring), with OpenSSL doing the parsing and the arithmetic.
 *
 * The kernel's outcomes are kept, errno for errno:
 *   no trailer, or a forced load (the module was mangled)  -ENODATA
 *   trailer not PKCS#7, digest or key type unsupported     -ENOPKG
 *   no trusted key named by the signer                     -ENOKEY
 *   those three: load and taint E, or with sig_enforce -EKEYREJECTED;
 *   a malformed trailer or message                         -EBADMSG
 *   signed attributes, or a signature that does not match  -EKEYREJECTED
 *   those: refused in both modes.
 * As in the kernel, only the key matters: no chain, no expiry date.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/module/internal.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "util/crypto.h"

#define MODULE_SIG_STRING	"~Module signature appended~\n"
#define MARKER_LEN		(sizeof(MODULE_SIG_STRING) - 1)
#define PKEY_ID_PKCS7		2

struct module_signature {
	uint8_t algo, hash, id_type, signer_len, key_id_len, pad[3];
	uint8_t sig_len[4];	/* big endian */
};

/* the host's .builtin_trusted_keys: certificates, in the order added */
struct umod_keyring {
	pthread_rwlock_t lock;
	STACK_OF(X509) *certs;
};

void umod_keyring_free(struct umod_keyring *kr)
{
	if (!kr)
		return;
	sk_X509_pop_free(kr->certs, X509_free);
	pthread_rwlock_destroy(&kr->lock);
	free(kr);
}

/* made on first use: most hosts never add a key */
static struct umod_keyring *host_keyring(struct umod_host *host)
{
	struct umod_keyring *kr = atomic_load(&host->keyring), *expect = NULL;

	if (kr)
		return kr;
	if (!umod_crypto_load())
		return NULL;
	kr = calloc(1, sizeof(*kr));
	if (!kr)
		return NULL;
	kr->certs = sk_X509_new_null();
	if (!kr->certs) {
		free(kr);
		return NULL;
	}
	pthread_rwlock_init(&kr->lock, NULL);
	if (!atomic_compare_exchange_strong(&host->keyring, &expect, kr)) {
		umod_keyring_free(kr);
		kr = expect;
	}
	return kr;
}

/* ---- the PKCS#7 message (pkcs7_verify.c, pkcs7_trust.c) -------------- */

/* the digests the kernel's PKCS#7 parser knows, as OpenSSL names them */
static const EVP_MD *supported_md(const X509_ALGOR *alg)
{
	const ASN1_OBJECT *obj;

	X509_ALGOR_get0(&obj, NULL, NULL, alg);
	switch (OBJ_obj2nid(obj)) {
	case NID_sha1:
	case NID_sha224:
	case NID_sha256:
	case NID_sha384:
	case NID_sha512:
		return EVP_get_digestbynid(OBJ_obj2nid(obj));
	default:
		return NULL;
	}
}

/* RSA, or ECDSA on P-256/P-384: what the kernel's akciphers verify */
static bool supported_key(EVP_PKEY *key)
{
	char curve[32];

	switch (EVP_PKEY_get_base_id(key)) {
	case EVP_PKEY_RSA:
		return true;
	case EVP_PKEY_EC:
		if (!EVP_PKEY_get_utf8_string_param(key, "group", curve, sizeof(curve), NULL))
			return false;
		return !strcmp(curve, "prime256v1") || !strcmp(curve, "secp384r1");
	default:
		return false;
	}
}

/*
 * RSA as the kernel's pkcs1pad: a block that is not PKCS#1 type 1 around
 * this digest's DigestInfo is -EBADMSG, the wrong digest -EKEYREJECTED.
 */
static int verify_rsa(EVP_PKEY_CTX *ctx, const EVP_MD *md, const unsigned char *dig,
		      unsigned int dig_len, const ASN1_OCTET_STRING *sig)
{
	unsigned char out[1024], *di = NULL;
	size_t out_len = sizeof(out);
	X509_SIG *xs;
	X509_ALGOR *alg;
	ASN1_OCTET_STRING *d;
	int di_len, ret = -EBADMSG;

	if (EVP_PKEY_verify_recover_init(ctx) <= 0 ||
	    EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) <= 0)
		return -ENOMEM;
	if (EVP_PKEY_verify_recover(ctx, out, &out_len, ASN1_STRING_get0_data(sig),
				    (size_t)ASN1_STRING_length(sig)) <= 0)
		return -EBADMSG;
	/* the expected DigestInfo, compared as bytes, as pkcs1pad does */
	xs = X509_SIG_new();
	if (!xs)
		return -ENOMEM;
	X509_SIG_getm(xs, &alg, &d);
	if (X509_ALGOR_set0(alg, OBJ_nid2obj(EVP_MD_get_type(md)), V_ASN1_NULL, NULL) &&
	    ASN1_OCTET_STRING_set(d, dig, (int)dig_len) &&
	    (di_len = i2d_X509_SIG(xs, &di)) > 0) {
		if ((size_t)di_len <= out_len && !memcmp(out, di, (size_t)di_len - dig_len))
			ret = (size_t)di_len == out_len &&
			      !memcmp(out + di_len - dig_len, dig, dig_len) ? 0 : -EKEYREJECTED;
	}
	OPENSSL_free(di);
	X509_SIG_free(xs);
	return ret;
}

/* ECDSA: an unparseable (r, s) is -EBADMSG, a wrong one -EKEYREJECTED */
static int verify_ecdsa(EVP_PKEY_CTX *ctx, const unsigned char *dig, unsigned int dig_len,
			const ASN1_OCTET_STRING *sig)
{
	const unsigned char *p = ASN1_STRING_get0_data(sig);
	ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &p, ASN1_STRING_length(sig));
	int ret;

	if (!es || p != ASN1_STRING_get0_data(sig) + ASN1_STRING_length(sig)) {
		ECDSA_SIG_free(es);
		return -EBADMSG;
	}
	ECDSA_SIG_free(es);
	if (EVP_PKEY_verify_init(ctx) <= 0)
		return -ENOMEM;
	ret = EVP_PKEY_verify(ctx, ASN1_STRING_get0_data(sig), (size_t)ASN1_STRING_length(sig),
			      dig, dig_len);
	return ret == 1 ? 0 : -EKEYREJECTED;
}

/* public_key_verify_signature(): the digest of the module against the key */
static int verify_with_key(X509 *cert, const EVP_MD *md, const void *data, size_t len,
			   const ASN1_OCTET_STRING *sig)
{
	unsigned char dig[EVP_MAX_MD_SIZE];
	unsigned int dig_len;
	EVP_PKEY *key = X509_get0_pubkey(cert);
	EVP_PKEY_CTX *ctx;
	int ret;

	if (!key || !supported_key(key))
		return -ENOPKG;
	if (!EVP_Digest(data, len, dig, &dig_len, md, NULL))
		return -ENOMEM;
	ctx = EVP_PKEY_CTX_new(key, NULL);
	if (!ctx)
		return -ENOMEM;
	if (EVP_PKEY_get_base_id(key) == EVP_PKEY_RSA)
		ret = verify_rsa(ctx, md, dig, dig_len, sig);
	else
		ret = verify_ecdsa(ctx, dig, dig_len, sig);
	EVP_PKEY_CTX_free(ctx);
	return ret;
}

/* the trusted certificate the signer names (issuer and serial, or SKID) */
static X509 *find_trusted(struct umod_host *host, CMS_SignerInfo *si)
{
	struct umod_keyring *kr = atomic_load(&host->keyring);
	X509 *found = NULL;

	if (!kr)
		return NULL;
	pthread_rwlock_rdlock(&kr->lock);
	for (int i = 0; i < sk_X509_num(kr->certs) && !found; i++)
		if (!CMS_SignerInfo_cert_cmp(si, sk_X509_value(kr->certs, i)))
			found = sk_X509_value(kr->certs, i);
	if (found)
		X509_up_ref(found);
	pthread_rwlock_unlock(&kr->lock);
	return found;
}

/* one SignerInfo: every one must verify, as pkcs7_verify() asks */
static int verify_signer(struct umod_host *host, CMS_SignerInfo *si, const void *data,
			 size_t len)
{
	X509_ALGOR *dig_alg;
	const EVP_MD *md;
	X509 *cert;
	int ret;

	CMS_SignerInfo_get0_algs(si, NULL, NULL, &dig_alg, NULL);
	md = dig_alg ? supported_md(dig_alg) : NULL;
	if (!md)
		return -ENOPKG;
	if (CMS_signed_get_attr_count(si) >= 0) {
		umod_log_printk(host->log, KERN_WARNING "PKCS7: Invalid module sig (has authattrs)\n");
		return -EKEYREJECTED;
	}
	cert = find_trusted(host, si);
	if (!cert)
		return -ENOKEY;
	ret = verify_with_key(cert, md, data, len, CMS_SignerInfo_get0_signature(si));
	X509_free(cert);
	return ret;
}

/* verify_pkcs7_signature(): @sig is a detached SignedData over @data */
static int verify_pkcs7(struct umod_host *host, const void *data, size_t len,
			const unsigned char *sig, size_t sig_len)
{
	const unsigned char *p = sig;
	CMS_ContentInfo *cms = d2i_CMS_ContentInfo(NULL, &p, (long)sig_len);
	STACK_OF(CMS_SignerInfo) *sis;
	int n, ret = -EBADMSG;

	if (!cms || p != sig + sig_len ||
	    OBJ_obj2nid(CMS_get0_type(cms)) != NID_pkcs7_signed)
		goto out;
	if (OBJ_obj2nid(CMS_get0_eContentType(cms)) != NID_pkcs7_data) {
		umod_log_printk(host->log, KERN_WARNING "PKCS7: Invalid module sig (not pkcs7-data)\n");
		ret = -EKEYREJECTED;
		goto out;
	}
	/* pkcs7_supply_detached_data(): a message with its own data is refused */
	if (!CMS_is_detached(cms)) {
		ret = -EINVAL;
		goto out;
	}
	sis = CMS_get0_SignerInfos(cms);
	n = sis ? sk_CMS_SignerInfo_num(sis) : 0;
	for (int i = 0; i < n; i++) {
		ret = verify_signer(host, sk_CMS_SignerInfo_value(sis, i), data, len);
		if (ret)
			break;
	}
out:
	CMS_ContentInfo_free(cms);
	ERR_clear_error();
	return ret;
}

/* ---- the trailer (module_signature.c, signing.c) ---------------------- */

static int mod_check_sig(struct umod_host *host, const struct module_signature *ms,
			 size_t file_len)
{
	uint32_t sig_len = (uint32_t)ms->sig_len[0] << 24 | (uint32_t)ms->sig_len[1] << 16 |
			   (uint32_t)ms->sig_len[2] << 8 | ms->sig_len[3];

	if (sig_len >= file_len - sizeof(*ms))
		return -EBADMSG;
	if (ms->id_type != PKEY_ID_PKCS7) {
		umod_log_printk(host->log, KERN_ERR "module: not signed with expected PKCS#7 message\n");
		return -ENOPKG;
	}
	if (ms->algo || ms->hash || ms->signer_len || ms->key_id_len ||
	    ms->pad[0] || ms->pad[1] || ms->pad[2]) {
		umod_log_printk(host->log, KERN_ERR "module: PKCS#7 signature info has unexpected non-zero params\n");
		return -EBADMSG;
	}
	return 0;
}

/* @len: the image without the marker; on return, without the signature */
int umod_mod_verify_sig(struct umod_host *host, const void *image, size_t *len)
{
	const unsigned char *mod = image;
	struct module_signature ms;
	size_t modlen = *len, sig_len;
	int err;

	if (modlen <= sizeof(ms))
		return -EBADMSG;
	memcpy(&ms, mod + modlen - sizeof(ms), sizeof(ms));
	err = mod_check_sig(host, &ms, modlen);
	if (err)
		return err;
	sig_len = (size_t)ms.sig_len[0] << 24 | (size_t)ms.sig_len[1] << 16 |
		  (size_t)ms.sig_len[2] << 8 | ms.sig_len[3];
	modlen -= sig_len + sizeof(ms);
	*len = modlen;
	if (!umod_crypto_load()) {
		umod_log_printk(host->log, KERN_ERR "module: %s\n", umod_crypto_error());
		return -ENOPKG;
	}
	return verify_pkcs7(host, mod, modlen, mod + modlen, sig_len);
}

/*
 * module.sig_enforce on the host's command line, as the kernel takes its
 * own parameters from its: "module.sig_enforce", "=1", "=y", "=Y" turn it
 * on (and, enable-only, nothing turns it off).
 */
static bool cmdline_enforces(struct umod_host *host)
{
	static const char key[] = "module.sig_enforce";
	bool on = false;
	const char *p;

	pthread_mutex_lock(&host->module_mutex);
	for (p = host->cmdline; p && (p = strstr(p, key)); p += sizeof(key) - 1) {
		const char *v = p + sizeof(key) - 1;

		if (p != host->cmdline && p[-1] != ' ' && p[-1] != '\t')
			continue;
		if (!*v || *v == ' ' || *v == '\t' ||
		    (*v == '=' && strchr("1yY", v[1]) && v[1] && (!v[2] || v[2] == ' ')))
			on = true;
	}
	pthread_mutex_unlock(&host->module_mutex);
	return on;
}

static bool sig_enforced(struct umod_host *host)
{
	if (!atomic_load(&host->sig_enforce) && cmdline_enforces(host))
		atomic_store(&host->sig_enforce, true);
	return atomic_load(&host->sig_enforce);
}

/* CONFIG_MODULE_SIG: on once the host has keys, or enforces */
static bool sig_checking(struct umod_host *host)
{
	return atomic_load(&host->module_sig) || sig_enforced(host);
}

int umod_module_sig_check(struct load_info *info, const void *image, size_t *len)
{
	/* a forced load drops checks the signer relied on: not the module signed */
	bool mangled = info->flags & (UMOD_INSERT_FORCE_VERMAGIC | UMOD_INSERT_FORCE_MODVERSION);
	const unsigned char *mod = image;
	const char *reason;
	int err = -ENODATA;

	if (!sig_checking(info->host)) {
		info->sig_ok = true;	/* a kernel without module signing */
		return 0;
	}
	if (!mangled && *len > MARKER_LEN &&
	    !memcmp(mod + *len - MARKER_LEN, MODULE_SIG_STRING, MARKER_LEN)) {
		*len -= MARKER_LEN;
		err = umod_mod_verify_sig(info->host, image, len);
		if (!err) {
			info->sig_ok = true;
			return 0;
		}
	}
	switch (err) {
	case -ENODATA:
		reason = "unsigned module";
		break;
	case -ENOPKG:
		reason = "module with unsupported crypto";
		break;
	case -ENOKEY:
		reason = "module with unavailable key";
		break;
	default:
		return err;	/* malformed or not matching: refused even unenforced */
	}
	if (sig_enforced(info->host)) {
		umod_log_printk(info->log, KERN_NOTICE "Loading of %s is rejected\n", reason);
		return -EKEYREJECTED;
	}
	return 0;
}

void umod_module_sig_taint(struct load_info *info)
{
	if (info->sig_ok)
		return;
	/* pr_notice_once(): once per host, the first unverified load */
	if (!atomic_exchange(&info->host->sig_warned, true))
		umod_log_printk(info->log, KERN_NOTICE "%s: module verification failed: signature and/or required key missing - tainting kernel\n",
				info->mod->name);
	umod_module_add_taint(info->mod, UMOD_TAINT_UNSIGNED_MODULE, UMOD_LOCKDEP_STILL_OK);
}

/* ---- the keyring (system_keyring.c) and its API ---------------------- */

/* every certificate of a PEM file, or the one of a DER file */
static int read_certs(int fd, STACK_OF(X509) *out)
{
	FILE *f = fdopen(fd, "rb");
	X509 *x;
	int n = 0;

	if (!f) {
		close(fd);
		return -errno;
	}
	while ((x = PEM_read_X509(f, NULL, NULL, NULL))) {
		if (!sk_X509_push(out, x)) {
			X509_free(x);
			break;
		}
		n++;
	}
	if (!n) {
		rewind(f);
		x = d2i_X509_fp(f, NULL);
		if (x && sk_X509_push(out, x))
			n++;
		else
			X509_free(x);
	}
	fclose(f);
	ERR_clear_error();
	return n ? n : -EBADMSG;
}

static int read_cert_path(int dirfd, const char *path, STACK_OF(X509) *out);

/* a directory: each regular file in it, in name order */
static int read_cert_dir(int fd, STACK_OF(X509) *out)
{
	struct dirent **names = NULL;
	int n, total = 0, err = 0;
	DIR *d = fdopendir(fd);

	if (!d) {
		close(fd);
		return -errno;
	}
	n = scandirat(dirfd(d), ".", &names, NULL, alphasort);
	if (n < 0) {
		err = -errno;
		closedir(d);
		return err;
	}
	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.' && !err) {
			int r = read_cert_path(dirfd(d), names[i]->d_name, out);

			if (r < 0 && r != -ENOTDIR)
				err = r;
			else if (r > 0)
				total += r;
		}
		free(names[i]);
	}
	free(names);
	closedir(d);
	return err ? err : total;
}

/* the number of certificates read; never follows a link */
static int read_cert_path(int dirfd, const char *path, STACK_OF(X509) *out)
{
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	struct stat st;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		close(fd);
		return -errno;
	}
	if (S_ISDIR(st.st_mode))
		return dirfd == AT_FDCWD ? read_cert_dir(fd, out) : (close(fd), -ENOTDIR);
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	return read_certs(fd, out);
}

UMOD_API int umod_host_add_keys(struct umod_host *host, const char *path)
{
	STACK_OF(X509) *certs;
	struct umod_keyring *kr;
	int n;

	if (!host || !path)
		return -EINVAL;
	if (!umod_crypto_load())
		return -ENOPKG;
	kr = host_keyring(host);
	certs = sk_X509_new_null();
	if (!kr || !certs) {
		sk_X509_free(certs);
		return -ENOMEM;
	}
	n = read_cert_path(AT_FDCWD, path, certs);
	if (n > 0)
		atomic_store(&host->module_sig, true);
	pthread_rwlock_wrlock(&kr->lock);
	for (int i = 0; n > 0 && i < sk_X509_num(certs); i++)
		if (sk_X509_push(kr->certs, sk_X509_value(certs, i)))
			sk_X509_set(certs, i, NULL);
	pthread_rwlock_unlock(&kr->lock);
	sk_X509_pop_free(certs, X509_free);
	return n;
}

/* the kernel's bool_enable_only: once on, it stays on */
static int enable_only(atomic_bool *flag, int enable)
{
	if (!enable && atomic_load(flag))
		return -EROFS;
	if (enable)
		atomic_store(flag, true);
	return 0;
}

UMOD_API int umod_host_set_sig_enforce(struct umod_host *host, int enable)
{
	int err = host ? enable_only(&host->sig_enforce, enable) : -EINVAL;

	/* enforcing implies checking */
	if (!err && enable)
		atomic_store(&host->module_sig, true);
	return err;
}

UMOD_API int umod_host_set_module_sig(struct umod_host *host, int enable)
{
	return host ? enable_only(&host->module_sig, enable) : -EINVAL;
}

UMOD_API int umod_host_get_sig_enforce(struct umod_host *host)
{
	return host ? sig_enforced(host) : 0;
}

/* one RDN of @name as text, or NULL */
static char *name_entry(const X509_NAME *name, int nid)
{
	int i = X509_NAME_get_index_by_NID(name, nid, -1);
	unsigned char *s = NULL;

	if (i < 0)
		return NULL;
	if (ASN1_STRING_to_UTF8(&s, X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, i))) < 0)
		return NULL;
	return (char *)s;
}

/*
 * x509_fabricate_name() and the key's description: "CN", or "O: CN" when
 * the CN does not start with the O, then ": " and the subject key id in
 * hex (the serial number when there is none), as /proc/keys shows it.
 */
static int key_description(X509 *x, char *buf, size_t size)
{
	const X509_NAME *subj = X509_get_subject_name(x);
	char *cn = name_entry(subj, NID_commonName), *o = name_entry(subj, NID_organizationName);
	char *email = cn || o ? NULL : name_entry(subj, NID_pkcs9_emailAddress);
	const ASN1_OCTET_STRING *skid = X509_get0_subject_key_id(x);
	const ASN1_INTEGER *serial = X509_get0_serialNumber(x);
	const unsigned char *id = skid ? ASN1_STRING_get0_data(skid) : ASN1_STRING_get0_data(serial);
	int id_len = skid ? ASN1_STRING_length(skid) : ASN1_STRING_length(serial);
	size_t n;

	if (cn && o && strncmp(cn, o, strlen(o)))
		n = (size_t)snprintf(buf, size, "%s: %s: ", o, cn);
	else
		n = (size_t)snprintf(buf, size, "%s: ", cn ? cn : o ? o : email ? email : "");
	for (int i = 0; i < id_len && n + 3 < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%02x", id[i]);
	OPENSSL_free(cn);
	OPENSSL_free(o);
	OPENSSL_free(email);
	return 0;
}

UMOD_API int umod_host_for_each_key(struct umod_host *host,
				    int (*fn)(const char *desc, void *data), void *data)
{
	struct umod_keyring *kr;
	char desc[512];
	int ret = 0;

	if (!host || !fn)
		return -EINVAL;
	kr = atomic_load(&host->keyring);
	if (!kr)
		return 0;
	pthread_rwlock_rdlock(&kr->lock);
	for (int i = 0; i < sk_X509_num(kr->certs) && !ret; i++) {
		key_description(sk_X509_value(kr->certs, i), desc, sizeof(desc));
		ret = fn(desc, data);
	}
	pthread_rwlock_unlock(&kr->lock);
	return ret;
}
