// SPDX-License-Identifier: MIT
/*
 * Genuine Linux modules: .ko files built by a distribution's own Kbuild
 * for its kernel, loaded unmodified (DESIGN.md "Genuine Linux modules").
 * A host given an ABI (umod_host_set_abi(): "debian-6.1" and the
 * directory of the linux-headers package the modules were built with)
 * loads them beside umod's own modules, and checks each against the
 * interface it was built for, as that kernel would:
 *
 * - which: a .gnu.linkonce.this_module of the ABI's struct module size
 *   (896 bytes for 6.1 amd64) is a genuine module; umod's size is umod's;
 * - version magic: the kernel's, "RELEASE SMP preempt mod_unload
 *   modversions ", RELEASE from the headers' utsrelease.h;
 * - modversions: the CRCs of the headers' Module.symvers, module_layout's
 *   first;
 * - imports: only what the host offers under the kernel's binary names
 *   (the arch's thunks and per-CPU words, the host functions listed in
 *   same_abi[], whose 6.1 C interface and meaning are umod's too, each
 *   through a low veneer, and the data objects of same_data[], 6.1's
 *   layout, each a low copy), and other modules' exports; the rest of umod's
 *   own table is invisible to them, since its binary interface differs
 *   (printk takes the module first, for one);
 * - taints: O for a module without intree, C for staging, E unsigned:
 *   the host checks signatures as Debian's CONFIG_MODULE_SIG=y kernel;
 * - sections: loaded as any; __mcount_loc's calls become NOPs as ftrace
 *   makes them; the unpatched code of alternatives, paravirt, jump labels
 *   and static calls is kept; per-CPU data is refused (its %gs-relative
 *   addressing needs per-CPU areas the host does not give modules yet).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <umod/kabi.h>
#include <umod/kabi/cpumask.h>

#include "arch/arch.h"
#include "kernel/module/internal.h"
#include "kernel/panic.h"
#include "kernel/printk/internal.h"
#include "kernel/time/timekeeping.h"
#include "util/file.h"
#include "util/macro.h"
#include "util/modinfo.h"
#include "util/symtab.h"
#include "util/symvers.h"

/* the binary interfaces a host can take modules of */
struct umod_abi {
	const char *name;
	uint64_t this_module_size;	/* sizeof(struct module) */
	size_t init_off, exit_off;	/* its init and exit pointers */
	const char *magic;		/* the version magic after the release */
};

static const struct umod_abi abis[] = {
	/* Debian 12's amd64 6.1 kernels (6.1.0-N-amd64) */
	{ "debian-6.1", 896, 312, 848, "SMP preempt mod_unload modversions " },
};

struct umod_genuine {
	const struct umod_abi *abi;
	char vermagic[128];		/* the kernel's, release first */
	/* every export of the kernel and its modules, with its CRC (Module.symvers) */
	struct umod_symtab *symvers;
	/* what the host offers genuine modules, by the kernel's names */
	struct umod_symtab *exports;
	/* genuine modules' exports of names the host has too (umod_genuine_may_shadow) */
	struct umod_symtab *shadow;
	uint64_t fentry;		/* __fentry__, whose calls become NOPs */
};

/*
 * The host functions a genuine 6.1 module may call: the same name, C
 * signature and meaning in 6.1 and in include/linux/. A name of umod's
 * table that is not here is not offered: where the interfaces still
 * differ the genuine module's import stays unknown instead of calling
 * with the wrong arguments.
 */
