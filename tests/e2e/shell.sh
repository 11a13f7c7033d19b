# Sourced by e2e cases that run a script in `umod shell`
# (`. "$UMOD_TOP/tests/e2e/shell.sh"`).
#   need_shell [BOARD OPTIONS]  exits 77 ("skipped: WHY") where `umod shell`
#                               cannot run: no /dev/fuse, no mount namespace,
#                               FUSE refusing mounts, or dtc missing when the
#                               options name a .dts
#   in_shell OPTIONS -- SCRIPT  runs SCRIPT (a file) in `umod shell OPTIONS`
#                               with /bin/sh, the case's directory as TMPDIR
# need_shell also writes ./helpers.sh, for the scripts to source:
#   interrupts                  /proc/interrupts with one count per line, the
#                               CPUs' summed (which CPU takes one varies)
#   wait_dmesg PATTERN N        until dmesg has N lines matching PATTERN (5 s)
#   wait_refcnt MOD N           until MOD's use count is N (10 s): a bridge or
#                               a sleeper takes or drops it a moment later
need_shell() {
	if [ ! -r /dev/fuse ] || [ ! -w /dev/fuse ]; then
		echo "skipped: no /dev/fuse to open read-write"
		exit 77
	fi
	if ! unshare -m true 2> /dev/null && ! unshare -rm true 2> /dev/null; then
		echo "skipped: no mount namespaces here"
		exit 77
	fi
	case " $* " in
	*.dts\ *)
		if ! command -v dtc > /dev/null; then
			echo "skipped: no dtc (device-tree-compiler)"
			exit 77
		fi;;
	esac
	if ! TMPDIR=$PWD $UMOD shell -c true 2> probe.err && grep -q 'cannot mount' probe.err; then
		echo "skipped: $(grep -m1 'cannot mount' probe.err)"
		exit 77
	fi
	rm -f probe.err
	cat > helpers.sh <<'HELPERS'
interrupts() {
	sed -E -e 's/^ +//' -e 's/ +/ /g' /proc/interrupts | awk '
		NR == 1 { next }
		$1 == "Err:" { print "Err:", $2; next }
		{ sum = 0; for (i = 2; $i ~ /^[0-9]+$/; i++) sum += $i
		  $0 = $1 " " sum " " substr($0, index($0, $i)); print }'
}
wait_dmesg() {
	i=0
	until [ "$(dmesg | grep -c -- "$1")" -ge "$2" ] || [ $i -ge 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}
wait_refcnt() {
	i=0
	until [ "$(cat "/sys/module/$1/refcnt")" = "$2" ] || [ $i -ge 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}
HELPERS
}

in_shell() {
	opts=
	while [ "$1" != -- ]; do
		opts="$opts $1"
		shift
	done
	shift
	# shellcheck disable=SC2086
	(unset XDG_RUNTIME_DIR; TMPDIR=$PWD SHELL=/bin/sh $UMOD shell $opts "$@")
}
