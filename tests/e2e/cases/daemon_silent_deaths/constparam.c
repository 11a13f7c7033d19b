// SPDX-License-Identifier: MIT
/* a parameter declared const (gcc only warns): writing it faults in the host's set op */
#include <linux/module.h>
#include <linux/moduleparam.h>

static const int value = 1;
module_param(value, int, 0644);

MODULE_LICENSE("GPL");
