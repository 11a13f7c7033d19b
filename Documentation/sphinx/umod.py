# SPDX-License-Identifier: GPL-2.0
"""umod's Sphinx extension (the kernel keeps its own in Documentation/sphinx/).

.. umod-manpages:: 8 5
    Every man/NAME.SECTION.scd of those sections, as a section of the page
    (label ``man-NAME-SECTION``). The man pages stay the one source of the
    options: each item of a page's OPTIONS is registered as an option of its
    command (``umod-insmod.8`` gives ``:option:`umod insmod -f```), so that a
    page naming an option its command does not have fails the build (-W).

:manpage:`umod-insmod(8)`
    Sphinx's role; a page of man/ links to its rendering, any other page to
    Debian's, and a umod page that does not exist fails the build.

.. umod-differences::
    The "Differences from Linux" section of every other page, gathered, with
    a link to each page; new pages are found by themselves.
"""
import glob
import os
import re

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

DIFF_TITLE = 'Differences from Linux'
DEBIAN_MAN = 'https://manpages.debian.org/bookworm/{page}.{section}.en.html'


def man_dir(env):
    return os.path.join(env.srcdir, os.pardir, 'man')


def man_label(page, section):
    return 'man-%s-%s' % (page, section)


# ---- scdoc, read as scdoc(5) reads it ------------------------------------------
def scd_inline(text, known):
    """scdoc's *bold*, _underline_ and \\ escapes as docutils nodes; a bold
    NAME followed by (N) that is a page of man/ links to it"""
    parts = []	# [node class or None, text]
    cur, bold, under, last, i = [], False, False, ' ', 0

    def flush():
        if cur:
            kind = nodes.strong if bold else nodes.emphasis if under else None
            parts.append([kind, ''.join(cur)])
            cur.clear()

    while i < len(text):
        ch = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ' '
        if ch == '\\' and i + 1 < len(text):
            cur.append(nxt)
            last = nxt
            i += 2
            continue
        if ch == '*':
            flush()
            bold = not bold
        elif ch == '_' and (not last.isalnum() or (under and not nxt.isalnum())):
            flush()
            under = not under
        else:
            cur.append(ch)
        last = ch
        i += 1
    flush()
    out = []
    for n, (kind, txt) in enumerate(parts):
        if kind is None:
            out.append(nodes.Text(txt))
            continue
        node = kind(txt, txt)
        after = parts[n + 1][1] if n + 1 < len(parts) and parts[n + 1][0] is None else ''
        m = re.match(r'\((\d)\)', after)
        if kind is nodes.strong and m and (txt, m.group(1)) in known:
            ref = addnodes.pending_xref('', refdomain='std', reftype='ref',
                                        reftarget=man_label(txt, m.group(1)),
                                        refexplicit=True, refwarn=True)
            ref += node
            node = ref
        out.append(node)
    return out


def scd_blocks(lines):
    """lines -> ('head', level, text) | ('code', text) | ('list', [item lines])
    | ('para', [lines]) | ('indent', [lines]) | ('blank',) blocks; an indent
    right after a paragraph is that paragraph's definition (an option's)"""
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            yield ('blank',)
            i += 1
        elif line.lstrip('\t').startswith('```'):
            tabs = len(line) - len(line.lstrip('\t'))
            j = i + 1
            while j < len(lines) and not lines[j].lstrip('\t').startswith('```'):
                j += 1
            body = [re.sub(r'\\(.)', r'\1', ln[tabs:] if ln.startswith('\t' * tabs) else ln)
                    for ln in lines[i + 1:j]]
            yield ('code', '\n'.join(body))
            i = j + 1
        elif line.startswith('\t'):
            j = i
            while j < len(lines) and (lines[j].startswith('\t') or
                                      (not lines[j].strip() and j + 1 < len(lines) and
                                       lines[j + 1].startswith('\t'))):
                j += 1
            yield ('indent', [ln[1:] for ln in lines[i:j]])
            i = j
        elif line.startswith('#'):
            level = len(line) - len(line.lstrip('#'))
            yield ('head', level, line[level:].strip())
            i += 1
        elif line.startswith('- '):
            items = []
            while i < len(lines) and (lines[i].startswith('- ') or lines[i].startswith('  ')):
                if lines[i].startswith('- '):
                    items.append([])
                items[-1].append(lines[i][2:])
                i += 1
            yield ('list', items)
        else:
            j = i
            while j < len(lines) and lines[j].strip() and not lines[j].startswith(('\t', '#', '```')):
                j += 1
            yield ('para', lines[i:j])
            i = j


