/* SPDX-License-Identifier: MIT */
/* linux/circ_buf.h's ring, which struct uart_state embeds (umod/kabi/tty.h) */
#ifndef _UMOD_KABI_CIRC_BUF_H
#define _UMOD_KABI_CIRC_BUF_H

struct circ_buf {
	char *buf;
	int head;
	int tail;
};

#endif /* _UMOD_KABI_CIRC_BUF_H */