static const char *const same_abi[] = {
	/* kernel/printk/, lib/ratelimit.c, kernel/module/, kernel/kmod.c */
	"_printk", "vprintk", "___ratelimit", "__printk_ratelimit", "printk_timed_ratelimit",
	"print_hex_dump", "__symbol_get", "__symbol_put", "__request_module",
	/* kernel/locking/, kernel/sched/: mutex, spinlock_t, wait queues, completions
	 * and the task's __state are 6.1's (make check-kabi) */
	"mutex_lock", "mutex_unlock", "__mutex_init", "mutex_lock_interruptible",
	"mutex_lock_killable", "mutex_trylock", "mutex_is_locked", "_raw_spin_lock",
	"_raw_spin_unlock", "_raw_spin_trylock", "_raw_spin_trylock_bh", "_raw_spin_lock_irqsave",
	"_raw_spin_unlock_irqrestore", "_raw_spin_lock_irq", "_raw_spin_unlock_irq",
	"_raw_spin_lock_bh", "_raw_spin_unlock_bh", "__init_waitqueue_head", "__wake_up",
	"prepare_to_wait_event", "finish_wait", "init_wait_entry", "prepare_to_wait",
	"prepare_to_wait_exclusive", "autoremove_wake_function", "add_wait_queue",
	"remove_wait_queue", "complete", "complete_all", "wait_for_completion",
	"wait_for_completion_timeout", "wait_for_completion_interruptible",
	"wait_for_completion_interruptible_timeout", "wait_for_completion_killable", "schedule",
	"schedule_timeout", "msleep", "msleep_interruptible", "usleep_range_state", "__udelay",
	"__ndelay", "__const_udelay",
	"ktime_get", "get_random_bytes", "synchronize_rcu",
	"refcount_warn_saturate",
	/* lib/vsprintf.c */
	"snprintf", "sprintf", "scnprintf", "sscanf", "vsnprintf", "vscnprintf",
	/* mm/: the allocators (kmalloc_caches, data, is in same_data[]) */
	"__kmalloc", "__kmalloc_node", "kmalloc_trace", "kmalloc_node_trace", "kmalloc_large",
	"kmalloc_large_node", "__kmalloc_node_track_caller", "krealloc", "kfree",
	"kfree_sensitive", "ksize", "kmalloc_size_roundup", "kfree_const",
	"kmemdup", "kstrdup", "kstrndup", "kmemdup_nul", "kstrdup_const", "kasprintf",
	"kvasprintf", "kvmalloc_node", "kvrealloc", "kvfree", "kvfree_sensitive",
	"kmem_cache_create", "kmem_cache_create_usercopy", "kmem_cache_alloc",
	"kmem_cache_alloc_node", "kmem_cache_alloc_bulk", "kmem_cache_free",
	"kmem_cache_free_bulk", "kmem_cache_destroy", "kmem_cache_shrink", "kmem_cache_size",
	"vmalloc", "vzalloc", "vmalloc_user", "vmalloc_node", "vzalloc_node", "vmalloc_32",
	"vmalloc_32_user", "__vmalloc", "__vmalloc_array", "vmalloc_array", "__vcalloc",
	"vcalloc", "vfree", "alloc_pages", "__get_free_pages", "get_zeroed_page",
	"__free_pages", "free_pages", "__alloc_percpu", "__alloc_percpu_gfp", "free_percpu",
	/* kernel/workqueue.c (the system_*_wq pointers, data, are in same_data[]) */
	"queue_work_on", "queue_delayed_work_on", "mod_delayed_work_on", "queue_rcu_work",
	"delayed_work_timer_fn", "__flush_workqueue", "__warn_flushing_systemwide_wq",
	"drain_workqueue", "flush_work", "flush_delayed_work", "flush_rcu_work", "cancel_work",
	"cancel_work_sync", "cancel_delayed_work", "cancel_delayed_work_sync", "work_busy",
	"current_work", "workqueue_set_max_active",
	"workqueue_congested", "alloc_workqueue", "destroy_workqueue",
	/* kernel/time/, kernel/softirq.c */
	"init_timer_key", "mod_timer", "mod_timer_pending", "timer_reduce", "add_timer",
	"add_timer_on", "timer_delete", "timer_delete_sync", "try_to_del_timer_sync",
	"timer_shutdown", "timer_shutdown_sync", "hrtimer_init", "hrtimer_start_range_ns",
	"hrtimer_cancel", "hrtimer_try_to_cancel", "hrtimer_active", "hrtimer_forward",
	"__hrtimer_get_remaining", "ktime_add_safe", "tasklet_init", "tasklet_setup",
	"__tasklet_schedule", "__tasklet_hi_schedule", "tasklet_unlock", "tasklet_unlock_wait",
	"tasklet_unlock_spin_wait", "tasklet_kill",
	/* kernel/kthread.c, kernel/sched/core.c: the task is opaque to them */
	"kthread_create_on_node", "wake_up_process", "kthread_stop", "kthread_should_stop",
	"kthread_bind",
	/* fs/proc/, fs/debugfs/, fs/char_dev.c, drivers/char/misc.c, fs/sysfs/,
	 * kernel/sysctl.c: what they take is 6.1's (make check-kabi) or opaque */
	"proc_create_data", "proc_create", "proc_create_single_data", "proc_create_seq_private",
	"proc_mkdir_data", "proc_mkdir_mode", "proc_mkdir", "remove_proc_entry",
	"remove_proc_subtree", "proc_remove", "debugfs_create_dir", "debugfs_create_file",
	"debugfs_create_file_unsafe", "debugfs_create_u8", "debugfs_create_u16",
	"debugfs_create_u32", "debugfs_create_u64", "debugfs_create_ulong", "debugfs_create_x8",
	"debugfs_create_x16", "debugfs_create_x32", "debugfs_create_x64", "debugfs_create_size_t",
	"debugfs_create_atomic_t", "debugfs_create_bool", "debugfs_create_blob", "debugfs_remove",
	"alloc_chrdev_region", "register_chrdev_region", "unregister_chrdev_region",
	"__register_chrdev", "__unregister_chrdev", "misc_register", "misc_deregister",
	"kobject_create_and_add", "kobject_put", "kobject_del", "sysfs_create_file_ns",
	"sysfs_create_files", "sysfs_create_group", "sysfs_create_groups", "sysfs_remove_file_ns",
	"sysfs_remove_group", "sysfs_remove_groups", "register_sysctl", "register_sysctl_table",
	"register_sysctl_paths", "register_sysctl_mount_point", "unregister_sysctl_table",
	/* fs/nls/nls_base.c */
	"__register_nls", "unregister_nls", "load_nls", "unload_nls", "load_nls_default",
	"utf8_to_utf32", "utf32_to_utf8", "utf8s_to_utf16s", "utf16s_to_utf8s",
	/* drivers/media/rc/rc-map.c */
	"rc_map_register", "rc_map_unregister", "rc_map_get",
	/* lib/string.c */
	"memcpy", "memmove", "memset", "memcmp", "memchr", "memchr_inv", "memscan",
	"strlen", "strnlen", "strcmp", "strncmp", "strcpy", "strncpy", "strscpy",
	"strcat", "strncat", "strchr", "strrchr", "strstr", "strsep",
	"strcasecmp", "strncasecmp",
	/* lib/kstrtox.c, lib/hexdump.c, lib/sort.c */
	"kstrtoull", "kstrtoll", "kstrtouint", "kstrtoint", "kstrtou16", "kstrtos16",
	"kstrtou8", "kstrtos8", "kstrtobool",
	"hex_to_bin", "hex2bin", "bin2hex", "hex_dump_to_buffer",
	"sort",
};

