// SPDX-License-Identifier: MIT
/*
 * Declarations of every type kind gendwarfksyms expands, for
 * test_gendwarfksyms.c. Built at test time with the module compiler at
 * -O0 and -O2 (and with CRC_FIXTURE_CHANGED, one struct grows a field).
 */
struct node {
	int value;
	char *label;
	struct node *next;		/* a cycle: named, not re-expanded */
#ifdef CRC_FIXTURE_CHANGED
	long added;
#endif
};

struct opaque;				/* declared only */

typedef unsigned long crc_size_t;

enum mode { MODE_OFF, MODE_ON = 5, MODE_MAX = -1 };

union word {
	int i;
	unsigned char bytes[4];
};

struct flags {
	unsigned int a : 3;
	unsigned int b : 5;
	const volatile int cv;
};

int fixture_fn(struct node *n, const char *fmt, ...)
{
	return n->value + fmt[0];
}

crc_size_t fixture_mixed(enum mode m, union word w, struct flags *f)
{
	return (crc_size_t)m + (crc_size_t)w.i + f->a;
}

struct node *fixture_var;
int fixture_array[4][2];
void (*fixture_callback)(int, struct opaque *);
const char *const fixture_names[3] = { "a", "b", "c" };

/* unrelated to every symbol above: changing it must not move their CRCs */
struct unrelated { long x; } fixture_unrelated;
