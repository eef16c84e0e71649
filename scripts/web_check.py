#!/usr/bin/env python3
"""Loads the demo page (web/) in headless Chromium for several games and checks the DOM.

Serves web/ on 127.0.0.1 (a free port), opens index.html?fen=…&moves=… with `chromium --headless --dump-dom`, and
checks, for each game: the verdict elements against the `adjudicate` example's `verdict:` line for each book (the
reference for the words and the cited items), the per-move classes against the example's classification lines,
and, for a bad FEN or move, that the error is shown and no verdict is. Then takes a screenshot into docs/.
Last, it measures in the same Chromium, in real time (the DevTools protocol over a pipe, no virtual time), how
long the package takes to compile and to analyse each game (all plies classified, four books), and prints it;
with XIANGQI_TESTDATA set, also the real games of its wukong PGN file.
Called by scripts/test-web.sh; ends with "N passed, N failed" and exits 1 on any failure.
"""

import fcntl
import functools
import glob
import html.parser
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOKS = ["axf", "roc", "prc1956", "cxa"]

# (name, FEN, moves for the page in any notation, the same moves in ICCS for the example, expected error or None)
CASES = [
    (
        "perpetual chase of an unprotected cannon (AXF 2008 棋例 §13), Chinese and WXF moves",
        "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1",
        "车八进七 a7a8 R8+1 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7",
        "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7",
        None,
    ),
    (
        "check alternating with a mate threat: books differ, comma-separated",
        "4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1",
        "d4e4,e9f9,e4d4,f9e9,d4e4,e9f9,e4d4,f9e9",
        "d4e4 e9f9 e4d4 f9e9 d4e4 e9f9 e4d4 f9e9",
        None,
    ),
    (
        "perpetual check with a rook",
        "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
        "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9",
        "a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9 a8a9",
        None,
    ),
    ("kings facing each other: ruled before any move", "3k5/9/9/9/9/9/9/9/9/3K5 b", "", "", None),
    ("opening, no repetition", "", "炮二平五 马8进7 马二进三", "h2e2 h9g7 h0g2", None),
    ("bad FEN", "rnbakabnr/9/1c5c1/9/9 w", "h2e2", None, r"^bad FEN: "),
    ("illegal move", "", "h2e2 h9g7 h2e2", None, r"^move 3 \(h2e2\): "),
]


