#!/bin/sh
# make check-deb (CI runs it): build the Debian packages (make deb), have
# lintian check them (no error allowed; every tag is shown), unpack them
# with dpkg -x into a scratch root, remove the copy of the source they were
# built from, then use what the packages hold and nothing else: build a
# module against the packaged build directory and run it with the packaged
# umod (also through a kmod-style name), and build and run the embedding
# program against the packaged library, found through its pkg-config file.
#   scripts/check-deb.sh SRCTREE
set -u
src=$1
deb=$src/build/deb
failed=0
checked=0

fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

expect() {	# what: expected actual
	checked=$((checked + 1))
	[ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"
}

start=$(date +%s)
make -s -C "$src" deb > "$src/build/deb.log" 2>&1 || { cat "$src/build/deb.log"; exit 1; }
echo "check-deb: make deb took $(($(date +%s) - start)) s"
for p in umod libumod0 libumod-dev; do
	[ -f "$deb/${p}_$(cat "$src/VERSION")_amd64.deb" ] || fail "no package $p"
done
expect "debian/changelog's version" "$(cat "$src/VERSION")" \
	"$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)"
lintian --fail-on error -I "$deb"/umod_*.changes > "$deb/lintian.txt" 2>&1
rc=$?
echo "check-deb: lintian (errors fail, all tags shown):"
grep -v 'root privileges' "$deb/lintian.txt" | sed 's/^/  /'
checked=$((checked + 1))
[ "$rc" -eq 0 ] || fail "lintian reports errors"

root=$deb/root
work=$deb/use
rm -rf "$root" "$work" "$deb/src"	# only the packages are left
mkdir -p "$root" "$work/mod"
for f in "$deb"/*.deb; do
	case $f in *-dbgsym_*) continue ;; esac
	dpkg -x "$f" "$root" || fail "dpkg -x $f"
done

cp "$src/examples/hellop.c" "$work/mod/"
echo 'obj-m := hellop.o' > "$work/mod/Kbuild"
make -s -C "$root/usr/lib/umod/build" M="$work/mod" modules > "$work/build.log" 2>&1 ||
	fail "module build against the package: $(cat "$work/build.log")"
expect "umod run" "$(printf '(0) Hello, deb\nGoodbye, cruel deb')" \
	"$("$root/usr/bin/umod" run "$work/mod/hellop.ko" whom=deb | sed -E 's/^\[ *[0-9.]+\] //')"
expect "modinfo through /usr/libexec/umod/bin" "Dual BSD/GPL" \
	"$("$root/usr/libexec/umod/bin/modinfo" -F license "$work/mod/hellop.ko")"

multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$root/usr/lib/$multiarch/pkgconfig
export PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR
expect "pkg-config" "-I$root/usr/include -L$root/usr/lib/$multiarch -lumod" \
	"$(pkg-config --cflags --libs umod | sed 's/ *$//')"
expect "kbuilddir (with the sysroot)" "$root/usr/lib/umod/build" "$(pkg-config --variable=kbuilddir umod)"
# shellcheck disable=SC2046
cc -O2 -o "$work/app" "$src/tests/e2e/cases/installed_tree/app.c" \
	$(pkg-config --cflags --libs umod) || fail "embedding program against the package"
expect "embedding program" "$(printf '<1> (0) Hello, app\nhellop is live\n<1> Goodbye, cruel app')" \
	"$(LD_LIBRARY_PATH=$root/usr/lib/$multiarch "$work/app" "$work/mod/hellop.ko" whom=app)"
expect "the program uses the packaged libumod" "$root/usr/lib/$multiarch/libumod.so.0" \
	"$(LD_LIBRARY_PATH=$root/usr/lib/$multiarch ldd "$work/app" | awk '/libumod/ { print $3 }')"

echo "check-deb: $((checked - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
