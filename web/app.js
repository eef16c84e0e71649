// The page: a game on the board under the four rule books at once. Moves are played by clicking a piece and then a
// target (its legal targets are shown) or by dragging it; each book's Game (the WebAssembly package's, one per
// book) rules every move as it is played, and the page shows what they say, in the library's words (its label
// table). The page computes nothing of its own: legality, rulings, labels and the picture all come from the
// package. A game comes from ?fen=…&moves=…, from the form, or from a record (a record with several games lets
// you pick one).
import init, { Game, facingKings, diagram, readRecord } from './pkg/xiangqi_wasm.js';

const $ = (id) => document.getElementById(id);
const BOOKS = ['axf', 'roc', 'prc1956', 'cxa'];

/** The four books' games, in BOOKS order; all have played the same moves, a game over earlier fewer. */
let games = [];
/** The moves on the board (UCCI), the shown ply, and the ones after it that can be played again. */
let line = [];
let cursor = 0;
/** Drawing: Black at the bottom, the coordinates, the selected square and its targets. */
let flip = false;
let selected = null;
let targets = [];
/** A setup whose kings face each other: ruled, drawn, not played on. */
let facing = null;

const selectedBook = () => $('book').value;
const gameOf = (book) => games[BOOKS.indexOf(book)];
/** A game standing at the shown ply (every such game has the same position). */
const boardGame = () => games.find((g) => g.ply === cursor) ?? games[0];

function setState(state) {
  document.body.dataset.state = state;
}

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = !message;
}

function showVerdict(out, game) {
  const words = game.label();
  out.replaceChildren();
  const zh = document.createElement('span');
  zh.lang = 'zh';
  zh.textContent = words.zh;
  const en = document.createElement('span');
  en.lang = 'en';
  en.className = 'en';
  en.textContent = words.en;
  out.append(zh, en);
  if (words.rules.length) {
    const items = document.createElement('ul');
    items.className = 'items';
    items.append(...words.rules.map((item) => {
      const li = document.createElement('li');
      li.textContent = `${item.rule}: ${item.zh} · ${item.en}`;
      return li;
    }));
    out.append(items);
  }
  const report = game.report();
  out.dataset.ruling = report.ruling;
  out.dataset.verdict = game.verdictText();
  out.dataset.ply = report.ply === null ? '' : String(report.ply);
  out.className = `verdict ${report.ruling}`;
}

function showFacingKings() {
  for (const [index, { report, label, text }] of facing.entries()) {
    for (const out of [$(`verdict-${BOOKS[index]}`), ...(BOOKS[index] === selectedBook() ? [$('verdict')] : [])]) {
      out.textContent = '';
      const zh = document.createElement('span');
      zh.textContent = label.zh;
      const en = document.createElement('span');
      en.className = 'en';
      en.textContent = label.en;
      out.append(zh, en);
      out.dataset.ruling = report.ruling;
      out.dataset.verdict = text;
      out.dataset.ply = '0';
      out.className = `verdict ${report.ruling}`;
    }
  }
}

function statusText(status) {
  const side = (turn) => (turn === 'red' ? ['红方', 'Red'] : ['黑方', 'Black']);
  const turn = status.fen.split(' ')[1] === 'b' ? 'black' : 'red';
  const [zh, en] = side(turn);
  if (status.outcome) {
    const mate = status.outcome.endsWith('checkmate');
    return mate ? `${zh}被将死 · ${en} is checkmated` : `${zh}困毙 · ${en} is stalemated`;
  }
  const check = status.in_check ? '，被将军 · in check' : '';
  const over = status.over ? ' · 对局结束 game over' : '';
  return `${zh}走棋${check} · ${en} to move${over}`;
}

