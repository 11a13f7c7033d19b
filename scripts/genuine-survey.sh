#!/bin/sh
# make genuine-survey: which of a genuine kernel's modules would load into a
# umod host of that kernel (--abi debian-6.1), and what keeps the others
# out. Debian 12's newest 6.1 packages are fetched as the genuine e2e cases
# fetch them (scripts/debian-packages.sh); the host says what it offers
# genuine modules (host-symvers --abi), scripts/genuine-survey.py reads
# every module and prints the count, the families, the symbols most
# missing, and the names umod and the kernel both export with another
# binary interface than 6.1's. Prints "skipped: WHY" where the packages
# cannot be had.
#   scripts/genuine-survey.sh UMOD_TOP [OBJTREE]
set -u
top=${1:?usage: genuine-survey.sh UMOD_TOP [OBJTREE]}
objtree=${2:-$top/build}
eval "$("$top/scripts/debian-packages.sh" "$objtree")"
if [ -n "${skipped:-}" ]; then
	echo "skipped: $skipped"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/umod-survey.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$objtree/gen/host-symvers" --abi "debian-6.1=$headers" > "$work/offered" || exit 1
echo "Debian's linux-image-$release, against umod $(cat "$top/VERSION")"
python3 "$top/scripts/genuine-survey.py" "$modules" "$work/offered" \
	"$objtree/Module.symvers" "$headers/Module.symvers"
