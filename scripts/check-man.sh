#!/bin/sh
# make check-install: what an installed umod shows a reader must agree with
# the program.
#   1. every built page renders without a warning as man -l renders it
#      (groff -ww), and mandoc finds no error in it;
#   2. each command's --help and its page's OPTIONS list the same options
#      (umod(8) against `umod --help`, umod-X(8) against `umod X --help`),
#      and every command `umod --help` lists has a page or is in umod(8);
#   3. every function and macro umod.h declares is named by a section 3 page;
#   4. the embedding program of Documentation/embedding/libumod.rst and
#      libumod(3) is the one the e2e case installed_tree builds and runs
#      (the docs include the file; the page's is indented by 4 spaces);
#   5. README.md and Documentation/ agree with the program and the tree
#      (scripts/check-docs.py: the options of the command lines they show,
#      README's relative links). The options they name in prose are checked
#      against the man pages by make htmldocs.
#   scripts/check-man.sh SRCTREE OBJTREE
set -u
src=$1
obj=$2
umod=$obj/bin/umod
tmp=$(mktemp -d "${TMPDIR:-/tmp}/umod-man.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0
checked=0

fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

# ---- 1. lint ----------------------------------------------------------------
for page in "$obj"/man/*.[0-9]; do
	checked=$((checked + 1))
	out=$( (groff -ww -z -man "$page"; mandoc -T lint -W error "$page") 2>&1)
	[ -z "$out" ] || fail "$(basename "$page"): $out"
done

# ---- 2. options: --help against the page --------------------------------------
# the option words of an option line: up to the first two blanks
help_opts() {
	# shellcheck disable=SC2086
	"$umod" $1 --help | sed -n 's/^[[:space:]]*\(-.*\)$/\1/p' | sed 's/  .*//' |
		grep -oE '(^|[ ,])--?[A-Za-z0-9][-A-Za-z0-9]*' | tr -d ' ,' | sort -u
}

# the *-x*, *--long* words that start the items of the OPTIONS section
man_opts() {
	sed -n '/^# OPTIONS$/,/^# /p' "$1" | grep '^\*-' |
		grep -oE '\*--?[A-Za-z0-9][-A-Za-z0-9]*\*' | tr -d '*' | sort -u
}

compare_opts() {	# page command...
	help_opts "$2" > "$tmp/help"
	man_opts "$src/man/$1.scd" > "$tmp/man"
	checked=$((checked + 1))
	if ! diff "$tmp/help" "$tmp/man" > "$tmp/diff"; then
		fail "$1: options differ between --help (<) and the page (>):"
		cat "$tmp/diff"
	fi
}

compare_opts umod.8 ""
commands=$("$umod" --help | sed -n '/^Commands:$/,/^$/s/^  \([a-z-]*\) .*/\1/p')
[ -n "$commands" ] || fail "umod --help lists no commands"
for cmd in $commands; do
	case $cmd in
	version)
		grep -q "^\*$cmd\*$" "$src/man/umod.8.scd" || fail "umod.8: no entry for $cmd"
		continue ;;
	esac
	if [ ! -f "$src/man/umod-$cmd.8.scd" ]; then
		fail "umod $cmd: no page man/umod-$cmd.8.scd"
		continue
	fi
	compare_opts "umod-$cmd.8" "$cmd"
done

# ---- 3. the API has pages -------------------------------------------------------
sed -n '/^# NAME$/{n;n;p}' "$src"/man/*.3.scd | sed 's/ - .*//' | tr ',' '\n' |
	tr -d ' ' | sort -u > "$tmp/named"
{
	sed -nE 's/^UMOD_API.*[ *(](umod_[a-z0-9_]+)\)?\(.*/\1/p' "$src/include/umod/umod.h"
	sed -nE 's/^#define (UMOD_EXPORT_SYMBOL[A-Z_]*)\(.*/\1/p' "$src/include/umod/umod.h"
} | sort -u > "$tmp/api"
checked=$((checked + 1))
[ -s "$tmp/api" ] || fail "no functions found in umod.h"
missing=$(comm -23 "$tmp/api" "$tmp/named")
[ -z "$missing" ] || fail "umod.h declares what no section 3 page names:" $missing

# ---- 4. the embedding program ------------------------------------------------
app=$src/tests/e2e/cases/installed_tree/app.c
checked=$((checked + 1))
grep -qx '.. literalinclude:: ../../tests/e2e/cases/installed_tree/app.c' \
	"$src/Documentation/embedding/libumod.rst" ||
	fail "Documentation/embedding/libumod.rst does not include $app"
sed -n '/^# EXAMPLE$/,/^# /p' "$src/man/libumod.3.scd" |
	sed -n '/^```$/,/^```$/{/^```/d;p}' | sed 's/\\\\/\\/g' > "$tmp/page.c"
checked=$((checked + 1))
expand -t 4 "$app" | cmp -s - "$tmp/page.c" || fail "libumod.3's example is not $app"

# ---- 5. the documentation ---------------------------------------------------
checked=$((checked + 1))
python3 "$src/scripts/check-docs.py" "$src" "$umod" || fail "README.md or Documentation/ (above)"

echo "check-install: $((checked - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
