#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make check-htmldocs: the HTML of make htmldocs, as a browser shows it.

1. Every internal link of every page (href and src, fragments included)
   names a file, and an id in it, that exist.
2. The front page and a course chapter, opened in headless Chromium (the
   DOM after its scripts ran): the title is there and is the page's
   heading, no link is broken, nothing is marked "problematic" by docutils,
   and the chapter's C and console blocks are highlighted (Pygments' spans:
   keywords, prompts). A screenshot of each is kept in SHOTDIR.
Without chromium, part 2 says "skipped" and why (scripts/deps.sh installs
it for make check).

    scripts/check-htmldocs.py HTMLDIR SHOTDIR
"""
import glob
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

PAGES = ['index.html', 'course/01-hello.html']
CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu',
                  '--disable-background-networking', '--disable-component-update',
                  '--disable-sync', '--no-first-run']


class Page(HTMLParser):
    """what the checks need of one page: links, ids, title, h1, and the
    classes of the spans inside each highlighted block"""

    def __init__(self, text):
        super().__init__()
        self.links, self.ids, self.title, self.h1 = [], set(), '', ''
        self.blocks = {}	# "highlight-c" -> set of span classes in it
        self.problems = 0
        self._in, self._block, self._depth = None, None, 0
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if 'id' in a:
            self.ids.add(a['id'])
        for key in ('href', 'src'):
            if a.get(key):
                self.links.append(a[key])
        classes = (a.get('class') or '').split()
        if 'problematic' in classes or 'system-message' in classes:
            self.problems += 1
        if tag == 'div' and any(c.startswith('highlight-') for c in classes):
            self._block = [c for c in classes if c.startswith('highlight-')][0]
            self.blocks.setdefault(self._block, set())
            self._depth = 0
        elif tag == 'div' and self._block:
            self._depth += 1
        if tag == 'span' and self._block:
            self.blocks[self._block].update(classes)
        if tag in ('title', 'h1'):
            self._in = tag

    def handle_endtag(self, tag):
        if tag == 'div' and self._block:
            if self._depth == 0:
                self._block = None
            else:
                self._depth -= 1
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in == 'title':
            self.title += data
        elif self._in == 'h1':
            self.h1 += data


def broken_links(root, name, page, cache):
    """the internal links of page (HTML file name, relative to root) that
    name no file, or no id in it"""
    bad = []
    for link in page.links:
        url = urlsplit(link)
        if url.scheme or url.netloc or link.startswith('mailto:'):
            continue
        target = os.path.normpath(os.path.join(os.path.dirname(name), unquote(url.path))) \
            if url.path else name
        path = os.path.join(root, target)
        if not os.path.isfile(path):
            bad.append(link)
            continue
        if url.fragment and target.endswith('.html'):
            if target not in cache:
                with open(path, encoding='utf-8') as f:
                    cache[target] = Page(f.read())
            if unquote(url.fragment) not in cache[target].ids:
                bad.append(link)
    return bad


def check_site(root):
    failed, cache = 0, {}
    names = sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, '**', '*.html'),
                                                                recursive=True))
    for name in names:
        with open(os.path.join(root, name), encoding='utf-8') as f:
            cache.setdefault(name, Page(f.read()))
    for name in names:
        bad = broken_links(root, name, cache[name], cache)
        if bad:
            print('FAIL %s: broken links: %s' % (name, ' '.join(bad)))
            failed += 1
    print('check-htmldocs: %d pages, %d with broken links' % (len(names), failed))
    return failed


def chromium(binary, profile, *args):
    return subprocess.run([binary] + CHROMIUM_FLAGS + ['--user-data-dir=' + profile] + list(args),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=120)


def png_size(path):
    with open(path, 'rb') as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b'\x89PNG\r\n\x1a\n':
        return None
    return struct.unpack('>II', head[16:24])


def check_in_browser(root, shots, binary):
    failed = 0
    profile = tempfile.mkdtemp(prefix='umod-chromium.')
    try:
        for name in PAGES:
            url = 'file://' + os.path.abspath(os.path.join(root, name))
            shot = os.path.join(shots, name.replace('/', '-')[:-len('.html')] + '.png')
            if os.path.exists(shot):
                os.unlink(shot)
            dom = chromium(binary, profile, '--screenshot=' + shot, '--window-size=1280,1400',
                           '--hide-scrollbars', '--dump-dom', url).stdout
            page = Page(dom.decode('utf-8', 'replace'))
            why = []
            heading = page.h1.strip().rstrip('\xb6\uf0c1')	# without the permalink sign
            if not heading or not page.title.startswith(heading):
                why.append('title %r does not start with the heading %r' % (page.title, page.h1))
            bad = broken_links(root, name, page, {})
            if bad:
                why.append('broken links: ' + ' '.join(bad))
            if page.problems:
                why.append('%d docutils problems shown' % page.problems)
            if name.startswith('course/'):
                if not page.blocks.get('highlight-c', set()) & {'k', 'kt', 'n', 'p'}:
                    why.append('C code not highlighted')
                if 'gp' not in page.blocks.get('highlight-console', set()):
                    why.append('console prompts not highlighted')
            size = png_size(shot) if os.path.exists(shot) else None
            if size != (1280, 1400) or os.path.getsize(shot) < 20000:
                why.append('no screenshot (or a blank one) in %s' % shot)
            if why:
                print('FAIL %s in chromium: %s' % (name, '; '.join(why)))
                failed += 1
            else:
                print('PASS %s in chromium: "%s", %d links, screenshot %s'
                      % (name, page.title, len(page.links), os.path.relpath(shot)))
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return failed


def main():
    root, shots = sys.argv[1], sys.argv[2]
    os.makedirs(shots, exist_ok=True)
    failed = check_site(root)
    binary = shutil.which('chromium') or shutil.which('chromium-browser')
    if not binary:
        print('check-htmldocs: browser check skipped: chromium is not installed '
              '(scripts/deps.sh installs it)')
    else:
        failed += check_in_browser(root, shots, binary)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
