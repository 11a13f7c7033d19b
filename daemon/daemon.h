/* SPDX-License-Identifier: MIT */
/*
 * daemon/: the persistent host behind `umod daemon`, and the client end the
 * tools use to talk to it. Declarations are grouped by the defining file;
 * the wire format itself is in proto.h.
 */
#ifndef _UMOD_DAEMON_H
#define _UMOD_DAEMON_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include <umod/umod.h>

#include "proto.h"

struct sockaddr_un;
struct umod_host;

#define UMOD_SOCKET_FALLBACK	"/run/umod/umod.sock"
/* the exit status after an oops in module code (sysexits' EX_SOFTWARE) */
#define UMOD_MESSAGES_MAX_DEFAULT	(16ull << 20)	/* --messages-max's */
#define UMOD_DAEMON_OOPS_EXIT	70

/* ---- io.c: frames over a stream socket ----------------------------------- */

int umod_io_write_all(int fd, const void *buf, size_t len);
int umod_io_send(int fd, const struct umod_proto_buf *b);
/*
 * Reads one frame whose payload is at most @max bytes into a malloc'd
 * *@payload. Returns 0, -ECONNRESET (the peer closed), -ETIMEDOUT, what
 * umod_proto_parse_hdr() returns, -ENOMEM or another socket errno.
 */
/*
 * One frame. @deadline_ms: once its first byte is in, the rest must come
 * within that many milliseconds (-ETIMEDOUT); 0: no deadline.
 */
int umod_io_recv(int fd, uint32_t max, unsigned int deadline_ms,
		 struct umod_proto_hdr *hdr, void **payload);

/* ---- client.c: the tools' end -------------------------------------------- */

struct umod_client {
	int fd;
	struct umod_proto_hdr hdr;	/* of the last reply */
	void *payload;			/* owned; valid until the next call */
	struct umod_proto_cursor cur;	/* after the last reply's status */
};

/* $UMOD_SOCKET, else $XDG_RUNTIME_DIR/umod.sock (in @buf), else the fallback */
const char *umod_socket_default(char *buf, size_t size);
int umod_socket_addr(const char *path, struct sockaddr_un *sun);
/* connects and reads the greeting: 0, -EPERM (refused), or a socket errno */
int umod_client_open(struct umod_client *c, const char *path);
/*
 * Finishes and sends @req, reads its reply: returns 0 and the reply's
 * status in *@status, or a transport error (-EPROTO: not a reply to @req).
 */
int umod_client_call(struct umod_client *c, struct umod_proto_buf *req, int *status);
void umod_client_close(struct umod_client *c);

/* the requests (proto.h has their schemas); each returns as umod_client_call() */
int umod_client_insert(struct umod_client *c, const void *image, size_t len,
		       const char *args, unsigned int flags, int *status);
int umod_client_remove(struct umod_client *c, const char *name, unsigned int flags,
		       int *status);
int umod_client_list(struct umod_client *c, int *status);
int umod_client_log_read(struct umod_client *c, uint64_t seq, unsigned int flags,
			 int *status);
/* @op: UMOD_OP_SYSFS_*; @value only for a write */
int umod_client_sysfs(struct umod_client *c, uint16_t op, const char *path,
		      const char *value, int *status);

/* one module of a LIST reply; the strings point into the reply */
struct umod_listed {
	const char *name;
	int64_t size, refcnt;
	const char *state;	/* Live, Loading, Unloading */
	const char *holders;	/* "a,b", or "" */
	const char *taint;	/* letters, or "" */
};

/* one record of a LOG_READ reply */
struct umod_logrec {
	uint64_t seq;
	int level;
	uint64_t ts_nsec;
	const char *text;
};

/* one entry of a SYSFS_LS reply */
struct umod_dirent {
	const char *name;
	unsigned int mode;	/* type and permission bits, as st_mode */
	const char *target;	/* a symlink's, else "" */
};

/* the next record of the last reply: 1, 0 at its end, or -EPROTO */
int umod_client_next_module(struct umod_client *c, struct umod_listed *m);
int umod_client_next_record(struct umod_client *c, struct umod_logrec *r);
int umod_client_next_entry(struct umod_client *c, struct umod_dirent *e);
/* after a status of -ENOTRECOVERABLE: the signal the oops ends the client
 * with, or 0 (none: the oops has no counterpart that ends a task) */
