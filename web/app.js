// The demo page: reads the game from the form or from ?fen=…&moves=…, asks the WebAssembly package for the
// analysis, and shows the rulings, the classified moves and the board at any ply.
import init, { analyze, diagram, readRecord } from './pkg/xiangqi_wasm.js';

const $ = (id) => document.getElementById(id);
const BOOKS = ['axf', 'roc', 'prc1956', 'cxa'];
const DEFAULT_BOOK = 'axf';

let analysis = null;
let ply = 0;

function setState(state) {
  document.body.dataset.state = state;
}

function clearResults() {
  analysis = null;
  ply = 0;
  for (const id of ['verdict', ...BOOKS.map((b) => `verdict-${b}`)]) {
    const out = $(id);
    out.textContent = '';
    out.className = 'verdict';
    delete out.dataset.word;
    delete out.dataset.ply;
  }
  document.querySelectorAll('#rulings .at').forEach((td) => { td.textContent = ''; });
  $('movelist').replaceChildren();
  $('board').replaceChildren();
  $('status').textContent = '';
  $('ply').textContent = '0 / 0';
  $('timing').textContent = '';
}

function showError(message) {
  clearResults();
  $('error').textContent = message;
  setState('error');
}

function showVerdict(out, book) {
  out.textContent = book.verdict;
  out.className = `verdict ${book.word}`;
  out.dataset.word = book.word;
  if (book.ply !== null) out.dataset.ply = String(book.ply);
}

function renderRulings() {
  for (const book of analysis.books) {
    showVerdict($(`verdict-${book.id}`), book);
    if (book.id === DEFAULT_BOOK) showVerdict($('verdict'), book);
    const at = document.querySelector(`#rulings tr[data-book="${book.id}"] .at`);
    at.replaceChildren();
    if (book.ply !== null) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = String(book.ply);
      button.title = `Show the position after ply ${book.ply}`;
      button.addEventListener('click', () => goTo(book.ply));
      at.append(button);
    }
  }
}

function renderMoves() {
  const ruledAt = new Set(analysis.books.map((b) => b.ply).filter((p) => p !== null));
  $('movelist').replaceChildren(...analysis.plies.map((p) => {
    const li = document.createElement('li');
    li.id = `ply-${p.ply}`;
    li.dataset.ply = String(p.ply);
    li.dataset.kinds = p.class.kinds.join(' ');
    li.classList.add('move', p.mover, ...p.class.kinds);
    if (ruledAt.has(p.ply)) li.classList.add('ruled');
    const san = document.createElement('span');
    san.className = 'san';
    san.textContent = `${p.chinese} `;
    const coords = document.createElement('code');
    coords.textContent = `${p.uci} ${p.wxf}`;
    const kinds = document.createElement('div');
    kinds.className = 'kinds';
    const chases = p.class.chases.map(
      (c) => `${c.attackerPiece}${c.attacker}×${c.targetPiece}${c.target} (${c.reasons.join(', ')})`,
    );
    kinds.textContent = [p.class.kinds.join(', '), ...chases].filter(Boolean).join(' · ');
    li.append(san, coords, kinds);
    li.addEventListener('click', () => goTo(p.ply));
    return li;
  }));
}

function statusText(status) {
  const side = (name) => (name === 'red' ? 'Red' : 'Black');
  if (status.outcome === 'checkmate') return `Checkmate: ${side(status.winner)} wins`;
  if (status.outcome === 'stalemate') return `Stalemate (困毙): ${side(status.winner)} wins`;
  return `${side(status.turn)} to move${status.check ? ', in check' : ''}`;
}

// The board after the move, with the move's arrow: the package draws the arrow on the board before the move,
// and the arrow's elements are moved onto the board after it.
function boardWithArrow(before, move, after) {
  const parser = new DOMParser();
  const withArrow = parser.parseFromString(diagram(before, move), 'image/svg+xml');
  const board = parser.parseFromString(diagram(after, ''), 'image/svg+xml');
  for (const node of withArrow.documentElement.querySelectorAll('line[marker-end], defs')) {
    board.documentElement.append(node);
  }
  return new XMLSerializer().serializeToString(board.documentElement);
}

function goTo(target) {
  if (!analysis) return;
  ply = Math.max(0, Math.min(target, analysis.plies.length));
  const current = ply === 0 ? analysis.start : analysis.plies[ply - 1].after;
  try {
    if (ply === 0) {
      $('board').innerHTML = diagram(current.fen, '');
    } else {
      const before = ply === 1 ? analysis.start.fen : analysis.plies[ply - 2].after.fen;
      $('board').innerHTML = boardWithArrow(before, analysis.plies[ply - 1].uci, current.fen);
    }
  } catch (e) {
    // A setup with facing kings is ruled but is no position the board draws.
    $('board').textContent = String(e.message || e);
  }
  $('ply').textContent = `${ply} / ${analysis.plies.length}`;
  $('status').textContent = statusText(current);
  document.querySelectorAll('#movelist li.current').forEach((li) => li.classList.remove('current'));
  const li = $(`ply-${ply}`);
  if (li) {
    li.classList.add('current');
    // Scroll the list only, never the page.
    const list = $('movelist');
    list.scrollTop = li.offsetTop - list.offsetTop - list.clientHeight / 2;
  }
}

function run(fen, moves) {
  $('error').textContent = '';
  setState('busy');
  let result;
  const started = performance.now();
  try {
    result = analyze(fen, moves);
  } catch (e) {
    showError(String(e.message || e));
    return;
  }
  const elapsed = performance.now() - started;
  analysis = result;
  renderRulings();
  renderMoves();
  const ruled = analysis.books.find((b) => b.id === DEFAULT_BOOK).ply;
  goTo(ruled ?? analysis.plies.length);
  $('timing').textContent = `analysed ${analysis.plies.length} plies under 4 books in ${elapsed.toFixed(1)} ms`;
  $('timing').dataset.ms = elapsed.toFixed(3);
  setState('done');
}

async function loadRecord() {
  const file = $('file').files[0];
  const bytes = file ? new Uint8Array(await file.arrayBuffer()) : new TextEncoder().encode($('record').value);
  let games;
  try {
    games = readRecord(bytes);
  } catch (e) {
    showError(String(e.message || e));
    return;
  }
  if (games.length === 0) {
    showError('the record holds no game');
    return;
  }
  $('fen').value = games[0].fen;
  $('moves').value = games[0].moves.join(' ');
  run($('fen').value, $('moves').value);
}

function onKey(event) {
  if (!analysis || (event.target instanceof Element && event.target.matches('input, textarea'))) return;
  const targets = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: analysis.plies.length };
  if (event.key in targets) {
    event.preventDefault();
    goTo(targets[event.key]);
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
    run($('fen').value, $('moves').value);
  });
  $('load-record').addEventListener('click', loadRecord);
  $('first').addEventListener('click', () => goTo(0));
  $('prev').addEventListener('click', () => goTo(ply - 1));
  $('next').addEventListener('click', () => goTo(ply + 1));
  $('last').addEventListener('click', () => goTo(Infinity));
  document.addEventListener('keydown', onKey);

  const params = new URLSearchParams(window.location.search);
  if (params.has('fen') || params.has('moves')) {
    $('fen').value = params.get('fen') ?? '';
    $('moves').value = params.get('moves') ?? '';
    run($('fen').value, $('moves').value);
  } else {
    setState('ready');
  }
}

main().catch((e) => showError(`could not start: ${e.message || e}`));
