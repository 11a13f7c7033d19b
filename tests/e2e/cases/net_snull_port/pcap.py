import struct, sys
data = open(sys.argv[1], 'rb').read()
magic, vmaj, vmin, _, _, snap, link = struct.unpack('<IHHiIII', data[:24])
print('pcap %x v%d.%d snaplen %d linktype %d' % (magic, vmaj, vmin, snap, link))
off, n = 24, 0
while off < len(data):
    sec, usec, incl, orig = struct.unpack('<IIII', data[off:off + 16])
    f = data[off + 16:off + 16 + incl]
    off += 16 + incl
    n += 1
    mac = lambda b: ':'.join('%02x' % x for x in b)
    print('frame %d: %d bytes, %s > %s, type %04x' % (n, incl, mac(f[6:12]), mac(f[0:6]), struct.unpack('!H', f[12:14])[0]))
    if f[12:14] == b'\x08\x00':
        ip = f[14:34]
        s = sum((ip[i] << 8) | ip[i+1] for i in range(0, 20, 2))
        while s >> 16: s = (s & 0xffff) + (s >> 16)
        print('  IPv4 %s > %s, proto %d, header checksum %s, payload %r' % (
            '.'.join(map(str, ip[12:16])), '.'.join(map(str, ip[16:20])), ip[9],
            'good' if s == 0xffff else 'BAD', f[42:]))
print('%d frames' % n)
