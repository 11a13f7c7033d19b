#!/usr/bin/env python3
# The licence side of 6.1's binary interface: every name umod's host and
# Debian's 6.1 kernel both export is GPL-only in one exactly when it is in
# the other, so a module's licence decides what it may import as on Linux.
# Prints one FAIL line per difference and a summary; exits 1 on any.
#   check-export-flags.py UMOD_SYMVERS KERNEL_SYMVERS
import sys


def read_symvers(path):
    """name -> export kind (EXPORT_SYMBOL, EXPORT_SYMBOL_GPL) of a Module.symvers"""
    kinds = {}
    with open(path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 4:
                kinds[fields[1]] = fields[3]
    return kinds


def main():
    umod, kernel = read_symvers(sys.argv[1]), read_symvers(sys.argv[2])
    both = sorted(n for n in umod if n in kernel)
    bad = [n for n in both if umod[n] != kernel[n]]
    for n in bad:
        print("FAIL: %s: 6.1 %s, umod %s" % (n, kernel[n], umod[n]))
    print("exports: %d names both export, %d GPL-only as 6.1's; %d differ"
          % (len(both), sum(kernel[n] == "EXPORT_SYMBOL_GPL" for n in both), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
