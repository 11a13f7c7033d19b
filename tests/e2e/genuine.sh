# Sourced by the e2e cases of genuine Linux modules: Debian 12's own 6.1
# kernel packages (scripts/debian-packages.sh: fetched once, cached in the
# build tree), or "skipped: WHY" and exit 77 where they cannot be had.
#   $modules   the package's module tree, lib/modules/RELEASE
#   $headers   its linux-headers directory; $certs its signing certificate
#   $GENUINE   the umod run / umod daemon options of a host of that kernel
#   ko NAME    the path of kernel/NAME.ko in the package
#   norm       a filter: the package's release shown as 6.1.0-N-amd64
eval "$("$UMOD_TOP/scripts/debian-packages.sh" "${UMOD_OBJTREE:-$UMOD_TOP/build}")"
if [ -n "${skipped:-}" ]; then
	echo "skipped: $skipped"
	exit 77
fi
GENUINE="--abi debian-6.1=$headers --keyring $certs"

ko() {
	echo "$modules/kernel/$1.ko"
}

norm() {
	sed -e 's/6\.1\.0-[0-9]*-amd64/6.1.0-N-amd64/g'
}