/* a host data object a genuine module may name, and its size (6.1 amd64's) */
struct same_layout {
	const char *name;
	size_t size;
};

#define PARAM_OPS(type)	{ "param_ops_" #type, sizeof(struct kernel_param_ops) }
#define POINTER(name)	{ #name, sizeof(void *) }
#define CPUMASK(name)	{ #name, sizeof(struct cpumask) }

/*
 * The host data objects a genuine 6.1 module may name: 6.1's type and
 * layout in umod too (struct kernel_param_ops is checked by make
 * check-kabi, struct cpumask is NR_CPUS = 8192 bits as Debian's; the rest
 * are pointers and counts). -mcmodel=kernel code reaches them with 32-bit
 * relocations, so each is offered as a copy in the arch's low data
 * (umod_arch_genuine_data()), made when the ABI is set. A copy stays true
 * because every object here is filled before any module runs (a
 * constructor of libumod, or a const initialiser) and never written
 * again; the one the host does change, jiffies, is stored to the copy by
 * the tick itself (umod_jiffies_mirror()). Objects whose layout is still
 * umod's (the bus types, init_uts_ns, tty_std_termios) or that the host
 * knows by their address (ioport_resource, iomem_resource) are not here.
 */
static const struct same_layout same_data[] = {
	/* mm/slab_common.c: kmalloc_caches[NR_KMALLOC_TYPES = 4][KMALLOC_SHIFT_HIGH + 1 = 14] */
	{ "kmalloc_caches", 4 * 14 * sizeof(void *) },
	/* kernel/time/: one jiffies variable, two names, as on 64-bit Linux */
	{ "jiffies", sizeof(uint64_t) }, { "jiffies_64", sizeof(uint64_t) },
	{ "hrtimer_resolution", sizeof(unsigned int) },
	/* kernel/params.c: const tables of host functions taking 6.1's struct kernel_param */
	PARAM_OPS(byte), PARAM_OPS(short), PARAM_OPS(ushort), PARAM_OPS(int), PARAM_OPS(uint),
	PARAM_OPS(long), PARAM_OPS(ulong), PARAM_OPS(ullong), PARAM_OPS(hexint),
	PARAM_OPS(charp), PARAM_OPS(bool), PARAM_OPS(invbool), PARAM_OPS(bint),
	PARAM_OPS(bool_enable_only), PARAM_OPS(string),
	{ "param_array_ops", sizeof(struct kernel_param_ops) },
	/* kernel/workqueue.c: the system queues, each an opaque pointer */
	POINTER(system_wq), POINTER(system_highpri_wq), POINTER(system_long_wq),
	POINTER(system_unbound_wq), POINTER(system_freezable_wq),
	POINTER(system_power_efficient_wq), POINTER(system_freezable_power_efficient_wq),
	/* kernel/cpu.c: no CPU hotplug; present and active are possible and online */
	{ "nr_cpu_ids", sizeof(unsigned int) }, CPUMASK(__cpu_possible_mask),
	CPUMASK(__cpu_present_mask), CPUMASK(__cpu_online_mask), CPUMASK(__cpu_active_mask),
	CPUMASK(__cpu_dying_mask), { "__num_online_cpus", sizeof(int) },
	/* cpu_bit_bitmap[BITS_PER_LONG + 1][BITS_TO_LONGS(NR_CPUS)] */
	{ "cpu_bit_bitmap", (64 + 1) * sizeof(struct cpumask) },
	/* lib/kobject.c: the host's kobjects, opaque pointers for kobject_create_and_add() */
	POINTER(kernel_kobj), POINTER(mm_kobj), POINTER(firmware_kobj),
};

