/* SPDX-License-Identifier: MIT */
/* The umod front ends: one file per subcommand, each exporting a struct umod_cmd. */
#ifndef _UMOD_TOOLS_H
#define _UMOD_TOOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct umod_client;

struct umod_cmd {
	const char *name;
	int (*run)(int argc, char *argv[]);
	const char *help;
};

extern const struct umod_cmd umod_cmd_run;
extern const struct umod_cmd umod_cmd_kunit;
extern const struct umod_cmd umod_cmd_daemon;
extern const struct umod_cmd umod_cmd_insmod;
extern const struct umod_cmd umod_cmd_rmmod;
extern const struct umod_cmd umod_cmd_lsmod;
extern const struct umod_cmd umod_cmd_modinfo;
extern const struct umod_cmd umod_cmd_dmesg;
extern const struct umod_cmd umod_cmd_depmod;
extern const struct umod_cmd umod_cmd_net;
extern const struct umod_cmd umod_cmd_sysfs;
extern const struct umod_cmd umod_cmd_modprobe;
extern const struct umod_cmd umod_cmd_shell;
extern const struct umod_cmd umod_cmd_version;
extern const struct umod_cmd umod_cmd_sign_file;
extern const struct umod_cmd umod_cmd_keys;
extern const struct umod_cmd umod_cmd_board;

/* common.c */
/* kmod's wording for a failed insert: "Invalid module format", ... */
/* strerror(), and the oops text for ENOTRECOVERABLE */
const char *umod_tool_errstr(int err);
const char *umod_tool_strerror(int err);
/* the request's module code oopsed: end as Linux ends the caller */
void umod_tool_die_of_oops(struct umod_client *c);
/* a printk record as dmesg prints it: "[    0.000123] text" */
void umod_tool_print_record(FILE *out, uint64_t ts_nsec, const char *text);
/* "[    1.000000] ": how many columns it took */
int umod_tool_print_stamp(FILE *out, uint64_t ts_nsec);
/* @text escaped, its later lines indented by @indent columns, then a newline */
void umod_tool_print_text(FILE *out, const char *text, int indent);
/* argv[first..argc) joined with spaces, as insmod passes parameters */
char *umod_tool_join_args(int argc, char *argv[], int first);
struct umod_host;
/*
 * --abi NAME=DIR: the host also loads genuine Linux modules of kernel NAME
 * built with the headers in DIR (umod_host_set_abi()); 0 or -errno (said)
 */
int umod_tool_set_abi(struct umod_host *host, const char *arg);
/* kmod's ERR(): "PROG: ERROR: text" on stderr, or to syslog once asked */
void umod_tool_log_open(const char *prog, bool use_syslog);
void umod_tool_err(const char *fmt, ...) __attribute__((__format__(printf, 1, 2)));
/*
 * Connects to the daemon (at $UMOD_SOCKET, ...). Returns 0, -EPERM (left
 * for the caller to word as kmod does), or another error it has reported.
 */
int umod_tool_connect(struct umod_client *c);
/* the kernel's module name for a file or name: basename, up to '.', '-' as '_' */
void umod_tool_modname(const char *arg, bool is_path, char *buf, size_t size);

/* keys.c: the trusted keys of a host, from the command line */
struct umod_host;
struct umod_tool_keys {
	const char **paths;	/* --keyring, in order */
	size_t n;
	bool module_sig;	/* --module-sig: check, with the default key */
	bool no_default;	/* --no-default-keyring */
	bool sig_enforce;	/* --sig-enforce */
};
#define UMOD_OPT_NO_DEFAULT_KEYRING	0x4b00
#define UMOD_OPT_SIG_ENFORCE		0x4b01
#define UMOD_OPT_MODULE_SIG		0x4b02
#define UMOD_OPT_KEYRING		'k'
/* the build key's certificate, or NULL when there is none */
const char *umod_tool_default_cert(char *buf, size_t size);
/* one of the options above (getopt's @opt, @arg): 0, 1 on an error (said),
 * -1 when @opt is none of them */
int umod_tool_keys_option(struct umod_tool_keys *k, int opt, const char *arg);
/* with any of the options: signature checks on, the default key, --keyring's,
 * --sig-enforce; 0 or -errno (said) */
int umod_tool_add_keyrings(struct umod_host *host, const struct umod_tool_keys *k);

/* board.c: --board, on run, daemon and shell */
#define UMOD_TOOL_MAX_BOARDS	8
struct umod_tool_boards {
	const char *names[UMOD_TOOL_MAX_BOARDS];	/* a built-in name, or a path made absolute */
	char paths[UMOD_TOOL_MAX_BOARDS][4096];
	unsigned int n;
};
#define UMOD_OPT_BOARD		0x4c00
/* one --board (the board, then its overlays): 0, or 1 (said) when there are too many */
int umod_tool_board_option(struct umod_tool_boards *b, const char *arg);
/* each board loaded into @host in order; 0 or -errno (said, with the host's reason) */
int umod_tool_load_boards(struct umod_host *host, const struct umod_tool_boards *b);

/* version.c */
/* "umod version R" and the features line, as kmod -V; returns 0 (an exit status) */
int umod_tool_print_version(void);

/* tree.c */
/*
 * The module tree's directory: BASE (made absolute; NULL for the host's
 * own, "/") + "/lib/modules/" + RELEASE. Returns 0 or -ENAMETOOLONG.
 */
int umod_tool_tree_dir(const char *base, const char *release, char *buf, size_t size);
/* 0 if @path can be read, else -errno */
int umod_tool_readable(const char *path);
/* @path made absolute in @buf (a daemon changes directory); else @path */
const char *umod_tool_absolute(const char *path, char *buf, size_t size);
/* the release the tools assume without one: umod's own (UTS_RELEASE) */
const char *umod_tool_default_release(void);

/* sysfs_tree.c */
struct umod_host;
/* /sys/module/@dir ("" for all) and all below it, one line per entry; 0 or -errno */
int umod_tool_print_sysfs(struct umod_host *host, const char *dir, FILE *out);

#endif /* _UMOD_TOOLS_H */
