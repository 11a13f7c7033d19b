/* SPDX-License-Identifier: MIT */
/*
 * CORDIC (6.1's lib/math/cordic.c, module cordic): the cosine and sine of
 * an angle by shifts and adds, in fixed point. umod's host has no CORDIC
 * of its own: a module calling cordic_calc_iq() links against a genuine
 * kernel's cordic.ko (Documentation/admin-guide/genuine-modules.rst).
 */
#ifndef __CORDIC_H_
#define __CORDIC_H_

#include <linux/types.h>

#define CORDIC_ANGLE_GEN	39797
#define CORDIC_PRECISION_SHIFT	16
#define CORDIC_NUM_ITER	(CORDIC_PRECISION_SHIFT + 2)

/* an integer as CORDIC's fixed point, and back, rounded to nearest */
#define CORDIC_FIXED(X)	((s32)((X) << CORDIC_PRECISION_SHIFT))
#define CORDIC_FLOAT(X)	(((X) >= 0)						\
			 ? ((((X) >> (CORDIC_PRECISION_SHIFT - 1)) + 1) >> 1)	\
			 : -((((-(X)) >> (CORDIC_PRECISION_SHIFT - 1)) + 1) >> 1))

/* the in-phase (cosine) and quadrature (sine) parts, scaled by 2^16 */
struct cordic_iq {
	s32 i;
	s32 q;
};

/* @theta in whole degrees */
struct cordic_iq cordic_calc_iq(s32 theta);

#endif /* __CORDIC_H_ */
