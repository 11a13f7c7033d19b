#!/bin/sh
# Writes the scale benchmark's module sources into $1 (not committed):
#   sclroot.c   module "sclAAAA" exporting scl_fn_AAAA
#   link/scllink.c  module "sclAAAA" exporting scl_fn_AAAA, calling scl_fn_BBBB
#   sclsymN.c   N exported functions (N = 10, 100, 1000)
#   sclparN.c   N int parameters (N = 1, 10, 100)
# scale.c clones sclroot/scllink into up to 1,000 modules by rewriting
# the fixed-width AAAA and BBBB in the object's strings (name, exports,
# imports, depends=), so only eight modules are compiled.
set -eu
d=$1
mkdir -p "$d"
cat > "$d/sclroot.c" <<'C'
#include <linux/module.h>
MODULE_LICENSE("GPL");
int scl_fn_AAAA(int x);
int scl_fn_AAAA(int x)
{
	return x + 1;
}
EXPORT_SYMBOL(scl_fn_AAAA);
C
mkdir -p "$d/link"
cat > "$d/link/scllink.c" <<'C'
#include <linux/module.h>
MODULE_LICENSE("GPL");
int scl_fn_BBBB(int x);
int scl_fn_AAAA(int x);
int scl_fn_AAAA(int x)
{
	return scl_fn_BBBB(x) + 1;
}
EXPORT_SYMBOL(scl_fn_AAAA);
C
objs="sclroot.o"
for n in 10 100 1000; do
	awk -v n=$n 'BEGIN { print "#include <linux/module.h>\nMODULE_LICENSE(\"GPL\");";
		for (i = 0; i < n; i++) {
			printf "int sclsym%d_%d(void);\nint sclsym%d_%d(void)\n{\n\treturn %d;\n}\n", n, i, n, i, i;
			printf "EXPORT_SYMBOL(sclsym%d_%d);\n", n, i } }' > "$d/sclsym$n.c"
	objs="$objs sclsym$n.o"
done
for n in 1 10 100; do
	awk -v n=$n 'BEGIN { print "#include <linux/module.h>\n#include <linux/moduleparam.h>\nMODULE_LICENSE(\"GPL\");";
		for (i = 0; i < n; i++)
			printf "static int p%d = %d;\nmodule_param(p%d, int, 0444);\n", i, i, i }' > "$d/sclpar$n.c"
	objs="$objs sclpar$n.o"
done
echo "obj-m := $objs" > "$d/Kbuild"
# scllink.ko is built second (bench/Makefile), against a Module.symvers
# that names sclroot's export scl_fn_BBBB: same type, so the same CRC
printf 'obj-m := scllink.o\nKBUILD_EXTRA_SYMBOLS := $(M)/root.symvers\n' > "$d/link/Kbuild"
