#!/usr/bin/env python3
# make check-kabi: umod's kernel structures against Debian's 6.1 amd64
# kernel, as its vmlinux's BTF describes them. LIST (tests/kabi/structs)
# names every struct compared; umod's layouts come from OBJ, an object
# compiled from umod's headers with GCC's -gbtf (tests/kabi/structs.c).
# A struct of the must-match list has 6.1's size and each of 6.1's members
# at 6.1's offset with 6.1's size; one "ok:" line per struct, one "FAIL:"
# line per difference. A struct not 6.1's yet shows its first difference,
# and fails once it has none (then it belongs on the must-match list).
# With GENUINE_C (kernel/module/genuine.c), its debian-6.1 row of struct
# module's size and init/exit offsets is compared too.
#   scripts/check-kabi.py LIST VMLINUX_BTF OBJ [GENUINE_C]
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from btf import Btf, BtfError, elf_section  # noqa: E402


def where(bits):
    return "%d" % (bits // 8) if bits % 8 == 0 else "bit %d" % bits


def span(bits):
    if bits % 8:
        return "%d bit%s" % (bits, "s" if bits > 1 else "")
    return "%d" % (bits // 8)


def read_list(path):
    """[(struct, [members] or None, reason or None)]"""
    entries = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0]
            words, _, reason = line.partition("--")
            words = words.split()
            if words:
                entries.append((words[0], words[1:] or None, reason.strip() or None))
    return entries


def differences(name, only, linux, umod):
    """(the size's difference or None, [each member's]) of umod's struct
    NAME from 6.1's, one line each"""
    if umod is None:
        return "%s: umod has no such struct" % name, []
    size = None
    if only is None and linux[0] != umod[0]:
        size = "%s: size: 6.1 %d, umod %d" % (name, linux[0], umod[0])
    have, out = {m[0]: m for m in umod[1]}, []
    for member, off, bits in linux[1]:
        if only is not None and member not in only:
            continue
        ours = have.get(member)
        if ours == (member, off, bits):
            continue
        got = "umod offset %s size %s" % (where(ours[1]), span(ours[2])) if ours else "umod has none"
        out.append("%s.%s: 6.1 offset %s size %s, %s" % (name, member, where(off), span(bits), got))
    for member in only or []:
        if member not in (m[0] for m in linux[1]):
            out.append("%s.%s: 6.1 has no such member" % (name, member))
    return size, out


def check(entry, linux_btf, umod_btf):
    """prints the struct's line(s); returns whether it is as listed"""
    name, only, reason = entry
    linux = linux_btf.layout(name)
    if linux is None:
        print("FAIL: %s: 6.1 has no such struct" % name)
        return False
    size, members = differences(name, only, linux, umod_btf.layout(name))
    diffs = ([size] if size else []) + members
    if reason:
        if not diffs:
            print("FAIL: %s is 6.1's now: delete its reason in the list (%s)" % (name, reason))
            return False
        # the size and the first member that differ
        print("not yet: %s (%s): %s" % (name, reason, "; ".join(diffs[:2 if size else 1])))
        return True
    for d in diffs:
        print("FAIL: " + d)
    if not diffs and only:
        print("ok: %s: %s as 6.1's (only these)" % (name, ", ".join(only)))
    elif not diffs:
        print("ok: %s: %d bytes, %d member%s as 6.1's" %
              (name, linux[0], len(linux[1]), "s" if len(linux[1]) > 1 else ""))
    return not diffs


def check_genuine(path, linux_btf):
    """genuine.c's debian-6.1 row: struct module's size, init and exit"""
    with open(path) as f:
        row = re.search(r'\{\s*"debian-6\.1",\s*(\d+),\s*(\d+),\s*(\d+),', f.read())
    if not row:
        print("FAIL: %s: no debian-6.1 row" % path)
        return False
    size, members = linux_btf.layout("module")
    offsets = {m[0]: m[1] // 8 for m in members}
    linux = (size, offsets.get("init"), offsets.get("exit"))
    mine = tuple(int(n) for n in row.groups())
    ok = linux == mine
    print("%s: genuine.c's debian-6.1 row: struct module %d bytes, init at %d, exit at %d%s" %
          ("ok" if ok else "FAIL", *mine,
           "" if ok else "; 6.1: %d bytes, init at %s, exit at %s" % linux))
    return ok


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: check-kabi.py LIST VMLINUX_BTF OBJ [GENUINE_C]")
    try:
        with open(sys.argv[2], "rb") as f:
            linux_btf = Btf(f.read())
        with open(sys.argv[3], "rb") as f:
            umod_btf = Btf(elf_section(f.read(), b".BTF"))
    except (OSError, BtfError) as e:
        sys.exit("FAIL: %s" % e)
    entries = read_list(sys.argv[1])
    ok = [check(e, linux_btf, umod_btf) for e in entries]
    pending = sum(1 for e in entries if e[2])
    if len(sys.argv) == 5:
        ok.append(check_genuine(sys.argv[4], linux_btf))
    print("%d structs compared: %d as 6.1's, %d not yet; %d failed" %
          (len(entries), len(entries) - pending, pending, ok.count(False)))
    sys.exit(0 if all(ok) else 1)


if __name__ == "__main__":
    main()
