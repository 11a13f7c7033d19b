#!/bin/sh
# End-to-end cases, in kmod's testsuite shape: real modules built with
# umod's Kbuild, run through the real binaries, output compared with
# golden files. Each tests/e2e/cases/NAME/ holds:
#   cmd              shell commands, run by sh in a scratch copy of the case
#   Kbuild, *.c      module sources, built first with `make -C $UMOD_TOP M=.`
#                    (unless a file named `nobuild` is present); a source may
#                    be a symlink to another case's, copied as a file
#   expected.stdout  golden stdout, with dmesg timestamps "[    0.000123] "
#                    removed, the scratch directory's path shown as CASEDIR
#                    and a report's "Hardware name: " as MACHINE
#   expected.stderr  golden stderr (absent: must be empty)
#   expected.exit    exit status (absent: 0)
# cmd sees UMOD (build/bin/umod), UMOD_TOP, EXAMPLES (the built examples) and
# TEST_MODULES (tests/modules, built for the C tests).
# UMOD_CFLAGS holds what a program linked with build/lib/libumod.a must be
# compiled with (the -fsanitize= flags under make check SANITIZE=...).
# A case that cannot run here exits 77 after printing "skipped: WHY"; it is
# reported as skipped, never as passed. Cases needing a daemon source
# tests/e2e/daemon.sh.
# Another architecture (make check ARCH=arm64) sets: UMOD_OBJTREE (its
# build-ARCH/), UMOD_EMULATOR (qemu-aarch64: UMOD becomes a wrapper that
# runs its umod through it), UMOD_EXAMPLES and UMOD_TEST_MODULES (its
# modules), UMOD_ARCH (exported as ARCH, so that every module build, the
# cases' own included, is for that arch) and UMOD_CASES (a file naming the
# cases that run there, one a line).
#   tests/e2e/run.sh [NAME-SUBSTRING]
set -u
# the cases' own make runs must not inherit a parent's jobserver (make -jN
# check): its warnings would land in the goldens
unset MAKEFLAGS MFLAGS MAKELEVEL
top=${UMOD_TOP:?set UMOD_TOP to the umod checkout}
objtree=${UMOD_OBJTREE:-$top/build}
filter=${1:-}
pass=0
skipped=0
failed=""
umod_bin=$objtree/bin/umod
if [ -n "${UMOD_ARCH:-}" ]; then
	ARCH=$UMOD_ARCH
	export ARCH
fi
if [ -n "${UMOD_EMULATOR:-}" ]; then
	wrapdir=$(mktemp -d "${TMPDIR:-/tmp}/umod-e2e.XXXXXX")
	trap 'rm -rf "$wrapdir"' EXIT
	printf '#!/bin/sh\nexec %s %s "$@"\n' "$UMOD_EMULATOR" "$umod_bin" > "$wrapdir/umod"
	chmod +x "$wrapdir/umod"
	umod_bin=$wrapdir/umod
fi

# the timestamps, the case's directory, and the machine a report names
# (its DMI, or umod's own name where there is none: drivers/firmware/)
normalize() {
	sed -E -e 's/^\[ *[0-9]+\.[0-9]{6}\] //' -e "s|$2|CASEDIR|g" \
		-e 's/^(<[0-7]>)?Hardware name: .+/\1Hardware name: MACHINE/' "$1"
}

check() {	# name tmp what expected-file actual-file
	if ! diff -u "$4" "$5" > "$2/.diff"; then
		echo "FAIL $1: $3 differs"
		cat "$2/.diff"
		return 1
	fi
}

run_case() {	# dir name
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/umod-e2e.XXXXXX")
	cp -rL "$1/." "$tmp/"
	if [ -f "$tmp/Kbuild" ] && [ ! -f "$tmp/nobuild" ]; then
		if ! make -s -C "$top" M="$tmp" modules > "$tmp/.build" 2>&1; then
			echo "FAIL $2: module build"
			cat "$tmp/.build"
			return 1
		fi
	fi
	(cd "$tmp" && UMOD="$umod_bin" EXAMPLES="${UMOD_EXAMPLES:-$top/examples}" \
		TEST_MODULES="${UMOD_TEST_MODULES:-$top/tests/modules}" \
		sh ./cmd > .stdout 2> .stderr; echo $? > .exit)
	if [ "$(cat "$tmp/.exit")" = 77 ] && grep -q '^skipped: ' "$tmp/.stdout"; then
		echo "SKIP $2: $(grep -m1 '^skipped: ' "$tmp/.stdout" | cut -c10-)"
		rm -rf "$tmp"
		return 77
	fi
	normalize "$tmp/.stdout" "$tmp" > "$tmp/.stdout.n"
	normalize "$tmp/.stderr" "$tmp" > "$tmp/.stderr.n"
	[ -f "$tmp/expected.stderr" ] || : > "$tmp/expected.stderr"
	[ -f "$tmp/expected.exit" ] || echo 0 > "$tmp/expected.exit"
	[ -f "$tmp/expected.stdout" ] || : > "$tmp/expected.stdout"
	check "$2" "$tmp" stdout "$tmp/expected.stdout" "$tmp/.stdout.n" &&
	check "$2" "$tmp" stderr "$tmp/expected.stderr" "$tmp/.stderr.n" &&
	check "$2" "$tmp" "exit status" "$tmp/expected.exit" "$tmp/.exit" &&
	rm -rf "$tmp"
}

for dir in "$top"/tests/e2e/cases/*/; do
	name=$(basename "$dir")
	case "$name" in *"$filter"*) ;; *) continue ;; esac
	if [ -n "${UMOD_CASES:-}" ] && ! grep -qx "$name" "$UMOD_CASES"; then
		continue
	fi
	run_case "$dir" "$name"
	case $? in
	0) pass=$((pass + 1)) ;;
	77) skipped=$((skipped + 1)) ;;
	*) failed="$failed $name" ;;
	esac
done
if [ -n "$failed" ]; then
	echo "e2e: $pass passed, $skipped skipped, failed:$failed"
	exit 1
fi
echo "e2e: $pass passed, $skipped skipped"
