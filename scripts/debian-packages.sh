#!/bin/sh
# Debian 12's own 6.1 kernel, for the checks that load its genuine modules:
# the newest linux-image-6.1.0-N-amd64 apt offers and the
# linux-headers-6.1.0-N-amd64 (+ -common) of the same N, fetched with
# apt-get download and unpacked with dpkg-deb -x, never installed, in the
# caches check-kernel-tree.sh (OBJTREE/kernel-tree/) and check-headers.sh
# (OBJTREE/kernel-headers/) keep; the image's module-signing certificate
# extracted from its vmlinuz (scripts/extract-sys-certs.py) beside it.
# Prints, for `eval`:
#   release=6.1.0-N-amd64
#   modules=.../lib/modules/RELEASE     the package's module tree (root: ../../..)
#   headers=.../linux-headers-RELEASE   Module.symvers, include/generated/
#   certs=DIR                           the image's certificates, N.der
# or "skipped=WHY" when they cannot be had (no apt, no network, not x86-64).
#   scripts/debian-packages.sh OBJTREE
set -u
objtree=${1:?usage: debian-packages.sh OBJTREE}
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$objtree" && objtree=$(cd "$objtree" && pwd)

skip() {
	echo "skipped='$*'"
	exit 0
}

[ "$(uname -m)" = x86_64 ] || skip "Debian's amd64 modules run on x86-64 only"
for tool in apt-get apt-cache dpkg-deb python3; do
	command -v $tool > /dev/null || skip "no $tool here"
done

newest_image() {
	apt-cache pkgnames linux-image-6.1 2>/dev/null |
		grep -E '^linux-image-6\.1\.[0-9]+-[0-9]+-amd64$' | sort -V | tail -1
}

# fetch CACHE PACKAGE: the cached .deb's path (downloaded once)
fetch() {
	deb=$(ls "$1"/"$2"_*.deb 2> /dev/null | tail -1)
	if [ -z "$deb" ]; then
		mkdir -p "$1"
		(cd "$1" && apt-get download "$2" > download.log 2>&1) ||
			{ echo "apt-get download $2 failed: $(tail -1 "$1/download.log")"; return 1; }
		deb=$(ls "$1"/"$2"_*.deb | tail -1)
	fi
	echo "$deb"
}

# unpack ROOT DEB...: into ROOT once (a half-made ROOT is made again)
unpack() {
	root=$1
	shift
	[ -d "$root" ] && return 0
	rm -rf "$root.tmp" && mkdir -p "$root.tmp" || return 1
	for d in "$@"; do
		dpkg-deb -x "$d" "$root.tmp" || return 1
	done
	mv "$root.tmp" "$root"
}

image=$(newest_image)
if [ -z "$image" ] && [ "$(id -u)" = 0 ]; then
	apt-get update -qq > /dev/null 2>&1
	image=$(newest_image)
fi
[ -n "$image" ] || skip "apt offers no linux-image-6.1.*-amd64 package"
release=${image#linux-image-}
hdr=linux-headers-$release
common=$(echo "$hdr" | sed 's/-amd64$/-common/')

deb=$(fetch "$objtree/kernel-tree" "$image") || skip "$deb"
iroot=$objtree/kernel-tree/root-$(basename "$deb" .deb)
unpack "$iroot" "$deb" || skip "dpkg-deb -x $deb failed"
d1=$(fetch "$objtree/kernel-headers" "$common") || skip "$d1"
d2=$(fetch "$objtree/kernel-headers" "$hdr") || skip "$d2"
hroot=$objtree/kernel-headers/root-$release
unpack "$hroot" "$d1" "$d2" || skip "dpkg-deb -x $d2 failed"
certs=$objtree/kernel-tree/certs-$release
if [ ! -f "$certs/0.der" ]; then
	python3 "$top/scripts/extract-sys-certs.py" "$iroot/boot/vmlinuz-$release" "$certs" \
		> /dev/null || skip "no certificate in vmlinuz-$release"
fi
echo "release=$release"
echo "modules=$iroot/lib/modules/$release"
echo "headers=$hroot/usr/src/$hdr"
echo "certs=$certs"
