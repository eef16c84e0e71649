// Tests of the WebAssembly package's JavaScript API under Node (`node --test web/tests/`). The package is the one
// scripts/build-web.sh builds into web/pkg/ (target `web`); Node loads it with initSync and the file's bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  initSync, Game, legalMoves, play, convertMove, diagram, facingKings, label, readRecord, standings,
} from '../pkg/xiangqi_wasm.js';

initSync({ module: readFileSync(new URL('../pkg/xiangqi_wasm_bg.wasm', import.meta.url)) });

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
// A red rook chases an unprotected black cannon back and forth (AXF 2008 棋例 §13).
const CHASE_FEN = '3akab2/9/c8/9/9/9/9/4B4/4A4/1R2KAB2 w - - 0 1';
const CHASE = ['b0b7', 'a7a8', 'b7b8', 'a8a7', 'b8b7', 'a7a8', 'b7b8', 'a8a7', 'b8b7'];
const WARNING = 'AXF 2008 棋例 §13 + AXF 2008 第一章七(G)3';

/** Calls `f` and returns what it threw (failing if it threw nothing). */
function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('nothing was thrown');
}

test('a line is played as `xiangqi adjudicate` plays it: the report and its label', () => {
  // The cycle once more after the warning: the final ruling at ply 13, the 14th move not played.
  const line = '车八进七 a7a8 R8+1 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8 b7b8 a8a7 b8b7 a7a8';
  const game = Game.fromLine(CHASE_FEN, line);
  const report = game.report();
  assert.equal(report.book, 'axf');
  assert.equal(report.procedure, 'arbiter');
  assert.equal(report.ruling, 'red_loses');
  assert.deepEqual(report.rules, ['AXF 2008 棋例 §13', 'AXF 2008 第一章七(G)3']);
  assert.equal(report.note, 'red repeated the cycle after the warning and loses');
  assert.equal(report.termination, 'perpetual chase');
  assert.deepEqual([report.ply, report.plies], [13, 13]);
  assert.deepEqual(report.changes.map((c) => [c.ply, c.ruling]), [[9, 'red_must_change'], [13, 'red_loses']]);
  assert.deepEqual(report.changes[0].offending, ['b7b8', 'b8b7', 'b7b8', 'b8b7']);
  assert.deepEqual(report.unplayed, ['a7a8']);
  assert.deepEqual(game.label(), {
    zh: `红方长捉，判负 · ${WARNING}`,
    en: `Red: perpetual chase, loses · ${WARNING}`,
    rules: [
      { rule: 'AXF 2008 棋例 §13', zh: '车捉无根炮', en: 'a rook chasing an unprotected cannon' },
      { rule: 'AXF 2008 第一章七(G)3', zh: '犯禁方必须变着', en: 'the offender must change; one more cycle loses' },
    ],
  });
  assert.deepEqual(game.moves(), [...CHASE, 'a7a8', 'b7b8', 'a8a7', 'b8b7']);
  assert.deepEqual(game.movesIn('chinese').slice(0, 3), ['车八进七', '炮1退1', '车八进一']);
});

test('a move costs one step: play, status, undo and redo', () => {
  const game = new Game(CHASE_FEN);
  assert.equal(game.ply, 0);
  assert.equal(game.book, 'axf');
  assert.equal(game.procedure, 'arbiter');
  CHASE.slice(0, 8).forEach((mv, i) => {
    const status = game.play(mv);
    assert.equal(status.ply, i + 1);
    assert.equal(status.ruling, 'continue');
  });
  const warned = game.play('车八退一');
  assert.deepEqual(
    [warned.ply, warned.ruling, warned.rule, warned.over, warned.in_check, warned.outcome],
    [9, 'red_must_change', 'AXF 2008 棋例 §13', false, false, null],
  );
  assert.deepEqual(warned.cycle, { occurrences: 3, first_ply: 1, plies: 8, cycle_plies: 4 });
  assert.deepEqual(game.status(), warned);
  assert.equal(game.label().zh, `红方长捉，须变着 · ${WARNING}`);
  assert.equal(game.undo(), 'b8b7');
  assert.deepEqual([game.status().ply, game.status().ruling], [8, 'continue']);
  assert.equal(game.redo(), 'b8b7');
  assert.deepEqual(game.status(), warned);
  assert.equal(game.redo(), undefined);
  const fresh = new Game();
  assert.equal(fresh.undo(), undefined);
  assert.equal(fresh.fen(), START);
});

test('legal moves, of the position or of one piece', () => {
  const game = new Game();
  assert.equal(game.legalMoves().length, 44);
  assert.deepEqual(game.legalMoves('h0').sort(), ['h0g2', 'h0i2']);
  assert.deepEqual(game.legalMoves('e5'), []);
  assert.match(thrown(() => game.legalMoves('z9')).message, /z9/);
  assert.equal(legalMoves('').length, 44);
});

