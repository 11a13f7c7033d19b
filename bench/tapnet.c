// SPDX-License-Identifier: MIT
/*
 * tapnet: the TAP bridge's cost. bench/tapnet.sh, in a network namespace
 * of its own, measures ping round trips and TCP throughput (iperf3)
 * through the umsnull NAPI driver over TAP, and through tapfloor (the same
 * forwarding between two TAP devices, without umod), taking turns round
 * by round. Needs root, /dev/net/tun, unshare, ip, ping and iperf3: else
 * one line says what is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#define TAPNET_ROUNDS_MAX	5	/* each round: 2 x (200 pings + 2 s of TCP) */

static const char *missing(void)
{
	static const char *const tools[] = { "unshare", "ip", "ping", "iperf3", "nsenter", "python3" };

	if (geteuid() != 0)
		return "not root (TAP devices need CAP_NET_ADMIN)";
	if (access("/dev/net/tun", R_OK | W_OK))
		return "no /dev/net/tun";
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++)
		if (!bench_have(tools[i]))
			return tools[i];
	return NULL;
}

struct tapnet {
	double rtt[2][TAPNET_ROUNDS_MAX], tcp[2][TAPNET_ROUNDS_MAX];
	size_t nrtt[2], ntcp[2];
};

static void take(struct tapnet *t, const char *line)
{
	char variant[16], metric[16];
	double v;
	int i;

	if (sscanf(line, "%15s %15s %lf", variant, metric, &v) != 3)
		return;
	i = strcmp(variant, "umod") != 0;	/* 0: umod, 1: floor */
	if (!strcmp(metric, "rtt_us") && t->nrtt[i] < TAPNET_ROUNDS_MAX)
		t->rtt[i][t->nrtt[i]++] = v;
	if (!strcmp(metric, "tcp_gbps") && t->ntcp[i] < TAPNET_ROUNDS_MAX)
		t->tcp[i][t->ntcp[i]++] = v;
}

static void report(struct tapnet *t)
{
	double rr[TAPNET_ROUNDS_MAX], tr[TAPNET_ROUNDS_MAX];
	size_t nr = t->nrtt[0] < t->nrtt[1] ? t->nrtt[0] : t->nrtt[1];
	size_t nt = t->ntcp[0] < t->ntcp[1] ? t->ntcp[0] : t->ntcp[1];

	for (size_t i = 0; i < nr; i++)
		rr[i] = t->rtt[0][i] / t->rtt[1][i];
	for (size_t i = 0; i < nt; i++)
		tr[i] = t->tcp[0][i] / t->tcp[1][i];
	bench_report("tap_rtt_umod_us", "ping round trip, umsnull (NAPI) over TAP", "us",
		     t->rtt[0], t->nrtt[0]);
	bench_report("tap_rtt_floor_us", "ping round trip, TAP to TAP (no umod)", "us",
		     t->rtt[1], t->nrtt[1]);
	bench_report("tap_rtt_ratio", "umod's round trip / the floor's", "x", rr, nr);
	bench_report("tap_tcp_umod_gbps", "TCP (iperf3), umsnull (NAPI) over TAP", "Gb/s",
		     t->tcp[0], t->ntcp[0]);
	bench_report("tap_tcp_floor_gbps", "TCP (iperf3), TAP to TAP (no umod)", "Gb/s",
		     t->tcp[1], t->ntcp[1]);
	bench_report("tap_tcp_ratio", "umod's throughput / the floor's", "x", tr, nt);
}

int bench_tapnet(const struct bench_ctx *ctx)
{
	unsigned int rounds = ctx->rounds < TAPNET_ROUNDS_MAX ? ctx->rounds : TAPNET_ROUNDS_MAX;
	const char *why = missing();
	struct tapnet t = { 0 };
	char cmd[4096], line[256];
	FILE *p;

	if (why) {
		printf("tapnet: skipped: %s%s\n", why, strchr(why, ' ') ? "" : " not installed");
		return 0;
	}
	snprintf(cmd, sizeof(cmd),
		 "d=$(mktemp -d) && unshare -n sh %s/../../bench/tapnet.sh %s/../bin/umod "
		 "%s/net/umsnull.ko %s/tapfloor %u \"$d\"; rm -rf \"$d\"",
		 ctx->objdir, ctx->objdir, ctx->objdir, ctx->objdir, rounds);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while (fgets(line, sizeof(line), p))
		take(&t, line);
	pclose(p);
	if (!t.nrtt[0] || !t.ntcp[0] || !t.nrtt[1] || !t.ntcp[1]) {
		printf("tapnet: a variant gave no figure\n");
		return -1;
	}
	report(&t);
	return 0;
}
