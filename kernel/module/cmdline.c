// SPDX-License-Identifier: MIT
/*
 * The host's "kernel command line". Linux hands "module.param=value" words
 * of its command line to user space, and modprobe (kmod's kcmdline
 * parsing) gives them to that module when it loads, before the options of
 * the modprobe command itself, so those win. A host does the same on
 * every load: the options for the module first, then the load's own
 * arguments. Words that are not "MODULE.PARAM[=VALUE]" are ignored, as
 * are two dots before the '=' and a '=' before the dot, as kmod does.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/module/internal.h"
#include "lib/kstrtox.h"

UMOD_API int umod_host_set_cmdline(struct umod_host *host, const char *cmdline)
{
	char *copy = NULL, *old;

	if (!host)
		return -EINVAL;
	if (cmdline && *cmdline) {
		copy = strdup(cmdline);
		if (!copy)
			return -ENOMEM;
	}
	pthread_mutex_lock(&host->module_mutex);
	old = host->cmdline;
	host->cmdline = copy;
	pthread_mutex_unlock(&host->module_mutex);
	free(old);
	return 0;
}

/* the next word of @s (quotes protect spaces); its length, 0 at the end */
static size_t next_word(const char **s, const char **word)
{
	const char *p = *s;
	bool quoted = false;
	size_t len;

	while (isspace((unsigned char)*p))
		p++;
	*word = p;
	for (len = 0; p[len] && (quoted || !isspace((unsigned char)p[len])); len++)
		if (p[len] == '"')
			quoted = !quoted;
	*s = p + len;
	return len;
}

/*
 * @w is a word without its quotes. If it is "MODULE.PARAM[=VALUE]", cuts
 * it at the dot and returns MODULE, with *@opt pointing at the rest.
 */
static char *split_word(char *w, char **opt)
{
	char *dot = strchr(w, '.');
	size_t name_len;

	if (!dot || dot == w || memchr(w, '=', (size_t)(dot - w)))
		return NULL;
	name_len = strcspn(dot + 1, "=");
	if (!name_len || memchr(dot + 1, '.', name_len))
		return NULL;
	*dot = '\0';
	*opt = dot + 1;
	return w;
}

/* appends @word's option to @out if it is for @modname, quoting a value with spaces */
static int append_option(char *out, const char *word, size_t len, const char *modname)
{
	char *w = strndup(word, len), *r, *o, *opt, *val;
	const char *mod;

	if (!w)
		return -ENOMEM;
	for (r = o = w; *r; r++)
		if (*r != '"')
			*o++ = *r;
	*o = '\0';
	mod = split_word(w, &opt);
	/* modprobe.blacklist= and the like are modprobe's own */
	if (mod && umod_module_name_eq(mod, modname) && strcmp(mod, "modprobe")) {
		if (*out)
			strcat(out, " ");
		val = strchr(opt, '=');
		if (val && strchr(val, ' ')) {
			*val++ = '\0';
			strcat(strcat(strcat(strcat(out, opt), "=\""), val), "\"");
		} else {
			strcat(out, opt);
		}
	}
	free(w);
	return 0;
}

/*
 * A private, writable copy of what @modname is to be given: its command
 * line options, then @args. NULL in *@outp when both are empty.
 * Returns 0 or -ENOMEM. Takes the module mutex.
 */
int umod_cmdline_module_args(struct umod_host *host, const char *modname,
			     const char *args, char **outp)
{
	size_t cap = (args ? strlen(args) : 0) + 2;
	const char *p, *word;
	size_t len;
	char *out;
	int err = 0;

	*outp = NULL;
	pthread_mutex_lock(&host->module_mutex);
	if (!host->cmdline) {	/* nothing to merge (the usual host): @args alone */
		pthread_mutex_unlock(&host->module_mutex);
		if (!args || !*args)
			return 0;
		*outp = strdup(args);
		return *outp ? 0 : -ENOMEM;
	}
	/* an option is at most its word plus two quotes and a space */
	cap += host->cmdline ? 3 * strlen(host->cmdline) : 0;
	out = calloc(1, cap);
	for (p = host->cmdline; out && !err && p && (len = next_word(&p, &word));)
		err = append_option(out, word, len, modname);
	pthread_mutex_unlock(&host->module_mutex);
	if (!out || err) {
		free(out);
		return -ENOMEM;
	}
	if (args && *args) {
		if (*out)
			strcat(out, " ");
		strcat(out, args);
	}
	if (!*out) {
		free(out);
		return 0;
	}
	*outp = out;
	return 0;
}

/*
 * watchdog_thresh=N on the host's command line, as the kernel's boot
 * parameter: the soft-lockup detector reports after 2 * N seconds; 0
 * turns it off. 10 without one, the kernel's default.
 */
unsigned int umod_cmdline_watchdog_thresh(struct umod_host *host)
{
	static const char key[] = "watchdog_thresh=";
	unsigned int thresh = 10, v;
	const char *s, *w;
	char buf[32];
	size_t len;

	pthread_mutex_lock(&host->module_mutex);
	for (s = host->cmdline ? host->cmdline : ""; (len = next_word(&s, &w));) {
		if (len <= sizeof(key) - 1 || len - (sizeof(key) - 1) >= sizeof(buf) ||
		    strncmp(w, key, sizeof(key) - 1))
			continue;
		memcpy(buf, w + sizeof(key) - 1, len - (sizeof(key) - 1));
		buf[len - (sizeof(key) - 1)] = '\0';
		if (!umod_kstrtouint(buf, 10, &v) && v <= 60)
			thresh = v;
	}
	pthread_mutex_unlock(&host->module_mutex);
	return thresh;
}