function render() {
  showError('');
  if (facing) {
    $('board').innerHTML = diagram($('fen').value, '', { flip, coordinates: $('coordinates').value, points: true });
    showFacingKings();
    $('status').textContent = '将帅对面 · the kings face each other';
    $('ply').textContent = '0 / 0';
    $('movelist').replaceChildren();
    return;
  }
  const game = boardGame();
  $('board').innerHTML = game.diagram({
    flip, coordinates: $('coordinates').value, points: true, selected: selected ?? undefined, targets,
  });
  const status = gameOf(selectedBook()).status();
  const shown = game.status();
  $('status').textContent = statusText(shown);
  $('status').dataset.turn = shown.fen.split(' ')[1] === 'b' ? 'black' : 'red';
  $('status').dataset.ply = String(cursor);
  $('status').dataset.over = String(status.over);
  BOOKS.forEach((book, index) => showVerdict($(`verdict-${book}`), games[index]));
  showVerdict($('verdict'), gameOf(selectedBook()));
  $('ply').textContent = `${cursor} / ${line.length}`;
  renderMoves();
}

function renderMoves() {
  const longest = games.reduce((a, b) => (b.ply > a.ply ? b : a));
  const chinese = longest.movesIn('chinese');
  const classes = gameOf(selectedBook()).classifyAll();
  $('movelist').replaceChildren(...line.map((mv, index) => {
    const li = document.createElement('li');
    li.dataset.ply = String(index + 1);
    li.dataset.move = mv;
    li.dataset.kinds = (classes[index]?.flags ?? []).join(' ');
    li.className = `move ${index % 2 ? 'black' : 'red'}${index + 1 === cursor ? ' current' : ''}`;
    li.textContent = chinese[index] ?? mv;
    li.title = `${mv} ${li.dataset.kinds}`;
    li.addEventListener('click', () => goTo(index + 1));
    return li;
  }));
  // Scroll the list only, never the page (on a phone the board stays in view).
  const list = $('movelist');
  const current = list.querySelector('.current');
  if (current) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
}

/** Shows the position after `target` plies: every game takes its moves back or plays them again. */
function goTo(target) {
  cursor = Math.max(0, Math.min(target, line.length));
  for (const game of games) {
    while (game.ply > cursor) game.undo();
    while (game.ply < cursor && game.redo() !== undefined);
  }
  selected = null;
  targets = [];
  render();
}

/** Plays `mv` (UCCI) at the shown ply in every book's game that can take it. */
function playMove(mv) {
  const errors = [];
  let played = false;
  for (const game of games) {
    if (game.ply !== cursor) continue;
    try {
      game.play(mv);
      played = true;
    } catch (e) {
      errors.push([game.book, e]);
    }
  }
  selected = null;
  targets = [];
  if (played) {
    line = [...line.slice(0, cursor), mv];
    cursor += 1;
  }
  render();
  const mine = errors.find(([book]) => book === selectedBook()) ?? errors[0];
  if (mine && (!played || mine[0] === selectedBook())) showError(`${mine[0]}: ${mine[1].message}`);
}

function squareAt(event) {
  const element = document.elementFromPoint(event.clientX, event.clientY);
  return element?.closest('[data-square]')?.dataset.square ?? null;
}

/** A click or the end of a drag on `square`: select a piece that can move, or move the selected one there. */
function choose(square) {
  if (facing || !square) return;
  if (selected && targets.includes(square)) {
    playMove(`${selected}${square}`);
    return;
  }
  const moves = boardGame().legalMoves(square);
  selected = moves.length && square !== selected ? square : null;
  targets = selected ? moves.map((mv) => mv.slice(2)) : [];
  render();
}

function wireBoard() {
  let dragFrom = null;
  $('board').addEventListener('pointerdown', (event) => {
    const square = squareAt(event);
    if (!square || facing) return;
    event.preventDefault();
    if (selected && targets.includes(square)) {
      choose(square);
      return;
    }
    const moves = boardGame().legalMoves(square);
    if (moves.length) {
      selected = square;
      targets = moves.map((mv) => mv.slice(2));
      dragFrom = square;
      render();
    } else {
      choose(square);
    }
  });
  // On the document: the board is drawn again on pointerdown, and a touch's pointer stays with the element it
  // went down on, which is gone by then.
  document.addEventListener('pointerup', (event) => {
    const square = squareAt(event);
    const from = dragFrom;
    dragFrom = null;
    if (from && square && square !== from && targets.includes(square)) choose(square);
  });
}

