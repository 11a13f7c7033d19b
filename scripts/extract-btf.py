#!/usr/bin/env python3
# The BTF a kernel image carries (CONFIG_DEBUG_INFO_BTF: what
# /sys/kernel/btf/vmlinux serves), as bpftool would dump it: the .BTF
# section of the vmlinux inside the image (scripts/vmlinuz.py), written
# raw to OUT. check-kabi.sh reads Debian's 6.1 layouts from it.
#   scripts/extract-btf.py VMLINUZ OUT
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from btf import BtfError, elf_section  # noqa: E402
from vmlinuz import read_vmlinux  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: extract-btf.py VMLINUZ OUT")
    try:
        data = elf_section(read_vmlinux(sys.argv[1]), b".BTF")
    except BtfError as e:
        sys.exit("%s: %s" % (sys.argv[1], e))
    with open(sys.argv[2] + ".tmp", "wb") as out:
        out.write(data)
    os.replace(sys.argv[2] + ".tmp", sys.argv[2])


if __name__ == "__main__":
    main()
