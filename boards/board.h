/* SPDX-License-Identifier: MIT */
/*
 * What boards/ shares: the built-in boards (their blobs are compiled from
 * the boards/ dts files at build time, scripts/boards_c.sh) and the device models a
 * board's nodes start (model.c).
 */
#ifndef _UMOD_BOARDS_BOARD_H
#define _UMOD_BOARDS_BOARD_H

#include <stddef.h>

#include "kernel/module/internal.h"

struct umod_board_builtin {
	const char *name;		/* "rpi4": what --board takes */
	const unsigned char *dtb;
	size_t len;
};

/* generated: every built-in board, then { NULL } */
extern const struct umod_board_builtin umod_board_builtins[];

/* model.c: the models the board's nodes name ("umod,model"), started once each */
int umod_board_models_start(struct umod_host *host);
void umod_board_models_stop(struct umod_host *host);

/* board.c: with the host's last module gone (unload.c) */
void umod_board_host_gone(struct umod_host *host);

#endif /* _UMOD_BOARDS_BOARD_H */
