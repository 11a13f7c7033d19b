#!/bin/sh
# Seed corpora for the fuzz targets, made at build time from our real
# modules and configs (never committed as .ko):
#   elf/      every example and e2e test module, debug info stripped
#   modinfo/  their .modinfo sections
#   params/   the parameter strings of the e2e commands
#   symvers/  the host's and the examples' Module.symvers
#   TARGET/   plus the small text seeds committed in fuzz/seeds/TARGET/
#   fuzz/mkseeds.sh UMOD_TOP OUTDIR TARGET...
set -eu
top=$1
out=$2
shift 2
mods="$out.modules"
rm -rf "$out" "$mods"
mkdir -p "$mods"
for t in "$@"; do
	mkdir -p "$out/$t"
	if [ -d "$top/fuzz/seeds/$t" ]; then
		cp "$top/fuzz/seeds/$t"/* "$out/$t/"
	fi
done

for dir in "$top"/tests/e2e/cases/*/; do
	name=$(basename "$dir")
	[ -f "$dir/Kbuild" ] && [ ! -f "$dir/nobuild" ] || continue
	cp -r "$dir" "$mods/$name"
	make -s -C "$top" M="$mods/$name" modules > "$mods/$name.log" 2>&1 ||
		echo "mkseeds: $name did not build (see $mods/$name.log)" >&2
done

for ko in "$top"/examples/*.ko "$mods"/*/*.ko; do
	[ -f "$ko" ] || continue
	base=$(basename "$ko" .ko)
	[ -d "$out/elf" ] && objcopy --strip-debug "$ko" "$out/elf/$base.ko"
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
rm -rf "$mods"
