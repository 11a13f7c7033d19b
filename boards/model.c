// SPDX-License-Identifier: MIT
/*
 * Device models: the simulated hardware a board's nodes name with
 * "umod,model". (The plugin interface comes with the GPIO models.)
 */
#include "boards/board.h"

int umod_board_models_start(struct umod_host *host)
{
	return 0;
}

void umod_board_models_stop(struct umod_host *host)
{
}
