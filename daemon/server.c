// SPDX-License-Identifier: MIT
/*
 * The daemon's life: set up (host, logfile, socket, pidfile, FUSE) before
 * telling the caller it is ready, then accept connections, one thread
 * each (a module's init may take its time; loads are serialised by the
 * host anyway), until SIGTERM or SIGINT. Then stop accepting, wind the
 * connections down, unload every module newest first (users before what
 * they use) with their exit functions, and remove the socket.
 *
 * Under a service manager the socket may come ready-made (socket
 * activation, service.c): then the daemon does not detach, since the
 * manager watches this process, and leaves the socket file alone, since
 * the manager made it and keeps listening on it once we are gone.
 *
 * A connection is served request by request; a request that does not
 * parse, or is too large, gets an error reply and the connection closes.
 * Nothing a client sends, or fails to send, reaches the host unchecked.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <poll.h>
#include <unistd.h>

#include <umod/umod.h>

#include "daemon.h"
#include "tools/tools.h"

#define MAX_CONNS	64
/* each of the two users admitted (the owner, root) has half the room */
#define MAX_CONNS_PER_UID	(MAX_CONNS / 2)
#define IO_TIMEOUT_S	60	/* an idle peer, or one that stops reading, is dropped */
#define CONN_DRAIN_S	5	/* how long shutdown waits for requests in flight */
#define STOP_S		10	/* SIGTERM ends the daemon within this, whatever modules do */
#define REAP_MS		500	/* how often connections are looked at for a dead thread */

struct umod_conn {
	struct umod_conn *next, **pprev;	/* on d->conns, under conn_lock */
	struct umod_daemon *d;
	int fd;
	uid_t uid;		/* the peer's, from SO_PEERCRED */
	int refuse;		/* greeting status: 0 or why not */
	/* robust, held by its thread: EOWNERDEAD once the thread ended
	 * without cleaning up (an exit from module code) */
	pthread_mutex_t alive;
	_Atomic uint16_t op;	/* the request being served, or 0 */
};

static int send_status(int fd, uint16_t op, int status)
{
	struct umod_proto_buf b = { 0 };
	int err;

	umod_proto_begin(&b, op, UMOD_PROTO_MAX_REPLY);
	umod_proto_put_int(&b, status);
	err = umod_proto_finish(&b);
	if (!err)
		err = umod_io_send(fd, &b);
	umod_proto_buf_free(&b);
	return err;
}

static uint16_t reply_op(uint16_t op)
{
	return op > 0 && op < UMOD_OP_MAX ? (uint16_t)(op | UMOD_OP_REPLY) : UMOD_OP_REPLY;
}

/* one request and its reply: 0 to go on, else the connection closes */
static int serve_one(struct umod_conn *c, struct umod_proto_buf *reply)
{
	struct umod_proto_hdr hdr;
	struct umod_request req;
	void *payload;
	int err;

	err = umod_io_recv(c->fd, UMOD_PROTO_MAX_REQUEST,
			   c->d->opts->request_timeout_s * 1000u, &hdr, &payload);
	if (err == -EBADMSG || err == -EPROTONOSUPPORT || err == -EMSGSIZE ||
	    err == -ETIMEDOUT) {
		send_status(c->fd, UMOD_OP_REPLY, err);
		return err;
	}
	if (err)
		return err;	/* the peer went away: nothing to answer */
	err = umod_proto_decode_request(hdr.op, payload, hdr.len, &req);
	if (err) {
		free(payload);
		send_status(c->fd, reply_op(hdr.op), err);
		return err;
	}
	atomic_store(&c->op, hdr.op);
	umod_daemon_handle(c->d, c->fd, &req, reply);
	atomic_store(&c->op, 0);
	free(payload);
	err = umod_proto_finish(reply);
	if (err)
		return send_status(c->fd, reply_op(hdr.op), err) ? err : 0;
	return umod_io_send(c->fd, reply);
}

/* conn_lock held */
static void conn_unlink_locked(struct umod_conn *c)
{
	struct umod_daemon *d = c->d;

	*c->pprev = c->next;
	if (c->next)
		c->next->pprev = c->pprev;
	d->num_conns--;
	pthread_cond_broadcast(&d->conn_cond);
}

