#!/bin/sh
# make check-headers: umod's include/ against Debian's own 6.1 headers (the
# newest linux-headers-6.1.*-common and -amd64 apt offers, fetched with
# apt-get download, unpacked with dpkg-deb -x, never installed; kept under
# build/kernel-headers/ for the next run). Checks:
#   audit       every header name a 6.1 module can #include (include/,
#               include/uapi/, arch/x86/include/{,uapi/,generated/}, as
#               the module writes it) is either shipped by umod or listed
#               in scripts/headers-omitted.txt with its group's reason; one
#               line each into $AUDIT (default build/headers-audit.txt)
#   alone       each shipped header compiles alone with the module flags
#   transitive  each shipped header pulls in every shipped header that
#               6.1's pulls in (code relies on 6.1's transitive includes)
#   genuine     the e2e modules of tests/e2e/cases/kapi_hdr_* and the
#               guides' published examples compile against Debian's real
#               headers too: they are 6.1 code, not written for umod
#   config      every CONFIG_ umod's headers test, and every one
#               autoconf.h defines, has Debian's value, or is listed in
#               scripts/config-differences.txt with the reason
# Prints "skipped: WHY" and exits 0 when the packages cannot be had.
#   scripts/check-headers.sh UMOD_TOP OBJTREE
# MODCC and MOD_CFLAGS (the module flags, from Makefile.modflags) come from
# the environment.
set -u
top=${1:?usage: check-headers.sh UMOD_TOP OBJTREE}
objtree=${2:-$top/build}
cache=$objtree/kernel-headers
audit=${AUDIT:-$objtree/headers-audit.txt}
cc=${MODCC:-gcc}
. "$top/scripts/check-lib.sh"

for tool in apt-get apt-cache dpkg-deb "$cc"; do
	command -v $tool > /dev/null || skip "no $tool here"
done
[ "$(uname -m)" = x86_64 ] || skip "the x86-64 headers are compared on x86-64 only"

newest() {	# suffix: the newest linux-headers-6.1.N-M-SUFFIX
	apt-cache pkgnames linux-headers-6.1 2>/dev/null |
		grep -E "^linux-headers-6\.1\.[0-9]+-[0-9]+-$1\$" | sort -V | tail -1
}

amd64=$(newest amd64)
if [ -z "$amd64" ] && [ "$(id -u)" = 0 ]; then
	apt-get update -qq > /dev/null 2>&1
	amd64=$(newest amd64)
