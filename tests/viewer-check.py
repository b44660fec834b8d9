#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Loads the turn viewer in headless Chromium.

viewer-check.py DEMO ARGS...
viewer-check.py --console CONSOLE SCENARIO

Runs DEMO ARGS --html PAGE, then opens a copy of PAGE with a small script
added that steps through every turn with the keyboard (ArrowRight, then
Home and End) and clicks a sentence for its dice, and prints what the page
showed. The page's turn count must be the game's, every step must show
the next turn and only it, the last turn's text must hold the narration's
last sentence, a click must open the dice, and the page must load nothing
from the network. With --console, the console plays SCENARIO and then
writes the page with `html PAGE`; its count must be the console's and the
last turn's text must hold the console's last sentence. Skips (77)
without Chromium.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HARNESS = r'''
<script>
(function () {
  function key(k) {
    document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true}));
  }
  function shown() {
    var s = document.querySelectorAll('section.turn:not([hidden])');
    return {n: s.length, turn: s.length ? s[0].getAttribute('data-turn') : null,
            at: document.getElementById('at').textContent};
  }
  var out = {count: document.getElementById('count').textContent, steps: [shown()]};
  var total = document.querySelectorAll('section.turn').length;
  for (var i = 1; i < total; i++) { key('ArrowRight'); out.steps.push(shown()); }
  key('ArrowRight'); out.past_end = shown();
  var last = document.querySelector('section.turn:not([hidden]) .story');
  out.last_text = last ? last.textContent : '';
  out.last_acts = last ? last.querySelectorAll('li').length : 0;
  var stories = document.querySelectorAll('section.turn .story');
  out.before_last = stories.length > 1 ? stories[stories.length - 2].textContent : '';
  key('Home'); out.home = shown();
  key('End'); out.end = shown();
  var li = document.querySelector('section.turn:not([hidden]) .story li .detail');
  if (!li) { key('Home'); li = document.querySelector('section.turn:not([hidden]) .story li .detail'); }
  if (li) {
    out.detail_before = getComputedStyle(li).display;
    li.parentNode.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    out.detail_after = getComputedStyle(li).display;
  }
  var pre = document.createElement('pre');
  pre.id = 'harness';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
'''


def chromium():
    for name in ('chromium', 'chromium-browser', 'google-chrome'):
        if shutil.which(name):
            return shutil.which(name)
    return None


def play(d, page):
    """Runs the game; returns its number of turns and its last sentence."""
    if sys.argv[1] == '--console':
        console, scenario = sys.argv[2], sys.argv[3]
        p = subprocess.run([console, '-q', scenario, '-'], input='html %s\n' % page,
                           capture_output=True, text=True, timeout=120)
        out = p.stdout.rstrip('\n').split('\n')
        turns = int(re.match(r'(\d+) turns? in ', out[-1]).group(1))
        told = [l for l in out[:-1] if not l.startswith(('expected error:', 'error:', '#',
                                                         '    ', 'senso:', 'sampson:'))]
        return turns, told[-1]
    demo, args = sys.argv[1], sys.argv[2:]
    p = subprocess.run([demo] + args + ['--html', page], capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        raise RuntimeError('the demo failed: %d %s' % (p.returncode, p.stderr))
    out = p.stdout
    turns = int(re.search(r'=== The battle is over after (\d+) turn', out).group(1))
    story = out.split('\n=== The battle is over')[0].rstrip('\n').split('\n')
    return turns, story[-1]


def main():
    browser = chromium()
    if not browser:
        print('skipped: no chromium (Debian: chromium)')
        return 77
    ok = True
    console = sys.argv[1] == '--console'
    with tempfile.TemporaryDirectory() as d:
        page = os.path.join(d, 'battle.html')
        turns, last_sentence = play(d, page)
        with open(page, encoding='utf-8') as f:
            html = f.read()
        for m in re.finditer(r'(?:src|href)\s*=\s*["\']?([^"\' >]+)', html):
            print('the page loads', m.group(1))
            ok = False
        if re.search(r'url\((?!#)', html) or '@import' in html:
            print('the page loads a style resource')
            ok = False
        probe = os.path.join(d, 'probe.html')
        with open(probe, 'w', encoding='utf-8') as f:
            f.write(html.replace('</body>', HARNESS + '</body>'))
        c = subprocess.run([browser, '--headless', '--no-sandbox', '--disable-gpu',
                            '--user-data-dir=' + os.path.join(d, 'profile'),
                            '--virtual-time-budget=10000', '--dump-dom', 'file://' + probe],
                           capture_output=True, text=True, timeout=120)
        m = re.search(r'<pre id="harness">(.*?)</pre>', c.stdout, re.S)
        if not m:
            print('the page did not run:', c.returncode, c.stderr[-2000:])
            return 1
        import html as h
        r = json.loads(h.unescape(m.group(1)))
        if r['count'] != str(turns):
            print('the page counts %s turns, the game had %d' % (r['count'], turns))
            ok = False
        for i, s in enumerate(r['steps']):
            if s['n'] != 1 or s['turn'] != str(i + 1) or s['at'] != str(i + 1):
                print('step %d shows %s' % (i + 1, s))
                ok = False
        if len(r['steps']) != turns:
            print('%d steps for %d turns' % (len(r['steps']), turns))
            ok = False
        if r['past_end']['turn'] != str(turns):
            print('a step past the last turn shows', r['past_end'])
            ok = False
        if r['home']['turn'] != '1' or r['end']['turn'] != str(turns):
            print('Home/End show', r['home'], r['end'])
            ok = False
        text = ' '.join(r['last_text'].split())
        if console and r['last_acts'] == 0:
            # a turn that has just begun: its first words are yet to come
            text = ' '.join(r['before_last'].split())
        if ' '.join(last_sentence.split()) not in text:
            print('the last turn does not tell the narration\'s last sentence:')
            print('  narration:', last_sentence)
            print('  page:', text[-600:])
            ok = False
        if 'Result: ' not in text and not console:
            print('the last turn has no result')
            ok = False
        if r.get('detail_before') != 'none' or r.get('detail_after') != 'block':
            print('a click does not open the dice and modifiers:', r.get('detail_before'),
                  r.get('detail_after'))
            ok = False
    print('%d turns stepped through with the keyboard: %s' % (turns, 'ok' if ok else 'FAILED'))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
