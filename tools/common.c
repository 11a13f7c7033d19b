// SPDX-License-Identifier: MIT
/* What several front ends share: kmod's error wording, dmesg's line format. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include "../daemon/daemon.h"
#include "tools.h"

static const char *log_prog = "umod";
static bool log_syslog;

/* kmod's mod_strerror(): the kernel's errno seen from insmod */
/* strerror(), but for what a request that oopsed gets */
const char *umod_tool_errstr(int err)
{
	/* Linux kills the process whose system call oopsed: say why */
	if (err == ENOTRECOVERABLE)
		return "Killed by an oops in the module (see dmesg)";
	/* the daemon's thread for the request ended inside module code */
	if (err == EOWNERDEAD)
		return "Killed: the module ended its thread (see dmesg)";
	return strerror(err);
}

/*
 * Module code oopsed in the request: Linux ends the process whose system
 * call oopsed (page faults with SIGKILL, so the shell says "Killed"), and
 * it prints nothing. So does this one, with the signal the daemon says;
 * without one (an ASan report) it returns, and the caller says why it failed.
 */
void umod_tool_die_of_oops(struct umod_client *c)
{
	int sig = umod_client_oops_signal(c);
	sigset_t set;

	if (!sig)
		return;
	fflush(NULL);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);
}

const char *umod_tool_strerror(int err)
{
	switch (err) {
	case ENOEXEC:
		return "Invalid module format";
	case ENOENT:
	case ESRCH:
		return "Unknown symbol in module";
	case EINVAL:
		return "Invalid parameters";
	default:
		return umod_tool_errstr(err);
	}
}

int umod_tool_print_stamp(FILE *out, uint64_t ts_nsec)
{
	return fprintf(out, "[%5llu.%06llu] ", (unsigned long long)(ts_nsec / 1000000000ull),
		       (unsigned long long)(ts_nsec % 1000000000ull / 1000ull));
}

/*
 * A record's text as util-linux dmesg prints what it read from /dev/kmsg:
 * control bytes (an ESC a module printed) escaped as \xNN, so a module
 * cannot drive the terminal or forge a line, and each line after the
 * first indented to the text column.
 */
void umod_tool_print_text(FILE *out, const char *text, int indent)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p == '\n')	/* util-linux indents only a line that follows */
			fprintf(out, "\n%*s", p[1] ? indent : 0, "");
		else if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
			fprintf(out, "\\x%02x", *p);
		else
			fputc(*p, out);
	}
	fputc('\n', out);
}

void umod_tool_print_record(FILE *out, uint64_t ts_nsec, const char *text)
{
	umod_tool_print_text(out, text, umod_tool_print_stamp(out, ts_nsec));
	fflush(out);
}

char *umod_tool_join_args(int argc, char *argv[], int first)
{
	size_t len = 1;
	char *s;

	for (int i = first; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = first; i < argc; i++) {
		if (i > first)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

void umod_tool_log_open(const char *prog, bool use_syslog)
{
	log_prog = prog;
	log_syslog = use_syslog;
	if (use_syslog)
		openlog(prog, LOG_CONS, LOG_DAEMON);
}

void umod_tool_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (log_syslog) {
		char msg[1024];

		vsnprintf(msg, sizeof(msg), fmt, ap);
		syslog(LOG_ERR, "ERROR: %s", msg);
	} else {
		fprintf(stderr, "%s: ERROR: ", log_prog);
		vfprintf(stderr, fmt, ap);
	}
	va_end(ap);
}

/* a line after an error that says what to do about it: "PROG: hint: text" */
static void hint(const char *fmt, ...) __attribute__((__format__(printf, 1, 2)));
static void hint(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (log_syslog) {
		vsyslog(LOG_INFO, fmt, ap);
	} else {
		fprintf(stderr, "%s: hint: ", log_prog);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
	}
	va_end(ap);
}

/*
 * Nobody answers at @path: say how to start the daemon the tools look for
 * there (the systemd unit only for the two default places, where the
 * units listen), and that `umod run` needs none.
 */
static void connect_hint(const char *path, int err)
{
	const char *env = getenv("UMOD_SOCKET");

	if (err == -EACCES) {
		hint("only the daemon's owner (or root) may connect: run as that user, or start");
		hint("your own with 'umod daemon -S SOCKET' and export UMOD_SOCKET=SOCKET");
		return;
	}
	if (err != -ENOENT && err != -ECONNREFUSED)
		return;
	if (env && *env)
		hint("start one with 'umod daemon -S %s'", path);
	else
		hint("start one with 'umod daemon' (or 'systemctl %sstart umod.socket')",
		     strcmp(path, UMOD_SOCKET_FALLBACK) ? "--user " : "");
	hint("'umod run FILE.ko' needs no daemon: it loads modules into a host of its own");
}

int umod_tool_connect(struct umod_client *c)
{
	char buf[4096];
	const char *path = umod_socket_default(buf, sizeof(buf));
	int err = umod_client_open(c, path);

	if (err && err != -EPERM) {
		umod_tool_err("could not connect to the umod daemon at %s: %s\n",
			      path, strerror(-err));
		connect_hint(path, err);
	}
	return err;
}

void umod_tool_modname(const char *arg, bool is_path, char *buf, size_t size)
{
	const char *base = is_path && strrchr(arg, '/') ? strrchr(arg, '/') + 1 : arg;
	size_t i;

	for (i = 0; i + 1 < size && base[i] && base[i] != '.'; i++)
		buf[i] = base[i] == '-' ? '_' : base[i];
	buf[i] = '\0';
}

int umod_tool_set_abi(struct umod_host *host, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char abi[64];
	int err;

	if (!eq || !eq[1] || (size_t)(eq - arg) >= sizeof(abi)) {
		fprintf(stderr, "umod: ERROR: --abi %s: give the kernel headers' directory, as in --abi debian-6.1=/usr/src/linux-headers-6.1.0-N-amd64\n",
			arg);
		return -EINVAL;
	}
	memcpy(abi, arg, (size_t)(eq - arg));
	abi[eq - arg] = '\0';
	err = umod_host_set_abi(host, abi, eq + 1);
	if (err == -EINVAL)
		fprintf(stderr, "umod: ERROR: --abi: unknown ABI '%s' (known: debian-6.1)\n", abi);
	else if (err == -EOPNOTSUPP)
		fprintf(stderr, "umod: ERROR: --abi %s: genuine modules are x86-64's, not this machine's\n",
			abi);
	else if (err < 0)
		fprintf(stderr, "umod: ERROR: --abi %s: %s\n", arg, strerror(-err));
	return err;
}
