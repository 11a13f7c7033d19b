// SPDX-License-Identifier: MIT
/* the smallest object with an init: its ELF machine is what is tested */
int init_module(void);

int init_module(void)
{
	return 0;
}