class Dom(html.parser.HTMLParser):
    """The text of every element with an id, and the attributes of the move list's items."""

    def __init__(self):
        super().__init__()
        self.text, self.attrs, self.items, self.open = {}, {}, [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "li" and attrs.get("data-ply"):
            self.items.append(attrs)
        if "id" in attrs:
            self.attrs[attrs["id"]] = attrs
            self.text[attrs["id"]] = ""
        self.open.append(attrs.get("id"))

    def handle_endtag(self, tag):
        if self.open:
            self.open.pop()

    def handle_data(self, data):
        for ident in self.open:
            if ident is not None:
                self.text[ident] += data


CHROMIUM = [
    "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium(*args):
    profile = tempfile.mkdtemp(prefix="xiangqi-web-")
    command = [*CHROMIUM, f"--user-data-dir={profile}", "--virtual-time-budget=20000", *args]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    shutil.rmtree(profile, ignore_errors=True)
    if result.returncode != 0:
        raise RuntimeError(f"chromium exited {result.returncode}: {result.stderr[-2000:]}")
    return result.stdout


# Runs in the page: compiles the module once more (to time it), then analyses each game 20 times after a warm-up.
TIMING_SCRIPT = """(async () => {
  const m = await import('./pkg/xiangqi_wasm.js');
  await m.default();
  const bytes = await (await fetch('./pkg/xiangqi_wasm_bg.wasm')).arrayBuffer();
  let t = performance.now();
  await WebAssembly.compile(bytes);
  const compileMs = performance.now() - t;
  const games = [];
  for (const [name, fen, moves] of GAMES) {
    let plies;
    try {
      plies = m.analyze(fen, moves).plies.length;
    } catch (e) {
      games.push({ name, error: e.message });
      continue;
    }
    t = performance.now();
    for (let i = 0; i < 20; i++) m.analyze(fen, moves);
    games.push({ name, plies, ms: (performance.now() - t) / 20 });
  }
  return { compileMs, games };
})()"""


# Runs in the page: pastes a PGN record and loads it, then steps with the keys and the buttons.
INTERACTION_SCRIPT = """(async () => {
  const $ = (id) => document.getElementById(id);
  const settled = async (states) => {
    for (let i = 0; i < 400 && !states.includes(document.body.dataset.state); i++) {
      await new Promise((done) => setTimeout(done, 25));
    }
  };
  await settled(['ready']);
  $('record').value = RECORD;
  $('load-record').click();
  await settled(['done', 'error']);
  const seen = { state: document.body.dataset.state, error: $('error').textContent, fen: $('fen').value,
                 verdict: $('verdict-axf').textContent, plies: document.querySelectorAll('#movelist li').length,
                 ruled: $('ply').textContent };
  const key = (name) => document.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
  key('ArrowLeft');
  seen.left = $('ply').textContent;
  key('Home');
  seen.home = $('ply').textContent;
  $('next').click();
  seen.next = $('ply').textContent;
  seen.current = document.querySelector('#movelist li.current')?.dataset.ply;
  key('End');
  seen.end = $('ply').textContent;
  seen.status = $('status').textContent;
  return seen;
})()"""

# The chase game of CASES[0] as a PGN record in Chinese notation.
RECORD = """[Event "chase"]
[FEN "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1"]
[Format "Chinese"]

1. 车八进七 炮1退1 2. 车八进一 炮1进1 3. 车八退一 炮1退1 4. 车八进一 炮1进1 5. 车八退一 *
"""


def devtools(url, expression):
    """Evaluates `expression` in the page at `url` through the DevTools protocol (--remote-debugging-pipe), in
    real time, and returns its value."""
    to_chrome, from_chrome = os.pipe(), os.pipe()

    def child_fds():
        # The protocol's pipe is fds 3 (Chromium reads) and 4 (Chromium writes). Copied above 4 first, so that
        # dup2 onto 3 and 4 always makes a copy that survives exec.
        read_end = fcntl.fcntl(to_chrome[0], fcntl.F_DUPFD, 5)
        write_end = fcntl.fcntl(from_chrome[1], fcntl.F_DUPFD, 5)
        os.dup2(read_end, 3)
        os.dup2(write_end, 4)

    profile = tempfile.mkdtemp(prefix="xiangqi-web-")
    proc = subprocess.Popen([*CHROMIUM, f"--user-data-dir={profile}", "--remote-debugging-pipe", url],
                            preexec_fn=child_fds, close_fds=False,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for fd in (to_chrome[0], from_chrome[1]):
        os.close(fd)
    # A hung Chromium is killed; reading then ends with an error instead of waiting for ever.
    watchdog = threading.Timer(120, proc.kill)
    watchdog.start()
    writer, reader = os.fdopen(to_chrome[1], "wb"), os.fdopen(from_chrome[0], "rb")
    ids = iter(range(1, 1_000_000))

    def call(method, session=None, **params):
        ident = next(ids)
        message = {"id": ident, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        writer.write(json.dumps(message).encode() + b"\0")
        writer.flush()
        buffer = b""
        while True:
            chunk = reader.read1(65536)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == ident:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply["result"]

    try:
        page = next(t for t in call("Target.getTargets")["targetInfos"] if t["type"] == "page")
        session = call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for _ in range(100):  # until the page (not about:blank) has loaded
            state = call("Runtime.evaluate", session, expression="location.href + ' ' + document.readyState",
                         returnByValue=True)["result"].get("value", "")
            if state.startswith(url) and state.endswith("complete"):
                break
            time.sleep(0.1)
        result = call("Runtime.evaluate", session, expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(json.dumps(result["exceptionDetails"])[:2000])
        call("Browser.close")
        return result["result"]["value"]
    finally:
        watchdog.cancel()
        proc.wait(timeout=60)
        shutil.rmtree(profile, ignore_errors=True)


def testdata_games():
    """The games of the wukong ICCS PGN file under XIANGQI_TESTDATA (the moves follow the tags), or none."""
    root = os.environ.get("XIANGQI_TESTDATA")
    path = os.path.join(root or "", "games", "wukong", "games_pgn", "bulk_games_uci.pgn")
    if not root or not os.path.exists(path):
        return []
    text = open(path, encoding="utf-8").read()
    games = []
    for number, block in enumerate(re.split(r"\n(?=\[Event )", text), start=1):
        fen = re.search(r'\[FEN "([^"]*)"\]', block)
        body = re.sub(r"\[[^\]]*\]|\{[^}]*\}|\d+\.|1-0|0-1|1/2-1/2|\*", " ", block)
        moves = " ".join(w for w in body.split() if re.fullmatch(r"[a-i]\d-?[a-i]\d", w))
        if moves:
            games.append([f"wukong game {number}", fen.group(1) if fen else "", moves])
    return games


def example(ruleset, fen, iccs):
    """The `adjudicate` example's output: (verdict line, the flags of each move)."""
    args = ["--ruleset", ruleset] + (["--fen", fen] if fen else []) + ["--"] + iccs.split()
    out = subprocess.run(
        [os.path.join(ROOT, "target", "release", "examples", "adjudicate"), *args],
        capture_output=True, text=True, check=True,
    ).stdout
    verdict = re.search(r"^verdict: (.*)$", out, re.M).group(1)
    flags = [line.split(":", 1)[1].split("[")[0].replace(",", " ").split()
             for line in out.splitlines() if re.match(r"^\d+ ", line)]
    return verdict, flags


def main():
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=os.path.join(ROOT, "web"))
    http.server.SimpleHTTPRequestHandler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    passed, failed = 0, 0

    def check(name, ok, detail):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {name}: {detail}")

    for name, fen, moves, iccs, error in CASES:
        url = base + "?" + urllib.parse.urlencode({"fen": fen, "moves": moves})
        dom = Dom()
        dom.feed(chromium("--dump-dom", url))
        if error:
            check(name, re.search(error, dom.text.get("error", "")), f"error shown: {dom.text.get('error')!r}")
            check(name, dom.text.get("verdict") == "", f"no verdict: {dom.text.get('verdict')!r}")
            check(name, not dom.items, f"no moves listed: {len(dom.items)}")
            continue
        check(name, dom.text.get("error") == "", f"no error: {dom.text.get('error')!r}")
        for book in BOOKS:
            verdict, flags = example(book, fen, iccs)
            shown = dom.text.get(f"verdict-{book}")
            check(f"{name} [{book}]", shown == verdict, f"shown {shown!r}, the example says {verdict!r}")
            if book == "axf":
                check(name, dom.text.get("verdict") == verdict, f"default verdict {dom.text.get('verdict')!r}")
                kinds = [item.get("data-kinds", "").split() for item in dom.items]
                check(f"{name} [classes]", kinds == flags, f"shown {kinds}, the example says {flags}")
                classes_hold = all(set(k) <= set(item["class"].split()) for k, item in zip(kinds, dom.items))
                check(f"{name} [li classes]", classes_hold, "every kind is a class of its move")

    seen = devtools(base, f"const RECORD = {json.dumps(RECORD)};" + INTERACTION_SCRIPT)
    verdict, _ = example("axf", CASES[0][1], CASES[0][3])
    expected = {"state": "done", "error": "", "fen": CASES[0][1], "verdict": verdict, "plies": 9, "ruled": "9 / 9",
                "left": "8 / 9", "home": "0 / 9", "next": "1 / 9", "current": "1", "end": "9 / 9",
                "status": "Black to move"}
    for field, value in expected.items():
        check(f"record pasted, then stepping [{field}]", seen.get(field) == value, f"{seen.get(field)!r} ≠ {value!r}")

    games = [[name, fen, iccs] for name, fen, _, iccs, error in CASES if not error] + testdata_games()
    timing = devtools(base, f"const GAMES = {json.dumps(games)};" + TIMING_SCRIPT)
    check("timing", len(timing["games"]) == len(games), "every game timed")
    print(f"timing: WebAssembly.compile of the package: {timing['compileMs']:.1f} ms")
    for game in timing["games"]:
        if "error" in game:
            print(f"timing: {game['name']} not analysed: {game['error']}")
            continue
        print(f"timing: analyze, {game['plies']} plies, 4 books: {game['ms']:.2f} ms — {game['name']}")

    fen, moves = CASES[0][1], CASES[0][2]
    url = base + "?" + urllib.parse.urlencode({"fen": fen, "moves": moves})
    shot = os.path.join(ROOT, "docs", "web-demo.png")
    chromium("--hide-scrollbars", "--window-size=1200,1150", f"--screenshot={shot}", url)
    check("screenshot", os.path.getsize(shot) > 10_000, f"{shot} is {os.path.getsize(shot)} bytes")

    server.shutdown()
    print(f"web: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
