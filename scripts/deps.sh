#!/bin/sh
# The one list of Debian packages umod needs to build and test, installed
# when missing. `make demo` and `make check` run this; so can you.
#   scripts/deps.sh          install what is missing (as root, or via sudo)
#   scripts/deps.sh --list   print the list
#   scripts/deps.sh --arch arm64
#                            also what `make check ARCH=arm64` needs: the
#                            cross compiler, qemu-user, and the libraries
#                            umod links as arm64 packages (Debian multiarch:
#                            this adds arm64 to dpkg's architectures)
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
procps
python3
python3-sphinx
python3-sphinx-rtd-theme
chromium
device-tree-compiler
e2fsprogs
iproute2
iputils-ping
tcpdump
iperf3
pciutils
evtest
libnbd-bin
"

# the libraries libumod, umod and the tests link, for the target arch
ARCH_LIBS="
libc6-dev
libcmocka-dev
liblzma-dev
libssl-dev
libzstd-dev
libdw-dev
libelf-dev
zlib1g-dev
libfuse3-dev
liburcu-dev
"

arch=""
if [ "${1:-}" = "--arch" ]; then
	arch=${2:?--arch needs arm64}
	[ "$arch" = arm64 ] || { echo "deps.sh: no port for $arch" >&2; exit 1; }
	PACKAGES="$PACKAGES gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user"
	for p in $ARCH_LIBS; do
		PACKAGES="$PACKAGES $p:arm64"
	done
	shift 2
fi

if [ "${1:-}" = "--list" ]; then
	echo $PACKAGES
	exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps.sh: not a Debian system; make sure these are installed:" $PACKAGES >&2
	exit 0
fi

# with foreign architectures, a plain name can have an instance per arch:
# the native (or arch: all) one is the one meant
native=$(dpkg --print-architecture)
missing=""
for p in $PACKAGES; do
	# shellcheck disable=SC2016
	status=$(dpkg-query -W -f='${db:Status-Status} ${Architecture}\n' "$p" 2>/dev/null |
		awk -v want="${p#*:}" -v native="$native" -v plain="${p%%:*}" \
			'$2 == (want == plain ? native : want) || $2 == "all" { print $1; exit }' || true)
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
if [ -n "$arch" ] && ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
	$SUDO dpkg --add-architecture "$arch"
fi
$SUDO apt-get update -qq || true
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
