// SPDX-License-Identifier: MIT
/*
 * The built-in models of what the guides wire to a GPIO header, written
 * against the public interface (include/umod/model.h) as a plugin's are:
 *
 * gpio-led      an LED from line 0 to ground: lit while the host drives
 *               the line high (`umod,active-low`: low). File "state":
 *               "on" or "off" (its changes are in board/lines).
 * gpio-button   a push button from line 0 to 3.3 V (`umod,active-low`:
 *               to ground): pressed, it drives the line; released, the
 *               line's pull decides. File "state" (rw): 1 pressed, 0
 *               released, "click": pressed for umod,press-ms (100) then
 *               released. `umod,autopress-ms = <N>`: a click every N ms,
 *               a board timer pressing it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <umod/model.h>

#include "boards/board.h"

/* ---- gpio-led --------------------------------------------------------------------- */

struct led {
	int on;
	int active_low;
};

static int led_init(struct umod_model *m, void *state)
{
	struct led *l = state;

	l->active_low = umod_model_prop_bool(m, "umod,active-low");
	return 0;
}

static void led_reset(struct umod_model *m, void *state)
{
	((struct led *)state)->on = 0;
}

static void led_output(struct umod_model *m, void *state, unsigned int n, int level)
{
	struct led *l = state;
	int on = level < 0 ? 0 : (level ^ l->active_low);


	l->on = on;
}

static ssize_t led_state_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%s\n", ((struct led *)state)->on ? "on" : "off");
}

static int led_init_files(struct umod_model *m, void *state)
{
	int err = led_init(m, state);

	return err ? err : umod_model_add_file(m, "state", 0444, led_state_show, NULL);
}

const struct umod_model_type umod_model_gpio_led = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "gpio-led",
	.state_size = sizeof(struct led),
	.init = led_init_files,
	.reset = led_reset,
	.line_output = led_output,
};

/* ---- gpio-button -------------------------------------------------------------------- */

struct button {
	int pressed;
	int active_low;
	uint32_t press_ms, autopress_ms;
	struct umod_model_timer *release, *autopress;
};

static void button_set(struct umod_model *m, struct button *b, int pressed)
{
	b->pressed = pressed;
	umod_model_line_drive(m, 0, pressed ? !b->active_low : -1);
}

static void button_release(struct umod_model *m, void *state)
{
	button_set(m, state, 0);
}

static void button_click(struct umod_model *m, struct button *b)
{
	button_set(m, b, 1);
	umod_model_timer_mod(b->release, (uint64_t)b->press_ms * 1000000ull);
}

static void button_autopress(struct umod_model *m, void *state)
{
	struct button *b = state;

	button_click(m, b);
	umod_model_timer_mod(b->autopress, (uint64_t)b->autopress_ms * 1000000ull);
}

static ssize_t button_state_show(struct umod_model *m, void *state, char *buf, size_t size)
{
	return snprintf(buf, size, "%d\n", ((struct button *)state)->pressed);
}

static ssize_t button_state_store(struct umod_model *m, void *state, const char *buf,
				  size_t len)
{
	struct button *b = state;

	if (!strncmp(buf, "click", 5))
		button_click(m, b);
	else if (buf[0] == '1' || buf[0] == '0')
		button_set(m, b, buf[0] == '1');
	else
		return -EINVAL;
	return (ssize_t)len;
}

static int button_init(struct umod_model *m, void *state)
{
	struct button *b = state;
	uint32_t v;

	b->active_low = umod_model_prop_bool(m, "umod,active-low");
	b->press_ms = umod_model_prop_u32(m, "umod,press-ms", 0, &v) ? 100 : v;
	if (umod_model_prop_u32(m, "umod,autopress-ms", 0, &b->autopress_ms))
		b->autopress_ms = 0;
	b->release = umod_model_timer_new(m, button_release);
	b->autopress = umod_model_timer_new(m, button_autopress);
	if (!b->release || !b->autopress)
		return -ENOMEM;
	return umod_model_add_file(m, "state", 0644, button_state_show, button_state_store);
}

static void button_reset(struct umod_model *m, void *state)
{
	struct button *b = state;

	button_set(m, b, 0);
	if (b->autopress_ms)
		umod_model_timer_mod(b->autopress, (uint64_t)b->autopress_ms * 1000000ull);
}

const struct umod_model_type umod_model_gpio_button = {
	.api_version = UMOD_MODEL_API_VERSION,
	.name = "gpio-button",
	.state_size = sizeof(struct button),
	.init = button_init,
	.reset = button_reset,
};
