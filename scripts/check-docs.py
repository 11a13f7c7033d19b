#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Part of make check-install (scripts/check-man.sh): what README.md and
Documentation/ show a reader must agree with the program and the tree.

1. Every option on a command line they show ("$ umod CMD ..." or a kmod
   tool's name, in a console block or an indented one) is one that
   "umod CMD --help" lists. (Options in prose are :option: references,
   which make htmldocs checks against the man pages.)
2. Every relative link of README.md names a file of the tree.

    scripts/check-docs.py SRCTREE UMOD
"""
import glob
import os
import re
import shlex
import subprocess
import sys

KMOD_NAMES = ('insmod', 'rmmod', 'lsmod', 'modinfo', 'modprobe', 'depmod', 'dmesg')
PREFIXES = ('sudo', 'exec', 'time', 'env')


def help_options(umod, cmd, cache):
    """the option words `umod CMD --help` lists (as check-man.sh reads them)"""
    if cmd not in cache:
        args = [umod] + ([cmd] if cmd else []) + ['--help']
        text = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        opts = set()
        for line in text.decode().split('\n'):
            m = re.match(r'\s*(-.*)$', line)
            if m:
                words = re.split(r'\s{2,}', m.group(1))[0]
                opts.update(re.findall(r'(?:^|[ ,])(--?[A-Za-z0-9][-A-Za-z0-9]*)', words))
        cache[cmd] = opts
    return cache[cmd]


def command_lines(path):
    """(line number, command) of each "$ ..." line of the file"""
    for n, line in enumerate(open(path, encoding='utf-8'), 1):
        m = re.match(r'\s*\$ (.*)$', line)
        if m:
            yield n, m.group(1)


def pieces(command):
    """the simple commands of a line, as the shell splits them"""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        words = command.split()
    piece = []
    for w in words:
        if w in ('|', ';', '&&', '||', '&') or w.endswith(';'):
            if w.endswith(';') and w != ';':
                piece.append(w[:-1])
            yield piece
            piece = []
        else:
            piece.append(w)
    yield piece


def umod_command(words, commands):
    """(command, its arguments) if words run umod, else None"""
    while words and (words[0] in PREFIXES or re.match(r'^[A-Z_]+=', words[0])):
        words = words[1:]
    if not words:
        return None
    prog = os.path.basename(words[0])
    if prog in KMOD_NAMES:
        return prog, words[1:]
    if prog != 'umod':
        return None
    if len(words) > 1 and words[1] in commands:
        return words[1], words[2:]
    return '', words[1:]


def check_options(src, umod):
    cache, failed = {}, 0
    top = subprocess.run([umod, '--help'], stdout=subprocess.PIPE).stdout.decode()
    commands = set(re.findall(r'^  ([a-z][-a-z]*) ', top.split('Commands:')[1], re.M))
    files = [os.path.join(src, 'README.md')] + \
        sorted(glob.glob(os.path.join(src, 'Documentation', '**', '*.rst'), recursive=True))
    for path in files:
        for n, line in command_lines(path):
            for words in pieces(line):
                found = umod_command(words, commands)
                if not found:
                    continue
                cmd, args = found
                if cmd == 'shell' and '-c' in args:
                    args = args[:args.index('-c') + 1]	# the rest is the shell's
                known = help_options(umod, cmd, cache)
                for arg in args:
                    if arg == '--':
                        break
                    opt = arg.split('=')[0]
                    if re.match(r'^--?[A-Za-z]', opt) and opt not in known:
                        print('FAIL %s:%d: %s has no option %s'
                              % (os.path.relpath(path, src), n, ' '.join(['umod', cmd]).strip(), opt))
                        failed += 1
    return failed


def check_readme_links(src):
    failed = 0
    text = open(os.path.join(src, 'README.md'), encoding='utf-8').read()
    for target in re.findall(r'\]\(([^)\s]+)\)', text):
        if re.match(r'^[a-z]+:', target) or target.startswith('#'):
            continue
        if not os.path.exists(os.path.join(src, target.split('#')[0])):
            print('FAIL README.md: link to %s, which does not exist' % target)
            failed += 1
    return failed


def main():
    src, umod = sys.argv[1], sys.argv[2]
    failed = check_options(src, umod) + check_readme_links(src)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
