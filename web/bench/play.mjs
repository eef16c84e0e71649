// The per-move cost of Game.play (node web/bench/play.mjs [GAMES]): plays GAMES pseudo-random games (a fixed
// seed, each up to 200 plies or the end of the game, moves chosen among game.legalMoves()) to record their moves,
// then plays every game again from the start, timing only the Game.play calls (each returns the GameStatus object),
// and prints the moves played, the total time and the time per move. Run after scripts/build-web.sh.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { initSync, Game } from '../pkg/xiangqi_wasm.js';

initSync({ module: readFileSync(new URL('../pkg/xiangqi_wasm_bg.wasm', import.meta.url)) });

const count = Number(process.argv[2] ?? 200);
let seed = 0x2545f491;
/** xorshift32: the same games on every run. */
function random(n) {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
}

const lines = [];
for (let i = 0; i < count; i += 1) {
  const game = new Game();
  const line = [];
  while (line.length < 200 && !game.status().over) {
    const moves = game.legalMoves();
    const mv = moves[random(moves.length)];
    game.play(mv);
    line.push(mv);
  }
  lines.push(line);
  game.free();
}

let moves = 0;
let elapsed = 0;
for (const line of lines) {
  const game = new Game();
  const started = performance.now();
  for (const mv of line) game.play(mv);
  elapsed += performance.now() - started;
  moves += line.length;
  game.free();
}
const perMove = (elapsed * 1000) / moves;
const rate = Math.round((moves * 1000) / elapsed);
console.log(`Game.play: ${moves} moves in ${count} games, ${elapsed.toFixed(1)} ms, ${perMove.toFixed(2)} µs per move (${rate} moves/s)`);
