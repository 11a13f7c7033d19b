#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make check-course: run the course's commands and compare what they print
with what the pages show, so that the course cannot rot.

Each chapter Documentation/course/NN-*.rst holds console blocks
(``.. code-block:: console``): a line "$ CMD" is a command, the lines after
it up to the next command are its output (stdout and stderr, as a terminal
shows them). The chapter's commands run in order, in one shell, from a copy
of Documentation/course/src/ that stands for the reader's ~/course; "umod
shell" starts a session whose commands run inside it until "exit". Before
the comparison, as tests/e2e/run.sh does, dmesg timestamps "[    0.123456] "
are removed on both sides, and the paths of the copy and of the checkout
are shown as the pages show them (/home/you/course, /home/you/umod);
trailing blanks are not compared. A chapter without commands (one that
lands with a later feature) is reported as pending.

    scripts/check-course.py SRCTREE OBJTREE [CHAPTER-SUBSTRING] [--show]

--show prints each command with what it printed, timestamps kept: the
console text a page should hold, to paste when a chapter changes.
"""
import difflib
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

HOME_UMOD = '/home/you/umod'
HOME_COURSE = '/home/you/course'
MARK = '@@course %d@@'
MARK_RE = re.compile(r'@@course (\d+)@@\n')
STAMP_RE = re.compile(r'^\[ *[0-9]+\.[0-9]{6}\] ', re.M)
TIMEOUT = 120


def console_blocks(path):
    """[(line number, [lines])] of the page's console blocks, dedented"""
    lines = open(path, encoding='utf-8').read().split('\n')
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].strip() != '.. code-block:: console':
            i += 1
            continue
        i += 1
        while i < len(lines) and (not lines[i].strip() or lines[i].lstrip().startswith(':')):
            i += 1
        start, body = i + 1, []
        indent = len(lines[i]) - len(lines[i].lstrip()) if i < len(lines) else 0
        while i < len(lines) and (not lines[i].strip() or lines[i][:indent].isspace()):
            body.append(lines[i][indent:])
            i += 1
        while body and not body[-1].strip():
            body.pop()
        blocks.append((start, body))
    return blocks


def commands(path):
    """[(where, command, expected output lines)] of a chapter"""
    cmds = []
    for start, body in console_blocks(path):
        for n, line in enumerate(body):
            where = '%s:%d' % (os.path.basename(path), start + n)
            if line.startswith('$ '):
                cmds.append([where, line[2:], []])
            elif not cmds:
                raise SystemExit('%s: output before the first command' % where)
            else:
                cmds[-1][2].append(line)
    return cmds


def script(cmds, srctree, course, first=0, session=False):
    """the shell script of a chapter, or of the umod shell session from
    cmds[first] to its exit; returns (text, index of the next command)"""
    out = ['exec 2>&1']
    n = first
    while n < len(cmds):
        cmd = cmds[n][1]
        cmd = cmd.replace('~/umod', shlex.quote(srctree)).replace('~/course', shlex.quote(course))
        out.append("printf '%s\\n'" % (MARK % n))
        if cmd.split()[:2] == ['umod', 'shell']:
            # "umod shell [OPTIONS]": the session's commands run as its script
            opts = cmd[len('umod shell'):].strip()
            inner, n = script(cmds, srctree, course, n + 1, session=True)
            path = os.path.join(os.path.dirname(course), 'session-%d.sh' % n)
            with open(path, 'w') as f:
                f.write(inner)
            out.append('SHELL=/bin/sh umod shell %s%s' % (opts + ' ' if opts else '',
                                                           shlex.quote(path)))
            continue
        out.append(cmd)
        n += 1
        if session and cmd == 'exit':
            break
    return '\n'.join(out) + '\n', n


def normalize(text, srctree, course, stamps=False):
    text = text.replace(course, HOME_COURSE).replace(srctree, HOME_UMOD)
    if not stamps:
        text = STAMP_RE.sub('', text)
    lines = [ln.rstrip() for ln in text.split('\n')]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def show(cmds, got, srctree, course):
    for n, (where, cmd, want) in enumerate(cmds):
        print('   $ ' + cmd)
        for line in normalize(got.get(n, ''), srctree, course, stamps=True):
            print(('   ' + line).rstrip())


def run_chapter(page, srctree, work, showing=False):
    cmds = commands(page)
    name = os.path.basename(page)[:-len('.rst')]
    if not cmds:
        print('PENDING %s: no commands yet' % name)
        return True
    course = os.path.join(work, 'course')
    text, _ = script(cmds, srctree, course)
    path = os.path.join(work, '%s.sh' % name)
    with open(path, 'w') as f:
        f.write(text)
    try:
        proc = subprocess.run(['sh', path], cwd=work, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=TIMEOUT)
        out = proc.stdout.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b'').decode('utf-8', 'replace')
        print('FAIL %s: still running after %d s' % (name, TIMEOUT))
        return False
    parts = MARK_RE.split(out)
    got = {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    if showing:
        return show(cmds, got, srctree, course) or True
    ok = True
    for n, (where, cmd, want) in enumerate(cmds):
        if n not in got:
            print('FAIL %s: $ %s did not run' % (where, cmd))
            ok = False
            continue
        have = normalize(got[n], srctree, course)
        want = normalize('\n'.join(want), srctree, course)
        if have != want:
            print('FAIL %s: $ %s printed (+) what the page does not show (-):' % (where, cmd))
            sys.stdout.writelines(ln + '\n' for ln in difflib.unified_diff(
                want, have, 'page', 'umod', lineterm='', n=2))
            ok = False
    if ok:
        print('PASS %s: %d commands' % (name, len(cmds)))
    return ok


def shell_works(work):
    """umod shell needs /dev/fuse and mount namespaces: why not, or None"""
    probe = subprocess.run(['umod', 'shell', '-c', 'true'], cwd=work,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if probe.returncode == 0:
        return None
    return probe.stdout.decode('utf-8', 'replace').strip().split('\n')[-1]


def main():
    args = [a for a in sys.argv[1:] if a != '--show']
    showing = len(args) < len(sys.argv) - 1
    srctree, objtree = (os.path.abspath(p) for p in args[:2])
    only = args[2] if len(args) > 2 else ''
    work = os.path.join(objtree, 'course')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, 'tmp'))
    shutil.copytree(os.path.join(srctree, 'Documentation', 'course', 'src'),
                    os.path.join(work, 'course'))
    for var in ('MAKEFLAGS', 'MFLAGS', 'MAKELEVEL', 'XDG_RUNTIME_DIR', 'UMOD_SOCKET'):
        os.environ.pop(var, None)
    os.environ.update(PATH=os.path.join(objtree, 'bin') + os.pathsep + os.environ['PATH'],
                      TMPDIR=os.path.join(work, 'tmp'), LC_ALL='C.UTF-8')
    why = shell_works(work)
    if why:
        print('check-course: skipped: umod shell cannot run here: %s' % why)
        return 0
    pages = sorted(glob.glob(os.path.join(srctree, 'Documentation', 'course', '[0-9][0-9]-*.rst')))
    results = [run_chapter(p, srctree, work, showing) for p in pages if only in os.path.basename(p)]
    failed = results.count(False)
    print('check-course: %d chapters, %d failed' % (len(results), failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
