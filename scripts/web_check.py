#!/usr/bin/env python3
"""Drives the demo page (web/) in headless Chromium with Playwright and checks what it shows.

Playwright comes from PyPI into a virtual environment this script makes (target/web-check-venv); it drives the
system Chromium (/usr/bin/chromium, or $CHROMIUM) and never downloads a browser. The page is served from web/ on
127.0.0.1 (a free port). Checked:
- games loaded by ?fen=…&moves=…: each `<output id="verdict-BOOK">` says what the `adjudicate` example says for
  that book (its `data-verdict` is the example's `verdict:` line, its text the ruling in Chinese and English),
  `#verdict` the selected book's; the classes of the moves; a bad FEN or move shown as an error, no verdict;
- a game played by clicking the squares (`[data-square=…]`: the piece, then the target — whose target mark is
  shown), one move by dragging, then undo and flip: the status and the verdicts after every step;
- a record with two games: the game picker lists both and loads the one picked;
- at 1280×800 and 390×844 the board's bounding box lies inside the viewport (no scrolling needed); screenshots
  into docs/web-demo.png and docs/web-demo-phone.png.
Called by scripts/test-web.sh; ends with "web: N passed, N failed" and exits 1 on any failure.
"""

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import urllib.parse
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOKS = ["axf", "roc", "prc1956", "cxa"]
VENV = os.path.join(ROOT, "target", "web-check-venv")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

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
    ("illegal move", "", "h2e2 h9g7 h2e2", None, r"^ply 3, move `h2e2`: illegal move h2e2: no piece on h2$"),
]

# The game played by clicks: the chase once more after the warning, so that AXF 2008 rules the loss.
CLICKED = "b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7".split()

RECORD = """[Event "One"]
[Red "A"]
[Black "B"]
[Format "Chinese"]

1. 炮二平五 马８进７ *

[Event "Two"]
[FEN "3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1"]

1. b0b7 a7a8 2. b7b8 a8a7 3. b8b7 *
"""


