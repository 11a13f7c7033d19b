// SPDX-License-Identifier: MIT
/*
 * umod shell: a shell that looks like Linux to the module guides' command
 * lines. Three processes:
 *   this one     makes a private directory (sock, state/, root/, host/,
 *                bin/), waits, and removes it at the end, from outside
 *                every namespace below, where no mount can be left on it;
 *   the session  in a mount namespace of its own (and a user namespace
 *                when not root) runs a daemon (--root DIR/root) and waits
 *                for the shell, then stops the daemon; should this one
 *                be killed, the session hangs the shell up, stops the
 *                daemon and removes the directory itself, and the daemon
 *                ends with the session whatever ends it (a pidfd);
 *   the shell    in a second mount namespace, inside the session's: the
 *                real /proc, /dev and /sys are bound under DIR/host, then
 *                the tree's proc/, dev/ and sys/ over /proc, /dev, /sys.
 *                The tree shows the real names it has not as symlinks
 *                into DIR/host (daemon/tree.c), so /proc/self, /dev/null
 *                and /dev/tty still work; DIR/bin (symlinks named insmod,
 *                lsmod ... to this binary) comes first in $PATH and
 *                $UMOD_SOCKET names the daemon.
 * The daemon stays in the session's namespace, with the real /proc: it
 * reads /proc/PID/comm for the clients of its files, and must not read
 * through its own mount.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../daemon/daemon.h"
#include "tools.h"

#define PROG	"umod shell"

/* what the shell finds in DIR/bin: the kmod names, and umod itself */
static const char *const tool_names[] = {
	"insmod", "rmmod", "lsmod", "modprobe", "modinfo", "depmod", "dmesg", "umod",
};

/* what the shell's namespace takes from the tree, the rest passing through */
static const char *const tops[] = { "proc", "dev", "sys" };

struct shell {
	char dir[PATH_MAX - 64];	/* the private directory */
	pid_t outer;			/* the first process, which removes it */
	char self[PATH_MAX];		/* this binary, for DIR/bin */
	const char *prog;		/* $SHELL or /bin/sh */
	char **argv;			/* the shell's arguments after its name */
	int argc;
	int supervise[2];		/* the daemon's end, the shell's end (supervise.c) */
	bool made;			/* dir exists: ours to remove */
	struct umod_tool_boards boards;	/* --board, for the daemon */
};

static void usage(FILE *out)
{
	fprintf(out, "Usage: umod shell [options] [-c COMMANDS [NAME [ARGS...]] | SCRIPT [ARGS...]]\n"
		"Run a shell ($SHELL, else /bin/sh) in a private mount namespace where\n"
		"/proc, /sys and /dev show a new umod daemon's modules (their proc\n"
		"entries, /proc/modules, /proc/devices, /sys/module, /sys/class, device\n"
		"nodes) beside the real entries, and insmod, rmmod, lsmod, modprobe,\n"
		"modinfo, depmod and dmesg are umod's. The daemon stops when the shell\n"
		"exits; nothing outside the namespace changes.\n\n"
		"Options:\n"
		"  -b, --board BOARD  the daemon's simulated hardware: a built-in board\n"
		"                 (rpi4, rpi5), a .dtb or a .dts; again: an overlay\n"
		"  -c COMMANDS    run COMMANDS (the shell's -c; NAME is their $0)\n"
		"  -V, --version  show the version and the compiled-in features\n"
		"  -h, --help     show this help\n\n"
		"Needs /dev/fuse, and root or unprivileged user namespaces.\n"
		"The exit status is the shell's.\n");
}

/* "DIR/a/b" into @buf; false if it does not fit */
static bool path_of(char *buf, size_t size, const char *dir, const char *rel)
{
	return (size_t)snprintf(buf, size, "%s/%s", dir, rel) < size;
}

/* ---- the private directory --------------------------------------------------- */

