#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds the page as one file that opens from file:// (Chromium runs no
module script, fetches no .wasm and starts no worker by file URL there):
the classic emscripten module (its .wasm inline), the object API made a
classic script (its imports and exports taken off, its names gathered in
SkirmishAPI), the scenarios as JSON, the page, and the worker's source as
text for a Blob URL.

  bundle.py OUT.html index.html classic.js skirmish.mjs page.js worker.js NAME=FILE...
"""
import json
import re
import sys


def classic_api(text):
    names = re.findall(r'^export (?:async )?(?:function|class|const) (\w+)', text, re.M)
    body = re.sub(r"^import .*$", '', text, flags=re.M)
    body = re.sub(r'^export ', '', body, flags=re.M)
    return 'var SkirmishAPI = (function () {\n%s\nreturn { %s };\n})();\n' % (
        body, ', '.join(names))


def scenario_info(name, text):
    ruleset = re.search(r'^ruleset (\w+)', text, re.M).group(1)
    table = re.search(r'^table ([\d.]+) ([\d.]+)', text, re.M)
    title = text.splitlines()[0].lstrip('# ').split(':')[0]
    return {'name': name, 'ruleset': ruleset, 'title': title, 'text': text,
            'width': float(table.group(1)), 'depth': float(table.group(2))}


def no_close(js):
    # the scripts are inline: no "</script" may end one early
    return js.replace('</script', '<\\/script')


def main():
    out, html, glue, api, page, worker = sys.argv[1:7]
    read = lambda p: open(p, encoding='utf-8').read()
    scenarios = []
    for arg in sys.argv[7:]:
        name, path = arg.split('=', 1)
        scenarios.append(scenario_info(name, read(path)))
    library = read(glue) + '\n' + classic_api(read(api))
    doc = read(html)
    parts = {
        '@SCENARIOS@': no_close(json.dumps(scenarios)),
        '@WORKER@': no_close(library + '\n' + read(worker)),
        '@LIBRARY@': no_close(library),
        '@PAGE@': no_close(read(page)),
    }
    for key, value in parts.items():
        doc = doc.replace(key, value)
    with open(out, 'w', encoding='utf-8') as f:
        f.write(doc)


if __name__ == '__main__':
    main()