def scd_paragraph(lines, known):
    para = nodes.paragraph()
    for n, line in enumerate(lines):
        brk = line.endswith('++')
        para += scd_inline(line[:-2].rstrip() if brk else line, known)
        if n + 1 < len(lines):
            para += nodes.raw('', '<br/>', format='html') if brk else nodes.Text(' ')
    return para


class ManPage:
    """one page of man/ as docutils nodes; OPTIONS items become options of
    the page's command"""

    def __init__(self, directive, page, section):
        self.d = directive
        self.page, self.section = page, section
        self.known = directive.env.app.umod_known_pages
        self.heading = ''

    def option_target(self, term_lines, term):
        """Sphinx names the program of `umod insmod -f` umod-insmod: the page"""
        std = self.d.env.get_domain('std')
        names = re.findall(r'\*(--?[A-Za-z0-9][-A-Za-z0-9]*)\*', term_lines[0])
        for name in names:
            # ids are lower case: -S and -s need telling apart
            word = ''.join('upper-' + c.lower() if c.isupper() else c for c in name.lstrip('-'))
            labelid = nodes.make_id('%s-%s-%s-%s' % (self.page, self.section,
                                                     'long' if name.startswith('--') else 'opt',
                                                     word))
            if labelid not in term['ids']:
                term['ids'].append(labelid)
            std.add_program_option(self.page, name, self.d.env.docname, labelid)

    def parse(self, lines):
        out = []
        blocks = list(scd_blocks(lines))
        for n, block in enumerate(blocks):
            kind = block[0]
            nxt = blocks[n + 1] if n + 1 < len(blocks) else (None,)
            if kind == 'blank':
                continue
            if kind == 'head':
                self.heading = block[2]
                out.append(nodes.rubric(block[2], block[2]))
            elif kind == 'code':
                out.append(nodes.literal_block(block[1], block[1]))
            elif kind == 'list':
                lst = nodes.bullet_list()
                for item in block[1]:
                    lst += nodes.list_item('', scd_paragraph(item, self.known))
                out.append(lst)
            elif kind == 'para' and nxt[0] == 'indent':
                continue	# the term of the definition that follows
            elif kind == 'para':
                out.append(scd_paragraph(block[1], self.known))
            elif kind == 'indent':
                prev = blocks[n - 1] if n else (None,)
                if prev[0] != 'para':
                    out.append(nodes.block_quote('', *self.parse(block[1])))
                    continue
                term = nodes.term('', '', *scd_paragraph(prev[1], self.known).children)
                if self.heading == 'OPTIONS' and prev[1][0].startswith('*-'):
                    self.option_target(prev[1], term)
                item = nodes.definition_list_item('', term,
                                                  nodes.definition('', *self.parse(block[1])))
                if out and isinstance(out[-1], nodes.definition_list):
                    out[-1] += item
                else:
                    out.append(nodes.definition_list('', item))
        return out


def read_scd(env, page, section):
    path = os.path.join(man_dir(env), '%s.%s.scd' % (page, section))
    env.note_dependency(os.path.abspath(path))
    with open(path, encoding='utf-8') as f:
        text = f.read().replace('@VERSION@', env.config.release)
    lines = [ln for ln in text.split('\n')[1:] if not ln.startswith('; ')]
    return lines


class ManPageDirective(SphinxDirective):
    """.. umod-manpage:: NAME.SECTION (made by umod-manpages)"""
    required_arguments = 1

    def run(self):
        page, section = self.arguments[0].rsplit('.', 1)
        return ManPage(self, page, section).parse(read_scd(self.env, page, section))


class ManPagesDirective(SphinxDirective):
    """.. umod-manpages:: SECTION...: each page as a section of this one"""
    required_arguments = 1
    optional_arguments = 8

    def run(self):
        rst = []
        for section in self.arguments:
            for path in sorted(glob.glob(os.path.join(man_dir(self.env), '*.%s.scd' % section))):
                page = os.path.basename(path)[:-len('.%s.scd' % section)]
                title = '%s(%s)' % (page, section)
                rst += ['.. _%s:' % man_label(page, section), '', title, '-' * len(title), '',
                        '.. umod-manpage:: %s.%s' % (page, section), '']
        self.state_machine.insert_input(rst, self.env.doc2path(self.env.docname))
        return []