static void conn_free(struct umod_conn *c)
{
	close(c->fd);
	pthread_mutex_destroy(&c->alive);
	free(c);
}

static void conn_del(struct umod_conn *c)
{
	struct umod_daemon *d = c->d;

	pthread_mutex_lock(&d->conn_lock);
	conn_unlink_locked(c);
	pthread_mutex_unlock(&d->conn_lock);
	pthread_mutex_unlock(&c->alive);
	conn_free(c);
}

static void *conn_main(void *arg)
{
	struct umod_conn *c = arg;
	struct umod_proto_buf reply = { 0 };
	int err = c->refuse;

	pthread_mutex_lock(&c->alive);
	if (!err)
		err = umod_peer_check(c->fd, c->d->owner);
	if (!send_status(c->fd, UMOD_OP_HELLO | UMOD_OP_REPLY, err) && !err)
		while (!atomic_load(&c->d->stopping) && !serve_one(c, &reply))
			;
	umod_proto_buf_free(&reply);
	conn_del(c);
	return NULL;
}

/*
 * A connection whose thread ended inside module code (an exit system
 * call: the thread is gone, nothing else answers): its client is told,
 * -EOWNERDEAD, and the connection goes. The host logs which module
 * (umod_calls_reap(), on its watchdog's thread).
 */
static void reap_conns(struct umod_daemon *d)
{
	struct umod_conn *c, *next;

	pthread_mutex_lock(&d->conn_lock);
	for (c = d->conns; c; c = next) {
		int err = pthread_mutex_trylock(&c->alive);
		uint16_t op = atomic_load(&c->op);

		next = c->next;
		if (!err)
			pthread_mutex_unlock(&c->alive);
		if (err != EOWNERDEAD)
			continue;
		if (op)
			send_status(c->fd, reply_op(op), -EOWNERDEAD);
		conn_unlink_locked(c);
		conn_free(c);
	}
	pthread_mutex_unlock(&d->conn_lock);
}

static void set_timeouts(int fd)
{
	struct timeval tv = { .tv_sec = IO_TIMEOUT_S };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

static uid_t peer_uid(int fd)
{
	struct ucred cred = { .uid = (uid_t)-1 };
	socklen_t len = sizeof(cred);

	getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len);
	return cred.uid;
}

static void init_alive(pthread_mutex_t *m)
{
	pthread_mutexattr_t attr;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(m, &attr);
	pthread_mutexattr_destroy(&attr);
}

/* conn_lock held: room for one more, overall and for its user? */
static int admit(struct umod_daemon *d, uid_t uid)
{
	unsigned int same = 0;

	if (d->num_conns >= MAX_CONNS)
		return -EAGAIN;
	for (struct umod_conn *c = d->conns; c; c = c->next)
		same += c->uid == uid;
	return same >= MAX_CONNS_PER_UID ? -EAGAIN : 0;
}

static void accept_one(struct umod_daemon *d)
{
	struct umod_conn *c;
	pthread_attr_t attr;
	pthread_t tid;
	int fd = accept4(d->listen_fd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0) {
		/* out of descriptors: the socket stays readable, so do not spin */
		if (errno == EMFILE || errno == ENFILE || errno == ENOMEM)
			nanosleep(&(struct timespec){ .tv_nsec = 100 * 1000000L }, NULL);
		return;
	}
	c = calloc(1, sizeof(*c));
	if (!c) {
		close(fd);
		return;
	}
	set_timeouts(fd);
	c->d = d;
	c->fd = fd;
	c->uid = peer_uid(fd);
	init_alive(&c->alive);
	pthread_mutex_lock(&d->conn_lock);
	c->refuse = admit(d, c->uid);
	c->next = d->conns;
	c->pprev = &d->conns;
	if (d->conns)
		d->conns->pprev = &c->next;
	d->conns = c;
	d->num_conns++;
	pthread_mutex_unlock(&d->conn_lock);
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	if (pthread_create(&tid, &attr, conn_main, c))
		conn_del(c);
	pthread_attr_destroy(&attr);
}

/*
 * A daemon's manners: SIGTERM and SIGINT stop it in order, SIGHUP reopens
 * the logfile (after logrotate), the rest of the usual signals are
 * ignored. Returns true to stop.
 */