test('bad input throws an Error naming the ply and the move, and changes nothing', () => {
  const game = new Game();
  game.play('h2e2');
  const syntax = thrown(() => game.play('zz'));
  assert.ok(syntax instanceof Error);
  assert.deepEqual([syntax.kind, syntax.ply, syntax.move], ['move_syntax', 2, 'zz']);
  assert.match(syntax.message, /^ply 2, move `zz`: syntax error at byte 0/);
  const illegal = thrown(() => game.play('h2e2'));
  assert.deepEqual([illegal.kind, illegal.ply, illegal.move], ['illegal_move', 2, 'h2e2']);
  assert.equal(illegal.message, 'ply 2, move `h2e2`: illegal move h2e2: no piece on h2');
  assert.equal(game.ply, 1);
  assert.deepEqual(game.moves(), ['h2e2']);

  const line = thrown(() => Game.fromLine('', 'h2e2 h9g7 h2e2'));
  assert.deepEqual([line.kind, line.ply, line.move], ['illegal_move', 3, 'h2e2']);
  assert.equal(line.message, 'ply 3, move `h2e2`: illegal move h2e2: no piece on h2');
  const fen = thrown(() => new Game('rnbakabnr/9/1c5c1/9/9 w'));
  assert.equal(fen.kind, 'bad_fen');
  assert.match(fen.message, /^bad FEN: /);
  const book = thrown(() => new Game('', 'fide'));
  assert.deepEqual([book.kind, book.message], ['bad_value', 'invalid rule book `fide`: expected axf, roc, prc1956 or cxa']);
  assert.match(thrown(() => play('', 'h2e2 h9g7 h2e2')).message, /^ply 3, move `h2e2`: /);
  assert.match(thrown(() => convertMove('', 'h2e2', 'klingon')).message, /klingon/);
});

test('after a final ruling no move is played', () => {
  const game = Game.fromLine(CHASE_FEN, [...CHASE, 'a7a8', 'b7b8', 'a8a7', 'b8b7'].join(' '));
  assert.equal(game.status().over, true);
  const over = thrown(() => game.play('a7a8'));
  assert.deepEqual([over.kind, over.ply], ['game_over', 14]);
  assert.equal(over.message, `ply 14: the game is over (red_loses AXF 2008 棋例 §13)`);
  assert.deepEqual(game.forbiddenMoves(), []);
});

test('the forbid procedure refuses the move the book forbids', () => {
  const game = Game.fromLine('3k5/9/c8/9/1R7/9/9/9/9/4K4 w - - 0 1',
    'b5a5 a7b7 a5b5 b7a7 b5a5 a7b7 a5b5 b7a7 b5a5 a7b7', 'axf', 'forbid');
  assert.equal(game.status().ruling, 'red_must_change');
  assert.deepEqual(game.forbiddenMoves(), ['a5b5']);
  const refused = thrown(() => game.play('a5b5'));
  assert.deepEqual([refused.kind, refused.ply, refused.move], ['forbidden', 11, 'a5b5']);
  assert.equal(refused.message, 'ply 11: a5b5 is forbidden: red would repeat the cycle it was warned of (AXF 2008 棋例 §13)');
  assert.equal(game.play('a5a4').ruling, 'continue');
});

test('check alternating with a mate threat: the four books differ', () => {
  const cycle = 'd4e4, e9f9, e4d4, f9e9';
  const games = ['axf', 'roc', 'prc1956', 'cxa'].map((book) => Game.fromLine('4k4/9/5P3/9/9/3R5/9/9/9/3K5 w - - 0 1', `${cycle}, ${cycle}`, book));
  assert.deepEqual(games.map((g) => g.report().ruling), ['draw_next_cycle', 'draw_next_cycle', 'red_must_change', 'red_must_change']);
  assert.deepEqual(games.map((g) => g.report().rules[0]),
    ['AXF 2008 棋例 §6', 'ROC 2007 總綱2', 'PRC 1956 一将一要杀', 'CXA 2011 第24条 24.13']);
  assert.equal(games[0].label().zh, '循环不变，再循环一次判和 · AXF 2008 棋例 §6 + AXF 2008 第一章七(G)2');
  assert.equal(games[0].label().en, 'Repetition: one more cycle is a draw · AXF 2008 棋例 §6 + AXF 2008 第一章七(G)2');
  assert.deepEqual(games[0].classifyAll().map((c) => c.flags), [['check'], ['idle'], ['mate_threat'], ['idle'], ['check'], ['idle'], ['mate_threat'], ['idle']]);
});

test('a game as PGN, and saved and restored', () => {
  const game = new Game();
  game.play('炮二平五');
  game.play('h9g7');
  assert.equal(game.toPgn(), '[Game "Chinese Chess"]\n[Result "*"]\n[Format "Chinese"]\n\n1. 炮二平五 马8进7\n*\n');
  const mate = new Game('3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1');
  mate.play('a0a9');
  assert.equal(mate.status().outcome, 'red wins by checkmate');
  assert.equal(mate.toPgn({ Event: 'Example' }), [
    '[Game "Chinese Chess"]', '[Event "Example"]', '[Termination "checkmate"]', '[Result "1-0"]',
    '[FEN "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1"]', '[Format "Chinese"]', '',
    '1. 车九进九 {black_loses AXF 2008 第三章第二节九 (checkmate: black is mated)}', '1-0', ''].join('\n'));

  const saved = game.toJSON();
  assert.deepEqual(saved, { start: START, moves: ['h2e2', 'h9g7'], book: 'axf', procedure: 'arbiter' });
  assert.equal(JSON.stringify(game), JSON.stringify(saved));
  const restored = Game.fromJSON(saved);
  assert.deepEqual(restored.status(), game.status());
  assert.deepEqual(Game.fromJSON(JSON.stringify(saved)).moves(), ['h2e2', 'h9g7']);
  const bad = thrown(() => Game.fromJSON({ ...saved, moves: ['h2e2', 'h2e2'] }));
  assert.match(bad.message, /ply 2/);
});