fi
[ -n "$amd64" ] || skip "apt offers no linux-headers-6.1.*-amd64 package"
common=$(echo "$amd64" | sed 's/-amd64$/-common/')
root=$cache/root-${amd64#linux-headers-}
if [ ! -d "$root/usr/src" ]; then
	deb1=$(cached_deb "$cache" "$common") || { echo "$deb1"; exit 0; }
	deb2=$(cached_deb "$cache" "$amd64") || { echo "$deb2"; exit 0; }
	rm -rf "$root.tmp" && mkdir -p "$root.tmp"
	for d in "$deb1" "$deb2"; do
		dpkg-deb -x "$d" "$root.tmp" || { echo "FAIL: dpkg-deb -x $d"; exit 1; }
	done
	mv "$root.tmp" "$root"
fi
C=$(ls -d "$root"/usr/src/linux-headers-*-common | head -1)
A=$(ls -d "$root"/usr/src/linux-headers-*-amd64 | head -1)
work=$(mktemp -d "${TMPDIR:-/tmp}/umod-headers.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "headers: $(basename "$C") and $(basename "$A")"

# ---- the two lists: 6.1's names as modules write them, and umod's
(cd "$C/include" && find . -name '*.h' | sed 's|^\./||; s|^uapi/||'
 cd "$C/arch/x86/include" && find asm uapi/asm -name '*.h' | sed 's|^uapi/||'
 cd "$A/arch/x86/include/generated" && find asm uapi/asm -name '*.h' | sed 's|^uapi/||'
 cd "$A/include" && find generated -name '*.h' | sed 's|^generated/uapi/||') | sort -u > "$work/linux"
(cd "$top/include" && find linux asm asm-generic kunit -name '*.h'
 cd "$objtree/include" && find generated -name '*.h') | sort -u > "$work/umod"

# ---- audit: one line per header; a pattern list gives the omitted ones' reasons
awk -v umod="$work/umod" '
	function glob2re(g,   r) {
		r = g
		gsub(/[.+^$(){}|]/, "\\\\&", r)
		gsub(/\*/, ".*", r)
		gsub(/\?/, ".", r)
		return "^" r "$"
	}
	FILENAME == umod { shipped[$0] = 1; next }
	FILENAME != "-" && /^\[/ {
		group = $0; sub(/^\[/, "", group); sub(/\].*/, "", group)
		why = $0; sub(/^\[[^]]*\] */, "", why)
		reason[group] = why
		next
	}
	FILENAME != "-" && /^[^#]/ && NF {
		n++; pat[n] = glob2re($1); grp[n] = group
		next
	}
	FILENAME == "-" {
		name = $0
		if (name in shipped) { print "provided " name; np++; seen[name] = 1; next }
		for (i = 1; i <= n; i++)
			if (name ~ pat[i]) {
				print "omitted  " name ": [" grp[i] "] " reason[grp[i]]
				nm++; used[i] = 1; next
			}
		print "MISSING  " name; nx++
	}
	END {
		for (s in shipped) if (!(s in seen)) print "umod-only " s
		for (i = 1; i <= n; i++) if (!(i in used)) print "UNUSED-PATTERN " pat[i]
		printf "headers: %d provided, %d omitted, %d neither\n", np, nm, nx > "/dev/stderr"
	}
' "$work/umod" "$top/scripts/headers-omitted.txt" - < "$work/linux" > "$audit" 2> "$work/summary"
cat "$work/summary"
grep -E '^(MISSING|UNUSED-PATTERN)' "$audit" | head -20
n=$(grep -cE '^(MISSING|UNUSED-PATTERN)' "$audit")
result "audit of $(wc -l < "$work/linux") header names: every one provided or omitted with a reason ($audit)" \
	$([ "$n" = 0 ] && echo 1 || echo 0)

# ---- alone: each shipped header as the first and only include of a module
# (its dependencies, kept for the transitive check, come from the same run)
ok=1
mkdir "$work/deps"
for h in $(cd "$top/include" && find linux asm asm-generic kunit -name '*.h' | sort); do
	echo "#include <$h>" > "$work/one.c"
	if ! $cc $MOD_CFLAGS -DKBUILD_MODNAME='"hdr"' -DKBUILD_BASENAME='"hdr"' -fsyntax-only \
			-MD -MF "$work/deps/$(echo "$h" | tr / _)" "$work/one.c" > "$work/one.err" 2>&1; then
		ok=0
		echo "$h:"
		head -5 "$work/one.err"
	fi
done
result "each of $(grep -vc '^generated/' "$work/umod") shipped headers compiles alone with the module flags" $ok

# ---- transitive: 6.1's include closure, restricted to what umod ships
real_flags="-nostdinc -I$C/arch/x86/include -I$A/arch/x86/include/generated -I$C/include
	-I$A/include -I$C/arch/x86/include/uapi -I$A/arch/x86/include/generated/uapi
	-I$C/include/uapi -I$A/include/generated/uapi -include $C/include/linux/compiler-version.h
	-include $C/include/linux/kconfig.h -include $C/include/linux/compiler_types.h
	-D__KERNEL__ -DMODULE -DKBUILD_MODNAME=\"hdr\" -DKBUILD_BASENAME=\"hdr\" -std=gnu11"
names_of() {	# gcc -M output on stdin: the include names, sorted
	tr ' \\' '\n\n' | grep '\.h$' |
		sed -E 's#.*/arch/x86/include/(generated/)?(uapi/)?##; s#.*/include/(generated/)?(uapi/)?##' |
		sort -u
}
# the device issues' headers follow 6.1's graph when those issues land
pending="linux/device.h linux/interrupt.h linux/cdev.h linux/miscdevice.h"
ok=1
for h in $(grep -v '^generated/' "$work/umod"); do
	grep -qx "$h" "$work/linux" || continue
	case " $pending " in *" $h "*) continue ;; esac
	echo "#include <$h>" > "$work/one.c"
	$cc $real_flags -M "$work/one.c" 2> /dev/null | names_of > "$work/real"
	names_of < "$work/deps/$(echo "$h" | tr / _)" > "$work/ours"
	comm -12 "$work/real" "$work/umod" | comm -23 - "$work/ours" > "$work/missing"
	if [ -s "$work/missing" ]; then
		ok=0
		echo "$h lacks what 6.1's brings: $(tr '\n' ' ' < "$work/missing")"
	fi
done
result "each shipped header brings in the shipped headers 6.1's brings in" $ok

# ---- genuine: the issue's modules are 6.1 code
ok=1
count=0
for f in "$top"/tests/e2e/cases/kapi_hdr_*/*.c "$top"/tests/e2e/cases/kapi_fs_chardev/chardev.c \
		"$top"/tests/e2e/cases/kapi_fs_procfs/procfs1.c \
		"$top"/tests/e2e/cases/kapi_sysfs_attr/hello-sysfs.c; do
	[ -f "$f" ] || continue
	count=$((count + 1))
	if ! $cc $real_flags -I"$(dirname "$f")" -O2 -fsyntax-only -Wno-unused-function "$f" \
			> "$work/real.err" 2>&1; then
		ok=0
		echo "${f#$top/}:"
		head -10 "$work/real.err"
	fi
done
result "$count e2e modules compile against Debian's 6.1 headers as they are" $ok

# ---- config: umod's autoconf.h against Debian's .config
config=$A/.config
autoconf=$top/include/umod/kabi/autoconf.h
{ grep -rhoE 'CONFIG_[A-Z0-9_]+' "$top/include/linux" "$top/include/asm" "$top/include/asm-generic"
  grep -oE '^#define CONFIG_[A-Z0-9_]+' "$autoconf" | cut -d' ' -f2; } | sort -u > "$work/configs"
ok=1
while read -r c; do
	d=$(grep -E "^$c=" "$config" | cut -d= -f2-)
	[ "$d" = y ] && d=1
	u=$(awk -v c="$c" '$1 == "#define" && $2 == c { print $3 }' "$autoconf")
	[ "$d" = "$u" ] && continue
	if grep -q "^$c " "$top/scripts/config-differences.txt"; then
		echo "differs on purpose: $c (Debian ${d:-unset}, umod ${u:-unset})" >> "$audit"
		continue
	fi
	ok=0
	echo "$c: Debian ${d:-unset}, umod ${u:-unset}, not in scripts/config-differences.txt"
done < "$work/configs"
result "$(wc -l < "$work/configs") CONFIG_ options as Debian's $(basename "$A") has them, or listed" $ok

echo "headers-check: $passed passed, $failed failed"
[ $failed = 0 ]