def playwright():
    """The sync Playwright module, from the virtual environment (made and filled from PyPI if need be)."""
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        print(f"web_check: making {VENV} and installing playwright from PyPI", flush=True)
        venv.create(VENV, with_pip=True)
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    if not os.path.isdir(os.path.join(site, "playwright")):
        subprocess.run([python, "-m", "pip", "install", "--quiet", "playwright"], check=True)
    sys.path.insert(0, site)
    from playwright import sync_api  # noqa: PLC0415 (found only once the venv is on the path)
    return sync_api


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
    sync_api = playwright()
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
            print(f"FAIL {name}: {detail}", flush=True)

    def url(fen, moves=""):
        return base + "?" + urllib.parse.urlencode({"fen": fen, "moves": moves})

    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def open_page(address):
            page.goto(address)
            page.wait_for_function("['done', 'error'].includes(document.body.dataset.state)", timeout=30_000)

        def attr(selector, name):
            return page.get_attribute(selector, name)

        def verdicts_match(name, fen, iccs):
            for book in BOOKS:
                verdict, flags = example(book, fen, iccs)
                shown = attr(f"#verdict-{book}", "data-verdict")
                check(f"{name} [{book}]", shown == verdict, f"shown {shown!r}, the example says {verdict!r}")
                words = page.inner_text(f"#verdict-{book}")
                check(f"{name} [{book} in words]", bool(re.search(r"[\u4e00-\u9fff]", words))
                      and bool(re.search(r"[A-Za-z]{3}", words)), f"Chinese and English: {words!r}")
                if book == "axf":
                    default = attr("#verdict", "data-verdict")
                    check(f"{name} [default]", default == verdict, f"#verdict {default!r}")
                    kinds = page.eval_on_selector_all("#movelist li", "els => els.map(e => e.dataset.kinds)")
                    kinds = [k.split() for k in kinds]
                    check(f"{name} [classes]", kinds == flags[:len(kinds)] and len(kinds) == len(flags),
                          f"shown {kinds}, the example says {flags}")

        # Games given by the address.
        for name, fen, moves, iccs, error in CASES:
            open_page(url(fen, moves))
            shown_error = page.inner_text("#error")
            if error:
                check(name, re.search(error, shown_error), f"error shown: {shown_error!r}")
                check(name, page.inner_text("#verdict") == "", f"no verdict: {page.inner_text('#verdict')!r}")
                check(name, page.locator("#movelist li").count() == 0, "no moves listed")
                continue
            check(name, shown_error == "", f"no error: {shown_error!r}")
            verdicts_match(name, fen, iccs)

        # A game played on the board by clicking the squares.
        fen = CASES[0][1]
        open_page(url(fen))
        for ply, move in enumerate(CLICKED, start=1):
            source, target = move[:2], move[2:]
            page.click(f'[data-square="{source}"]')
            mark = page.evaluate(
                """([target]) => {
                  const point = document.querySelector(`[data-square="${target}"]`);
                  const x = +point.getAttribute('x') + 20, y = +point.getAttribute('y') + 20;
                  return [...document.querySelectorAll('#board circle.target')]
                    .some((c) => +c.getAttribute('cx') === x && +c.getAttribute('cy') === y);
                }""", [target])
            check(f"click ply {ply} [target shown]", mark, f"{target} is marked after clicking {source}")
            page.click(f'[data-square="{target}"]')
            shown = attr("#status", "data-ply")
            check(f"click ply {ply}", shown == str(ply), f"status ply {shown!r}")
        verdicts_match("clicked game", fen, " ".join(CLICKED))
        check("clicked game [status]", attr("#status", "data-over") == "true", "AXF 2008 has ruled the game over")

        page.click("#undo")
        check("undo", attr("#status", "data-ply") == str(len(CLICKED) - 1), attr("#status", "data-ply"))
        verdict, _ = example("axf", fen, " ".join(CLICKED[:-1]))
        check("undo [verdict]", attr("#verdict-axf", "data-verdict") == verdict, attr("#verdict-axf", "data-verdict"))

        # One move by dragging: the red rook from b8 to b7 again (the move undone above).
        def centre(square):
            box = page.locator(f'[data-square="{square}"]').bounding_box()
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

        page.mouse.move(*centre("b8"))
        page.mouse.down()
        page.mouse.move(*centre("b7"), steps=5)
        page.mouse.up()
        check("drag", attr("#status", "data-ply") == str(len(CLICKED)), attr("#status", "data-ply"))

        top = page.locator('[data-square="a9"]').bounding_box()["y"]
        page.click("#flip")
        flipped = page.locator('[data-square="a9"]').bounding_box()["y"]
        check("flip", flipped > top, f"a9 at y {top} before, {flipped} after")
        page.click("#flip")

        # A record with two games: both listed, the one picked loaded.
        open_page(url(""))
        page.click("#input summary")
        page.fill("#record", RECORD)
        page.click("#load-record")
        options = page.locator("#game-pick option").count()
        check("record [games listed]", options == 2 and page.is_visible("#game-pick"), f"{options} options")
        page.select_option("#game-pick", "1")
        page.wait_for_function("document.getElementById('fen').value.startsWith('3akab2')")
        check("record [second game]", page.inner_text("#ply") == "5 / 5", page.inner_text("#ply"))
        check("record [its moves]", page.input_value("#moves") == "b0b7 a7a8 b7b8 a8a7 b8b7", page.input_value("#moves"))

        # The whole board in view at a desktop's and a phone's size.
        for width, height, shot in [(1280, 800, "web-demo.png"), (390, 844, "web-demo-phone.png")]:
            page.set_viewport_size({"width": width, "height": height})
            open_page(url(CASES[0][1], CASES[0][2]))
            box = page.locator("#board svg").bounding_box()
            inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width \
                and box["y"] + box["height"] <= height
            check(f"board in view at {width}×{height}", inside, f"board box {box}")
            path = os.path.join(ROOT, "docs", shot)
            page.screenshot(path=path)
            check(f"screenshot {shot}", os.path.getsize(path) > 10_000, f"{path}: {os.path.getsize(path)} bytes")
            print(f"{width}×{height}: board {box['width']:.0f}×{box['height']:.0f} at ({box['x']:.0f}, "
                  f"{box['y']:.0f}); {page.inner_text('#timing')}", flush=True)

        check("no script errors", not errors, errors)
        browser.close()

    server.shutdown()
    print(f"web: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