static const char *runtime_base(void)
{
	const char *env = getenv("XDG_RUNTIME_DIR");
	struct stat st;

	if (env && *env == '/' && !stat(env, &st) && S_ISDIR(st.st_mode) && !access(env, W_OK))
		return env;
	env = getenv("TMPDIR");
	return env && *env == '/' ? env : "/tmp";
}

static int make_dir(struct shell *sh)
{
	static const char *const subdirs[] = {
		"root", "state", "bin", "host", "host/proc", "host/dev", "host/sys",
	};
	char path[PATH_MAX];

	if (!path_of(sh->dir, sizeof(sh->dir), runtime_base(), "umod-shell.XXXXXX") ||
	    !mkdtemp(sh->dir))
		return -errno;
	sh->made = true;
	for (size_t i = 0; i < sizeof(subdirs) / sizeof(subdirs[0]); i++)
		if (!path_of(path, sizeof(path), sh->dir, subdirs[i]) || mkdir(path, 0700))
			return -errno;
	for (size_t i = 0; i < sizeof(tool_names) / sizeof(tool_names[0]); i++) {
		char rel[32];

		snprintf(rel, sizeof(rel), "bin/%s", tool_names[i]);
		if (!path_of(path, sizeof(path), sh->dir, rel) || symlink(sh->self, path))
			return -errno;
	}
	return 0;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	if (flag == FTW_DP ? rmdir(path) : unlink(path))
		fprintf(stderr, PROG ": cannot remove %s: %s\n", path, strerror(errno));
	return 0;
}

/* FTW_MOUNT: never into a mount, were one left there */
static void remove_dir(struct shell *sh)
{
	nftw(sh->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

/* ---- signals ---------------------------------------------------------------------- */

static volatile sig_atomic_t forward_to;	/* the child a SIGTERM or SIGHUP is for */
static volatile sig_atomic_t held;		/* one that came before there was a child */

static void forward(int sig)
{
	if (forward_to > 0)
		kill((pid_t)forward_to, sig);
	else
		held = sig;
}

/*
 * ^C and ^\ are the shell's, as system() leaves them; a SIGTERM or SIGHUP
 * for us goes on to the child (once there is one, see pass_to()), so the
 * shell ends and everything is undone.
 */
static void catch_signals(void)
{
	struct sigaction sa = { .sa_handler = forward, .sa_flags = SA_RESTART };

	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static void default_signals(void)
{
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
}

/*
 * fork(), the child taking the signals forwarded from now on: they are
 * blocked across it, so one that comes meanwhile is the child's (which
 * it takes with the default action), never lost in between.
 */
static pid_t fork_passing(void)
{
	sigset_t set, old;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, &old);
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		default_signals();
	else if (pid > 0) {
		forward_to = pid;
		if (held)
			kill(pid, held);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return pid;
}

/* ---- the session: namespaces and the daemon ----------------------------------- */

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -EIO;
}

/*
 * A user namespace (when not root) in which we keep our own uid and gid,
 * so the shell is who it was; its capabilities there (until the shell's
 * exec) let the session mount. Then our own mount namespace, whose mounts
 * never propagate back.
 */
static int enter_namespace(void)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	char map[64];

	if (unshare(uid ? CLONE_NEWUSER | CLONE_NEWNS : CLONE_NEWNS)) {
		fprintf(stderr, PROG ": cannot create a mount namespace: %s (needs %s)\n",
			strerror(errno), uid ? "root or unprivileged user namespaces" :
			"CAP_SYS_ADMIN");
		return -1;
	}
	if (uid) {
		snprintf(map, sizeof(map), "%u %u 1\n", uid, uid);
		if (write_file("/proc/self/setgroups", "deny\n") ||
		    write_file("/proc/self/uid_map", map))
			goto map_failed;
		snprintf(map, sizeof(map), "%u %u 1\n", gid, gid);
		if (write_file("/proc/self/gid_map", map))
			goto map_failed;
	}
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) {
		fprintf(stderr, PROG ": cannot make the mounts private: %s\n", strerror(errno));
		return -1;
	}
	return 0;
map_failed:
	fprintf(stderr, PROG ": cannot map the user namespace's ids: %s\n", strerror(errno));
	return -1;
}

