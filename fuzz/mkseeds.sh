#!/bin/sh
# Seed corpora for the fuzz targets, made at build time from our real
# modules and configs (never committed as .ko):
#   elf/      every example and e2e test module, debug info stripped
#   modversions/ the same modules
#   modinfo/  their .modinfo sections
#   params/   the parameter strings of the e2e commands
#   symvers/  the host's and the examples' Module.symvers
#   moddep/   modules.dep, .alias, .symbols of a tree of those modules, by
#             umod depmod
#   index/    the same tree's binary indexes (modules.dep.bin, .alias.bin, ...)
#   modconf/  this machine's modprobe.d files
#   decompress/ hellop.ko as .ko.xz and .ko.zst
#   fdt/      the built-in boards and the e2e cases' device trees, by dtc
#   signature/  hellop.ko with a PKCS#7 signature appended, as the kernel's
#             sign-file does (when the openssl tool is there)
#   TARGET/   plus the small text seeds committed in fuzz/seeds/TARGET/
#   fuzz/mkseeds.sh UMOD_TOP OUTDIR TARGET...
set -eu
top=$1
out=$2
shift 2
mods="$out.modules"

# sign-file's layout: module, PKCS#7 (DER), struct module_signature
# (algo 0, hash 4 = sha256, id_type 2 = PKCS#7, no signer/key id, pad,
# big-endian length), then the magic string
sign_seed() {
	openssl req -new -x509 -newkey rsa:2048 -nodes -subj /CN=umod-fuzz -days 2 \
		-keyout "$3/key.pem" -out "$3/cert.pem" 2> /dev/null &&
	openssl cms -sign -binary -noattr -nocerts -md sha256 -outform DER \
		-in "$1" -signer "$3/cert.pem" -inkey "$3/key.pem" -out "$3/sig.der" &&
	n=$(wc -c < "$3/sig.der") &&
	{ cat "$1" "$3/sig.der"
	  printf '\000\004\002\000\000\000\000\000'
	  printf "\\$(printf %03o $((n >> 24 & 255)))\\$(printf %03o $((n >> 16 & 255)))"
	  printf "\\$(printf %03o $((n >> 8 & 255)))\\$(printf %03o $((n & 255)))"
	  printf '~Module signature appended~\n'; } > "$2"
}
rm -rf "$out" "$mods"
mkdir -p "$mods"
for t in "$@"; do
	mkdir -p "$out/$t"
	if [ -d "$top/fuzz/seeds/$t" ]; then
		cp "$top/fuzz/seeds/$t"/* "$out/$t/"
	fi
done

if [ -d "$out/fdt" ] && command -v dtc > /dev/null; then
	for dts in "$top"/boards/*.dts "$top"/tests/e2e/cases/*/*.dts; do
		[ -f "$dts" ] || continue
		dtc -q -I dts -O dtb -o "$out/fdt/$(basename "$dts" .dts).dtb" "$dts" || true
	done
fi

for dir in "$top"/tests/e2e/cases/*/; do
	name=$(basename "$dir")
	[ -f "$dir/Kbuild" ] && [ ! -f "$dir/nobuild" ] || continue
	cp -rL "$dir" "$mods/$name"
	make -s -C "$top" M="$mods/$name" modules > "$mods/$name.log" 2>&1 ||
		echo "mkseeds: $name did not build (see $mods/$name.log)" >&2
done

for ko in "$top"/examples/*.ko "$mods"/*/*.ko; do
	[ -f "$ko" ] || continue
	base=$(basename "$ko" .ko)
	[ -d "$out/elf" ] && objcopy --strip-debug "$ko" "$out/elf/$base.ko"
	[ -d "$out/modversions" ] && objcopy --strip-debug "$ko" "$out/modversions/$base.ko"
	[ -d "$out/modinfo" ] &&
		objcopy -O binary --only-section=.modinfo "$ko" "$out/modinfo/$base"
done

# the fuzz_params input: a selector byte, then the argument string
if [ -d "$out/params" ]; then
	n=0
	for cmd in "$top"/tests/e2e/cases/*/cmd; do
		sed -n 's/.*\.ko \([^|&;]*\).*$/\1/p' "$cmd" | while read -r args; do
			n=$((n + 1))
			printf '1%s' "$args" > "$out/params/e2e-$(basename "$(dirname "$cmd")")-$n"
		done
	done
fi
# Module.symvers files: the host's and the examples' own
if [ -d "$out/symvers" ]; then
	for f in "$top/build/Module.symvers" "$top/examples/Module.symvers"; do
		[ -f "$f" ] && cp "$f" "$out/symvers/$(basename "$(dirname "$f")").symvers"
	done
fi
if [ -d "$out/moddep" ]; then
	tree="$mods/tree/lib/modules/1.0"
	mkdir -p "$tree/extra"
	cp "$top"/examples/*.ko "$mods"/*/*.ko "$tree/extra/" 2>/dev/null || true
	if "$top/build/bin/umod" depmod -b "$mods/tree" 1.0 2> /dev/null; then
		for f in modules.dep modules.alias modules.symbols; do
			[ -f "$tree/$f" ] && cp "$tree/$f" "$out/moddep/tree-$f"
		done
		if [ -d "$out/index" ]; then
			for f in "$tree"/*.bin; do
				[ -s "$f" ] && cp "$f" "$out/index/tree-$(basename "$f")"
			done
		fi
	fi
fi
if [ -d "$out/modconf" ]; then
	for f in /lib/modprobe.d/*.conf /etc/modprobe.d/*.conf; do
		[ -f "$f" ] && cp "$f" "$out/modconf/machine-$(basename "$f")"
	done
fi
if [ -d "$out/decompress" ]; then
	xz -c "$top/examples/hellop.ko" > "$out/decompress/hellop.ko.xz" || true
	zstd -q -c "$top/examples/hellop.ko" > "$out/decompress/hellop.ko.zst" || true
fi
if [ -d "$out/signature" ] && command -v openssl > /dev/null; then
	sign_seed "$top/examples/hellop.ko" "$out/signature/hellop-signed.ko" "$mods" ||
		echo "mkseeds: no signed seed (openssl failed)" >&2
fi
rm -rf "$mods"