int umod_client_oops_signal(struct umod_client *c);
/* the value of a SYSFS_READ reply: 0 or -EPROTO */
int umod_client_value(struct umod_client *c, const void **value, size_t *len);

/* ---- the daemon ------------------------------------------------------------ */

struct umod_tool_keys;
struct umod_tool_boards;

struct umod_daemon_opts {
	const char *socket_path;
	const char *state_dir;	/* holds `messages`, the system logfile */
	const char *sysfs_dir;	/* NULL: no FUSE mount */
	const char *root_dir;	/* --root: the whole tree (proc/, sys/, dev/); NULL: none */
	const char *pidfile;	/* NULL: none */
	bool force_unload;	/* CONFIG_MODULE_FORCE_UNLOAD */
	bool panic_on_oops;	/* an oops ends the daemon (exit 70), as panic_on_oops */
	const char *cmdline;	/* the host's kernel command line, or NULL */
	size_t module_memory;	/* bytes of module memory at most; 0: the default */
	const char *tree_base;	/* request_module()'s module tree: BASE/lib/modules/R */
	const char *tree_release;
	bool foreground;	/* else detach, returning once the socket listens */
	unsigned int request_timeout_s;	/* a request must arrive whole within this */
	/* `messages` past this many bytes moves to messages.1; 0: no bound */
	unsigned long long messages_max;
	pid_t watch_pid;	/* stop as on SIGTERM once this process ends; 0: none */
	const struct umod_tool_keys *keys;	/* --keyring, --sig-enforce (tools/keys.c) */
	const struct umod_tool_boards *boards;	/* --board (tools/board.c), or NULL */
	int supervise_fd;	/* > 0: umod shell sends its seccomp listener here (supervise.c) */
	const char *abi;	/* --abi NAME=DIR: genuine modules too (umod_host_set_abi()) */
	bool tap;		/* --tap: interfaces are TAP devices too */
	const char *net_bus;	/* --net-bus: the bus directory, absolute */
	const char *net_bus_ifs;	/* --net-bus-if, comma-separated (NULL: all) */
	bool nbd;		/* --nbd: disks served over NBD (STATE/nbd/DISK.sock) */
	bool uinput;		/* --uinput: input devices mirrored through /dev/uinput */
};

/* server.c: runs the daemon; returns the process's exit status */
int umod_daemon_main(const struct umod_daemon_opts *opts);

struct umod_fuse;

struct umod_daemon {
	const struct umod_daemon_opts *opts;
	struct umod_host *host;
	int listen_fd;
	int watch_fd;		/* a pidfd of opts->watch_pid, or -1 */
	bool socket_passed;		/* by a service manager: not ours to unlink */
	char notify[108];		/* NOTIFY_SOCKET's address (sun_path), */
	size_t notify_len;		/* its length; 0: no service manager listens */
	uid_t owner;			/* who may talk to us (and root) */
	int pidfile_fd;			/* locked while we run, or -1 */
	atomic_bool stopping;
	/* messages.c: the logfile, and waking `dmesg -w` readers */
	int messages_fd;		/* -1: none */
	uint64_t messages_dropped;	/* lines not written since the last one that was */
	/* what `messages` holds (lines: counted since opened; 0 if unknown),
	 * and what messages.1 holds if this daemon made it */
	uint64_t messages_size, messages_lines, rotated_size, rotated_lines;
	pthread_mutex_t log_lock;
	pthread_cond_t log_cond;
	uint64_t log_next;		/* sequence number of the next record */
	/* server.c: live connections, for shutdown */
	pthread_mutex_t conn_lock;
	pthread_cond_t conn_cond;
	struct umod_conn *conns;
	unsigned int num_conns;
	/* fuse.c: the --sysfs mount and the --root mount */
	struct umod_fuse *fuse, *fuse_root;
	/* supervise.c: umod shell's calls on the tree's files */
	struct umod_supervisor *supervisor;
};

