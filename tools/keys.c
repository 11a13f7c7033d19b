// SPDX-License-Identifier: MIT
/*
 * umod keys: the keys a host would trust, as `keyctl show
 * %:.builtin_trusted_keys` lists the kernel's, with their /proc/keys
 * descriptions. Also the keyring options run and daemon share: the
 * certificate of umod's own build key (build/certs/signing_key.x509 beside
 * build/bin/umod, made on the first signed build) is trusted by default,
 * as the kernel trusts the key it was built with; --keyring adds more,
 * --no-default-keyring leaves it out. A host checks signatures (the
 * kernel's CONFIG_MODULE_SIG) only with --module-sig, --keyring or
 * --sig-enforce: without, modules load untainted, signed or not.
 *
 *   umod keys [--keyring FILE|DIR]... [--no-default-keyring]
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <umod/umod.h>

#include "tools.h"

/* $UMOD_SIGN_CERT wins, as it does for the build; else beside the binary */
const char *umod_tool_default_cert(char *buf, size_t size)
{
	const char *env = getenv("UMOD_SIGN_CERT");
	char self[PATH_MAX];
	ssize_t n;
	char *slash;

	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		return NULL;
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	if ((size_t)snprintf(buf, size, "%s/../certs/signing_key.x509", self) >= size ||
	    access(buf, R_OK) < 0)
		return NULL;
	return buf;
}

int umod_tool_add_keyrings(struct umod_host *host, const struct umod_tool_keys *k)
{
	char buf[PATH_MAX];
	const char *def;
	int err;

	if (!k->module_sig && !k->n && !k->sig_enforce)
		return 0;	/* a host without CONFIG_MODULE_SIG */
	umod_host_set_module_sig(host, 1);
	def = k->no_default ? NULL : umod_tool_default_cert(buf, sizeof(buf));

	if (def && umod_host_add_keys(host, def) < 0)
		fprintf(stderr, "umod: WARNING: cannot read the build key's certificate %s\n", def);
	for (size_t i = 0; i < k->n; i++) {
		err = umod_host_add_keys(host, k->paths[i]);
		if (err < 0) {
			fprintf(stderr, "umod: ERROR: keyring %s: %s\n", k->paths[i],
				err == -EBADMSG ? "no X.509 certificate in it" : strerror(-err));
			return err;
		}
	}
	return k->sig_enforce ? umod_host_set_sig_enforce(host, 1) : 0;
}

static int add_path(struct umod_tool_keys *k, const char *path)
{
	const char **p = realloc(k->paths, (k->n + 1) * sizeof(*p));

	if (!p) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(ENOMEM));
		return -ENOMEM;
	}
	p[k->n++] = path;
	k->paths = p;
	return 0;
}

int umod_tool_keys_option(struct umod_tool_keys *k, int opt, const char *arg)
{
	switch (opt) {
	case UMOD_OPT_KEYRING:
		return add_path(k, arg) ? 1 : 0;
	case UMOD_OPT_NO_DEFAULT_KEYRING:
		k->no_default = true;
		return 0;
	case UMOD_OPT_SIG_ENFORCE:
		k->sig_enforce = true;
		return 0;
	case UMOD_OPT_MODULE_SIG:
		k->module_sig = true;
		return 0;
	}
	return -1;
}

static int print_key(const char *desc, void *data)
{
	unsigned int *serial = data;

	/* the kernel's serials are random; these only need to differ */
	printf("%10u --als--v      0     0   \\_ asymmetric: %s\n", (*serial)++, desc);
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod keys [options]\n"
		"List the keys a host trusts for module signatures, as\n"
		"`keyctl show %%:.builtin_trusted_keys` does: by default the certificate\n"
		"of umod's build key ($UMOD_SIGN_CERT, else build/certs/signing_key.x509\n"
		"beside build/bin/umod), then those of --keyring.\n\n"
		"Options:\n"
		"  -k, --keyring FILE|DIR  also trust the X.509 certificates there (PEM or DER;\n"
		"                          a directory: each file in it)\n"
		"      --no-default-keyring  do not trust the build key by default\n"
		"  -h, --help              show this help\n");
}

static int run(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "keyring", required_argument, NULL, 'k' },
		{ "no-default-keyring", no_argument, NULL, UMOD_OPT_NO_DEFAULT_KEYRING },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct umod_tool_keys k = { .module_sig = true };
	struct umod_host *host = NULL;
	unsigned int serial = 100000001;
	int c, ret = 1;

	while ((c = getopt_long(argc, argv, "k:h", opts, NULL)) != -1) {
		switch (c) {
		case UMOD_OPT_KEYRING:
		case UMOD_OPT_NO_DEFAULT_KEYRING:
			if (umod_tool_keys_option(&k, c, optarg))
				return 1;
			break;
		case 'h':
			usage(stdout);
			free(k.paths);
			return 0;
		default:
			usage(stderr);
			free(k.paths);
			return 1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "umod: ERROR: unexpected argument '%s'\n", argv[optind]);
	} else if (umod_host_new(&host) < 0) {
		fprintf(stderr, "umod: ERROR: %s\n", strerror(ENOMEM));
	} else if (!umod_tool_add_keyrings(host, &k)) {
		printf("Keyring\n%10u ---lswrv      0     0  keyring: .builtin_trusted_keys\n",
		       100000000u);
		umod_host_for_each_key(host, print_key, &serial);
		ret = 0;
	}
	umod_host_unref(host);
	free(k.paths);
	return ret;
}

const struct umod_cmd umod_cmd_keys = {
	.name = "keys",
	.run = run,
	.help = "list the keys trusted for module signatures",
};