/* the daemon (which detaches) serving DIR/sock and DIR/root; its pid, or -1 */
static pid_t start_daemon(struct shell *sh)
{
	char sock[PATH_MAX], state[PATH_MAX], root[PATH_MAX], pidfile[PATH_MAX], host[PATH_MAX];
	struct umod_daemon_opts o = { .tree_base = "", .request_timeout_s = 30,
				      .messages_max = UMOD_MESSAGES_MAX_DEFAULT };
	int status = 1;
	long pid = -1;
	FILE *f;
	pid_t child;

	if (!path_of(sock, sizeof(sock), sh->dir, "sock") ||
	    !path_of(state, sizeof(state), sh->dir, "state") ||
	    !path_of(root, sizeof(root), sh->dir, "root") ||
	    !path_of(host, sizeof(host), sh->dir, "host") ||
	    !path_of(pidfile, sizeof(pidfile), sh->dir, "daemon.pid"))
		return -1;
	o.socket_path = sock;
	o.state_dir = state;
	o.root_dir = root;
	o.pidfile = pidfile;
	o.watch_pid = getpid();		/* it ends with the session, however that ends */
	o.tree_release = umod_tool_default_release();
	o.boards = &sh->boards;
	o.supervise_fd = sh->supervise[0];
	fflush(NULL);
	child = fork();
	if (child == 0) {
		default_signals();
		if (sh->supervise[1] >= 0)
			close(sh->supervise[1]);
		/* a service manager's variables are for us, not for this daemon */
		unsetenv("LISTEN_PID");
		unsetenv("LISTEN_FDS");
		unsetenv("LISTEN_FDNAMES");
		unsetenv("NOTIFY_SOCKET");
		umod_tree_set_host(host);
		/* returns (here: exits) once the daemon it forked is ready */
		_exit(umod_daemon_main(&o));
	}
	while (child > 0 && waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	if (child < 0 || status)
		return -1;
	f = fopen(pidfile, "re");
	if (!f || fscanf(f, "%ld", &pid) != 1)
		pid = -1;
	if (f)
		fclose(f);
	return (pid_t)pid;
}

/* SIGTERM, then (after 10 s) SIGKILL; it is our child, as we are its subreaper */
static void stop_daemon(pid_t pid)
{
	struct timespec tick = { .tv_nsec = 20 * 1000000L };
	int status;

	kill(pid, SIGTERM);
	for (int i = 0; i < 500; i++) {
		if (waitpid(pid, &status, WNOHANG) != 0)
			return;
		nanosleep(&tick, NULL);
	}
	fprintf(stderr, PROG ": the daemon did not stop in 10 s: killed\n");
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
}

/* the daemon ran, but without its tree (it said why): no use to the shell */
static bool tree_mounted(struct shell *sh)
{
	char path[PATH_MAX];
	struct stat st;

	return path_of(path, sizeof(path), sh->dir, "root/proc") && !stat(path, &st) &&
	       S_ISDIR(st.st_mode);
}

/* ---- the shell ------------------------------------------------------------------- */

/* real /X bound at DIR/host/X first (the tree's symlinks point there), then the tree's */
static int mount_tops(struct shell *sh)
{
	char host[PATH_MAX], tree[PATH_MAX], top[16];

	for (size_t i = 0; i < sizeof(tops) / sizeof(tops[0]); i++) {
		char rel[32];

		snprintf(top, sizeof(top), "/%s", tops[i]);
		snprintf(rel, sizeof(rel), "host/%s", tops[i]);
		if (!path_of(host, sizeof(host), sh->dir, rel) ||
		    mount(top, host, NULL, MS_BIND | MS_REC, NULL)) {
			fprintf(stderr, PROG ": cannot bind %s at %s: %s\n", top, host,
				strerror(errno));
			return -1;
		}
		snprintf(rel, sizeof(rel), "root/%s", tops[i]);
		if (!path_of(tree, sizeof(tree), sh->dir, rel) ||
		    mount(tree, top, NULL, MS_BIND, NULL)) {
			fprintf(stderr, PROG ": cannot mount %s on %s: %s\n", tree, top,
				strerror(errno));
			return -1;
		}
	}
	return 0;
}

static int set_env(struct shell *sh)
{
	const char *path = getenv("PATH");
	char sock[PATH_MAX], *val;
	size_t len = strlen(sh->dir) + (path ? strlen(path) : 0) + 8;
	int err;

	if (!(val = malloc(len)))
		return -1;
	snprintf(val, len, "%s/bin%s%s", sh->dir, path && *path ? ":" : "", path ? path : "");
	err = setenv("PATH", val, 1);
	free(val);
	if (err || !path_of(sock, sizeof(sock), sh->dir, "sock") ||
	    setenv("UMOD_SOCKET", sock, 1))
		return -1;
	return 0;
}

static void __attribute__((noreturn)) exec_shell(struct shell *sh)
{
	char **argv = calloc((size_t)sh->argc + 2, sizeof(*argv));
	const char *name = strrchr(sh->prog, '/');
	int err;

	if (unshare(CLONE_NEWNS)) {
		fprintf(stderr, PROG ": cannot create a mount namespace: %s\n", strerror(errno));
		_exit(1);
	}
	if (mount_tops(sh) || set_env(sh) || !argv)
		_exit(1);
	/* last: from here on the shell's calls on the tree go by the daemon */
	if (sh->supervise[1] >= 0 && (err = umod_supervise_install(sh->supervise[1])))
		fprintf(stderr, PROG ": no seccomp supervisor (%s): integer ioctl arguments, "
			"device mmap and mknod work as in a plain tree\n", strerror(-err));
	argv[0] = (char *)(name ? name + 1 : sh->prog);
	for (int i = 0; i < sh->argc; i++)
		argv[i + 1] = sh->argv[i];
	execv(sh->prog, argv);
	fprintf(stderr, PROG ": cannot run %s: %s\n", sh->prog, strerror(errno));
	_exit(127);
}

/* the shell's wait status as an exit status, as sh reports a child's */
static int exit_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}