/* detach.c: fork, and let the parent exit only once the child is ready */
/* returns in the child with *@notify to pass to umod_detach_ready(); every
 * other inherited descriptor is closed but @keep (-1: none) */
int umod_detach(int *notify, int keep);
/* @ok: the daemon is serving (the parent exits 0) or gave up (exits 1) */
void umod_detach_ready(int notify, bool ok);
int umod_pidfile_write(const char *path, long *holder);
void umod_pidfile_remove(const char *path, int fd);
struct stat;
int umod_check_private(const struct stat *st, bool is_dir);

/* listen.c: the socket, its mode, and who is on the other end */
int umod_listen_open(const char *path, int *fdp);
/* 0 if the peer on @fd runs as @owner or as root, else -EPERM */
int umod_peer_check(int fd, uid_t owner);
/* the calling thread runs on the CPUs process @pid may run on */
void umod_peer_affinity(pid_t pid);

/* service.c: what a service manager (systemd) passes and expects */
/*
 * The socket passed by socket activation (LISTEN_PID is this process,
 * LISTEN_FDS=1): 1 with *@fdp, 0 when none was passed, or -EINVAL (more
 * than one, or not a listening Unix stream socket; said on stderr). The
 * variables are cleared in any case.
 */
int umod_service_listen_fd(int *fdp);
/* takes NOTIFY_SOCKET (and clears it) for umod_service_notify() */
void umod_service_notify_init(struct umod_daemon *d);
/* sends @state ("READY=1", "STOPPING=1") with MAINPID, if a manager listens */
void umod_service_notify(struct umod_daemon *d, const char *state);

/* messages.c */
int umod_messages_open(struct umod_daemon *d);
/* <state-dir>/@name as a private directory (made if missing): its path in @buf */
int umod_state_subdir(struct umod_daemon *d, const char *name, char *buf, size_t size);
int umod_messages_reopen(struct umod_daemon *d);
void umod_messages_close(struct umod_daemon *d);
/* the sequence number the next record will get */
uint64_t umod_messages_next(struct umod_daemon *d);
/*
 * Blocks until a record numbered @seq or later exists. Returns 0,
 * -ESHUTDOWN (the daemon is stopping) or -ECONNRESET (the peer on @fd hung up).
 */
int umod_messages_wait(struct umod_daemon *d, uint64_t seq, int fd);
void umod_messages_wake_all(struct umod_daemon *d);

/* handlers.c: one request in, its reply (opened with the reply op) out */
/* hangup.c: runs @fn(@arg), interrupting its task if client @fd hangs up */
int umod_daemon_watch_hangup(int fd, int (*fn)(void *arg), void *arg);

void umod_daemon_handle(struct umod_daemon *d, int fd, const struct umod_request *req,
			struct umod_proto_buf *reply);

/*
 * view.c: the host's sysfs model as the socket and FUSE serve it. Paths are
 * within /sys ("/module/hellop/parameters/whom"; "/" is /sys itself).
 * Each returns 0 or a negative errno; read and readlink the length they
 * stored (at most @size - 1, NUL-terminated), write the bytes taken.
 */
int umod_view_stat(struct umod_daemon *d, const char *path, mode_t *mode);
int umod_view_list(struct umod_daemon *d, const char *path,
		   int (*fn)(void *data, const char *name, mode_t mode), void *data);
ssize_t umod_view_read(struct umod_daemon *d, const char *path, char *buf, size_t size);
ssize_t umod_view_write(struct umod_daemon *d, const char *path, const char *buf,
			size_t len);
ssize_t umod_view_readlink(struct umod_daemon *d, const char *path, char *buf, size_t size);

/* handlers.c: "Live", "Loading" or "Unloading" */
const char *umod_daemon_state_name(enum umod_module_state state);

/* procfs.c: /proc/modules, kallsyms, devices and sys/kernel/tainted, read-only;
 * sys/kernel/hung_task_timeout_secs, read-write */
