# Sourced by e2e cases that run umod as nobody (`. "$UMOD_TOP/tests/e2e/nobody.sh"`).
#   as_nobody CMD...   CMD as nobody:nogroup, with no supplementary groups
#   nobody_umod        makes $UMOD a program nobody can run: a checkout in a
#                      private directory (mode 0700, as a home directory or
#                      mktemp -d makes) cannot be reached by nobody, so the
#                      binary is copied into this scratch directory (made
#                      0755); skips (exit 77) if even the copy cannot run
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

nobody_umod() {
	chmod 755 .
	if ! as_nobody test -x "$UMOD"; then
		cp "$UMOD" ./umod-copy && chmod 755 ./umod-copy || exit 1
		UMOD=$PWD/umod-copy
		export UMOD
	fi
	if ! as_nobody "$UMOD" --version > /dev/null 2>&1; then
		echo "skipped: nobody cannot run umod (from $(dirname "$UMOD"))"
		exit 77
	fi
}
