import struct, sys
def csum(b):
    s = sum((b[i] << 8) | b[i+1] for i in range(0, len(b), 2))
    while s >> 16: s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff
icmp = bytearray(struct.pack('!BBHHH', 8, 0, 0, 0x1234, 1) + b'umod ping payload!')
struct.pack_into('!H', icmp, 2, csum(icmp))
ip = bytearray(struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(icmp), 1, 0, 64, 1, 0,
                           bytes([192, 168, 0, 1]), bytes([192, 168, 0, 2])))
struct.pack_into('!H', ip, 10, csum(ip))
frame = bytes.fromhex('00534e554c30') + bytes.fromhex('00534e554c30') + b'\x08\x00' + ip + icmp
with open(sys.argv[1], 'wb', buffering=0) as f:
    f.write(frame)