void umod_genuine_free(struct umod_genuine *g)
{
	if (!g)
		return;
	umod_symtab_free(g->symvers);
	umod_symtab_free(g->exports);
	umod_symtab_free(g->shadow);
	free(g);
}

/* ---- the headers: kernel.release and Module.symvers ---------------------- */

/* UTS_RELEASE of the headers' utsrelease.h: the kernel's release, as vermagic has it */
static int read_release(struct umod_log *log, const char *headers, char *buf, size_t size)
{
	static const char key[] = "#define UTS_RELEASE \"";
	char path[4096], text[512];
	const char *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/include/generated/utsrelease.h", headers);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int err = -errno;

		umod_log_printk(log, KERN_ERR "genuine modules: cannot read %s: %s\n",
				path, strerror(-err));
		return err;
	}
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	text[n > 0 ? n : 0] = '\0';
	p = strstr(text, key);
	n = p ? (ssize_t)strcspn(p + sizeof(key) - 1, "\" \n") : 0;
	if (!n || (size_t)n >= size) {
		umod_log_printk(log, KERN_ERR "genuine modules: %s names no release\n", path);
		return -EINVAL;
	}
	memcpy(buf, p + sizeof(key) - 1, (size_t)n);
	buf[n] = '\0';
	return 0;
}

#define UMOD_KSYM_VMLINUX	(1u << 1)	/* the kernel image's own export */

static int add_symvers(const struct umod_symvers_entry *e, void *data)
{
	struct umod_symtab *tab = data;
	struct umod_ksym sym = {
		.crc = e->crc, .has_crc = true, .name_owned = true,
		.flags = (e->gpl ? UMOD_KSYM_GPL : 0) |
			 (!strcmp(e->module, "vmlinux") ? UMOD_KSYM_VMLINUX : 0),
	};
	int err;

	sym.name = strdup(e->name);
	if (!sym.name)
		return -ENOMEM;
	err = umod_symtab_add(tab, &sym);
	if (err)
		free((char *)sym.name);
	/* a name twice (Linux writes each once): the first line's CRC stays */
	return err == -EEXIST ? 0 : err;
}

