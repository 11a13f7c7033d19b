# SPDX-License-Identifier: MIT
#
# gdb helpers for a process hosting umod modules, in the spirit of the
# kernel's scripts/gdb/ (lx-lsmod, ...):
#
#   gdb -x scripts/gdb/umod.py --args build/bin/umod run m.ko
#   (gdb) lx-lsmod               the loaded modules: address, size, users
#   (gdb) lx-modparams NAME      a module's parameters and their values
#
# The modules are found through gdb's JIT descriptor, whose entries are
# kernel/module/gdb_jit.c's struct umod_jit_object (each names its module),
# then through their host's module list; the types come from libumod's
# debug information (umod is built with -g).

import gdb

UMOD_JIT_MAGIC = 0x444f4d55  # kernel/module/gdb_jit.c: entries that are ours
STATES = ["Unformed", "Loading", "Live", "Unloading", "Gone"]


def _ptr(type_name):
    return gdb.lookup_type(type_name).pointer()


def _container(node, type_name, field):
    """The struct holding list node @node in its member @field."""
    t = gdb.lookup_type(type_name)
    offset = next(f.bitpos // 8 for f in t.fields() if f.name == field)
    addr = int(node.cast(gdb.lookup_type("unsigned long"))) - offset
    return gdb.Value(addr).cast(t.pointer())


def _hosts():
    """Every host with a registered module, in first-seen order."""
    hosts, seen = [], set()
    desc = gdb.parse_and_eval("__jit_debug_descriptor")
    entry = desc["first_entry"]
    while int(entry):
        obj = entry.cast(_ptr("struct umod_jit_object")).dereference()
        entry = entry.dereference()["next_entry"]
        if int(obj["magic"]) != UMOD_JIT_MAGIC:
            continue  # another JIT's object (LLVM's), in the same list
        host = obj["mod"].dereference()["host"]
        if int(host) not in seen:
            seen.add(int(host))
            hosts.append(host)
    return hosts


def modules():
    """The modules of every host, newest first as lsmod lists them, as
    `struct umod_module *`."""
    for host in _hosts():
        head = host.dereference()["modules"]
        node = head["next"]
        while int(node) != int(head.address):
            yield _container(node, "struct umod_module", "list")
            node = node.dereference()["next"]


def refcount(mod):
    """umod_refcount_read(): users, not counting the loader's base."""
    stripes = mod.dereference()["refcnt"]["stripe"]
    lo, hi = stripes.type.range()
    total = sum(int(stripes[i]["gets"]) - int(stripes[i]["puts"])
                for i in range(lo, hi + 1))
    return total - 1


def holders(mod):
    """The names of the modules using @mod (its source_list)."""
    head = mod.dereference()["source_list"]
    names, node = [], head["next"]
    while int(node) != int(head.address):
        use = _container(node, "struct umod_module_use", "source_list")
        names.append(use.dereference()["source"].dereference()["name"].string())
        node = node.dereference()["next"]
    return names


def find_module(name):
    want = name.replace("-", "_")
    for mod in modules():
        if mod.dereference()["name"].string().replace("-", "_") == want:
            return mod
    raise gdb.GdbError("no module named %s is loaded" % name)


class LxLsmod(gdb.Command):
    """List the loaded modules: core address, size, users and holders."""

    def __init__(self):
        super().__init__("lx-lsmod", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        gdb.write("Address            Module                  Size  Used by\n")
        for mod in modules():
            m = mod.dereference()
            state = int(m["state"])
            used = "%d" % refcount(mod)
            names = holders(mod)
            if names:
                used += " " + ",".join(names)
            if 0 <= state < len(STATES) and STATES[state] != "Live":
                used += " [%s]" % STATES[state]
            gdb.write("0x%016x %-19s %8d  %s\n" % (
                int(m["core"]["base"]), m["name"].string(),
                int(m["core"]["size"]), used))


# the standard parameter types: the host's ops, by symbol, and how to read
# the variable each one points at
SCALAR_OPS = {
    "umod_param_ops_byte": "unsigned char",
    "umod_param_ops_short": "short",
    "umod_param_ops_ushort": "unsigned short",
    "umod_param_ops_int": "int",
    "umod_param_ops_uint": "unsigned int",
    "umod_param_ops_long": "long",
    "umod_param_ops_ulong": "unsigned long",
    "umod_param_ops_ullong": "unsigned long long",
    "umod_param_ops_hexint": "unsigned int",
    "umod_param_ops_bool": "_Bool",
    "umod_param_ops_bool_enable_only": "_Bool",
    "umod_param_ops_invbool": "_Bool",
    "umod_param_ops_bint": "int",
}


def _ops_name(ops):
    sym = gdb.execute("info symbol 0x%x" % int(ops), to_string=True)
    return sym.split()[0] if " in section " in sym else "0x%x" % int(ops)


def _scalar(ops, arg):
    value = arg.cast(gdb.lookup_type(SCALAR_OPS[ops]).pointer()).dereference()
    if ops == "umod_param_ops_hexint":
        return "0x%x" % int(value)
    if ops == "umod_param_ops_invbool":
        return "N" if int(value) else "Y"
    if SCALAR_OPS[ops] == "_Bool":
        return "Y" if int(value) else "N"
    return str(int(value))


def _array(kp):
    """module_param_array(): the elements given (all, without a count)."""
    arr = kp["arr"].dereference()
    ops = _ops_name(arr["ops"])
    if ops not in SCALAR_OPS:
        return "(array of %s)" % ops
    num = int(arr["num"].dereference()) if int(arr["num"]) else int(arr["max"])
    base = int(arr["elem"].cast(gdb.lookup_type("unsigned long")))
    size = int(arr["elemsize"])
    return ",".join(_scalar(ops, gdb.Value(base + i * size))
                    for i in range(num))


def param_value(kp):
    """The parameter's value as text, for the types gdb can read alone."""
    ops = _ops_name(kp["ops"])
    arg = kp["arg"]
    if ops in SCALAR_OPS:
        return _scalar(ops, arg)
    if ops == "umod_param_ops_charp":
        s = arg.cast(gdb.lookup_type("char").pointer().pointer()).dereference()
        return '"%s"' % s.string() if int(s) else "(null)"
    if ops == "umod_param_ops_string":
        return '"%s"' % kp["str"].dereference()["string"].string()
    if ops == "umod_param_array_ops":
        return _array(kp)
    return "(%s)" % ops


class LxModparams(gdb.Command):
    """Show a module's parameters: lx-modparams NAME."""

    def __init__(self):
        super().__init__("lx-modparams", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        if not arg.strip():
            raise gdb.GdbError("usage: lx-modparams MODULE")
        m = find_module(arg.strip()).dereference()
        params = sorted((m["kp"][i] for i in range(int(m["num_kp"]))),
                        key=lambda kp: kp["name"].string())
        for kp in params:
            gdb.write("%-16s %04o %s\n" % (kp["name"].string(),
                      int(kp["perm"]), param_value(kp)))


LxLsmod()
LxModparams()
