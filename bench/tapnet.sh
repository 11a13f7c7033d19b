#!/bin/sh
# tapnet: ping round trip and TCP throughput through the umsnull NAPI
# driver over TAP, against the same frames forwarded by tapfloor (TAP to
# TAP, no umod). Run inside `unshare -n` as root. sn0 stays here (10.9.0.1),
# sn1 goes to a second namespace (10.9.0.2); umsnull flips the third
# octet of both addresses (one up, one down: TCP's checksum holds), so
# here 10.9.1.2 is there. Prints "VARIANT rtt_us X" and "VARIANT tcp_gbps
# Y" per round, the variants taking turns.
#   tapnet.sh UMOD UMSNULL_KO TAPFLOOR ROUNDS SCRATCH
set -u
umod=$1 ko=$2 floor=$3 rounds=$4 dir=$5
PATH=$PATH:/sbin:/usr/sbin
ip link set lo up

# sn0 and sn1 exist; sn1 to namespace $peer, addresses, iperf3 server there
wire() {
	unshare -n sleep 1000 &
	peer=$!
	sleep 0.2
	ip link set sn1 netns $peer
	[ -n "${1:-}" ] && echo 0x1003 > "$1/sys/class/net/sn1/flags"
	ip addr add 10.9.0.1/16 dev sn0
	ip link set sn0 up
	ip neigh replace 10.9.1.2 lladdr 02:00:00:00:00:01 dev sn0
	nsenter -t $peer -n sh -c 'ip link set lo up; ip addr add 10.9.0.2/16 dev sn1;
		ip link set sn1 up; ip neigh replace 10.9.1.1 lladdr 02:00:00:00:00:02 dev sn1'
	# one client, then it ends (nsenter execs it: $! is the server)
	nsenter -t $peer -n iperf3 -s -1 -B 10.9.0.2 > /dev/null 2>&1 &
	server=$!
	sleep 0.3
}

measure() {
	ping -c 200 -i 0.002 -q 10.9.1.2 | awk -F/ -v v=$1 '/^rtt|^round-trip/ { print v, "rtt_us", $5 * 1000 }'
	iperf3 -c 10.9.1.2 -t 2 -J 2> /dev/null | python3 -c '
import json, sys
print(sys.argv[1], "tcp_gbps", json.load(sys.stdin)["end"]["sum_received"]["bits_per_second"] / 1e9)' $1
}

unwire() {
	kill $server 2> /dev/null
	wait $server 2> /dev/null
	kill $peer 2> /dev/null
	wait $peer 2> /dev/null
}

umod_round() {
	mkdir -p "$dir/root"
	"$umod" daemon -S "$dir/umod.sock" --state-dir "$dir/state" --pidfile "$dir/pid" \
		--root "$dir/root" --tap 2> /dev/null || return
	UMOD_SOCKET=$dir/umod.sock "$umod" insmod "$ko" || return
	wire "$dir/root"
	measure umod
	unwire
	UMOD_SOCKET=$dir/umod.sock "$umod" rmmod umsnull
	kill "$(cat "$dir/pid")"
	while [ -e "$dir/pid" ]; do sleep 0.05; done
}

floor_round() {
	"$floor" &
	fpid=$!
	sleep 0.2
	wire
	measure floor
	unwire
	kill $fpid
	wait $fpid 2> /dev/null
}

i=0
while [ $i -lt "$rounds" ]; do
	umod_round
	floor_round
	i=$((i + 1))
done
