// SPDX-License-Identifier: GPL-2.0
/*
 * A Linux 6.1 module with files whose operations are only read_iter and
 * write_iter (the file layer calls them for read(2) and write(2)), a
 * file_operations initialiser naming members the host never calls, a
 * proc entry given to another owner with proc_set_user(), and the
 * reader's credentials read in its read.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <linux/proc_fs.h>
#include <linux/miscdevice.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>
#include <linux/mutex.h>
#include <linux/string.h>

static char store[64] = "nothing yet\n";
static size_t store_len = 12;
static DEFINE_MUTEX(store_lock);
static struct proc_dir_entry *who_pde, *root_pde;

static ssize_t store_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	ssize_t ret = 0;
	size_t n;

	mutex_lock(&store_lock);
	if (iocb->ki_pos < store_len) {
		n = min(store_len - (size_t)iocb->ki_pos, iov_iter_count(to));
		ret = copy_to_iter(store + iocb->ki_pos, n, to);
		iocb->ki_pos += ret;
	}
	mutex_unlock(&store_lock);
	return ret;
}

static ssize_t store_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	size_t n = min(iov_iter_count(from), sizeof(store) - 1);

	mutex_lock(&store_lock);
	if (!copy_from_iter_full(store, n, from)) {
		mutex_unlock(&store_lock);
		return -EFAULT;
	}
	store_len = n;
	mutex_unlock(&store_lock);
	pr_info("iterfile: write_iter took %zu bytes, sync %d, at %lld\n", n,
		is_sync_kiocb(iocb), iocb->ki_pos);
	iocb->ki_pos += n;
	return n;
}

static int store_fasync(int fd, struct file *file, int on)
{
	return 0;
}

/* every member here is 6.1's; the ones after .fasync are never called */
static const struct file_operations store_fops = {
	.owner = THIS_MODULE,
	.llseek = noop_llseek,
	.read_iter = store_read_iter,
	.write_iter = store_write_iter,
	.fasync = store_fasync,
	.mmap = NULL,
	.get_unmapped_area = NULL,
	.lock = NULL,
	.flock = NULL,
	.splice_read = NULL,
	.splice_write = NULL,
	.iopoll = NULL,
	.show_fdinfo = NULL,
	.copy_file_range = NULL,
	.remap_file_range = NULL,
	.fadvise = NULL,
	.uring_cmd = NULL,
	.uring_cmd_iopoll = NULL,
	.check_flags = NULL,
	.setlease = NULL,
	.fallocate = NULL,
	.sendpage = NULL,
	.iterate_shared = NULL,
};

static struct miscdevice store_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "iterfile",
	.fops = &store_fops,
	.mode = 0666,
};

/* the reader's identity: the process that made the read */
static ssize_t who_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	char line[96];
	int len;

	if (iocb->ki_pos)
		return 0;
	len = snprintf(line, sizeof(line), "uid %u euid %u root %d admin %d\n",
		       from_kuid(&init_user_ns, current_uid()),
		       from_kuid_munged(current_user_ns(), current_euid()),
		       uid_eq(current_euid(), GLOBAL_ROOT_UID), capable(CAP_SYS_ADMIN));
	len = copy_to_iter(line, len, to);
	iocb->ki_pos += len;
	return len;
}

static const struct proc_ops who_ops = {
	.proc_read_iter = who_read_iter,
	.proc_lseek = default_llseek,
	.proc_get_unmapped_area = NULL,
	.proc_mmap = NULL,
};

static int __init iterfile_init(void)
{
	int ret = misc_register(&store_dev);

	if (ret)
		return ret;
	who_pde = proc_create("iterfile_who", 0444, NULL, &who_ops);
	root_pde = proc_create("iterfile_owned", 0400, NULL, &who_ops);
	if (!who_pde || !root_pde) {
		proc_remove(who_pde);
		misc_deregister(&store_dev);
		return -ENOMEM;
	}
	proc_set_user(root_pde, make_kuid(&init_user_ns, 4321), KGIDT_INIT(8765));
	proc_set_user(who_pde, GLOBAL_ROOT_UID, GLOBAL_ROOT_GID);
	return 0;
}

static void __exit iterfile_exit(void)
{
	proc_remove(root_pde);
	proc_remove(who_pde);
	misc_deregister(&store_dev);
}

module_init(iterfile_init);
module_exit(iterfile_exit);
MODULE_LICENSE("GPL");
