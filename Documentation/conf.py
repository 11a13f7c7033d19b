# SPDX-License-Identifier: GPL-2.0
# Sphinx configuration of umod's Documentation/ (make htmldocs).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'sphinx'))

project = 'umod'
author = 'the umod developers'
copyright = 'the umod developers; GPL-2.0'
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, 'VERSION')) as f:
    release = version = f.read().strip()

extensions = ['umod']
exclude_patterns = ['course/src']
highlight_language = 'none'
pygments_style = 'sphinx'
# kernel style: ``foo()`` is literal text, roles say what else a word is
default_role = 'literal'

try:
    import sphinx_rtd_theme  # noqa: F401 (Debian: python3-sphinx-rtd-theme)
    html_theme = 'sphinx_rtd_theme'
    html_theme_options = {'navigation_depth': 3}
except ImportError:
    html_theme = 'alabaster'
html_title = 'umod %s documentation' % release
html_show_sourcelink = False
html_copy_source = False
# "--force" must stay two hyphens, not become an en dash
smartquotes = False
