# patch.py FILE versions SYMBOL | FILE modinfo OLD NEW | FILE signature
# A genuine module damaged in one place: the CRC of SYMBOL in __versions
# (+1), a .modinfo string replaced by one of the same length, or a byte of
# the signature appended after the ELF image (flipped).
import struct
import sys

path, what = sys.argv[1], sys.argv[2]
data = bytearray(open(path, "rb").read())


def section(name):
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shnum, shstrndx = struct.unpack_from("<HH", data, 0x3c)
    strtab = struct.unpack_from("<Q", data, shoff + 64 * shstrndx + 24)[0]
    for i in range(shnum):
        sh = struct.unpack_from("<IIQQQQ", data, shoff + 64 * i)
        end = data.index(b"\0", strtab + sh[0])
        if data[strtab + sh[0]:end].decode() == name:
            return sh[4], sh[5]
    sys.exit("no section " + name)


if what == "versions":
    off, size = section("__versions")
    for e in range(off, off + size, 64):
        if data[e + 8:e + 64].rstrip(b"\0").decode() == sys.argv[3]:
            data[e] = (data[e] + 1) & 0xff
elif what == "modinfo":
    off, size = section(".modinfo")
    old, new = sys.argv[3].encode(), sys.argv[4].encode()
    at = data.index(old, off, off + size)
    data[at:at + len(old)] = new
else:
    data[len(data) - 28 - 12 - 16] ^= 0x01
open(path, "wb").write(data)
