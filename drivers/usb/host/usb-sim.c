// SPDX-License-Identifier: MIT
/*
 * The board's USB host controllers, simulated: a platform driver of the
 * host that takes a node of compatible "umod,usb-sim" and makes bus N (N
 * counted from 1 per host, as 6.1's usb_bus_ids): its root hub usbN, the
 * URB engine (drivers/usb/core/urb.c), and a hub thread that enumerates
 * or disconnects the device on a root port when its model is plugged in
 * or out (as 6.1's hub_wq does), so that a driver's probe and disconnect
 * never run on the thread that pulled the plug.
 */
#include <errno.h>
#include <stdlib.h>

#include "drivers/base/base.h"
#include "drivers/of/of_private.h"
#include "drivers/usb/core/usb.h"
#include "kernel/time/tick-internal.h"

struct sim {
	struct umod_usb_hcd hcd;
	pthread_t hub;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	unsigned int events;		/* ports whose plug changed */
	bool stop, hub_running;
	struct sim *next;
};

struct sim_host {
	struct umod_host *host;
	struct platform_driver *drv;
	int next_busnum;
	struct sim_host *next;
};

static pthread_mutex_t sims_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sim *sims;
static struct sim_host *hosts;

static struct sim *sim_of(struct umod_host *host, const struct device_node *np)
{
	struct sim *s;

	pthread_mutex_lock(&sims_lock);
	for (s = sims; s && (s->hcd.host != host || s->hcd.np != np); s = s->next)
		;
	pthread_mutex_unlock(&sims_lock);
	return s;
}

static void *hub_main(void *arg)
{
	struct sim *s = arg;

	pthread_mutex_lock(&s->lock);
	while (!s->stop) {
		unsigned int ev = s->events;

		s->events = 0;
		pthread_mutex_unlock(&s->lock);
		for (unsigned int p = 1; p <= UMOD_USB_PORTS; p++)
			if (ev & (1u << p)) {
				umod_usb_disconnect(&s->hcd, p);
				umod_usb_connect(&s->hcd, p);
			}
		pthread_mutex_lock(&s->lock);
		if (!s->events && !s->stop)
			pthread_cond_wait(&s->wake, &s->lock);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

void umod_usb_sim_port_change(struct umod_host *host, const struct device_node *ctrl,
			      unsigned int port, int connected)
{
	struct sim *s = sim_of(host, ctrl);

	if (!s || port < 1 || port > UMOD_USB_PORTS)
		return;
	pthread_mutex_lock(&s->lock);
	s->events |= 1u << port;
	pthread_cond_signal(&s->wake);
	pthread_mutex_unlock(&s->lock);
}

void umod_usb_sim_kick(struct umod_host *host, const struct device_node *ctrl)
{
	struct sim *s = sim_of(host, ctrl);

	if (s)
		umod_usb_hcd_kick(&s->hcd);
}

static int busnum(struct umod_host *host)
{
	int nr = 1;

	pthread_mutex_lock(&sims_lock);
	for (struct sim_host *h = hosts; h; h = h->next)
		if (h->host == host)
			nr = h->next_busnum++;
	pthread_mutex_unlock(&sims_lock);
	return nr;
}

static void sim_free(struct sim *s)
{
	pthread_mutex_lock(&s->lock);
	s->stop = true;
	pthread_cond_signal(&s->wake);
	pthread_mutex_unlock(&s->lock);
	if (s->hub_running)
		pthread_join(s->hub, NULL);
	umod_usb_remove_root(&s->hcd);
	umod_usb_hcd_stop(&s->hcd);
	pthread_cond_destroy(&s->wake);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

static int sim_probe(struct platform_device *pdev)
{
	struct umod_driver_core *dcore = umod_dev_core(&pdev->dev);
	struct sim *s = calloc(1, sizeof(*s));
	int err;

	if (!s)
		return -ENOMEM;
	s->hcd.host = dcore->host;
	s->hcd.np = pdev->dev.of_node;
	s->hcd.parent = &pdev->dev;
	s->hcd.busnum = busnum(dcore->host);
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->wake, NULL);
	err = umod_usb_hcd_start(&s->hcd);
	if (!err)
		err = umod_usb_add_root(&s->hcd);
	if (err) {
		umod_usb_hcd_stop(&s->hcd);
		pthread_cond_destroy(&s->wake);
		pthread_mutex_destroy(&s->lock);
		free(s);
		return err;
	}
	pthread_mutex_lock(&sims_lock);
	s->next = sims;
	sims = s;
	pthread_mutex_unlock(&sims_lock);
	/* what is plugged in at power on */
	for (unsigned int p = 1; p <= UMOD_USB_PORTS; p++)
		umod_usb_connect(&s->hcd, p);
	s->hub_running = !umod_thread_spawn(&s->hub, hub_main, s);
	pdev->dev.driver_data = s;
	return 0;
}

static int sim_remove(struct platform_device *pdev)
{
	struct sim *s = pdev->dev.driver_data;

	pthread_mutex_lock(&sims_lock);
	for (struct sim **pp = &sims; *pp; pp = &(*pp)->next)
		if (*pp == s) {
			*pp = s->next;
			break;
		}
	pthread_mutex_unlock(&sims_lock);
	sim_free(s);
	return 0;
}

static const struct of_device_id sim_of_match[] = {
	{ .compatible = "umod,usb-sim" },
	{ .compatible = "" }
};

int umod_usb_sim_register(struct umod_host *host)
{
	struct umod_driver_core *dcore = umod_driver_core(host);
	struct sim_host *h;
	int err;

	if (!dcore)
		return -ENODEV;
	pthread_mutex_lock(&sims_lock);
	for (h = hosts; h && h->host != host; h = h->next)
		;
	pthread_mutex_unlock(&sims_lock);
	if (h)
		return 0;
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->host = host;
	h->next_busnum = 1;
	pthread_mutex_lock(&sims_lock);
	h->next = hosts;
	hosts = h;
	pthread_mutex_unlock(&sims_lock);
	err = umod_platform_host_driver(dcore, "usb-sim", sim_of_match, sim_probe, sim_remove,
					&h->drv);
	if (err)
		umod_usb_sim_unregister(host);
	return err;
}

void umod_usb_sim_unregister(struct umod_host *host)
{
	struct sim_host *h = NULL;

	pthread_mutex_lock(&sims_lock);
	for (struct sim_host **pp = &hosts; *pp; pp = &(*pp)->next)
		if ((*pp)->host == host) {
			h = *pp;
			*pp = h->next;
			break;
		}
	pthread_mutex_unlock(&sims_lock);
	if (!h)
		return;
	umod_platform_host_driver_free(h->drv);
	free(h);
}
