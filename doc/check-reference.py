#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the HTML API reference and fails on anything undocumented.

usage: check-reference.py DOXYGEN DOXYFILE OUTDIR
       check-reference.py --planted DOXYGEN DOXYFILE OUTDIR

Runs Doxygen (its Doxyfile fails on any warning: an undocumented function,
struct member, macro or typedef, or a broken doc command), then reads its
XML output, because Doxygen says nothing about an undocumented enum value
or a member that only shares a group's text: every enum value, function,
struct and struct member, macro and typedef of the public headers must
have a description of its own or its group's. The front page must be the
guide (doc/API.md: words and sections, not a title alone), every public
function must be in a group (a part of the API: doc/reference.dox) and
every group described and not empty. Each is listed as FILE:LINE: what.

--planted runs the check on a copy with an empty front page and a public
function outside every group, and passes only when both are caught (test
reference-planted).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

KINDS = {'function', 'variable', 'enum', 'define', 'typedef'}


def text(node):
    return ''.join(node.itertext()).strip() if node is not None else ''


def described(node):
    return bool(text(node.find('briefdescription')) or text(node.find('detaileddescription')))


def where(node):
    loc = node.find('location')
    if loc is None:
        return '?'
    return '{}:{}'.format(loc.get('file'), loc.get('line'))


def front_page(outdir):
    """The front page is the guide: not the title alone (a page of a few
    words, or no sections, is empty)."""
    path = os.path.join(outdir, 'xml', 'indexpage.xml')
    if not os.path.exists(path):
        return ['{}: no front page (indexpage)'.format(path)]
    page = ET.parse(path).getroot().find('compounddef')
    body = page.find('detaileddescription') if page is not None else None
    words = len(text(body).split())
    sections = len(body.findall('.//sect1')) if body is not None else 0
    if words < 300 or sections < 3:
        return ['{}: the front page has {} words and {} sections, not the guide'.format(
            path, words, sections)]
    return []


def ungrouped(outdir):
    """Every public function is in a group (a part of the API), and every
    group has a description and members."""
    declared, grouped, out = {}, set(), []
    for path in sorted(glob.glob(os.path.join(outdir, 'xml', '*.xml'))):
        root = ET.parse(path).getroot()
        for comp in root.iter('compounddef'):
            kind = comp.get('kind')
            members = [m for m in comp.iter('memberdef') if m.get('kind') == 'function']
            if kind == 'file':
                for m in members:
                    declared[text(m.find('name'))] = where(m)
            elif kind == 'group':
                name = text(comp.find('compoundname'))
                if not described(comp):
                    out.append('{}: group {}'.format(path, name))
                if not list(comp.iter('memberdef')):
                    out.append('{}: group {} has no members'.format(path, name))
                grouped.update(text(m.find('name')) for m in members)
    if len(declared) < 50:
        out.append('{}: only {} public functions found'.format(outdir, len(declared)))
    for name in sorted(set(declared) - grouped):
        out.append('{}: function {} in no group'.format(declared[name], name))
    return out


def planted(doxygen, doxyfile, outdir):
    """Runs the check on a copy of the input with an empty front page (a
    title alone) and a documented public function outside every group:
    passes only when the check fails on both, and on nothing else."""
    with open(doxyfile, encoding='utf-8') as f:
        conf = f.read()
    header = re.search(r'^INPUT\s*=.*?(\S*/skirmish\.h)', conf, re.S | re.M).group(1)
    with tempfile.TemporaryDirectory(prefix='skirmish-reference-') as tmp:
        with open(header, encoding='utf-8') as f:
            text_ = f.read()
        end = text_.rindex('#ifdef __cplusplus')
        text_ = (text_[:end] + '/** A function planted outside every group. @return 0 */\n'
                 'int skirmish_planted_ungrouped(void);\n\n' + text_[end:])
        copy = os.path.join(tmp, 'skirmish.h')
        with open(copy, 'w', encoding='utf-8') as f:
            f.write(text_)
        front = os.path.join(tmp, 'API.md')
        with open(front, 'w', encoding='utf-8') as f:
            f.write('# The libskirmish API: a guide\n')
        conf = conf.replace(header, copy)
        conf = re.sub(r'^(USE_MDFILE_AS_MAINPAGE\s*=).*$', r'\1 ' + front, conf, flags=re.M)
        conf = re.sub(r'(^INPUT\s*=\s*)\S*/API\.md', r'\1' + front, conf, flags=re.M)
        conf = re.sub(r'^(OUTPUT_DIRECTORY\s*=).*$', r'\1 ' + tmp, conf, flags=re.M)
        planted_conf = os.path.join(tmp, 'Doxyfile')
        with open(planted_conf, 'w', encoding='utf-8') as f:
            f.write(conf)
        p = subprocess.run([sys.executable, os.path.abspath(__file__), doxygen, planted_conf, tmp],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
    found = [l for l in p.stdout.splitlines() if l.endswith(': not documented')]
    want = ['the front page has', 'function skirmish_planted_ungrouped in no group']
    caught = [w for w in want if any(w in l for l in found)]
    print(p.stdout.strip())
    if p.returncode == 0 or caught != want or len(found) != len(want):
        print('check-reference --planted: expected exactly the empty front page and the '
              'ungrouped function to be caught', file=sys.stderr)
        return 1
    print('check-reference --planted: both plants caught')
    return 0


def main():
    if len(sys.argv) == 5 and sys.argv[1] == '--planted':
        return planted(*sys.argv[2:])
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    doxygen, doxyfile, outdir = sys.argv[1:]
    # an earlier run's XML (a group since renamed) must not be read,
    # nor its HTML (a stale page would be installed)
    for sub in ('xml', 'html'):
        shutil.rmtree(os.path.join(outdir, sub), ignore_errors=True)
    p = subprocess.run([doxygen, doxyfile])
    if p.returncode != 0:
        print('check-reference: Doxygen warned (above); the reference is incomplete',
              file=sys.stderr)
        return 1
    missing, seen = [], 0
    for path in sorted(glob.glob(os.path.join(outdir, 'xml', '*.xml'))):
        root = ET.parse(path).getroot()
        for comp in root.iter('compounddef'):
            kind = comp.get('kind')
            if kind not in ('file', 'struct', 'group'):
                continue
            if kind == 'struct':
                seen += 1
                if not described(comp):
                    missing.append('{}: struct {}'.format(where(comp), text(comp.find('compoundname'))))
            for m in comp.iter('memberdef'):
                if m.get('kind') not in KINDS:
                    continue
                seen += 1
                name = text(m.find('name'))
                if not described(m):
                    missing.append('{}: {} {}'.format(where(m), m.get('kind'), name))
                for v in m.iter('enumvalue'):
                    seen += 1
                    if not described(v):
                        missing.append('{}: enum value {} of {}'.format(
                            where(m), text(v.find('name')), name))
    missing += front_page(outdir)
    missing += ungrouped(outdir)
    if seen < 100:
        print('check-reference: only {} documented things found: wrong input?'.format(seen),
              file=sys.stderr)
        return 1
    for m in sorted(set(missing)):
        print('{}: not documented'.format(m), file=sys.stderr)
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
