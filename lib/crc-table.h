/* SPDX-License-Identifier: MIT */
/*
 * Compile-time CRC tables for lib/crc*.c: CRC_TABLE(m) expands to the
 * 256 initialisers m(0) ... m(255), and the per-bit steps below turn an
 * index into its table entry in constant expressions, so the tables are
 * const data built by the compiler, not code run at start-up.
 */
#ifndef _UMOD_LIB_CRC_TABLE_H
#define _UMOD_LIB_CRC_TABLE_H

#define CRC_L4(m, i)	m(i), m((i) + 1), m((i) + 2), m((i) + 3)
#define CRC_L16(m, i)	CRC_L4(m, i), CRC_L4(m, (i) + 4), CRC_L4(m, (i) + 8), CRC_L4(m, (i) + 12)
#define CRC_L64(m, i)	CRC_L16(m, i), CRC_L16(m, (i) + 16), CRC_L16(m, (i) + 32), \
			CRC_L16(m, (i) + 48)
#define CRC_TABLE(m)	CRC_L64(m, 0), CRC_L64(m, 64), CRC_L64(m, 128), CRC_L64(m, 192)

/* one bit of a reflected (LSB-first) CRC of polynomial @p, of any width */
#define CRC_LSB_STEP(c, p)	(((c) >> 1) ^ (((c) & 1) ? (p) : 0))
/* one bit of an MSB-first CRC whose top bit is @top */
#define CRC_MSB_STEP(c, p, top)	(((c) << 1) ^ (((c) & (top)) ? (p) : 0))

#define CRC_LSB_BYTE(i, p)						\
	CRC_LSB_STEP(CRC_LSB_STEP(CRC_LSB_STEP(CRC_LSB_STEP(		\
	CRC_LSB_STEP(CRC_LSB_STEP(CRC_LSB_STEP(CRC_LSB_STEP(		\
	(i), p), p), p), p), p), p), p), p)

#define CRC_MSB_BYTE(i, p, top)						\
	CRC_MSB_STEP(CRC_MSB_STEP(CRC_MSB_STEP(CRC_MSB_STEP(		\
	CRC_MSB_STEP(CRC_MSB_STEP(CRC_MSB_STEP(CRC_MSB_STEP(		\
	(i), p, top), p, top), p, top), p, top), p, top), p, top), p, top), p, top)

#endif /* _UMOD_LIB_CRC_TABLE_H */