function load(fen, moves) {
  showError('');
  setState('busy');
  const started = performance.now();
  selected = null;
  targets = [];
  facing = null;
  try {
    facing = facingKings(fen);
    if (!facing) {
      games = BOOKS.map((book) => Game.fromLine(fen, moves, book));
      const longest = games.reduce((a, b) => (b.ply > a.ply ? b : a));
      line = longest.moves();
      cursor = line.length;
    } else {
      games = [];
      line = [];
      cursor = 0;
    }
  } catch (e) {
    games = [];
    facing = null;
    for (const id of ['verdict', ...BOOKS.map((b) => `verdict-${b}`)]) {
      $(id).textContent = '';
      $(id).className = 'verdict';
      delete $(id).dataset.ruling;
      delete $(id).dataset.verdict;
    }
    $('board').replaceChildren();
    $('movelist').replaceChildren();
    $('status').textContent = '';
    showError(String(e.message || e));
    setState('error');
    return;
  }
  render();
  const elapsed = performance.now() - started;
  $('timing').textContent = `${line.length} plies under 4 books in ${elapsed.toFixed(1)} ms`;
  $('timing').dataset.ms = elapsed.toFixed(3);
  setState('done');
}

let recordGames = [];

async function readRecordInput() {
  const file = $('file').files[0];
  const bytes = file ? new Uint8Array(await file.arrayBuffer()) : new TextEncoder().encode($('record').value);
  try {
    recordGames = readRecord(bytes);
  } catch (e) {
    showError(String(e.message || e));
    return;
  }
  if (recordGames.length === 0) {
    showError('the record holds no game');
    return;
  }
  $('game-pick').replaceChildren(...recordGames.map((game, index) => {
    const option = document.createElement('option');
    option.value = String(index);
    const names = [game.tags.Red, game.tags.Black].filter(Boolean).join(' – ');
    option.textContent = `${index + 1}. ${[game.tags.Event, names].filter(Boolean).join(': ') || 'game'} (${game.result})`;
    return option;
  }));
  $('pick').hidden = recordGames.length < 2;
  pickGame(0);
}

function pickGame(index) {
  const game = recordGames[index];
  $('game-pick').value = String(index);
  $('fen').value = game.fen;
  $('moves').value = game.moves.join(' ');
  load(game.fen, $('moves').value);
}

function onKey(event) {
  if (!games.length || (event.target instanceof Element && event.target.matches('input, textarea, select'))) return;
  const targetsByKey = { ArrowLeft: cursor - 1, ArrowRight: cursor + 1, Home: 0, End: line.length };
  if (event.key in targetsByKey) {
    event.preventDefault();
    goTo(targetsByKey[event.key]);
  }
}

async function main() {
  await init();
  $('input').addEventListener('submit', (event) => {
    event.preventDefault();
    const url = new URL(window.location.href);
    url.searchParams.set('fen', $('fen').value);
    url.searchParams.set('moves', $('moves').value);
    window.history.replaceState(null, '', url);
    load($('fen').value, $('moves').value);
  });
  $('load-record').addEventListener('click', readRecordInput);
  $('game-pick').addEventListener('change', () => pickGame(Number($('game-pick').value)));
  $('first').addEventListener('click', () => goTo(0));
  $('undo').addEventListener('click', () => goTo(cursor - 1));
  $('redo').addEventListener('click', () => goTo(cursor + 1));
  $('last').addEventListener('click', () => goTo(line.length));
  $('flip').addEventListener('click', () => { flip = !flip; render(); });
  $('coordinates').addEventListener('change', () => render());
  $('book').addEventListener('change', () => render());
  document.addEventListener('keydown', onKey);
  wireBoard();

  const params = new URLSearchParams(window.location.search);
  $('fen').value = params.get('fen') ?? '';
  $('moves').value = params.get('moves') ?? '';
  load($('fen').value, $('moves').value);
}

main().catch((e) => { showError(`could not start: ${e.message || e}`); setState('error'); });
