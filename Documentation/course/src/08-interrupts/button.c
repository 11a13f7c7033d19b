// SPDX-License-Identifier: GPL-2.0
/*
 * button.c: a button on GPIO 17 toggles an LED on GPIO 4. The hard
 * interrupt handler only counts the press and wakes the handler thread;
 * the thread, where sleeping is allowed, toggles the LED.
 */
#include <linux/gpio.h>
#include <linux/interrupt.h>
#include <linux/module.h>

#define LED_GPIO	4
#define BUTTON_GPIO	17

static int button_irq;
static unsigned int presses;

/* hard interrupt context: be quick, do not sleep */
static irqreturn_t button_top(int irq, void *dev_id)
{
	presses++;
	pr_info("top half: press %u, in_irq() %d\n", presses, in_irq() ? 1 : 0);
	return IRQ_WAKE_THREAD;
}

/* the handler thread: process context, may sleep */
static irqreturn_t button_thread(int irq, void *dev_id)
{
	int led = !gpio_get_value(LED_GPIO);

	gpio_set_value(LED_GPIO, led);
	pr_info("bottom half: LED %s, in %s\n", led ? "on" : "off", current->comm);
	return IRQ_HANDLED;
}

static int __init button_init(void)
{
	int err;

	err = gpio_request(LED_GPIO, "course LED");
	if (err)
		return err;
	gpio_direction_output(LED_GPIO, 0);
	err = gpio_request(BUTTON_GPIO, "course button");
	if (err)
		goto free_led;
	gpio_direction_input(BUTTON_GPIO);
	button_irq = gpio_to_irq(BUTTON_GPIO);
	err = request_threaded_irq(button_irq, button_top, button_thread,
				   IRQF_TRIGGER_RISING | IRQF_ONESHOT,
				   "course_button", NULL);
	if (err)
		goto free_button;
	pr_info("button on GPIO %d is IRQ %d\n", BUTTON_GPIO, button_irq);
	return 0;

free_button:
	gpio_free(BUTTON_GPIO);
free_led:
	gpio_free(LED_GPIO);
	return err;
}

static void __exit button_exit(void)
{
	free_irq(button_irq, NULL);
	gpio_set_value(LED_GPIO, 0);
	gpio_free(BUTTON_GPIO);
	gpio_free(LED_GPIO);
	pr_info("%u presses\n", presses);
}

module_init(button_init);
module_exit(button_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A button's interrupt toggles an LED");
