// SPDX-License-Identifier: GPL-2.0
/*
 * vkbd.c - a virtual keyboard and a virtual tablet for Linux 6.1. Text
 * written to /proc/vkbd is typed on the keyboard, a press and a release
 * (each followed by a sync) per letter, space or newline; a line
 * "@X,Y" moves the tablet's pen there and touches.
 */
#include <linux/module.h>
#include <linux/input.h>
#include <linux/proc_fs.h>
#include <linux/uaccess.h>

static struct input_dev *vkbd, *vtab;

static const unsigned short letters[26] = {
	KEY_A, KEY_B, KEY_C, KEY_D, KEY_E, KEY_F, KEY_G, KEY_H, KEY_I, KEY_J, KEY_K, KEY_L,
	KEY_M, KEY_N, KEY_O, KEY_P, KEY_Q, KEY_R, KEY_S, KEY_T, KEY_U, KEY_V, KEY_W, KEY_X,
	KEY_Y, KEY_Z,
};

static void type_key(unsigned int code)
{
	input_report_key(vkbd, code, 1);
	input_sync(vkbd);
	input_report_key(vkbd, code, 0);
	input_sync(vkbd);
}

static void type_char(char c)
{
	if (c >= 'a' && c <= 'z')
		type_key(letters[c - 'a']);
	else if (c == ' ')
		type_key(KEY_SPACE);
	else if (c == '\n')
		type_key(KEY_ENTER);
}

static ssize_t vkbd_write(struct file *file, const char __user *buf, size_t len, loff_t *off)
{
	char text[64];
	size_t n = min(len, sizeof(text) - 1);
	int x, y;

	if (copy_from_user(text, buf, n))
		return -EFAULT;
	text[n] = '\0';
	if (sscanf(text, "@%d,%d", &x, &y) == 2) {
		input_report_abs(vtab, ABS_X, x);
		input_report_abs(vtab, ABS_Y, y);
		input_report_key(vtab, BTN_TOUCH, 1);
		input_sync(vtab);
		return len;
	}
	for (size_t i = 0; i < n; i++)
		type_char(text[i]);
	return len;
}

static const struct proc_ops vkbd_ops = {
	.proc_write = vkbd_write,
};

static int __init vkbd_init(void)
{
	int i, err;

	vkbd = input_allocate_device();
	vtab = input_allocate_device();
	if (!vkbd || !vtab) {
		err = -ENOMEM;
		goto err_free;
	}
	vkbd->name = "umod virtual keyboard";
	vkbd->phys = "vkbd/input0";
	vkbd->id.bustype = BUS_VIRTUAL;
	vkbd->id.vendor = 0x1234;
	vkbd->id.product = 0x5678;
	vkbd->id.version = 0x0100;
	__set_bit(EV_KEY, vkbd->evbit);
	for (i = 0; i < ARRAY_SIZE(letters); i++)
		__set_bit(letters[i], vkbd->keybit);
	input_set_capability(vkbd, EV_KEY, KEY_SPACE);
	input_set_capability(vkbd, EV_KEY, KEY_ENTER);

	vtab->name = "umod virtual tablet";
	vtab->id.bustype = BUS_VIRTUAL;
	input_set_abs_params(vtab, ABS_X, 0, 1023, 4, 0);
	input_set_abs_params(vtab, ABS_Y, 0, 767, 4, 0);
	input_set_capability(vtab, EV_KEY, BTN_TOUCH);
	__set_bit(INPUT_PROP_DIRECT, vtab->propbit);

	err = input_register_device(vkbd);
	if (err)
		goto err_free;
	err = input_register_device(vtab);
	if (err)
		goto err_unreg;
	if (!proc_create("vkbd", 0222, NULL, &vkbd_ops)) {
		err = -ENOMEM;
		input_unregister_device(vtab);
		goto err_unreg;
	}
	return 0;
err_unreg:
	input_unregister_device(vkbd);
	vkbd = NULL;
err_free:
	input_free_device(vkbd);
	input_free_device(vtab);
	return err;
}

static void __exit vkbd_exit(void)
{
	remove_proc_entry("vkbd", NULL);
	input_unregister_device(vtab);
	input_unregister_device(vkbd);
}

module_init(vkbd_init);
module_exit(vkbd_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("A virtual keyboard and tablet typed through /proc/vkbd");
