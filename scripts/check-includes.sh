#!/bin/sh
# The include rules of DESIGN.md ("Who declares what, and who may include
# whom") over every '#include "..."' of the tree, with the exceptions that
# DESIGN.md lists ("- `GLOB` may include `HEADER`: why").
#   scripts/check-includes.sh [ROOT]        check ROOT (default: this checkout)
#   scripts/check-includes.sh --self-test   also prove that each rule catches
#                                           a planted violation, in a copy
set -eu

# "FILE: #include "X": RULE" for every include that breaks a rule
violations() {
	(cd "$1" && find . -path ./build -prune -o -path './build-*' -prune -o -path ./.git -prune \
		-o -name '*.[ch]' -print | sed 's|^\./||' | sort | xargs grep -H '^#include "') |
	awk -v design="$1/DESIGN.md" '
	function glob_re(g) { gsub(/[.]/, "[.]", g); gsub(/[*]/, ".*", g); return "^" g "$" }
	BEGIN {
		# "- `GLOB` may include `HEADER`: why"
		while ((getline line < design) > 0)
			if (match(line, /^- `[^`]*` may include `[^`]*`:/)) {
				split(line, f, "`")
				allow_re[++n] = glob_re(f[2]); allow_h[n] = f[4]
			}
	}
	{
		split($0, p, ":"); file = p[1]
		inc = $0; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
		top = file; sub(/\/.*/, "", top)
		rule = ""
		if (inc == "kernel/module/internal.h" && file !~ /^kernel\/module\//)
			rule = "only kernel/module/ includes the loader'"'"'s internals"
		else if (top ~ /^(libkmod|util|tools|daemon|scripts)$/ && inc ~ /^(kernel|mm|fs|drivers)\//)
			rule = top "/ includes nothing from kernel/, mm/, fs/, drivers/"
		else if (top == "lib" && inc ~ /^util\//)
			rule = "lib/ includes no util/ header"
		if (rule == "")
			next
		for (i = 1; i <= n; i++)
			if (file ~ allow_re[i] && inc == allow_h[i])
				next
		printf "%s: #include \"%s\": %s\n", file, inc, rule
	}'
}

check() {
	out=$(violations "$1")
	[ -z "$out" ] && return 0
	echo "$out"
	echo "check-includes: the rules are in DESIGN.md, \"Who declares what, and who may include whom\""
	return 1
}

# plants "#include HEADER" in FILE of a copy; the check must fail, then passes again
plant() {
	copy=$1 file=$2 header=$3
	cp "$copy/$file" "$copy/$file.orig"
	echo "#include \"$header\"" >> "$copy/$file"
	if check "$copy" > /dev/null; then
		echo "check-includes: self-test: $file including $header was not caught" >&2
		exit 1
	fi
	mv "$copy/$file.orig" "$copy/$file"
	caught=$((caught + 1))
}

self_test() {
	root=$1
	copy=$(mktemp -d)
	trap 'rm -rf "$copy"' EXIT
	(cd "$root" && find . -path ./build -prune -o -path './build-*' -prune -o -path ./.git -prune \
		-o \( -name '*.[ch]' -o -name DESIGN.md \) -print | tar -cf - -T -) | tar -xf - -C "$copy"
	check "$copy" > /dev/null || { echo "check-includes: self-test: the copy fails" >&2; exit 1; }
	caught=0
	plant "$copy" kernel/panic.c kernel/module/internal.h
	plant "$copy" tools/run.c kernel/sched/sched.h
	plant "$copy" libkmod/index.c fs/internal.h
	plant "$copy" util/elf.c mm/internal.h
	plant "$copy" scripts/mod/modpost.c kernel/module/module.h
	plant "$copy" lib/sort.c util/elf.h
	# an exception covers one file and one header, not its neighbours
	plant "$copy" daemon/procfs.c kernel/module/module.h
	echo "check-includes: self-test: $caught planted violations caught"
}

root=$(cd "$(dirname "$0")/.." && pwd)
case ${1:-} in
--self-test)
	check "$root"
	self_test "$root" ;;
"")
	check "$root" ;;
*)
	check "$1" ;;
esac
echo "check-includes: the include rules hold"
