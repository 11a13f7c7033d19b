/* SPDX-License-Identifier: MIT */
/* the rest of the user-visible errno numbers (uapi asm-generic/errno.h) */
#ifndef __KERNEL__
/* host code means the system's header (see linux/types.h) */
#include_next <asm-generic/errno.h>
#elif !defined(_ASM_GENERIC_ERRNO_H)
#define _ASM_GENERIC_ERRNO_H
#include <asm-generic/errno-base.h>

#define EWOULDBLOCK	EAGAIN	/* Operation would block */
#define EDEADLK		35
#define EDEADLOCK	EDEADLK
#define ENAMETOOLONG	36
#define ENOLCK		37
#define ENOSYS		38
#define ENOTEMPTY	39
#define ELOOP		40
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
#endif /* _ASM_GENERIC_ERRNO_H */
