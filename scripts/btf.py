# Structure layouts from BTF, the BPF Type Format (Linux's
# Documentation/bpf/btf.rst): the .BTF section of an ELF file, which a
# kernel's vmlinux carries (CONFIG_DEBUG_INFO_BTF) and GCC 12 writes for
# an object compiled with -gbtf. Only what check-kabi.py needs: a
# struct's size and its members' names, bit offsets and bit sizes. Every
# offset and length read from the file is bounds-checked.
import struct

INT, PTR, ARRAY, STRUCT, UNION, ENUM, FWD, TYPEDEF = 1, 2, 3, 4, 5, 6, 7, 8
VOLATILE, CONST, RESTRICT, FUNC, FUNC_PROTO, VAR, DATASEC = 9, 10, 11, 12, 13, 14, 15
FLOAT, DECL_TAG, TYPE_TAG, ENUM64 = 16, 17, 18, 19
MODIFIERS = (TYPEDEF, VOLATILE, CONST, RESTRICT, TYPE_TAG)
# bytes after the 12-byte common part: fixed, and per vlen entry
EXTRA = {INT: (4, 0), ARRAY: (12, 0), STRUCT: (0, 12), UNION: (0, 12),
         ENUM: (0, 8), FUNC_PROTO: (0, 8), VAR: (4, 0), DATASEC: (0, 12),
         DECL_TAG: (4, 0), ENUM64: (0, 12)}


class BtfError(Exception):
    pass


def elf_section(elf, wanted):
    """the bytes of section WANTED of a little-endian ELF64 file"""
    if elf[:4] != b"\x7fELF" or len(elf) < 64 or elf[4] != 2 or elf[5] != 1:
        raise BtfError("not a little-endian ELF64 file")
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3a)
    if shentsize != 64 or shstrndx >= shnum or shoff + shnum * 64 > len(elf):
        raise BtfError("bad section header table")

    def header(i):
        name, _, _, _, off, size = struct.unpack_from("<IIQQQQ", elf, shoff + i * 64)
        if off + size > len(elf):
            raise BtfError("section %d lies outside the file" % i)
        return name, off, size

    _, stroff, strsize = header(shstrndx)
    for i in range(shnum):
        name, off, size = header(i)
        end = elf.find(b"\0", stroff + name, stroff + strsize)
        if name < strsize and end >= 0 and elf[stroff + name:end] == wanted:
            return elf[off:off + size]
    raise BtfError("no %s section" % wanted.decode())


class Btf:
    def __init__(self, data):
        if len(data) < 24:
            raise BtfError("BTF header truncated")
        magic, _, _, hdr_len, toff, tlen, soff, slen = struct.unpack_from("<HBBIIIII", data)
        if magic != 0xEB9F or hdr_len < 24:
            raise BtfError("not little-endian BTF")
        if hdr_len + max(toff + tlen, soff + slen) > len(data):
            raise BtfError("BTF sections lie outside the data")
        self.strings = data[hdr_len + soff:hdr_len + soff + slen]
        self.types = [None]  # type 0 is void
        self.names = {}
        self._parse(data[hdr_len + toff:hdr_len + toff + tlen])

    def _parse(self, types):
        at = 0
        while at < len(types):
            if at + 12 > len(types):
                raise BtfError("type %d truncated" % len(self.types))
            name_off, info, size_or_type = struct.unpack_from("<III", types, at)
            kind, vlen, kflag = info >> 24 & 0x1f, info & 0xffff, info >> 31
            fixed, each = EXTRA.get(kind, (0, 0))
            end = at + 12 + fixed + vlen * each
            if end > len(types):
                raise BtfError("type %d truncated" % len(self.types))
            t = {"kind": kind, "name": self.string(name_off), "kflag": kflag,
                 "sot": size_or_type, "body": types[at + 12:end], "vlen": vlen}
            self.names.setdefault((t["name"], kind), len(self.types))
            self.types.append(t)
            at = end

    def string(self, off):
        end = self.strings.find(b"\0", off)
        if off >= len(self.strings) or end < 0:
            raise BtfError("string offset %d out of range" % off)
        return self.strings[off:end].decode()

    def type(self, tid):
        if not 0 < tid < len(self.types):
            raise BtfError("type id %d out of range" % tid)
        return self.types[tid]

    def resolve(self, tid):
        """TID through typedefs and qualifiers"""
        for _ in range(64):
            t = self.type(tid)
            if t["kind"] not in MODIFIERS:
                return tid
            tid = t["sot"]
        raise BtfError("type %d: a modifier loop" % tid)

    def size(self, tid):
        """a type's size in bytes"""
        t = self.type(self.resolve(tid))
        if t["kind"] == PTR:
            return 8
        if t["kind"] == ARRAY:
            elem, _, nelems = struct.unpack_from("<III", t["body"])
            return self.size(elem) * nelems
        if t["kind"] in (FWD, FUNC, FUNC_PROTO):
            raise BtfError("%s has no size" % (t["name"] or "an incomplete type"))
        return t["sot"]

    def find(self, name):
        """the struct or union NAME, or the one the typedef NAME names"""
        for kind in (STRUCT, UNION, TYPEDEF):
            tid = self.names.get((name, kind))
            if tid is not None:
                tid = self.resolve(tid)
                if self.type(tid)["kind"] in (STRUCT, UNION):
                    return tid
        return None

    def members(self, tid, base=0):
        """[(name, bit offset, bit size)] of a struct or union, the members
        of its anonymous structs and unions among them, as C names them"""
        t, out = self.type(tid), []
        for i in range(t["vlen"]):
            name_off, mtype, offset = struct.unpack_from("<III", t["body"], i * 12)
            bits = offset >> 24 if t["kflag"] else 0
            offset = base + (offset & 0xffffff if t["kflag"] else offset)
            name, inner = self.string(name_off), self.resolve(mtype)
            if not name and self.type(inner)["kind"] in (STRUCT, UNION):
                out += self.members(inner, offset)
                continue
            out.append((name, offset, bits or self._bits(inner)))
        return out

    def _bits(self, tid):
        t = self.type(tid)
        if t["kind"] == INT:  # an old-style bitfield: the int's own width
            return struct.unpack_from("<I", t["body"])[0] & 0xff
        return self.size(tid) * 8

    def layout(self, name):
        """(size in bytes, members) of the struct NAME, or None"""
        tid = self.find(name)
        return None if tid is None else (self.type(tid)["sot"], self.members(tid))