static bool handle_signal(struct umod_daemon *d, int sigfd)
{
	struct signalfd_siginfo si;
	int err;

	if (read(sigfd, &si, sizeof(si)) != sizeof(si))
		return false;
	if (si.ssi_signo == SIGTERM || si.ssi_signo == SIGINT)
		return true;
	if (si.ssi_signo == SIGHUP) {
		err = umod_messages_reopen(d);
		if (err)
			umod_host_log(d->host, 3, "umod: cannot reopen %s/messages: %s\n",
				      d->opts->state_dir, strerror(-err));
	}
	return false;
}

/* accept until a signal says stop, or the process watched is gone */
static void serve(struct umod_daemon *d, int sigfd)
{
	struct pollfd p[3] = {
		{ .fd = d->listen_fd, .events = POLLIN },
		{ .fd = sigfd, .events = POLLIN },
		{ .fd = d->watch_fd, .events = POLLIN },
	};

	for (;;) {
		int n = poll(p, d->watch_fd >= 0 ? 3 : 2, REAP_MS);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return;
		}
		reap_conns(d);
		if (p[1].revents && handle_signal(d, sigfd))
			return;
		if (d->watch_fd >= 0 && p[2].revents)
			return;
		if (p[0].revents & POLLIN)
			accept_one(d);
	}
}

/*
 * Wake every connection thread and wait for them to end, but not for
 * ever: a request stuck in module code (an init that never returns, a
 * load waiting for it) must not keep SIGTERM from ending the daemon.
 */
static void stop_conns(struct umod_daemon *d)
{
	struct timespec until;
	int err = 0;

	atomic_store(&d->stopping, true);
	umod_messages_wake_all(d);
	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += CONN_DRAIN_S;
	pthread_mutex_lock(&d->conn_lock);
	for (struct umod_conn *c = d->conns; c; c = c->next)
		shutdown(c->fd, SHUT_RDWR);
	while (d->num_conns && err != ETIMEDOUT)
		err = pthread_cond_timedwait(&d->conn_cond, &d->conn_lock, &until);
	if (d->num_conns)
		umod_host_log(d->host, 4, "umod: %u requests still running: the daemon exits without them\n",
			      d->num_conns);
	pthread_mutex_unlock(&d->conn_lock);
}

static int block_signals(void)
{
	sigset_t set;

	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGALRM);
	/* SIGUSR1 stops the FUSE thread's read (fuse.c), which unblocks it */
	sigaddset(&set, SIGUSR1);
	/* before any thread exists, so that every thread inherits the mask */
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	sigdelset(&set, SIGUSR1);
	return signalfd(-1, &set, SFD_CLOEXEC);
}

/* a lock and a condition whose timed waits follow CLOCK_MONOTONIC */
static void init_lock_cond(pthread_mutex_t *lock, pthread_cond_t *cond)
{
	pthread_condattr_t attr;

	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_mutex_init(lock, NULL);
	pthread_cond_init(cond, &attr);
	pthread_condattr_destroy(&attr);
}

static void init_sync(struct umod_daemon *d)
{
	init_lock_cond(&d->log_lock, &d->log_cond);
	init_lock_cond(&d->conn_lock, &d->conn_cond);
}

static int fail(const char *what, const char *path, int err)
{
	if (err == -EPERM)
		fprintf(stderr, "umod: ERROR: %s %s: another user can write it\n", what, path);
	else if (err == -ELOOP)
		fprintf(stderr, "umod: ERROR: %s %s: it is a symbolic link\n", what, path);
	else if (err == -EADDRINUSE)
		fprintf(stderr, "umod: ERROR: a daemon is already listening on %s\n", path);
	else if (err == -EEXIST)
		fprintf(stderr, "umod: ERROR: %s exists and is not a socket\n", path);
	else
		fprintf(stderr, "umod: ERROR: %s %s: %s\n", what, path, strerror(-err));
	return err;
}

static int pidfile_held(const char *path, long holder)
{
	if (holder > 0)
		fprintf(stderr, "umod: ERROR: another daemon (pid %ld) holds the pidfile %s\n",
			holder, path);
	else
		fprintf(stderr, "umod: ERROR: another daemon holds the pidfile %s\n", path);
	return -EBUSY;
}

