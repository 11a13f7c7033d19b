# The vmlinux ELF image inside a kernel image (a bzImage's vmlinuz carries
# it compressed: xz, gzip or bzip2), as Linux's scripts/extract-vmlinux
# finds it: the first payload that decompresses into an ELF file. Shared by
# extract-sys-certs.py and extract-btf.py.
import bz2
import gzip
import lzma

MAGICS = [(b"\xfd7zXZ\x00", lambda b: lzma.LZMADecompressor().decompress(b)),
          (b"\x1f\x8b\x08", lambda b: gzip.decompress(b)),
          (b"BZh", lambda b: bz2.BZ2Decompressor().decompress(b))]


def vmlinux(image):
    """the ELF image in IMAGE (bytes), or None"""
    for magic, decompress in MAGICS:
        at = image.find(magic)
        while at >= 0:
            try:
                out = decompress(image[at:])
                if out[:4] == b"\x7fELF":
                    return out
            except (lzma.LZMAError, OSError, EOFError, ValueError):
                pass
            at = image.find(magic, at + 1)
    return image if image[:4] == b"\x7fELF" else None


def read_vmlinux(path):
    """the ELF image in the kernel image file PATH; exits when there is none"""
    with open(path, "rb") as f:
        elf = vmlinux(f.read())
    if elf is None:
        raise SystemExit("%s: no kernel image found in it" % path)
    return elf
