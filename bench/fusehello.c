// SPDX-License-Identifier: MIT
/*
 * The floor of fsread: libfuse's minimal file system, written against the
 * low-level API, mounted with the daemon's tree's options (allow_other and
 * default_permissions as root, fsname/subtype) and served by the same
 * multi-threaded loop (clone_fd 0, 10 idle threads), with nothing cached
 * (entry and attribute timeouts 0, direct_io), as the tree. It serves one
 * 4 KiB file, "hello", in the root and in a chain of directories "d", so
 * that a path of the same depth as the tree's costs the same lookups:
 * hello, d/hello, d/d/hello ... (inode 1 is the root, k+1 the directory
 * at depth k, FILE_INO the file wherever it is found).
 *
 *   build/bench/fusehello DIR     serve DIR until SIGTERM
 *
 * A program of its own, so that libfuse is not among the benchmark's
 * libraries (dlopen's symbol lookups in loadcycle walk every one).
 */
#define FUSE_USE_VERSION 35
#include <errno.h>
#include <fcntl.h>
#include <fuse_lowlevel.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FILE_INO	100
#define MAX_DEPTH	8
#define FILE_SIZE	4096

static char content[FILE_SIZE];

static int hello_stat(fuse_ino_t ino, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_ino = ino;
	if (ino == FILE_INO) {
		st->st_mode = S_IFREG | 0444;
		st->st_nlink = 1;
		st->st_size = FILE_SIZE;
	} else if (ino >= 1 && ino <= MAX_DEPTH + 1) {
		st->st_mode = S_IFDIR | 0555;
		st->st_nlink = 2;
	} else {
		return -1;
	}
	return 0;
}

static void hello_lookup(fuse_req_t req, fuse_ino_t parent, const char *name)
{
	struct fuse_entry_param e = { 0 };

	if (!strcmp(name, "hello"))
		e.ino = FILE_INO;
	else if (!strcmp(name, "d") && parent <= MAX_DEPTH)
		e.ino = parent + 1;
	if (!e.ino || parent == FILE_INO || hello_stat(e.ino, &e.attr)) {
		fuse_reply_err(req, ENOENT);
		return;
	}
	fuse_reply_entry(req, &e);	/* timeouts 0: nothing cached */
}

static void hello_getattr(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	struct stat st;

	if (hello_stat(ino, &st))
		fuse_reply_err(req, ENOENT);
	else
		fuse_reply_attr(req, &st, 0);
}

static void hello_open(fuse_req_t req, fuse_ino_t ino, struct fuse_file_info *fi)
{
	if (ino != FILE_INO)
		fuse_reply_err(req, EISDIR);
	else if ((fi->flags & O_ACCMODE) != O_RDONLY)
		fuse_reply_err(req, EACCES);
	else {
		fi->direct_io = 1;
		fuse_reply_open(req, fi);
	}
}

static void hello_read(fuse_req_t req, fuse_ino_t ino, size_t size, off_t off,
		       struct fuse_file_info *fi)
{
	if (off >= FILE_SIZE)
		size = 0;
	else if (size > (size_t)(FILE_SIZE - off))
		size = (size_t)(FILE_SIZE - off);
	fuse_reply_buf(req, content + (size ? off : 0), size);
}

static const struct fuse_lowlevel_ops hello_ops = {
	.lookup = hello_lookup,
	.getattr = hello_getattr,
	.open = hello_open,
	.read = hello_read,
};

int main(int argc, char *argv[])
{
	const char *dir = argc == 2 ? argv[1] : NULL;
	char *opts[] = { "fusehello", "-o", geteuid() == 0 ?
		"allow_other,default_permissions,fsname=hello,subtype=hello" :
		"default_permissions,fsname=hello,subtype=hello", NULL };
	struct fuse_args args = FUSE_ARGS_INIT(3, opts);
	struct fuse_loop_config cfg = { .clone_fd = 0, .max_idle_threads = 10 };
	struct fuse_session *se;
	int ret = 1;

	if (!dir) {
		fprintf(stderr, "usage: fusehello DIR\n");
		return 2;
	}
	memset(content, 'x', sizeof(content));
	se = fuse_session_new(&args, &hello_ops, sizeof(hello_ops), NULL);
	if (!se)
		return 1;
	if (!fuse_set_signal_handlers(se)) {
		if (!fuse_session_mount(se, dir)) {
			ret = fuse_session_loop_mt(se, &cfg) ? 1 : 0;
			fuse_session_unmount(se);
		}
		fuse_remove_signal_handlers(se);
	}
	fuse_session_destroy(se);
	return ret;
}
