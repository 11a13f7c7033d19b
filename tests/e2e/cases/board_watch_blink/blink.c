// SPDX-License-Identifier: GPL-2.0
/* An LED on GPIO 4 blinking from a timer, every 20 ms, as a 6.1 module would. */
#include <linux/gpio.h>
#include <linux/module.h>
#include <linux/timer.h>

static struct timer_list blink_timer;
static int on;

static void blink(struct timer_list *t)
{
	on = !on;
	gpio_set_value(4, on);
	mod_timer(&blink_timer, jiffies + msecs_to_jiffies(20));
}

static int __init blink_init(void)
{
	int ret = gpio_request_one(4, GPIOF_OUT_INIT_LOW, "blink");

	if (ret)
		return ret;
	timer_setup(&blink_timer, blink, 0);
	mod_timer(&blink_timer, jiffies + msecs_to_jiffies(20));
	return 0;
}

static void __exit blink_exit(void)
{
	del_timer_sync(&blink_timer);
	gpio_set_value(4, 0);
	gpio_free(4);
}

module_init(blink_init);
module_exit(blink_exit);
MODULE_LICENSE("GPL");
