#!/usr/bin/env python3
"""Finds import circles between the source files of each crate: two files that import each other, directly or
round a loop. An import is a `use` of a path into another file of the crate (`crate::a::b`, `super::x`,
`self::m`), a `pub use` re-export included, and a path written out in code (`crate::a::f()`). A `mod x;`
declaration is not an import: a parent may declare its children, but if a child uses an item of its parent and
the parent uses (or re-exports) an item of the child, that is a circle.

Usage: python3 scripts/check_import_cycles.py [CRATE_DIR ...]   (default: every crates/*)
Exit code 1 and the circles on stdout if there is one.
"""

import os
import re
import sys
from pathlib import Path

PATH_RE = re.compile(r"\b(crate|super|self)((?:::(?:[A-Za-z_][A-Za-z0-9_]*|\{))+)")
USE_RE = re.compile(r"\b(?:pub(?:\([^)]*\))?\s+)?use\s+([^;]*);", re.S)
INLINE_MOD_RE = re.compile(r"\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{")


def module_files(src: Path):
    """Maps module paths (tuples) to files."""
    files = {}
    for path in src.rglob("*.rs"):
        rel = path.relative_to(src)
        parts = list(rel.parts)
        if parts[-1] in ("lib.rs", "main.rs") and len(parts) == 1:
            key = ()
        elif parts[-1] == "mod.rs":
            key = tuple(parts[:-1])
        else:
            key = tuple(parts[:-1] + [parts[-1][:-3]])
        if "bin" in parts[:1]:
            continue
        files[key] = path
    return files


def strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    return text


def expand_use(tree: str):
    """Expands `a::{b, c::{d, e}}` into the paths a::b, a::c::d, a::c::e."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, s):
        depth, start, items = 0, 0, []
        for i, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                items.append(s[start:i])
                start = i + 1
        items.append(s[start:])
        for item in items:
            if not item:
                continue
            if "{" in item:
                head, rest = item.split("{", 1)
                walk(prefix + head, rest[:-1])
            else:
                out.append(prefix + item.split(" as ")[0])

    walk("", tree)
    return out


def resolve(current, path, files):
    """The file a path points into, from module `current`, or None."""
    segs = [s for s in path.split("::") if s]
    if not segs:
        return None
    head = segs[0]
    if head == "crate":
        base, rest = (), segs[1:]
    elif head == "super":
        base = current
        rest = segs
        while rest and rest[0] == "super":
            base = base[:-1]
            rest = rest[1:]
    elif head == "self":
        base, rest = current, segs[1:]
    elif current + (head,) in files:
        # A path from a child module (`use axf2008::TABLE;` in `rules/mod.rs`).
        base, rest = current, segs
    else:
        return None
    best, mod, used = base, base, 0
    for seg in rest:
        mod = mod + (seg,)
        if mod in files:
            best, used = mod, used + 1
        else:
            break
    name = rest[used] if used < len(rest) else None
    return best, name


EXTERNAL = ("<another crate>",)


def follow(target, name, reexports):
    """The file that defines `name` when `target` only re-exports it (`pub use square::Square;`)."""
    for _ in range(16):
        hop = reexports.get(target, {}).get(name)
        if hop is None:
            return target
        if hop is EXTERNAL:
            return None
        target, name = hop
        if name is None:
            return target
    return target


def edges_of(src: Path):
    files = module_files(src)
    edges = {key: set() for key in files}
    found = {}
    reexports = {key: {} for key in files}
    for key, path in files.items():
        text = strip_comments(path.read_text(encoding="utf-8"))
        # Inline modules (`mod tests { … }`): their `super` is the file's module.
        spans = []
        for m in INLINE_MOD_RE.finditer(text):
            depth, i = 0, m.end() - 1
            while i < len(text):
                if text[i] == "{":
                    depth += 1
                elif text[i] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                i += 1
            spans.append((m.start(), i, m.group(1)))

        def module_at(pos):
            inner = [s for s in spans if s[0] <= pos <= s[1]]
            return key + tuple(s[2] for s in sorted(inner))

        paths = []
        for m in USE_RE.finditer(text):
            for p in expand_use(m.group(1)):
                paths.append((m.start(), p.split(" as ")[0] if " as " in p else p))
        used = {m.start() for m in USE_RE.finditer(text)}
        used_starts = used
        for m in PATH_RE.finditer(text):
            if any(u <= m.start() < u + 400 for u in used):
                continue
            paths.append((m.start(), m.group(0).rstrip(":{")))
        # Paths into child modules written without `self::` (`chase::winning_targets(…)`).
        for m in re.finditer(r"(?<![:\w])([a-z_][a-z0-9_]*)::", text):
            if any(u <= m.start() < u + 400 for u in used):
                continue
            if module_at(m.start()) + (m.group(1),) in files:
                rest = re.match(r"[A-Za-z0-9_:]*", text[m.start():]).group(0)
                paths.append((m.start(), rest.rstrip(":")))
        found[key] = []
        for pos, p in paths:
            resolved = resolve(module_at(pos), p, files)
            if resolved is None:
                if pos in used_starts:
                    # A name brought in from another crate (`pub use xiangqi_board::GameResult;`): a path to it
                    # through this file leads out of the crate, not here.
                    reexports[key][p.split("::")[-1]] = EXTERNAL
                continue
            target, name = resolved
            found[key].append((target, name))
            if pos in used or any(u <= pos < u + 400 for u in used):
                alias = p.split(" as ")[-1].split("::")[-1]
                if target != key and name != "*":
                    reexports[key][alias] = (target, name)
    for key in files:
        for target, name in found[key]:
            if name is not None:
                target = follow(target, name, reexports)
            if target is not None and target != key:
                edges[key].add(target)
    return files, edges


def cycles(files, edges):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in files:
        if v not in index:
            visit(v)
    return out


def main():
    root = Path(__file__).resolve().parent.parent
    crates = [Path(a) for a in sys.argv[1:]] or sorted((root / "crates").iterdir())
    found = False
    for crate in crates:
        src = crate / "src"
        if not src.is_dir():
            continue
        files, edges = edges_of(src)
        for comp in cycles(files, edges):
            found = True
            names = sorted(os.path.relpath(files[k], root) for k in comp)
            print(f"import circle in {crate.name}: " + " ↔ ".join(names))
            for k in comp:
                for w in sorted(edges[k]):
                    if w in comp:
                        print(f"    {os.path.relpath(files[k], root)} → {os.path.relpath(files[w], root)}")
    if not found:
        print("no import circles")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
