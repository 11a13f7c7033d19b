#!/usr/bin/env python3
# The survey's analysis (scripts/genuine-survey.sh runs it): for every
# module of a genuine kernel's package, would it load into a umod host of
# that kernel? A module loads when its struct module is the kernel's, it
# has no section the host refuses, none of its exports is a name the host
# offers under the kernel's names (that is "exports duplicate symbol", as
# against a built-in; a name only umod's own library has is kept aside),
# and every symbol it leaves undefined is offered by the host or exported
# by a module that loads itself: the largest set of modules closed under
# that (modules may need each other). Prints the count, the families the
# issue names, and the symbols that keep most modules out; then, apart,
# the names umod exports whose 6.1 binary interface is not umod's (item 2).
#   genuine-survey.py MODULES OFFERED UMOD_SYMVERS KERNEL_SYMVERS
#     MODULES         the package's lib/modules/RELEASE
#     OFFERED         host-symvers --abi's output: what genuine modules see
#     UMOD_SYMVERS    umod's own Module.symvers (every name it exports)
#     KERNEL_SYMVERS  the headers' Module.symvers
import collections
import os
import re
import struct
import sys

THIS_MODULE_SIZE = 896		# 6.1 amd64's struct module
# what the 17 leaf modules import, and nothing else
LEAF = re.compile(r"^(__fentry__|__x86_return_thunk|__x86_indirect_thunk_\w+|__stack_chk_fail)$")


def elf_facts(path):
    """undefined symbols, allocated section names, this_module's size"""
    with open(path, "rb") as f:
        d = f.read()
    shoff, = struct.unpack_from("<Q", d, 0x28)
    shnum, shstrndx = struct.unpack_from("<HH", d, 0x3c)
    secs = [struct.unpack_from("<IIQQQQII", d, shoff + 64 * i) for i in range(shnum)]

    def cstr(off):
        return d[off:d.index(b"\0", off)].decode()

    names = [cstr(secs[shstrndx][4] + s[0]) for s in secs]
    alloc = {names[i] for i, s in enumerate(secs) if s[2] & 2}
    this_size = next((s[5] for i, s in enumerate(secs)
                      if names[i] == ".gnu.linkonce.this_module"), 0)
    undef = set()
    for s in secs:
        if s[1] != 2:		# SHT_SYMTAB
            continue
        strtab = secs[s[6]][4]
        for k in range(1, s[5] // 24):
            name, _, _, shndx = struct.unpack_from("<IBBH", d, s[4] + 24 * k)
            if shndx == 0 and name:
                undef.add(cstr(strtab + name))
    return undef, alloc, this_size


def read_symvers(path):
    """name -> exporting module path ("vmlinux" for the kernel's own)"""
    out = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 3:
                out[parts[1]] = parts[2]
    return out


def refused_sections(path):
    with open(path) as f:
        return [line.split()[2] for line in f if line.startswith("# refused-section ")]


def loadable(mods, offered, exporter):
    """the largest set of modules whose every import is provided by it or the host"""
    ok = {m for m, info in mods.items() if not info["why"]}
    changed = True
    while changed:
        changed = False
        for m in sorted(ok):
            if any(s not in offered and exporter.get(s) not in ok for s in mods[m]["undef"]):
                ok.discard(m)
                changed = True
    return ok


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: genuine-survey.py MODULES OFFERED UMOD_SYMVERS KERNEL_SYMVERS")
    root, offered_path, umod_path, kernel_path = sys.argv[1:]
    offered = read_symvers(offered_path)
    umod_names = read_symvers(umod_path)
    kernel = read_symvers(kernel_path)
    refused = refused_sections(offered_path)
    mods, exporter, exports_of = {}, {}, collections.defaultdict(set)
    for n, m in kernel.items():
        if m != "vmlinux":
            exporter[n] = m
            exports_of[m].add(n)
    for dp, _, files in os.walk(os.path.join(root, "kernel")):
        for f in files:
            if not f.endswith(".ko"):
                continue
            rel = os.path.relpath(os.path.join(dp, f), root)[len("kernel/"):-3]
            undef, alloc, size = elf_facts(os.path.join(dp, f))
            exports = exports_of[rel]
            why = []
            if size != THIS_MODULE_SIZE:
                why.append("its struct module is not 6.1's")
            if any(a.startswith(p) for p in refused for a in alloc):
                why.append("a section the host refuses (%s)" % ", ".join(refused))
            # a name of umod's own library is kept aside (genuine.c), one the
            # host offers under the kernel's names is a duplicate
            if any(e in offered for e in exports):
                why.append("it exports a name the host offers (exports duplicate symbol)")
            mods[rel] = {"undef": undef, "why": why}
    ok = loadable(mods, offered, exporter)
    report(mods, ok, offered, exporter, umod_names, kernel)


def family(mods, ok, pick):
    names = [m for m in mods if pick(m, mods[m])]
    return "%d/%d" % (sum(m in ok for m in names), len(names))


def report(mods, ok, offered, exporter, umod_names, kernel):
    print("modules: %d; would load: %d (every import provided by the host or by a module"
          " that loads, every section understood)" % (len(mods), len(ok)))
    print("  leaf modules (thunks, __fentry__ and the canary only): %s" %
          family(mods, ok, lambda m, i: all(LEAF.match(s) for s in i["undef"])))
    print("  NLS codepages (fs/nls/): %s" % family(mods, ok, lambda m, i: m.startswith("fs/nls/")))
    print("  IR keymaps (drivers/media/rc/keymaps/): %s" %
          family(mods, ok, lambda m, i: m.startswith("drivers/media/rc/keymaps/")))
    others = sorted(m for m in ok if not m.startswith(("fs/nls/", "drivers/media/rc/keymaps/"))
                    and not all(LEAF.match(s) for s in mods[m]["undef"]))
    print("  others: %s" % " ".join(others))
    reasons = collections.Counter(w for i in mods.values() for w in i["why"])
    for r, n in reasons.most_common():
        print("  refused: %d for %s" % (n, r))
    missing, alone = collections.Counter(), collections.Counter()
    for m, i in mods.items():
        if m in ok:
            continue
        miss = {s for s in i["undef"] if s not in offered and s not in exporter}
        missing.update(miss)
        if len(miss) == 1 and not i["why"]:
            alone.update(miss)
    print("the symbols most missing (modules importing it; of them, missing only it):")
    for s, n in missing.most_common(40):
        print("  %-36s %5d %5d" % (s, n, alone[s]))
    both = {s for s in umod_names if kernel.get(s) == "vmlinux" and s not in offered}
    importers = collections.Counter(s for i in mods.values() for s in i["undef"] if s in both)
    print("names both umod and the kernel export, not offered to genuine modules: %d"
          % len(both))
    print("(item 2: umod's binary interface differs, as _printk's, or is not checked yet);"
          " genuine modules importing each:")
    for s in sorted(both, key=lambda s: (-importers[s], s)):
        print("  %-36s %5d" % (s, importers[s]))


if __name__ == "__main__":
    main()
