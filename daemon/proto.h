/* SPDX-License-Identifier: MIT */
/*
 * The daemon's wire protocol: length-framed, versioned messages of typed
 * fields, little-endian, with every size bounded.
 *
 *   frame  := header payload
 *   header := magic u32 ("UMOD") | version u16 | op u16 | len u32 | zero u32
 *   payload:= field*                                  (len bytes)
 *   field  := type u8 | zero u8[3] | size u32 | data   (size bytes)
 *
 * Field types: INT (size 8, two's complement), STR (NUL-terminated, no
 * other NUL), BYTES (anything). A request's fields follow its op's schema
 * (below); a reply has op | UMOD_OP_REPLY and starts with an INT status
 * (0 or a negative errno).
 *
 * On connect the server speaks first: a HELLO reply whose status says
 * whether the peer may talk to it (-EPERM: not the socket's owner). Then
 * the client sends requests, one reply each, on the same connection.
 */
#ifndef _UMOD_DAEMON_PROTO_H
#define _UMOD_DAEMON_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UMOD_PROTO_MAGIC	0x444f4d55u	/* "UMOD" as little-endian bytes */
#define UMOD_PROTO_VERSION	1
#define UMOD_PROTO_HDR_SIZE	16
#define UMOD_PROTO_FIELD_HDR	8
/* a request carries at most one module image */
#define UMOD_PROTO_MAX_REQUEST	(64u << 20)
#define UMOD_PROTO_MAX_REPLY	(16u << 20)

enum umod_proto_op {
	UMOD_OP_HELLO = 1,	/* server -> client: status */
	UMOD_OP_INSERT,		/* BYTES image, STR args, INT flags -> after a
				 *    status of -ENOTRECOVERABLE (an oops): INT
				 *    the signal it ends the client with */
	UMOD_OP_REMOVE,		/* STR name, INT flags -> as INSERT */
	UMOD_OP_LIST,		/* -> per module: STR name, INT size, INT refcnt,
				 *    STR state, STR holders ("a,b"), STR taint */
	UMOD_OP_LOG_READ,	/* INT seq, INT flags (UMOD_LOG_*) -> per record from
				 *    seq on: INT seq, INT level, INT ts_nsec, STR text */
	UMOD_OP_SYSFS_LS,	/* STR path -> per entry: STR name ("" for path
				 *    itself, not a directory), INT mode, STR
				 *    symlink target ("" if none) */
	UMOD_OP_SYSFS_READ,	/* STR path -> BYTES value */
	UMOD_OP_SYSFS_WRITE,	/* STR path, STR value */
	UMOD_OP_MAX,
};

#define UMOD_OP_REPLY		0x8000

/* flags of UMOD_OP_LOG_READ */
#define UMOD_LOG_WAIT		(1u << 0)	/* block until a record >= seq exists */
#define UMOD_LOG_CLEAR		(1u << 1)	/* then forget every record (dmesg -c) */
#define UMOD_LOG_ALL_FLAGS	(UMOD_LOG_WAIT | UMOD_LOG_CLEAR)

enum umod_proto_type {
	UMOD_FIELD_INT = 1,
	UMOD_FIELD_STR,
	UMOD_FIELD_BYTES,
};

struct umod_proto_hdr {
	uint16_t version;
	uint16_t op;
	uint32_t len;		/* payload bytes */
};

/* ---- decoding: nothing is copied; pointers point into the input ---------- */

/*
 * umod_proto_parse_hdr - check the UMOD_PROTO_HDR_SIZE bytes at @buf.
 * Returns 0, -EBADMSG (bad magic or non-zero reserved word),
 * -EPROTONOSUPPORT (another version) or -EMSGSIZE (payload over @max).
 */
int umod_proto_parse_hdr(const void *buf, struct umod_proto_hdr *hdr, uint32_t max);

/* a cursor over the fields of one payload */
struct umod_proto_cursor {
	const unsigned char *p;
	size_t left;
};

void umod_proto_cursor_init(struct umod_proto_cursor *cur, const void *payload,
			    size_t len);
/* each returns 0, or -EBADMSG when the next field is missing, malformed or
 * of another type; the cursor then stays where it was */
int umod_proto_get_int(struct umod_proto_cursor *cur, int64_t *v);
int umod_proto_get_str(struct umod_proto_cursor *cur, const char **s);
int umod_proto_get_bytes(struct umod_proto_cursor *cur, const void **p, size_t *len);
bool umod_proto_at_end(const struct umod_proto_cursor *cur);

/* a request as the server acts on it */
struct umod_request {
	uint16_t op;
	union {
		struct {
			const void *image;
			size_t len;
			const char *args;
			uint32_t flags;		/* UMOD_INSERT_* */
		} insert;
		struct {
			const char *name;
			uint32_t flags;		/* UMOD_REMOVE_* */
		} remove;
		struct {
			uint64_t seq;
			uint32_t flags;		/* UMOD_LOG_* */
		} log;
		struct {
			const char *path;
			const char *value;	/* WRITE only */
		} sysfs;
	};
};

/*
 * umod_proto_decode_request - check a request payload against its op's
 * schema: every field present, of its type, nothing after the last one,
 * flags only of known bits.
 * Returns 0, -EOPNOTSUPP (unknown op) or -EBADMSG.
 */
int umod_proto_decode_request(uint16_t op, const void *payload, size_t len,
			      struct umod_request *req);

/*
 * umod_proto_decode - a whole request frame (header and payload, exactly
 * @len bytes), as the server receives it: the entry point for fuzzing.
 * Returns what the two functions above return.
 */
int umod_proto_decode(const void *frame, size_t len, struct umod_request *req);

/* ---- encoding ------------------------------------------------------------ */

/* a frame being built; the first error sticks and is returned by _finish */
struct umod_proto_buf {
	unsigned char *data;
	size_t len, cap;
	uint32_t max;		/* payload limit of this direction */
	uint16_t op;
	int err;
};

void umod_proto_begin(struct umod_proto_buf *b, uint16_t op, uint32_t max);
void umod_proto_put_int(struct umod_proto_buf *b, int64_t v);
void umod_proto_put_str(struct umod_proto_buf *b, const char *s);
void umod_proto_put_bytes(struct umod_proto_buf *b, const void *p, size_t len);
/* fills in the header's length; returns 0, -ENOMEM or -EMSGSIZE */
int umod_proto_finish(struct umod_proto_buf *b);
void umod_proto_buf_free(struct umod_proto_buf *b);

#endif /* _UMOD_DAEMON_PROTO_H */
