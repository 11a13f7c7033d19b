// SPDX-License-Identifier: GPL-2.0
/*
 * A button that toggles an LED, as a driver for Linux 6.1 writes it: a
 * platform driver bound by compatible, its lines from the node
 * (led-gpios, button-gpios), the button's interrupt on its rising edge;
 * the toggle done in the hard handler, a tasklet, a work item or a
 * threaded handler, as the parameter "mode" says.
 */
#include <linux/gpio/consumer.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <linux/workqueue.h>

static char *mode = "hard";
module_param(mode, charp, 0444);

struct button_led {
	struct gpio_desc *led, *button;
	struct tasklet_struct tasklet;
	struct work_struct work;
	int irq;
};

static void toggle(struct button_led *bl, const char *from)
{
	int on = !gpiod_get_value(bl->led);

	gpiod_set_value(bl->led, on);
	pr_info("button_led: LED %s (%s, in_interrupt %d)\n", on ? "on" : "off", from,
		in_interrupt() ? 1 : 0);
}

static void toggle_tasklet(struct tasklet_struct *t)
{
	toggle(from_tasklet((struct button_led *)NULL, t, tasklet), "tasklet");
}

static void toggle_work(struct work_struct *w)
{
	toggle(container_of(w, struct button_led, work), "work");
}

static irqreturn_t hard(int irq, void *data)
{
	struct button_led *bl = data;

	if (!strcmp(mode, "tasklet"))
		tasklet_schedule(&bl->tasklet);
	else if (!strcmp(mode, "work"))
		schedule_work(&bl->work);
	else
		toggle(bl, "hard irq");
	return IRQ_HANDLED;
}

static irqreturn_t threaded(int irq, void *data)
{
	toggle(data, "irq thread");
	return IRQ_HANDLED;
}

static int button_led_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct button_led *bl = devm_kzalloc(dev, sizeof(*bl), GFP_KERNEL);
	int ret;

	if (!bl)
		return -ENOMEM;
	bl->led = devm_gpiod_get(dev, "led", GPIOD_OUT_LOW);
	if (IS_ERR(bl->led))
		return dev_err_probe(dev, PTR_ERR(bl->led), "no LED\n");
	bl->button = devm_gpiod_get(dev, "button", GPIOD_IN);
	if (IS_ERR(bl->button))
		return dev_err_probe(dev, PTR_ERR(bl->button), "no button\n");
	bl->irq = gpiod_to_irq(bl->button);
	if (bl->irq < 0)
		return bl->irq;
	tasklet_setup(&bl->tasklet, toggle_tasklet);
	INIT_WORK(&bl->work, toggle_work);
	if (!strcmp(mode, "thread"))
		ret = devm_request_threaded_irq(dev, bl->irq, NULL, threaded,
						IRQF_TRIGGER_RISING | IRQF_ONESHOT,
						"button-led", bl);
	else
		ret = devm_request_irq(dev, bl->irq, hard, IRQF_TRIGGER_RISING, "button-led", bl);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, bl);
	dev_info(dev, "button IRQ %d, bottom half: %s\n", bl->irq, mode);
	return 0;
}

static int button_led_remove(struct platform_device *pdev)
{
	struct button_led *bl = platform_get_drvdata(pdev);

	devm_free_irq(&pdev->dev, bl->irq, bl);
	tasklet_kill(&bl->tasklet);
	cancel_work_sync(&bl->work);
	return 0;
}

static const struct of_device_id button_led_ids[] = {
	{ .compatible = "umod-test,button-led" },
	{ }
};
MODULE_DEVICE_TABLE(of, button_led_ids);

static struct platform_driver button_led_driver = {
	.probe = button_led_probe,
	.remove = button_led_remove,
	.driver = {
		.name = "button-led",
		.of_match_table = button_led_ids,
	},
};
module_platform_driver(button_led_driver);
MODULE_LICENSE("GPL");