test('diagrams: the game highlights its last move and a check; points take clicks', () => {
  const game = new Game();
  game.play('h2e2');
  const svg = game.diagram({ points: true, selected: 'h9', targets: ['g7', 'i7'], flip: true });
  assert.equal(svg.match(/data-square="[a-i][0-9]"/g).length, 90);
  assert.equal(svg.match(/class="last-move"/g).length, 2);
  assert.equal(svg.match(/class="target"/g).length, 2);
  assert.equal(svg.match(/class="selected"/g).length, 1);
  assert.equal(svg.match(/class="check"/g), null);
  const check = new Game('3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1');
  check.play('a0d0');
  assert.equal(check.diagram().match(/class="check"/g).length, 1);
  assert.match(thrown(() => game.diagram({ coordinates: 'roman' })).message, /invalid coordinates `roman`/);
  const arrows = diagram('', 'h2e2 h9g7', { coordinates: 'chinese' });
  assert.equal(arrows.match(/marker-end/g).length, 2);
  assert.match(arrows, />九<\/text>/);
});

test('labels: the library table for rulings, terminations and cited items', () => {
  assert.deepEqual(label('red_must_change'), { zh: '红方须变着', en: 'Red must change' });
  assert.deepEqual(label('perpetual chase'), { zh: '长捉', en: 'perpetual chase' });
  assert.deepEqual(label('AXF 2008 棋例 §13'), { zh: '车捉无根炮', en: 'a rook chasing an unprotected cannon' });
  assert.deepEqual(label('PRC 1956 长要杀'), { zh: '长要杀', en: 'perpetual mate threats' });
  assert.match(thrown(() => label('AXF 2008 棋例 §99')).message, /no label/);
});

test('kings facing each other: ruled by each book before any move', () => {
  const reports = facingKings('4k4/9/9/9/9/9/9/9/9/4K4 w');
  assert.deepEqual(reports.map((r) => r.report.book), ['axf', 'roc', 'prc1956', 'cxa']);
  assert.equal(reports[1].report.ruling, 'black_loses');
  assert.deepEqual(reports[1].report.rules, ['ROC 2007 棋例之判決 A11']);
  assert.equal(reports[1].label.zh, '黑方将帅对面，判负 · ROC 2007 棋例之判決 A11');
  assert.equal(facingKings(''), null);
  assert.equal(facingKings(START), null);
  assert.match(diagram('4k4/9/9/9/9/9/9/9/9/4K4 w', ''), /帥/);
});

test('records: every game of a PGN, DhtmlXQ text, XQF bytes rejected when bad', () => {
  const pgn = '[Event "One"]\n[Format "Chinese"]\n\n1. 炮二平五 马８进７ 1-0\n\n[Event "Two"]\n\n1. h2e2 *\n';
  const games = readRecord(new TextEncoder().encode(pgn));
  assert.deepEqual(games.map((g) => g.tags.Event), ['One', 'Two']);
  assert.deepEqual(games[0], { format: 'pgn', tags: { Event: 'One' }, fen: START, moves: ['h2e2', 'h9g7'], result: '1-0' });
  assert.deepEqual(games[1].moves, ['h2e2']);
  assert.deepEqual(Object.keys(readRecord(new TextEncoder().encode('[Red "A"]\n[Black "B"]\n[Event "E"]\n\n*\n'))[0].tags),
    ['Red', 'Black', 'Event']);
  const page = '[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]';
  assert.deepEqual(readRecord(new TextEncoder().encode(page))[0].format, 'dhtmlxq');
  assert.equal(thrown(() => readRecord(new Uint8Array([0x58, 0x51, 0x0a]))).kind, 'bad_record');
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
  assert.equal(thrown(() => standings('{', undefined)).kind, 'bad_event');
});

test('TypeScript declarations name the returned shapes', () => {
  const dts = readFileSync(new URL('../pkg/xiangqi_wasm.d.ts', import.meta.url), 'utf8');
  assert.match(dts, /export class Game \{/);
  assert.match(dts, /play\(text: string\): GameStatus;/);
  assert.match(dts, /report\(\): RulingReport;/);
  assert.match(dts, /static fromJSON\(saved: SavedGame \| string\): Game;/);
  assert.match(dts, /export function readRecord\(bytes: Uint8Array\): RecordGame\[\];/);
  assert.match(dts, /export interface VerdictLabel \{ zh: string; en: string; rules: CitedLabel\[\]; \}/);
});