def known_pages(app):
    app.umod_known_pages = set()
    for path in glob.glob(os.path.join(app.srcdir, os.pardir, 'man', '*.scd')):
        page, section = os.path.basename(path)[:-len('.scd')].rsplit('.', 1)
        app.umod_known_pages.add((page, section))


def link_manpages(app, doctree):
    """:manpage: of a page of man/ -> its section; of another -> Debian's"""
    for node in list(doctree.findall(addnodes.manpage)):
        m = re.match(r'^(.+)\((\w+)\)$', node.astext())	# before Sphinx's ManpageLink
        if not m:
            logger.warning('not a man page: %s (NAME(SECTION))', node.astext(), location=node)
            continue
        page, section = m.groups()
        if isinstance(node.parent, (nodes.reference, addnodes.pending_xref)):
            continue
        if (page, section) in app.umod_known_pages:
            ref = addnodes.pending_xref('', refdomain='std', reftype='ref',
                                        reftarget=man_label(page, section),
                                        refexplicit=True, refwarn=True)
        elif page.startswith(('umod', 'libumod')):
            logger.warning('no man page %s(%s) in man/', page, section, location=node)
            continue
        else:
            ref = nodes.reference('', '', internal=False,
                                  refuri=DEBIAN_MAN.format(page=page, section=section))
        node.replace_self(ref)
        ref += node


# ---- the differences, gathered ---------------------------------------------------
TITLE_RE = re.compile(r'^([=\-~^"\'`#*+.:_])\1{2,}\s*$')


def rst_title(lines):
    for n in range(len(lines) - 1):
        if lines[n].strip() and TITLE_RE.match(lines[n + 1]) and not TITLE_RE.match(lines[n]):
            return lines[n].strip()
    return None


def differences_of(lines, docdir):
    """the body of the page's "Differences from Linux" section, its relative
    :doc: targets made absolute"""
    for n in range(len(lines) - 1):
        if lines[n].strip() == DIFF_TITLE and TITLE_RE.match(lines[n + 1]):
            body = lines[n + 2:]
            for m in range(len(body) - 1):
                if body[m].strip() and TITLE_RE.match(body[m + 1]) and \
                        not TITLE_RE.match(body[m]):
                    body = body[:m]
                    break
            fix = lambda mo: mo.group(1) + (mo.group(2) if mo.group(2).startswith('/')
                                            else '/' + os.path.join(docdir, mo.group(2))) + mo.group(3)
            return [re.sub(r'(:doc:`(?:[^`<]*<)?)([^`>]+)(>?`)', fix, ln) for ln in body]
    return None


class DifferencesDirective(SphinxDirective):
    def run(self):
        rst = []
        for docname in sorted(self.env.found_docs):
            if docname == self.env.docname:
                continue
            path = self.env.doc2path(docname)
            with open(path, encoding='utf-8') as f:
                lines = f.read().split('\n')
            body = differences_of(lines, os.path.dirname(docname))
            text = ' '.join(body or []).strip()
            if not text or re.match(r'(- )?None\b', text):
                continue	# "None: ..." says there is nothing to gather
            self.env.note_dependency(path)
            title = rst_title(lines) or docname
            rst += [title, '-' * len(title), '', 'From :doc:`/%s`:' % docname, ''] + body + ['']
        self.state_machine.insert_input(rst, self.env.doc2path(self.env.docname))
        return []


def always_gather(app, env, added, changed, removed):
    """the gathered page is read again at every build: pages come and go"""
    return [d for d in env.found_docs if d == 'differences']


def setup(app):
    app.add_directive('umod-manpage', ManPageDirective)
    app.add_directive('umod-manpages', ManPagesDirective)
    app.add_directive('umod-differences', DifferencesDirective)
    app.connect('builder-inited', known_pages)
    app.connect('doctree-read', link_manpages)
    app.connect('env-get-outdated', always_gather)
    return {'version': '1', 'parallel_read_safe': True, 'parallel_write_safe': True}
