/* SPDX-License-Identifier: MIT */
/* Linux's errno numbers (asm-generic), which are also the host's. */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <linux/errno.h>
#elif !defined(_LINUX_ERRNO_H)
#define _LINUX_ERRNO_H

#define EPERM		 1
#define ENOENT		 2
#define ESRCH		 3
#define EINTR		 4
#define EIO		 5
#define ENXIO		 6
#define E2BIG		 7
#define ENOEXEC		 8
#define EBADF		 9
#define ECHILD		10
#define EAGAIN		11
#define ENOMEM		12
#define EACCES		13
#define EFAULT		14
#define ENOTBLK		15
#define EBUSY		16
#define EEXIST		17
#define EXDEV		18
#define ENODEV		19
#define ENOTDIR		20
#define EISDIR		21
#define EINVAL		22
#define ENFILE		23
#define EMFILE		24
#define ENOTTY		25
#define ETXTBSY		26
#define EFBIG		27
#define ENOSPC		28
#define ESPIPE		29
#define EROFS		30
#define EMLINK		31
#define EPIPE		32
#define EDOM		33
#define ERANGE		34
#define EDEADLK		35
#define ENAMETOOLONG	36
#define ENOLCK		37
#define ENOSYS		38
#define ENOTEMPTY	39
#define ELOOP		40
#define EWOULDBLOCK	EAGAIN
#define ENOMSG		42
#define EIDRM		43
#define ENODATA		61
#define ETIME		62
#define EOVERFLOW	75
#define EBADMSG		74
#define EILSEQ		84
#define EOPNOTSUPP	95
#define EADDRINUSE	98
#define ENOBUFS		105
#define ETIMEDOUT	110
#define EALREADY	114
#define EINPROGRESS	115
#define ECANCELED	125
#define EKEYREJECTED	129

#define EADDRNOTAVAIL	99
#define ENETDOWN	100
#define ENETUNREACH	101
#define ECONNABORTED	103
#define ECONNRESET	104
#define EISCONN		106
#define ENOTCONN	107
#define ECONNREFUSED	111
#define EHOSTUNREACH	113
#define ESTALE		116
#define EDQUOT		122
#define ENOMEDIUM	123
#define ENOKEY		126
#define EKEYEXPIRED	127
#define EKEYREVOKED	128
#define EOWNERDEAD	130
#define ENOTRECOVERABLE	131
#define ERFKILL		132
#define EHWPOISON	133
#define ENOSTR		60
#define ENOLINK		67
#define EPROTO		71
#define EMULTIHOP	72
#define ENOTUNIQ	76
#define EBADFD		77
#define EREMOTEIO	121
#define EUSERS		87
#define ENOTSOCK	88
#define EDESTADDRREQ	89
#define EMSGSIZE	90
#define EPROTOTYPE	91
#define ENOPROTOOPT	92
#define EPROTONOSUPPORT	93
#define ESOCKTNOSUPPORT	94
#define EPFNOSUPPORT	96
#define EAFNOSUPPORT	97
#define ENETRESET	102
#define ESHUTDOWN	108
#define ETOOMANYREFS	109
#define EHOSTDOWN	112
#define ENOSR		63
#define ENONET		64
#define ENOPKG		65
#define EREMOTE		66
#define ECHRNG		44
#define EL2NSYNC	45
#define ENOCSI		50
#define EBADE		52
#define EBADR		53
#define EXFULL		54
#define ENOANO		55
#define EBADRQC		56
#define EBADSLT		57
#define EDEADLOCK	EDEADLK
#define EBFONT		59
#define ECOMM		70
#define EDOTDOT		73
#define ELIBACC		79
#define ELIBBAD		80
#define ESTRPIPE	86
#define EUCLEAN		117
#define ENOTNAM		118
#define ENAVAIL		119
#define EISNAM		120
#define EMEDIUMTYPE	124

/* kernel-internal, never seen by user space in Linux (linux/errno.h) */
#define ERESTARTSYS	512
#define ERESTARTNOINTR	513
#define ERESTARTNOHAND	514
#define ENOIOCTLCMD	515
#define ERESTART_RESTARTBLOCK 516
#define EPROBE_DEFER	517
#define EOPENSTALE	518
#define ENOPARAM	519
#define EBADHANDLE	521
#define ENOTSYNC	522
#define EBADCOOKIE	523
#define ENOTSUPP	524
#define ETOOSMALL	525
#define ESERVERFAULT	526
#define EBADTYPE	527
#define EJUKEBOX	528
#define EIOCBQUEUED	529
#define ERECALLCONFLICT	530
#define ENOGRACE	531

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

#endif /* _LINUX_ERRNO_H */
