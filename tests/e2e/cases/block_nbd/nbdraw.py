# A raw NBD client for the requests no well-behaved client sends: the
# handshake (fixed newstyle, NBD_OPT_GO), then each request's reply.
import socket
import struct
import sys

s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])


def recv(n):
    b = b""
    while len(b) < n:
        c = s.recv(n - len(b))
        if not c:
            raise EOFError
        b += c
    return b


def request(kind, off, length, payload=b""):
    s.sendall(struct.pack(">IHHQQI", 0x25609513, 0, kind, 7, off, length) + payload)
    magic, err, handle = struct.unpack(">IIQ", recv(16))
    data = recv(length) if kind == 0 and err == 0 else b""
    return err, data


def option(opt, data):
    s.sendall(struct.pack(">QII", 0x49484156454F5054, opt, len(data)) + data)
    replies = []
    while True:
        magic, o, kind, n = struct.unpack(">QIII", recv(20))
        replies.append((kind, recv(n)))
        if kind == 1 or kind & 0x80000000:
            return replies


magic, ihaveopt, flags = struct.unpack(">QQH", recv(18))
print("handshake flags %d" % flags)
s.sendall(struct.pack(">I", 3))
print("unknown option: reply 0x%x" % option(99, b"")[-1][0])
print("LIST with data: reply 0x%x" % option(3, b"x")[-1][0])
print("GO of a name not served: reply 0x%x" % option(7, struct.pack(">I", 4) + b"nope" + struct.pack(">H", 0))[-1][0])
print("GO with a short name field: reply 0x%x" % option(7, struct.pack(">I", 99) + b"ab")[-1][0])
r = option(7, struct.pack(">I", 0) + struct.pack(">H", 0))
size = struct.unpack(">QH", r[0][1][2:12])[0]
print("GO: size %d" % size)
print("READ past the end: error %d" % request(0, size - 512, 1024)[0])
print("READ at an offset past 2^63: error %d" % request(0, 1 << 63, 512)[0])
print("READ of 64 MiB: error %d" % request(0, 0, 64 << 20)[0])
print("WRITE past the end: error %d" % request(1, size, 4, b"junk")[0])
print("unknown command: error %d" % request(9, 0, 0)[0])
print("TRIM of the first 8 KiB: error %d" % request(4, 0, 8192)[0])
request(1, 4096, 5, b"HELLO")
err, data = request(0, 4094, 9)
print("in step after them: error %d, read %r" % (err, data))
s.sendall(struct.pack(">IHHQQI", 0xdeadbeef, 0, 0, 1, 0, 0))
print("bad magic: connection closed" if s.recv(1) == b"" else "bad magic: answered")