static int read_symvers(struct umod_log *log, const char *headers, struct umod_symtab *tab)
{
	char path[4096], why[256] = "";
	const void *buf;
	size_t len;
	int err;

	snprintf(path, sizeof(path), "%s/Module.symvers", headers);
	err = umod_file_map(path, &buf, &len);
	if (err) {
		umod_log_printk(log, KERN_ERR "genuine modules: cannot read %s: %s\n",
				path, strerror(-err));
		return err;
	}
	err = umod_symvers_parse(path, buf, len, add_symvers, tab, why, sizeof(why));
	umod_file_unmap(buf, len);
	if (err && why[0])
		umod_log_printk(log, KERN_ERR "genuine modules: %s\n", why);
	return err;
}

/* ---- what the host offers genuine modules -------------------------------- */

/* @name at @value, with the kernel's CRC and GPL-ness when it has them */
static int offer(struct umod_genuine *g, const char *name, uint64_t value)
{
	const struct umod_ksym *k = umod_symtab_lookup(g->symvers, name);
	struct umod_ksym sym = { .name = name, .addr = value };

	if (k) {
		sym.crc = k->crc;
		sym.has_crc = true;
		sym.flags = k->flags & UMOD_KSYM_GPL;
	}
	return umod_symtab_add(g->exports, &sym);
}

static int offer_arch(struct umod_genuine *g)
{
	const struct umod_arch_genuine_sym *syms;
	size_t n;
	int err = umod_arch_genuine_syms(&syms, &n);

	for (size_t i = 0; i < n && !err; i++) {
		err = offer(g, syms[i].name, syms[i].value);
		if (!strcmp(syms[i].name, "__fentry__"))
			g->fentry = syms[i].value;
	}
	return err;
}

/* the host functions of same_abi[] and __stack_chk_fail, each through a veneer */
static int offer_functions(struct umod_host *host, struct umod_genuine *g)
{
	size_t n = UMOD_ARRAY_SIZE(same_abi);
	uint64_t targets[UMOD_ARRAY_SIZE(same_abi) + 1], at[UMOD_ARRAY_SIZE(same_abi) + 1];
	int err;

	for (size_t i = 0; i < n; i++) {
		const struct umod_ksym *ks = umod_symtab_lookup(host->exports, same_abi[i]);

		if (!ks || ks->owner)
			return -ENOENT;	/* the table above names what the host has */
		targets[i] = ks->addr;
	}
	targets[n] = (uint64_t)(uintptr_t)umod_stack_chk_fail;
	err = umod_arch_genuine_veneers(targets, n + 1, at);
	for (size_t i = 0; i < n && !err; i++)
		err = offer(g, same_abi[i], at[i]);
	if (!err)
		err = offer(g, "__stack_chk_fail", at[n]);
	return err;
}

/* the objects of same_data[], each a low copy; jiffies' copy is the tick's too */
static int offer_data(struct umod_host *host, struct umod_genuine *g)
{
	size_t n = UMOD_ARRAY_SIZE(same_data), size[UMOD_ARRAY_SIZE(same_data)];
	uint64_t src[UMOD_ARRAY_SIZE(same_data)], at[UMOD_ARRAY_SIZE(same_data)];
	int err;

	for (size_t i = 0; i < n; i++) {
		const struct umod_ksym *ks = umod_symtab_lookup(host->exports, same_data[i].name);

		if (!ks || ks->owner)
			return -ENOENT;	/* the table above names what the host has */
		src[i] = ks->addr;
		size[i] = same_data[i].size;
	}
	err = umod_arch_genuine_data(src, size, n, at);
	for (size_t i = 0; i < n && !err; i++) {
		if (umod_is_jiffies((uintptr_t)src[i]))
			umod_jiffies_mirror((volatile uint64_t *)(uintptr_t)at[i]);
		err = offer(g, same_data[i].name, at[i]);
	}
	return err;
}

static int genuine_new(struct umod_host *host, const struct umod_abi *abi,
		       const char *headers, struct umod_genuine **gp)
{
	struct umod_genuine *g = calloc(1, sizeof(*g));
	char release[65];
	int err;

	if (!g)
		return -ENOMEM;
	g->abi = abi;
	err = read_release(host->log, headers, release, sizeof(release));
	if (!err) {
		snprintf(g->vermagic, sizeof(g->vermagic), "%s %s", release, abi->magic);
		err = umod_symtab_new(&g->symvers);
	}
	if (!err)
		err = umod_symtab_new(&g->exports);
	if (!err)
		err = umod_symtab_new(&g->shadow);
	if (!err)
		err = read_symvers(host->log, headers, g->symvers);
	if (!err)
		err = offer_arch(g);
	/* module_layout stands for struct module: never called, only its CRC */
	if (!err)
		err = offer(g, "module_layout", 0);
	if (!err)
		err = offer_functions(host, g);
	if (!err)
		err = offer_data(host, g);
	if (err) {
		umod_genuine_free(g);
		return err;
	}
	*gp = g;
	return 0;
}