bool umod_proc_is(const char *path);
/* one of the files the daemon's /proc has of its own: modules, kallsyms, tainted */
bool umod_proc_builtin(const char *path);
/* its type and permissions */
mode_t umod_proc_mode(const char *path);
ssize_t umod_proc_read(struct umod_daemon *d, const char *path, char *buf, size_t size);
/* @len bytes written to it: @len, or -EACCES (read-only), -EINVAL, -ENOENT */
ssize_t umod_proc_write(struct umod_daemon *d, const char *path, const char *buf, size_t len);
/*
 * proc_pid.c: /proc/PID of each kernel thread (umod_for_each_kthread()), as
 * 6.1 shows a kthread: -ENOENT for anything else. _list("/proc") names the
 * threads' directories, _list("/proc/PID") their files; _read() is -EFBIG
 * when @size is too small.
 */
int umod_proc_pid_stat(const char *path, mode_t *mode);
int umod_proc_pid_list(const char *path, int (*fill)(void *data, const char *name, mode_t mode),
		       void *data);
ssize_t umod_proc_pid_read(const char *path, char *buf, size_t size);
/* tree.c: names of the real /proc and /dev (and /sys's top) the tree has
 * not become symlinks into @dir/proc, @dir/dev, @dir/sys (umod shell) */
void umod_tree_set_host(const char *dir);

/* pagecache.c: a device with an mmap op, served through FUSE's page cache:
 * a READ of @size bytes at @off, a WRITE (from the cache when @writeback) */
ssize_t umod_tree_cache_read(struct umod_file *f, char *buf, size_t size, off_t off);
ssize_t umod_tree_cache_write(struct umod_file *f, const char *buf, size_t size, off_t off,
			      bool writeback);

/* fuse.c: /sys as a FUSE filesystem at opts->sysfs_dir, the whole tree
 * (tree.c) at opts->root_dir; each is reported, not fatal, when it fails */
int umod_fuse_start(struct umod_daemon *d);
void umod_fuse_stop(struct umod_daemon *d);
/* in a FUSE operation: the daemon, when it was mounted (every file's times) */
struct umod_daemon *umod_fuse_daemon(void);
struct timespec umod_fuse_mounted(void);
/* in a FUSE operation: the thread acts for the client process (current) */
void umod_fuse_identity(void);
/*
 * in a FUSE operation: give the kernel's inode of @path (mount-relative) a
 * size splice(2) can read up to (see DESIGN.md "FUSE read paths"); *ino is
 * the FUSE node, found from @path when 0. 0 or -errno.
 */
int umod_fuse_splice_size(const char *path, uint64_t *ino);
/* ... and drop what the kernel cached of node @ino's pages, after the last close */
void umod_fuse_drop_cache(uint64_t ino);
/* ... or for process (thread) @pid */
void umod_fuse_identity_of(pid_t pid);
/* the kernel drops what it caches of the tree's inode @ino in [@off, @off + @len) */
int umod_fuse_tree_inval(struct umod_daemon *d, uint64_t ino, int64_t off, int64_t len);

/*
 * supervise.c: umod shell's seccomp supervisor. umod_supervise_install()
 * runs in the shell's process before its exec: the filter, whose listener
 * goes to the daemon over @sock (closed); 0 or a negative errno. The
 * daemon serves the calls from umod_supervise_start() (@sock: the other
 * end) to umod_supervise_stop(). A call on a tree file reaches tree.c as
 * an ioctl UMOD_TREE_FORWARD from the handler's thread, whose
 * umod_supervise_take() gives what to do instead.
 */
#define UMOD_TREE_FORWARD	0x7546u	/* _IO('u', 0x46): no VFS meaning */

struct umod_forward {
	enum { UMOD_FW_IOCTL = 1, UMOD_FW_MMAP } kind;
	pid_t pid;			/* the caller (a thread id) */
	unsigned int cmd;		/* ioctl */
	unsigned long arg;
	uint64_t off, len;		/* mmap */
	int prot, flags;
};

int umod_supervise_install(int sock);
int umod_supervise_start(struct umod_daemon *d, int sock);
void umod_supervise_stop(struct umod_daemon *d);
bool umod_supervise_take(pid_t tid, struct umod_forward *fw);
/* the group of every file of the mounts: the daemon's */
gid_t umod_fuse_gid(void);

#endif /* _UMOD_DAEMON_H */