/* --nbd: the disks' sockets in <state-dir>/nbd */
static int nbd_setup(struct umod_daemon *d)
{
	char dir[4096];
	int err;

	if (!d->opts->nbd)
		return 0;
	err = umod_state_subdir(d, "nbd", dir, sizeof(dir));
	if (!err)
		err = umod_host_set_blk_nbd(d->host, dir);
	return err ? fail("cannot use the NBD directory", dir, err) : 0;
}

/* everything that must work before the daemon says it is ready */
static int setup(struct umod_daemon *d)
{
	const struct umod_daemon_opts *o = d->opts;
	int err;

	d->owner = geteuid();
	err = umod_host_new(&d->host);
	if (err)
		return fail("cannot create", "host", err);
	umod_host_set_force_unload(d->host, o->force_unload);
	umod_host_set_panic_on_oops(d->host, o->panic_on_oops);
	if (o->module_memory)
		umod_host_set_module_memory_limit(d->host, o->module_memory);
	if (umod_host_set_cmdline(d->host, o->cmdline) < 0)
		return fail("cannot create", "host", -ENOMEM);
	if (umod_host_set_module_tree(d->host, o->tree_base, o->tree_release) < 0)
		return fail("cannot create", "host", -ENOMEM);
	if (o->abi && umod_tool_set_abi(d->host, o->abi) < 0)
		return -EINVAL;	/* said why */
	if (o->keys && umod_tool_add_keyrings(d->host, o->keys) < 0)
		return -EINVAL;	/* said which keyring */
	err = umod_messages_open(d);
	if (err)
		return fail("cannot use the state directory", o->state_dir, err);
	if (o->boards && umod_tool_load_boards(d->host, o->boards) < 0)
		return -EINVAL;	/* said which board, and why */
	umod_host_set_net_tap(d->host, o->tap);
	if (o->net_bus) {
		err = umod_host_set_net_bus(d->host, o->net_bus, o->net_bus_ifs);
		if (err == -EACCES)
			fprintf(stderr, "umod: ERROR: cannot use the packet bus %s: it must be a directory of yours that only you can use (mode 0700)\n",
				o->net_bus);
		else if (err)
			fail("cannot use the packet bus", o->net_bus, err);
		if (err)
			return err;
	}
	err = nbd_setup(d);
	if (err)
		return err;
	umod_host_set_input_uinput(d->host, o->uinput);
	/* an oops the host cannot recover from ends the daemon, reported first */
	err = umod_host_install_oops(d->host, (const int[]){ d->messages_fd, STDERR_FILENO },
				     2, UMOD_DAEMON_OOPS_EXIT);
	if (err)
		return fail("cannot install the oops handler for", "host", err);
	if (!d->socket_passed) {
		err = umod_listen_open(o->socket_path, &d->listen_fd);
		if (err)
			return fail("cannot listen on", o->socket_path, err);
	}
	if (o->pidfile) {
		long holder;

		d->pidfile_fd = umod_pidfile_write(o->pidfile, &holder);
		if (d->pidfile_fd == -EBUSY)
			return pidfile_held(o->pidfile, holder);
		if (d->pidfile_fd < 0)
			return fail("cannot use the pidfile", o->pidfile, d->pidfile_fd);
	}
	/* a sysfs view that cannot be mounted is reported, not fatal */
	if (o->sysfs_dir || o->root_dir)
		umod_fuse_start(d);
	/* readable once it has ended, however (umod shell's session) */
	if (o->watch_pid) {
		d->watch_fd = (int)syscall(SYS_pidfd_open, o->watch_pid, 0);
		if (d->watch_fd < 0)
			return fail("cannot watch process", "", -errno);
	}
	if (o->supervise_fd > 0 && d->fuse_root && umod_supervise_start(d, o->supervise_fd))
		fprintf(stderr, "umod: WARNING: no supervisor for umod shell's calls\n");
	return 0;
}

/* no new connections from here on; a passed socket stays for its manager */
static void close_socket(struct umod_daemon *d)
{
	if (d->listen_fd < 0)
		return;
	close(d->listen_fd);
	if (!d->socket_passed)
		unlink(d->opts->socket_path);
	d->listen_fd = -1;
}

