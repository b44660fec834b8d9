#!/usr/bin/env python3
"""Builds the HTML API reference and fails on anything undocumented.

usage: check-reference.py DOXYGEN DOXYFILE OUTDIR

Runs Doxygen (its Doxyfile fails on any warning: an undocumented function,
struct member, macro or typedef, or a broken doc command), then reads its
XML output, because Doxygen says nothing about an undocumented enum value
or a member that only shares a group's text: every enum value, function,
struct and struct member, macro and typedef of the public headers must
have a description of its own or its group's. Each is listed as
FILE:LINE: what.
"""
import glob
import os
import subprocess
import sys
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


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    doxygen, doxyfile, outdir = sys.argv[1:]
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
    if seen < 100:
        print('check-reference: only {} documented things found: wrong input?'.format(seen),
              file=sys.stderr)
        return 1
    for m in sorted(set(missing)):
        print('{}: not documented'.format(m), file=sys.stderr)
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