UMOD_API int umod_host_set_abi(struct umod_host *host, const char *abi, const char *headers)
{
	const struct umod_abi *a = NULL;
	struct umod_genuine *g;
	int err;

	if (!host || !abi || !headers)
		return -EINVAL;
	for (size_t i = 0; i < UMOD_ARRAY_SIZE(abis); i++)
		if (!strcmp(abis[i].name, abi))
			a = &abis[i];
	if (!a)
		return -EINVAL;
	err = genuine_new(host, a, headers, &g);
	if (err)
		return err;
	/* a module was loaded: its area is not where genuine code reaches */
	pthread_mutex_lock(&host->module_mutex);
	err = host->genuine || host->area ? -EBUSY : 0;
	if (!err)
		host->genuine = g;
	pthread_mutex_unlock(&host->module_mutex);
	if (err) {
		umod_genuine_free(g);
		return err;
	}
	/* Debian's kernel checks signatures (CONFIG_MODULE_SIG=y), unenforced */
	umod_host_set_module_sig(host, 1);
	return 0;
}

/* ---- the loader's questions ----------------------------------------------- */

bool umod_genuine_this_module(const struct umod_host *host, uint64_t size)
{
	return host->genuine && size == host->genuine->abi->this_module_size;
}

const char *umod_genuine_vermagic(const struct load_info *info)
{
	return info->genuine ? info->host->genuine->vermagic : umod_vermagic;
}

/*
 * The export @name as this load may see it. A genuine module sees what
 * the host offers by the kernel's names, then other modules' exports
 * (a genuine one kept aside first). A umod module sees the host's table
 * (its own exports and every module's), but where a genuine module's
 * export of the name is kept aside, the one its __versions CRC names:
 * built against the genuine kernel's Module.symvers, it gets the genuine
 * module's, else umod's own.
 */
const struct umod_ksym *umod_find_export(const struct load_info *info, const char *name)
{
	struct umod_genuine *g = info->host->genuine;
	const struct umod_ksym *ks = umod_symtab_lookup(info->host->exports, name);
	const struct umod_ksym *aside = g ? umod_symtab_lookup(g->shadow, name) : NULL;
	uint32_t crc;

	if (!info->genuine) {
		if (aside && umod_version_crc(info, name, &crc) && crc == aside->crc)
			return aside;
		return ks;
	}
	if (umod_symtab_lookup(g->exports, name))
		return umod_symtab_lookup(g->exports, name);
	if (aside)
		return aside;
	return ks && ks->owner ? ks : NULL;
}

bool umod_genuine_may_shadow(struct umod_host *host, const char *name)
{
	struct umod_genuine *g = host->genuine;
	const struct umod_ksym *k = g ? umod_symtab_lookup(g->symvers, name) : NULL;

	return g && !umod_symtab_lookup(g->exports, name) && !(k && (k->flags & UMOD_KSYM_VMLINUX)) &&
	       !umod_symtab_lookup(g->shadow, name);
}

int umod_genuine_shadow_add(struct umod_host *host, const struct umod_ksym *sym)
{
	return umod_symtab_add(host->genuine->shadow, sym);
}

void umod_genuine_shadow_del(struct umod_host *host, const char *name,
			     const struct umod_module *owner)
{
	if (host->genuine)
		umod_symtab_del(host->genuine->shadow, name, owner);
}

const struct umod_ksym *umod_genuine_symbol(struct umod_host *host, const char *name)
{
	const struct umod_ksym *aside =
		host->genuine ? umod_symtab_lookup(host->genuine->shadow, name) : NULL;

	return aside ? aside : umod_symtab_lookup(host->exports, name);
}

