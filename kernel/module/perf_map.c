// SPDX-License-Identifier: MIT
/*
 * perf's map file for code it cannot find in an ELF file on disk
 * (tools/perf/Documentation/jit-interface.txt): /tmp/perf-PID.map, one
 * "START SIZE symbolname" line per function, hex without 0x. perf reads
 * it when it reports, so module functions get their names in
 * `perf report`, with the module in brackets as the kernel's
 * "name [module]".
 *
 * Lines are appended when a module is loaded, never removed: perf has no
 * unload record in this format, and a later module mapped at the same
 * place appends its own lines, which perf takes over the older ones. The
 * file belongs to the process, not to a host, so the switch and the lock
 * are process-wide, as the file is.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/module/internal.h"
#include "kernel/printk/internal.h"

static atomic_bool perf_map_on;
static pthread_mutex_t perf_map_lock = PTHREAD_MUTEX_INITIALIZER;

UMOD_API int umod_perf_map_enable(int enable)
{
	atomic_store(&perf_map_on, enable != 0);
	return 0;
}

/*
 * Our own file only: not through a symlink another user planted in /tmp,
 * and not a file someone else owns.
 */
static int perf_map_open(void)
{
	char path[64];
	struct stat st;
	int fd;

	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		close(fd);
		return -EPERM;
	}
	return fd;
}

/*
 * A function of the loaded image, with an address and a size; not
 * module_init()'s and module_exit()'s aliases, so that perf names the
 * function by its own name, as kallsyms does.
 */
static bool is_mapped_function(const struct load_info *info, const Elf64_Sym *sym)
{
	const char *name = umod_elf_symname(&info->elf, sym);

	return ELF64_ST_TYPE(sym->st_info) == STT_FUNC && sym->st_size &&
	       sym->st_shndx != SHN_UNDEF && sym->st_shndx < info->elf.shnum &&
	       info->sec[sym->st_shndx].addr && *name &&
	       strcmp(name, "init_module") && strcmp(name, "cleanup_module");
}

/* the module's lines, written in one go so that perf never sees half */
static int format_lines(const struct load_info *info, char **bufp, size_t *lenp)
{
	FILE *f = open_memstream(bufp, lenp);

	if (!f)
		return -ENOMEM;
	for (unsigned int i = 1; i < info->elf.num_syms; i++) {
		const Elf64_Sym *sym = &info->elf.syms[i];

		if (is_mapped_function(info, sym))
			fprintf(f, "%llx %llx %s [%s]\n",
				(unsigned long long)info->symval[i],
				(unsigned long long)sym->st_size,
				umod_elf_symname(&info->elf, sym), info->mod->name);
	}
	return fclose(f) ? -ENOMEM : 0;
}

/* a failure costs only names in perf's report: said once per load, in the log */
void umod_perf_map_record(const struct load_info *info)
{
	char *buf = NULL;
	size_t len = 0;
	int fd, err;

	if (!atomic_load(&perf_map_on))
		return;
	err = format_lines(info, &buf, &len);
	pthread_mutex_lock(&perf_map_lock);
	fd = err ? err : perf_map_open();
	if (fd >= 0) {
		err = write(fd, buf, len) == (ssize_t)len ? 0 : -EIO;
		close(fd);
	} else {
		err = fd;
	}
	pthread_mutex_unlock(&perf_map_lock);
	free(buf);
	if (err)
		umod_log_printk(info->log, KERN_WARNING "%s: cannot write /tmp/perf-%d.map (err %d)\n",
				info->mod->name, (int)getpid(), err);
}
