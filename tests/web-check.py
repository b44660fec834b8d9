#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The WebAssembly build's tests, run from the native build (doc/TESTING.md,
"The web build"):

  web-check.py golden SRCDIR          the golden games replayed under Node.js
  web-check.py browser SRCDIR NATIVE [--console CONSOLE]
               [--python PYTHON | --no-python WHY]
                                      the page played in headless Chromium;
                                      its saves opened in the console and
                                      in Python, and theirs in the page

The wasm build is the directory SKIRMISH_WASM_BUILD names, else
SRCDIR/build-wasm (wasm/README.md says how to make it). The Python binding
is the one PYTHONPATH finds (tests/meson.build gives this build's). Exits
77, saying why, where emscripten's build, Node.js, the npm modules,
Chromium, the console or the Python binding are missing."""
import os
import shutil
import subprocess
import sys


def skip(why):
    print('SKIP: ' + why)
    sys.exit(77)


def main():
    mode, src = sys.argv[1], sys.argv[2]
    wasm = os.environ.get('SKIRMISH_WASM_BUILD') or os.path.join(src, 'build-wasm')
    pkg = os.path.join(wasm, 'wasm')
    node = shutil.which('node')
    if not node:
        skip('no node (Node.js) on PATH')
    if not os.path.exists(os.path.join(pkg, 'skirmish-wasm.mjs')):
        if not shutil.which('emcc'):
            skip('no emscripten (Debian: emscripten), so no wasm build in ' + wasm)
        skip('no wasm build in %s: NODE_PATH=/usr/share/nodejs meson setup '
             '--cross-file wasm/emscripten.cross %s && meson compile -C %s'
             % (wasm, wasm, wasm))
    if mode == 'golden':
        cmd = [node, os.path.join(src, 'wasm', 'test-golden.mjs'), pkg,
               os.path.join(src, 'tests', 'data')]
    else:
        native = sys.argv[3]
        opts = dict(zip(sys.argv[4::2], sys.argv[5::2]))
        console = opts.get('--console')
        if not console:
            skip('no skirmish-console in this build (-Dexamples and -Dtools disabled)')
        python = opts.get('--python')
        if not python:
            skip('no Python binding in this build (%s): the page\'s saves are '
                 'opened in Python too' % opts.get('--no-python', 'not given'))
        modules = os.path.join(src, 'wasm', 'node_modules', 'puppeteer-core')
        if not os.path.isdir(modules):
            skip('no puppeteer-core in wasm/node_modules: (cd wasm && npm ci)')
        chromium = os.environ.get('CHROMIUM') or shutil.which('chromium')
        if not chromium:
            skip('no chromium (Debian: chromium)')
        page = os.path.join(pkg, 'skirmish-page.html')
        if not os.path.exists(page):
            skip('no page in the wasm build: ' + page)
        cmd = [node, os.path.join(src, 'wasm', 'test-browser.mjs'), page, chromium,
               os.path.join(native, 'tests', 'web-native'), native,
               os.path.abspath(console), python]
    sys.exit(subprocess.call(cmd))


if __name__ == '__main__':
    main()
