// Tests of the WebAssembly package's JavaScript API under Node (`node --test web/tests/`). The package is the one
// scripts/build-web.sh builds into web/pkg/ (target `web`); Node loads it with initSync and the file's bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  initSync, analyze, legalMoves, status, play, convertMove, diagram, readRecord, standings,
} from '../pkg/xiangqi_wasm.js';

initSync({ module: readFileSync(new URL('../pkg/xiangqi_wasm_bg.wasm', import.meta.url)) });

// A red rook chases an unprotected black cannon back and forth (AXF 2008 棋例 §13).
const CHASE_FEN = '3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1';
const CHASE_MOVES = 'b0b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7';

test('a perpetual chase: every book warns Red at ply 9, and rules the loss when the cycle is repeated', () => {
  const a = analyze(CHASE_FEN, CHASE_MOVES);
  assert.deepEqual(a.books.map((b) => b.id), ['axf', 'roc', 'prc1956', 'cxa']);
  assert.deepEqual(a.books.map((b) => b.word), ['red_must_change', 'red_must_change', 'red_must_change', 'red_must_change']);
  assert.equal(a.books[0].ply, 9);
  assert.equal(a.books[0].isFinal, false);
  assert.equal(a.books[0].rules[0], 'AXF 2008 棋例 §13');
  assert.equal(a.books[0].verdict, `red_must_change ${a.books[0].rule}`);
  const more = analyze(CHASE_FEN, `${CHASE_MOVES} a7a8 b7b8 a8a7 b8b7`);
  assert.equal(more.books[0].word, 'red_loses');
  assert.equal(more.books[0].ply, 13);
  assert.equal(more.books[0].isFinal, true);
  assert.equal(a.plies.length, 9);
  assert.deepEqual(a.plies[0].class.kinds, ['chase']);
  assert.deepEqual(a.plies[0].class.chases.map((c) => [c.attacker, c.target]), [['b7', 'a7']]);
  assert.equal(a.plies[0].chinese, '车八进七');
  assert.equal(a.plies[1].mover, 'black');
});

test('check alternating with a mate threat: the books differ', () => {
  const cycle = 'd4e4, e9f9, e4d4, f9e9';
  const a = analyze('4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1', `${cycle}, ${cycle}`);
  assert.deepEqual(a.books.map((b) => b.word), ['draw_next_cycle', 'draw_next_cycle', 'red_must_change', 'red_must_change']);
  assert.match(a.books[0].verdict, /^draw_next_cycle AXF 2008 棋例 §6/);
  assert.match(a.books[3].verdict, /^red_must_change CXA 2011 第24条 24\.13/);
  assert.deepEqual(a.plies[0].class.kinds, ['check']);
  assert.deepEqual(a.plies[2].class.kinds, ['mate_threat']);
});

test('no repetition: continue, with no ply', () => {
  const a = analyze('', 'h2e2 h9g7');
  assert.ok(a.books.every((b) => b.word === 'continue' && b.verdict === 'continue' && b.ply === null));
});

test('bad input throws the library message', () => {
  assert.throws(() => analyze('rnbakabnr/9/1c5c1/9/9 w', ''), (e) => e instanceof Error && /^bad FEN: /.test(e.message));
  assert.throws(() => analyze('', 'h2e2 h9g7 h2e2'), /^Error: move 3 \(h2e2\)/);
  assert.throws(() => convertMove('', 'h2e2', 'klingon'), /klingon/);
});

test('positions: legal moves, status, play, notations', () => {
  assert.equal(legalMoves('').length, 44);
  assert.deepEqual(status(''), {
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    turn: 'red', check: false, outcome: null, winner: null,
  });
  const mated = play('3k5/R8/9/9/9/9/9/9/9/1R2K4 w', 'b0b9');
  assert.deepEqual(status(mated), {
    fen: mated, turn: 'black', check: true, outcome: 'checkmate', winner: 'red',
  });
  assert.equal(convertMove('', 'h2e2', 'chinese'), '炮二平五');
  assert.equal(convertMove('', '炮二平五', 'wxf'), 'C2.5');
  assert.equal(convertMove('', 'C2.5', 'axf'), '炮2=5');
});

test('an SVG diagram with an arrow', () => {
  const svg = diagram('', 'h2e2');
  assert.match(svg, /^<svg/);
  assert.match(svg, /marker-end="url\(#head0\)"/);
});

test('records: PGN and DhtmlXQ text, XQF bytes rejected when bad', () => {
  const pgn = '[Event "Test"]\n[Format "Chinese"]\n\n1. 炮二平五 马８进７ 1-0\n';
  const games = readRecord(new TextEncoder().encode(pgn));
  assert.equal(games.length, 1);
  assert.deepEqual(games[0].moves, ['h2e2', 'h9g7']);
  assert.deepEqual(games[0].tags, { Event: 'Test' });
  assert.deepEqual(Object.keys(readRecord(new TextEncoder().encode('[Red "A"]\n[Black "B"]\n[Event "E"]\n\n*\n'))[0].tags),
    ['Red', 'Black', 'Event']);
  assert.equal(games[0].result, '1-0');
  const page = '[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]';
  assert.deepEqual(readRecord(new TextEncoder().encode(page))[0].moves, ['h2e2']);
  assert.throws(() => readRecord(new Uint8Array([0x58, 0x51, 0x0a])), Error);
});

test('standings of an event', () => {
  const event = {
    name: 'Three', kind: 'individual', system: 'round_robin',
    players: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }],
    rounds: [
      { games: [{ red: 'a', black: 'b', result: '1-0' }] },
      { games: [{ red: 'b', black: 'c', result: '1-0' }] },
      { games: [{ red: 'c', black: 'a', result: '=' }] },
    ],
  };
  const ranked = standings(JSON.stringify(event), undefined);
  assert.deepEqual(ranked.standings.rows.map((row) => row.id), ['a', 'b', 'c']);
  assert.equal(ranked.standings.ruleset, 'axf-rr');
  assert.match(ranked.text, /a above b: 积分 \(score\) 3 > 2/);
  assert.throws(() => standings('{', undefined), /^Error: event: /);
});

test('TypeScript declarations name the returned shapes', () => {
  const dts = readFileSync(new URL('../pkg/xiangqi_wasm.d.ts', import.meta.url), 'utf8');
  assert.match(dts, /export function analyze\(fen: string, moves: string\): Analysis;/);
  assert.match(dts, /export function readRecord\(bytes: Uint8Array\): RecordGame\[\];/);
  assert.match(dts, /export interface BookRuling \{ id: "axf" \| "roc" \| "prc1956" \| "cxa";/);
});