/*
 * Waits for the shell. Should the first process die (SIGKILL: nothing
 * else tells us), its SIGHUP (PR_SET_PDEATHSIG) went on to the shell, as
 * a terminal's hangup does; a shell that outlives it by 5 s is killed,
 * so that the session can stop the daemon and remove the directory.
 */
#define ORPHAN_GRACE_MS	5000

static void wait_shell(struct shell *sh, pid_t shell, int *status)
{
	struct timespec tick = { .tv_nsec = 200 * 1000000L };
	int orphaned_ms = -1;

	while (shell > 0) {
		pid_t r = waitpid(shell, status, WNOHANG);

		if (r == shell || (r < 0 && errno != EINTR))
			return;
		if (orphaned_ms < 0 && getppid() != sh->outer)
			orphaned_ms = 0;
		if (orphaned_ms >= ORPHAN_GRACE_MS)
			kill(shell, SIGKILL);
		else if (orphaned_ms >= 0)
			orphaned_ms += 200;
		nanosleep(&tick, NULL);
	}
}

/* the session's process: returns its exit status */
static int session(struct shell *sh)
{
	pid_t daemon, shell;
	int status = 0;

	if (enter_namespace())
		return 1;
	/* the daemon detaches: its orphan comes to us, to be waited for */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	catch_signals();
	/* the first process's end is a hangup for us (SIGHUP goes on to the shell) */
	prctl(PR_SET_PDEATHSIG, SIGHUP);
	if (getppid() != sh->outer)
		return 1;	/* it died before that: nothing started yet */
	/* the shell's seccomp listener comes to the daemon by this pair */
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sh->supervise))
		sh->supervise[0] = sh->supervise[1] = -1;
	daemon = start_daemon(sh);
	if (sh->supervise[0] >= 0)
		close(sh->supervise[0]);
	if (daemon < 0) {
		fprintf(stderr, PROG ": the daemon did not start (see above)\n");
		return 1;
	}
	if (!tree_mounted(sh)) {
		fprintf(stderr, PROG ": the daemon could not mount its tree (see above)\n");
		stop_daemon(daemon);
		return 1;
	}
	shell = fork_passing();
	if (shell == 0)
		exec_shell(sh);
	if (sh->supervise[1] >= 0)
		close(sh->supervise[1]);
	wait_shell(sh, shell, &status);
	stop_daemon(daemon);
	/* the first process is gone: the directory is ours to remove (no mount
	 * is left on it in this namespace once the daemon has stopped) */
	if (getppid() != sh->outer)
		remove_dir(sh);
	return shell > 0 ? exit_status(status) : 1;
}

