/* SPDX-License-Identifier: MIT */
/*
 * ELF notes from C, as 6.1's linux/elfnote.h: ELFNOTE32("Linux", type, desc)
 * puts one note in section ".note.Linux", in a static object named
 * _note_LINE (the line it is on: foo.mod.c's BUILD_SALT is _note_9).
 */
#ifndef _LINUX_ELFNOTE_H
#define _LINUX_ELFNOTE_H

#include <linux/types.h>

struct umod_elf32_note {
	u32 n_namesz;
	u32 n_descsz;
	u32 n_type;
};

#define _ELFNOTE_PASTE(a, b)	a##b
#define _ELFNOTE(size, name, unique, type, desc)			\
	static const struct {						\
		struct umod_elf32_note _nhdr;				\
		unsigned char _name[sizeof(name)]			\
		__attribute__((aligned(sizeof(u32))));			\
		__typeof__(desc) _desc					\
			__attribute__((aligned(sizeof(u32))));		\
	} _ELFNOTE_PASTE(_note_, unique)				\
		__attribute__((__used__, section(".note." name),	\
			       aligned(sizeof(u32)), unused)) = {	\
		{ sizeof(name), sizeof(desc), type },			\
		name,							\
		desc							\
	}
#define ELFNOTE(size, name, type, desc)	_ELFNOTE(size, name, __LINE__, type, desc)
#define ELFNOTE32(name, type, desc)	ELFNOTE(32, name, type, desc)
#define ELFNOTE64(name, type, desc)	ELFNOTE(64, name, type, desc)

#endif /* _LINUX_ELFNOTE_H */
