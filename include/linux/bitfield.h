/* SPDX-License-Identifier: MIT */
/*
 * Register fields by mask (FIELD_PREP, FIELD_GET, u32_encode_bits ...),
 * as 6.1's linux/bitfield.h: a constant mask is checked at compile time.
 */
#ifndef _LINUX_BITFIELD_H
#define _LINUX_BITFIELD_H

#include <linux/build_bug.h>
#include <asm/byteorder.h>

#define __bf_shf(x)		__builtin_ctzll(x)

#define __BF_FIELD_CHECK(_mask, _reg, _val, _pfx)				\
	({									\
		BUILD_BUG_ON_MSG(!__builtin_constant_p(_mask),			\
				 _pfx "mask is not constant");			\
		BUILD_BUG_ON_MSG((_mask) == 0, _pfx "mask is zero");		\
		BUILD_BUG_ON_MSG(__builtin_constant_p(_val) ?			\
				 ~((_mask) >> __bf_shf(_mask)) & (_val) : 0,	\
				 _pfx "value too large for the field");		\
	})

#define FIELD_MAX(_mask)							\
	({									\
		__BF_FIELD_CHECK(_mask, 0ULL, 0ULL, "FIELD_MAX: ");		\
		(__typeof__(_mask))((_mask) >> __bf_shf(_mask));		\
	})

#define FIELD_FIT(_mask, _val)							\
	({									\
		__BF_FIELD_CHECK(_mask, 0ULL, 0ULL, "FIELD_FIT: ");		\
		!((((__typeof__(_mask))_val) << __bf_shf(_mask)) & ~(_mask));	\
	})

#define FIELD_PREP(_mask, _val)							\
	({									\
		__BF_FIELD_CHECK(_mask, 0ULL, _val, "FIELD_PREP: ");		\
		((__typeof__(_mask))(_val) << __bf_shf(_mask)) & (_mask);	\
	})

#define FIELD_GET(_mask, _reg)							\
	({									\
		__BF_FIELD_CHECK(_mask, _reg, 0U, "FIELD_GET: ");		\
		(__typeof__(_mask))(((_reg) & (_mask)) >> __bf_shf(_mask));	\
	})

static __always_inline u64 field_multiplier(u64 field)
{
	return field & -field;
}

static __always_inline u64 field_mask(u64 field)
{
	return field / field_multiplier(field);
}

#define field_max(field)	((__typeof__(field))field_mask(field))

#define ____MAKE_OP(type, base, to, from)					\
static __always_inline __##type type##_encode_bits(base v, base field)	\
{										\
	return to((v & field_mask(field)) * field_multiplier(field));		\
}										\
static __always_inline __##type type##_replace_bits(__##type old, base val, base field) \
{										\
	return (old & ~to(field)) | type##_encode_bits(val, field);		\
}										\
static __always_inline void type##p_replace_bits(__##type *p, base val, base field) \
{										\
	*p = (*p & ~to(field)) | type##_encode_bits(val, field);		\
}										\
static __always_inline base type##_get_bits(__##type v, base field)		\
{										\
	return (from(v) & field) / field_multiplier(field);			\
}

#define __MAKE_OP(size)								\
	____MAKE_OP(le##size, u##size, cpu_to_le##size, le##size##_to_cpu)	\
	____MAKE_OP(be##size, u##size, cpu_to_be##size, be##size##_to_cpu)	\
	____MAKE_OP(u##size, u##size, , )

____MAKE_OP(u8, u8, , )
__MAKE_OP(16)
__MAKE_OP(32)
__MAKE_OP(64)
#undef __MAKE_OP
#undef ____MAKE_OP

#endif /* _LINUX_BITFIELD_H */
