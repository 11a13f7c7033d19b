# Sourced by e2e cases that need a daemon (`. "$UMOD_TOP/tests/e2e/daemon.sh"`).
#   start_daemon [OPTIONS]  starts `umod daemon` on ./umod.sock, logging into
#                           ./state/messages; it returns once the socket listens
#   stop_daemon [SIGNAL]    SIGTERM (or SIGNAL), then waits (at most 10 s) until
#                           it is gone
#   wait_refcnt MOD N       waits (at most 10 s) until MOD's use count is N: a
#                           bridge sees a host file's open or close a moment later
# Whatever way the case ends, the trap stops the daemon it started.
export UMOD_SOCKET="$PWD/umod.sock"
DAEMON_PIDFILE="$PWD/daemon.pid"

start_daemon() {
	"$UMOD" daemon -S "$UMOD_SOCKET" --state-dir "$PWD/state" \
		--pidfile "$DAEMON_PIDFILE" "$@"
}

# running, and not just a zombie waiting for a slow init to reap it
alive() {
	proc_state=$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)
	[ -n "$proc_state" ] && [ "$proc_state" != Z ]
}

# waits (at most 10 s) for process $1 to end
wait_gone() {
	i=0
	while alive "$1" && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

wait_refcnt() {
	i=0
	while [ "$("$UMOD" sysfs read "/sys/module/$1/refcnt" 2>/dev/null)" != "$2" ] &&
	      [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

stop_daemon() {
	daemon_pid=$(cat "$DAEMON_PIDFILE" 2>/dev/null) || return 0
	kill -"${1:-TERM}" "$daemon_pid" 2>/dev/null
	wait_gone "$daemon_pid"
	if alive "$daemon_pid"; then
		echo "daemon $daemon_pid ignored SIGTERM" >&2
		kill -9 "$daemon_pid" 2>/dev/null
	fi
	rm -f "$DAEMON_PIDFILE"
}

trap stop_daemon EXIT
trap 'exit 1' INT TERM HUP

# lsmod with the sizes' digits shown as 9s: the columns stay checked, the
# byte counts (which follow the loader's layout) do not
lsmod_n() {
	"$UMOD" lsmod "$@" | awk 'NR > 1 { s = substr($0, 21, 8); gsub(/[0-9]/, "9", s);
		$0 = substr($0, 1, 20) s substr($0, 29) } { print }'
}
