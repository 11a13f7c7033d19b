#!/bin/sh
# make check-kernel-tree: umod against kmod 30 on the module tree of Debian's
# own 6.1 kernel package (the newest linux-image-6.1.*-amd64 apt offers,
# fetched with apt-get download, unpacked with dpkg-deb -x, never installed;
# kept under build/kernel-tree/ for the next run). Checks:
#   depmod    modules.dep, .alias, .symbols, .softdep, .devname and the
#             .bin indexes kmod's modprobe reads, byte for byte
#   modinfo   every module: the same output (signature fields included);
#             built-in modules, names and aliases looked up with -b/-k
#   modprobe  --show-depends of every module name (-a batches, and a sample
#             one by one), same lines
# Prints "skipped: WHY" and exits 0 when the package cannot be had; any
# difference is shown and fails the run.
#   scripts/check-kernel-tree.sh UMOD_TOP
set -u
top=${1:?usage: check-kernel-tree.sh UMOD_TOP}
cache=$top/build/kernel-tree
umod=$top/build/bin/umod
. "$top/scripts/check-lib.sh"

for tool in depmod modinfo modprobe apt-get apt-cache dpkg-deb; do
	command -v $tool > /dev/null || skip "no $tool here"
done

newest_package() {
	apt-cache pkgnames linux-image-6.1 2>/dev/null |
		grep -E '^linux-image-6\.1\.[0-9]+-[0-9]+-amd64$' | sort -V | tail -1
}

fetch() {	# prints the path of the cached .deb
	pkg=$(newest_package)
	if [ -z "$pkg" ] && [ "$(id -u)" = 0 ]; then
		apt-get update -qq > /dev/null 2>&1
		pkg=$(newest_package)
	fi
	[ -n "$pkg" ] || skip "apt offers no linux-image-6.1.*-amd64 package"
	cached_deb "$cache" "$pkg" || return 0	# printed "skipped: ..."
}

deb=$(fetch) || exit 1
case "$deb" in skipped:*) echo "$deb"; exit 0 ;; esac
root=$cache/root-$(basename "$deb" .deb)
if [ ! -d "$root/lib/modules" ]; then
	rm -rf "$root.tmp" && mkdir -p "$root.tmp"
	dpkg-deb -x "$deb" "$root.tmp" || { echo "FAIL: dpkg-deb -x $deb"; exit 1; }
	mv "$root.tmp" "$root"
fi
release=$(ls "$root/lib/modules" | head -1)
dir=$root/lib/modules/$release
work=$(mktemp -d "${TMPDIR:-/tmp}/umod-kernel-tree.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "kernel tree: $(basename "$deb"), $(find "$dir" -name '*.ko*' | wc -l) modules"

# ---- depmod: kmod's files, then ours in their place (text and binary)
depmod -b "$root" "$release" 2> "$work/kmod.depmod.err"
mkdir "$work/kmod"
files="modules.dep modules.dep.bin modules.alias modules.alias.bin modules.symbols
	modules.symbols.bin modules.softdep modules.devname modules.builtin.bin
	modules.builtin.alias.bin"
for f in $files; do
	cp "$dir/$f" "$work/kmod/$f"
	rm "$dir/$f"
done
"$umod" depmod -b "$root" "$release" 2> "$work/umod.depmod.err"
if cmp -s "$work/kmod.depmod.err" "$work/umod.depmod.err"; then
	result "depmod's warnings" 1
else
	result "depmod's warnings" 0
	diff "$work/kmod.depmod.err" "$work/umod.depmod.err"
fi
for f in $files; do
	if cmp -s "$dir/$f" "$work/kmod/$f"; then
		result "depmod $f ($(wc -c < "$dir/$f") bytes)" 1
	else
		result "depmod $f" 0
		diff "$work/kmod/$f" "$dir/$f" | head -20
	fi
done

# ---- modinfo: every module, in batches (both print one record per file)
(cd "$dir" && find kernel -name '*.ko*' | sort) > "$work/files"
ok=1
split -l 200 "$work/files" "$work/batch."
for b in "$work"/batch.*; do
	(cd "$dir" && xargs modinfo < "$b" > "$b.kmod" 2>&1)
	(cd "$dir" && xargs "$umod" modinfo < "$b" > "$b.umod" 2>&1)
	if ! cmp -s "$b.kmod" "$b.umod"; then
		ok=0
		diff "$b.kmod" "$b.umod" | head -20
	fi
done
result "modinfo of $(wc -l < "$work/files") modules, signature fields included" $ok

# ---- modinfo by name: every built-in module, every 8th module name, and
# the first alias of every 8th module, looked up in the tree
sed 's|.*/||; s|\.ko$||' "$dir/modules.builtin" > "$work/byname"
sed 's|.*/||; s|\.ko.*||' "$work/files" | awk 'NR % 8 == 1' >> "$work/byname"
awk '$1 == "alias" && NR % 8 == 2 { print $2 }' "$dir/modules.alias" | head -200 >> "$work/byname"
ok=1
while read -r name; do
	modinfo -b "$root" -k "$release" "$name" > "$work/k" 2>&1
	"$umod" modinfo -b "$root" -k "$release" "$name" > "$work/u" 2>&1
	cmp -s "$work/k" "$work/u" || { ok=0; echo "modinfo $name:"; diff "$work/k" "$work/u" | head -10; }
done < "$work/byname"
result "modinfo by name or alias: $(wc -l < "$work/byname") names" $ok

# ---- modprobe --show-depends over umod's indexes (kmod reads the .bin ones),
# no modprobe.d on either side: every name in
# batches with -a (each name resolved anew, as kmod does), and every
# 8th name on its own
mkdir "$work/noconf"
sed 's|.*/||; s|\.ko.*||' "$work/files" | sort -u > "$work/names"
show() {	# tool names...
	tool=$1
	shift
	$tool -C "$work/noconf" -d "$root" -S "$release" --show-depends "$@" 2>&1
	echo "rc=$?"
}
ok=1
split -l 100 "$work/names" "$work/names."
for b in "$work"/names.*; do
	show modprobe -a $(cat "$b") > "$work/k"
	show "$umod modprobe" -a $(cat "$b") > "$work/u"
	cmp -s "$work/k" "$work/u" || { ok=0; diff "$work/k" "$work/u" | head -10; }
done
awk 'NR % 8 == 1' "$work/names" > "$work/sample"
while read -r name; do
	show modprobe "$name" > "$work/k"
	show "$umod modprobe" "$name" > "$work/u"
	cmp -s "$work/k" "$work/u" || { ok=0; echo "$name:"; diff "$work/k" "$work/u" | head -10; }
done < "$work/sample"
result "modprobe --show-depends of $(wc -l < "$work/names") names ($(wc -l < "$work/sample") alone)" $ok

echo "kernel-tree: $passed passed, $failed failed"
[ $failed = 0 ]
