// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose Kbuild adds -I$(src)/include, as the driver book's
 * Makefiles add their include/, and which includes <linux/aio.h> for
 * struct kiocb, as its scull variants do.
 */
#include <linux/module.h>
#include <linux/aio.h>
#include <linux/fs.h>
#include "srcinc.h"

static int srcinc_cancel(struct kiocb *iocb)
{
	return 0;
}

static int __init srcinc_init(void)
{
	kiocb_cancel_fn *cancel = srcinc_cancel;

	pr_info("srcinc: sync kiocb helpers %s\n", cancel ? "present" : "absent");
	return 0;
}

static void __exit srcinc_exit(void)
{
}

module_init(srcinc_init);
module_exit(srcinc_exit);
MODULE_DESCRIPTION(SRCINC_DESCRIPTION);
MODULE_LICENSE("GPL");