void umod_genuine_init_exit(const struct load_info *info, struct umod_module *mod)
{
	const struct umod_abi *abi = info->host->genuine->abi;

	mod->init_off = (unsigned short)abi->init_off;
	mod->exit_off = (unsigned short)abi->exit_off;
	mod->genuine = true;
}

/*
 * check_modinfo()'s taints, in a host that loads genuine modules, where
 * the kernel's own modules say intree: O for the others, C for staging.
 */
void umod_genuine_check_modinfo(struct load_info *info)
{
	struct umod_host *host = info->host;

	if (!host->genuine)
		return;
	if (!umod_modinfo_get(info->modinfo, info->modinfo_size, "intree")) {
		if (!umod_host_test_taint(host, UMOD_TAINT_OOT_MODULE))
			umod_log_printk(info->log, KERN_WARNING "%s: loading out-of-tree module taints kernel.\n",
					info->name);
		umod_host_add_taint(host, UMOD_TAINT_OOT_MODULE, UMOD_LOCKDEP_STILL_OK);
		info->taints |= 1ul << UMOD_TAINT_OOT_MODULE;
	}
	if (umod_modinfo_get(info->modinfo, info->modinfo_size, "staging")) {
		umod_host_add_taint(host, UMOD_TAINT_CRAP, UMOD_LOCKDEP_STILL_OK);
		info->taints |= 1ul << UMOD_TAINT_CRAP;
		umod_log_printk(info->log, KERN_WARNING "%s: module is from the staging directory, the quality is unknown, you have been warned.\n",
				info->name);
	}
}

int umod_genuine_for_each(struct umod_host *host,
			  int (*fn)(const struct umod_ksym *sym, void *data), void *data)
{
	return host->genuine ? umod_symtab_for_each(host->genuine->exports, fn, data) : 0;
}

/*
 * Per-CPU data: genuine code addresses it %gs-relative, and the host has
 * no per-CPU area to give a module's (DESIGN.md "Genuine Linux modules").
 */
const char *const umod_genuine_refused_sections[] = { ".data..percpu", NULL };

static const char *refused_section(const char *name)
{
	for (const char *const *p = umod_genuine_refused_sections; *p; p++)
		if (!strncmp(name, *p, strlen(*p)))
			return *p;
	return NULL;
}

int umod_genuine_check_sections(const struct load_info *info)
{
	if (!info->genuine)
		return 0;
	for (unsigned int i = 1; i < info->elf.shnum; i++) {
		const char *name = umod_elf_secname(&info->elf, i);

		if (!(info->elf.sechdrs[i].sh_flags & SHF_ALLOC) || !refused_section(name))
			continue;
		umod_log_printk(info->log, KERN_ERR "%s: per-CPU data (%s) of genuine modules is not supported\n",
				info->name, name);
		return -ENOEXEC;
	}
	return 0;
}

/* is [@addr, @addr + @len) inside one of this load's text sections? */
static bool in_text(const struct load_info *info, uint64_t addr, size_t len)
{
	for (unsigned int i = 1; i < info->elf.shnum; i++) {
		const Elf64_Shdr *s = &info->elf.sechdrs[i];
		uint64_t base = (uint64_t)(uintptr_t)info->sec[i].addr;

		if (base && (s->sh_flags & SHF_EXECINSTR) && addr >= base &&
		    addr - base <= s->sh_size && s->sh_size - (addr - base) >= len)
			return true;
	}
	return false;
}

/*
 * After relocation, before the text is sealed: every call to __fentry__
 * that __mcount_loc lists becomes a NOP, as ftrace_module_init() leaves
 * them. An entry outside the module's text, or a site that is not such a
 * call, is left alone.
 */
void umod_genuine_patch(struct load_info *info)
{
	uint64_t fentry = info->genuine ? info->host->genuine->fentry : 0;

	for (unsigned int i = 1; fentry && i < info->elf.shnum; i++) {
		const uint64_t *site = info->sec[i].addr;
		size_t n = info->elf.sechdrs[i].sh_size / sizeof(*site);

		if (!site || !umod_elf_secname_is(&info->elf, i, "__mcount_loc") ||
		    (uintptr_t)site % sizeof(*site))
			continue;
		for (size_t k = 0; k < n; k++)
			if (in_text(info, site[k], 5))
				umod_arch_genuine_nop_mcount((void *)(uintptr_t)site[k], fentry);
	}
}
