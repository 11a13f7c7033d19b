#!/bin/sh
# The one list of Debian packages umod needs to build and test, installed
# when missing. `make demo` and `make check` run this; so can you.
#   scripts/deps.sh          install what is missing (as root, or via sudo)
#   scripts/deps.sh --list   print the list
set -eu

PACKAGES="
gcc
make
binutils
libc6-dev
pkg-config
libcmocka-dev
kmod
liblzma-dev
libssl-dev
libzstd-dev
xz-utils
zstd
libdw-dev
libelf-dev
zlib1g-dev
clang-14
libclang-rt-14-dev
libfuse3-dev
fuse3
scdoc
mandoc
groff-base
dpkg-dev
debhelper
lintian
zsh
gdb
valgrind
liburcu-dev
linux-kbuild-6.1
strace
"

if [ "${1:-}" = "--list" ]; then
	echo $PACKAGES
	exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps.sh: not a Debian system; make sure these are installed:" $PACKAGES >&2
	exit 0
fi

missing=""
for p in $PACKAGES; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$status" = "installed" ] || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps.sh: installing:$missing" >&2
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1; then
	SUDO="sudo"
else
	echo "deps.sh: need root (or sudo) to install:$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || true
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
