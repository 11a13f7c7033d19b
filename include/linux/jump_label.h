/* SPDX-License-Identifier: MIT */
/*
 * Static keys, with 6.1's names. In the kernel a static branch is a
 * no-op or a jump patched in place when its key flips; umod patches no
 * code, so static_branch_likely()/unlikely() read the key's count (one
 * relaxed load and a test, with the compiler told which way it usually
 * goes), and flipping a key is kernel/jump_label.c keeping that count.
 * Module code cannot tell the difference but for the cost of the load.
 */
#ifndef _LINUX_JUMP_LABEL_H
#define _LINUX_JUMP_LABEL_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/atomic.h>
#include <linux/bug.h>
#include <umod/kabi/jump_label.h>

struct static_key_true {
	struct static_key key;
};

struct static_key_false {
	struct static_key key;
};

/* the kernel's JUMP_TYPE_* marks of a key's initial state */
#define JUMP_TYPE_FALSE		0UL
#define JUMP_TYPE_TRUE		1UL
#define JUMP_TYPE_LINKED	2UL
#define JUMP_TYPE_MASK		3UL

#define STATIC_KEY_INIT_TRUE	{ .enabled = { 1 }, { .type = JUMP_TYPE_TRUE } }
#define STATIC_KEY_INIT_FALSE	{ .enabled = { 0 }, { .type = JUMP_TYPE_FALSE } }
#define STATIC_KEY_INIT		STATIC_KEY_INIT_FALSE

#define STATIC_KEY_TRUE_INIT	(struct static_key_true) { .key = STATIC_KEY_INIT_TRUE, }
#define STATIC_KEY_FALSE_INIT	(struct static_key_false){ .key = STATIC_KEY_INIT_FALSE, }

#define DEFINE_STATIC_KEY_TRUE(name)	\
	struct static_key_true name = STATIC_KEY_TRUE_INIT
#define DEFINE_STATIC_KEY_TRUE_RO(name)	\
	struct static_key_true name __ro_after_init = STATIC_KEY_TRUE_INIT
#define DECLARE_STATIC_KEY_TRUE(name)	\
	extern struct static_key_true name

#define DEFINE_STATIC_KEY_FALSE(name)	\
	struct static_key_false name = STATIC_KEY_FALSE_INIT
#define DEFINE_STATIC_KEY_FALSE_RO(name)	\
	struct static_key_false name __ro_after_init = STATIC_KEY_FALSE_INIT
#define DECLARE_STATIC_KEY_FALSE(name)	\
	extern struct static_key_false name

#define DEFINE_STATIC_KEY_ARRAY_TRUE(name, count)		\
	struct static_key_true name[count] = {			\
		[0 ... (count) - 1] = STATIC_KEY_TRUE_INIT,	\
	}

#define DEFINE_STATIC_KEY_ARRAY_FALSE(name, count)		\
	struct static_key_false name[count] = {			\
		[0 ... (count) - 1] = STATIC_KEY_FALSE_INIT,	\
	}

#define _DEFINE_STATIC_KEY_1(name)	DEFINE_STATIC_KEY_TRUE(name)
#define _DEFINE_STATIC_KEY_0(name)	DEFINE_STATIC_KEY_FALSE(name)
#define DEFINE_STATIC_KEY_MAYBE(cfg, name)			\
	__PASTE(_DEFINE_STATIC_KEY_, IS_ENABLED(cfg))(name)

#define _DEFINE_STATIC_KEY_RO_1(name)	DEFINE_STATIC_KEY_TRUE_RO(name)
#define _DEFINE_STATIC_KEY_RO_0(name)	DEFINE_STATIC_KEY_FALSE_RO(name)
#define DEFINE_STATIC_KEY_MAYBE_RO(cfg, name)			\
	__PASTE(_DEFINE_STATIC_KEY_RO_, IS_ENABLED(cfg))(name)

#define _DECLARE_STATIC_KEY_1(name)	DECLARE_STATIC_KEY_TRUE(name)
#define _DECLARE_STATIC_KEY_0(name)	DECLARE_STATIC_KEY_FALSE(name)
#define DECLARE_STATIC_KEY_MAYBE(cfg, name)			\
	__PASTE(_DECLARE_STATIC_KEY_, IS_ENABLED(cfg))(name)

static __always_inline int static_key_count(struct static_key *key)
{
	return __atomic_load_n(&key->enabled.counter, __ATOMIC_RELAXED);
}

/* flipping keys (kernel/jump_label.c) */
void static_key_slow_inc(struct static_key *key);
void static_key_slow_dec(struct static_key *key);
void static_key_slow_inc_cpuslocked(struct static_key *key);
void static_key_slow_dec_cpuslocked(struct static_key *key);
void static_key_enable(struct static_key *key);
void static_key_disable(struct static_key *key);
void static_key_enable_cpuslocked(struct static_key *key);
void static_key_disable_cpuslocked(struct static_key *key);

/* a link error names the misuse: a branch on something that is not a key */
extern bool ____wrong_branch_error(void);

#define static_key_enabled(x)						\
({									\
	if (!__builtin_types_compatible_p(__typeof__(*x), struct static_key) &&	\
	    !__builtin_types_compatible_p(__typeof__(*x), struct static_key_true) &&\
	    !__builtin_types_compatible_p(__typeof__(*x), struct static_key_false))	\
		____wrong_branch_error();				\
	static_key_count((struct static_key *)x) > 0;			\
})

/* the old, deprecated forms: a struct static_key of either initial state */
static __always_inline bool static_key_false(struct static_key *key)
{
	return __builtin_expect(static_key_count(key) > 0, 0);
}

static __always_inline bool static_key_true(struct static_key *key)
{
	return __builtin_expect(static_key_count(key) > 0, 1);
}

#define static_branch_likely(x)		likely(static_key_enabled(&(x)->key))
#define static_branch_unlikely(x)	unlikely(static_key_enabled(&(x)->key))

#define static_branch_maybe(config, x)					\
	(IS_ENABLED(config) ? static_branch_likely(x)			\
			    : static_branch_unlikely(x))

#define static_branch_inc(x)		static_key_slow_inc(&(x)->key)
#define static_branch_dec(x)		static_key_slow_dec(&(x)->key)
#define static_branch_inc_cpuslocked(x)	static_key_slow_inc_cpuslocked(&(x)->key)
#define static_branch_dec_cpuslocked(x)	static_key_slow_dec_cpuslocked(&(x)->key)

#define static_branch_enable(x)		static_key_enable(&(x)->key)
#define static_branch_disable(x)	static_key_disable(&(x)->key)
#define static_branch_enable_cpuslocked(x)	static_key_enable_cpuslocked(&(x)->key)
#define static_branch_disable_cpuslocked(x)	static_key_disable_cpuslocked(&(x)->key)

#endif /* _LINUX_JUMP_LABEL_H */
