#!/bin/sh
# make check-kabi: the kernel structures a 6.1 module reads or embeds are
# laid out as in Debian's own 6.1 amd64 kernel. The kernel package comes
# from scripts/debian-packages.sh (fetched once, never installed); the BTF
# its vmlinux carries is extracted at test time (scripts/extract-btf.py,
# kept beside the package for the next run); umod's layouts are those of
# tests/kabi/structs.c compiled with the module flags and GCC's -gbtf;
# scripts/check-kabi.py compares the structs tests/kabi/structs names;
# then a planted difference must be caught. Last, the exports' licence:
# a name both export is GPL-only in umod exactly when it is in 6.1
# (scripts/check-export-flags.py, the two Module.symvers).
# Prints "skipped: WHY" and exits 0 when the package or a BTF-writing
# compiler cannot be had.
#   scripts/check-kabi.sh UMOD_TOP OBJTREE
# MODCC and MOD_CFLAGS (the module flags, from Makefile.modflags) come from
# the environment.
set -u
top=${1:?usage: check-kabi.sh UMOD_TOP OBJTREE}
objtree=${2:-$top/build}
cc=${MODCC:-gcc}
. "$top/scripts/check-lib.sh"

command -v "$cc" > /dev/null || skip "no $cc here"
eval "$("$top/scripts/debian-packages.sh" "$objtree")"
[ -z "${skipped:-}" ] || skip "$skipped"

btf=$objtree/kernel-tree/vmlinux-$release.btf
if [ ! -f "$btf" ]; then
	python3 "$top/scripts/extract-btf.py" "$modules/../../../boot/vmlinuz-$release" "$btf" ||
		skip "no BTF in vmlinuz-$release"
fi

obj=$objtree/kabi/structs.o
mkdir -p "$objtree/kabi"
# shellcheck disable=SC2086 # MOD_CFLAGS is a list of flags
$cc ${MOD_CFLAGS:-} -gbtf -fno-eliminate-unused-debug-types -c -o "$obj" \
	"$top/tests/kabi/structs.c" 2> "$objtree/kabi/cc.log" || {
	grep -q "gbtf" "$objtree/kabi/cc.log" && skip "$cc writes no BTF (-gbtf: GCC 12 or later)"
	cat "$objtree/kabi/cc.log"
	echo "FAIL: tests/kabi/structs.c does not compile"
	exit 1
}
python3 "$top/scripts/check-kabi.py" "$top/tests/kabi/structs" "$btf" "$obj" \
	"$top/kernel/module/genuine.c" || exit 1

# and it can fail: a list_head whose next moved is caught
planted=$objtree/kabi/planted
echo 'struct list_head { struct list_head *prev; int next; } planted;' > "$planted.c"
echo list_head > "$planted.list"
$cc -gbtf -c -o "$planted.o" "$planted.c" &&
	! python3 "$top/scripts/check-kabi.py" "$planted.list" "$btf" "$planted.o" > "$planted.out" &&
	grep -qx "FAIL: list_head.next: 6.1 offset 0 size 8, umod offset 8 size 4" "$planted.out" || {
	cat "$planted.out"
	echo "FAIL: self-test: the planted list_head was not caught"
	exit 1
}
echo "self-test: a planted difference is caught"

# malformed input is one line, never a traceback: a truncated BTF, an object that is not ELF
head -c 100 "$btf" > "$planted.btf"
echo junk > "$planted.junk"
for bad in "$planted.btf:$obj:FAIL: BTF sections lie outside the data" \
	   "$btf:$planted.junk:FAIL: not a little-endian ELF64 file"; do
	b=${bad%%:*} rest=${bad#*:}
	o=${rest%%:*} want=${rest#*:}
	! python3 "$top/scripts/check-kabi.py" "$planted.list" "$b" "$o" > "$planted.out" 2>&1 &&
		[ "$(cat "$planted.out")" = "$want" ] || {
		cat "$planted.out"
		echo "FAIL: self-test: malformed input did not give \"$want\""
		exit 1
	}
done
echo "self-test: a truncated BTF and a non-ELF object are refused in one line"

python3 "$top/scripts/check-export-flags.py" "$objtree/Module.symvers" "$headers/Module.symvers" ||
	exit 1