/* ---- the command -------------------------------------------------------------------- */

static bool fuse_usable(void)
{
	int fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		fprintf(stderr, PROG ": cannot open /dev/fuse: %s (needs the fuse module and "
			"read-write access to /dev/fuse)\n", strerror(errno));
		return false;
	}
	close(fd);
	return true;
}

/* options; returns -1 to go on, else an exit status */
static int parse(int argc, char *argv[], struct shell *sh, const char **cmds)
{
	static const struct option opts[] = {
		{ "board", required_argument, NULL, 'b' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	/* '+': the first non-option (the script) ends our options */
	while ((c = getopt_long(argc, argv, "+b:c:Vh", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			if (umod_tool_board_option(&sh->boards, optarg))
				return 1;
			break;
		case 'c':
			*cmds = optarg;
			break;
		case 'V':
			return umod_tool_print_version();
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 1;
		}
	}
	sh->argv = argv + optind;
	sh->argc = argc - optind;
	return -1;
}

static int run(int argc, char *argv[])
{
	static struct shell sh;
	const char *cmds = NULL, *env = getenv("SHELL");
	ssize_t n;
	pid_t pid;
	int ret = parse(argc, argv, &sh, &cmds), status = 0;

	if (ret >= 0)
		return ret;
	sh.prog = env && *env == '/' ? env : "/bin/sh";
	if (cmds) {
		/* -c COMMANDS [NAME [ARGS...]], as sh -c takes them ($0, $1 ...) */
		char **argv2 = calloc((size_t)sh.argc + 2, sizeof(*argv2));

		if (!argv2)
			return 1;
		argv2[0] = "-c";
		argv2[1] = (char *)cmds;
		memcpy(argv2 + 2, sh.argv, (size_t)sh.argc * sizeof(*argv2));
		sh.argv = argv2;
		sh.argc += 2;
	}
	n = readlink("/proc/self/exe", sh.self, sizeof(sh.self) - 1);
	if (n <= 0 || !fuse_usable())
		return 1;
	sh.self[n] = '\0';
	catch_signals();	/* from here on, a SIGTERM ends in removing the directory */
	sh.outer = getpid();
	if ((ret = make_dir(&sh))) {
		fprintf(stderr, PROG ": cannot make a directory in %s: %s\n", runtime_base(),
			strerror(-ret));
		if (sh.made)
			remove_dir(&sh);
		return 1;
	}
	pid = fork_passing();
	if (pid == 0)
		_exit(session(&sh));
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	remove_dir(&sh);
	return pid > 0 ? exit_status(status) : 1;
}

const struct umod_cmd umod_cmd_shell = {
	.name = "shell",
	.run = run,
	.help = "run a shell where /proc, /sys, /dev and the tools are umod's",
};