static void teardown(struct umod_daemon *d)
{
	struct umod_host *left;

	close_socket(d);
	umod_supervise_stop(d);
	umod_fuse_stop(d);
	/*
	 * Exit functions run here, and their lines still reach the logfile.
	 * A module whose code still runs (an init that never returned, a
	 * request asleep in it for good) is named and left, and so is the
	 * host: that code may still use it, and it goes with the process.
	 */
	left = d->host;
	if (left && umod_host_shutdown(left) == 0)
		left = umod_host_unref(left);	/* non-NULL: a load still holds it */
	/* what outlives this function must not log into it */
	if (left)
		umod_host_set_log_fn(left, NULL, NULL);
	d->host = NULL;
	umod_messages_close(d);
	umod_pidfile_remove(d->opts->pidfile, d->pidfile_fd);
	d->pidfile_fd = -1;
}

/*
 * Stopping must end, whatever module code does: an exit function that
 * never returns (waiting on a request asleep in its module) would hold
 * the daemon for ever. STOP_S after the signal this thread ends the
 * process, leaving what still runs, as a machine's power-off does.
 */
struct stop_guard {
	struct umod_daemon *d;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;
	pthread_t thread;
};

static void *guard_main(void *arg)
{
	struct stop_guard *g = arg;
	struct timespec until;
	int err = 0;

	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += STOP_S;
	pthread_mutex_lock(&g->lock);
	while (!g->done && err != ETIMEDOUT)
		err = pthread_cond_timedwait(&g->cond, &g->lock, &until);
	pthread_mutex_unlock(&g->lock);
	if (err != ETIMEDOUT)
		return NULL;
	if (g->d->host)
		umod_host_log(g->d->host, 4, "umod: still stopping %d s after the signal: the daemon exits without the module code that runs\n",
			      STOP_S);
	if (g->d->opts->pidfile)
		unlink(g->d->opts->pidfile);
	_exit(0);
}

static void guard_start(struct stop_guard *g, struct umod_daemon *d)
{
	g->d = d;
	init_lock_cond(&g->lock, &g->cond);
	if (pthread_create(&g->thread, NULL, guard_main, g))
		g->done = true;		/* no guard: stop as before */
}

static void guard_stop(struct stop_guard *g)
{
	bool started;

	pthread_mutex_lock(&g->lock);
	started = !g->done;
	g->done = true;
	pthread_cond_signal(&g->cond);
	pthread_mutex_unlock(&g->lock);
	if (started)
		pthread_join(g->thread, NULL);
	pthread_cond_destroy(&g->cond);
	pthread_mutex_destroy(&g->lock);
}

int umod_daemon_main(const struct umod_daemon_opts *opts)
{
	struct umod_daemon d = { .opts = opts, .listen_fd = -1, .pidfile_fd = -1,
				  .messages_fd = -1, .watch_fd = -1 };
	struct stop_guard guard = { .done = false };
	int notify = -1, sigfd, err;

	/* before any fork: LISTEN_PID names this very process */
	err = umod_service_listen_fd(&d.listen_fd);
	if (err < 0)
		return 1;
	d.socket_passed = err > 0;
	umod_service_notify_init(&d);
	if (!opts->foreground && !d.socket_passed) {
		err = umod_detach(&notify, opts->supervise_fd > 0 ? opts->supervise_fd : -1);
		if (err)
			return fail("cannot", "detach", err), 1;
	}
	init_sync(&d);
	sigfd = block_signals();
	err = sigfd < 0 ? fail("cannot", "watch signals", -errno) : setup(&d);
	if (err) {
		umod_detach_ready(notify, false);
		teardown(&d);
		return 1;
	}
	umod_detach_ready(notify, true);
	umod_service_notify(&d, "READY=1");
	serve(&d, sigfd);
	guard_start(&guard, &d);
	umod_service_notify(&d, "STOPPING=1");
	close_socket(&d);
	stop_conns(&d);
	teardown(&d);
	guard_stop(&guard);
	close(sigfd);
	if (d.watch_fd >= 0)
		close(d.watch_fd);
	return 0;
}
