// A state from the server, taken in: the pure step from the page's last state to the next.
// The hand is followed card by card, a round just over goes to the log, and the others' moves
// are queued to be shown one after another under the pozzo.

import { followHand } from './hand.js';
import { matchLines } from './log.js';
import { roundOver } from './roundend.js';
import { roundKey, UNHEARD, UNSEEN } from './tablestate.js';

// The others' turns in `server` since the page's last state, each `{ seat, moves }` (and
// `bets`, a bet's chips by its place in `moves`, under betting): the computer's turns arrive
// all at once after yours, and this lets one follow them. A state with
// new moves makes what was still queued stale: the queue is only ever the newest state's, so
// that the line under the pozzo never lags behind the table. Their words are made when shown,
// in the language of the moment (centre.js).
export function othersMoves(state, server) {
  const view = server.observation;
  if (!view) return { replay: state.replay, replayed: state.replayed };
  const round = roundKey(server);
  const replayed = { round, count: view.history.length };
  // A fresh page, or the state sent again on connecting: what is in it is nothing new.
  if (!state.synced) return { replay: [], replayed, fresh: true };
  const seen = state.replayed.round === round ? state.replayed.count : 0;
  if (seen === view.history.length) return { replay: state.replay, replayed };
  const turns = [];
  const chips = new Map((view.bets ?? []).map((bet) => [bet.at, bet]));
  view.history.slice(seen).forEach((entry, i) => {
    const at = entry.indexOf(':');
    const seat = Number(entry.slice(0, at));
    const move = entry.slice(at + 1).trim();
    if (turns.at(-1)?.seat !== seat) turns.push({ seat, moves: [] });
    const turn = turns.at(-1);
    const bet = chips.get(seen + i);
    if (bet) turn.bets = { ...turn.bets, [turn.moves.length]: bet };
    turn.moves.push(move);
  });
  return { replay: turns.filter((turn) => turn.seat !== view.seat), replayed, fresh: true };
}

// The next of the others' turns to show, if none is being shown: the queue's first.
export function nextReplay(replay) {
  const [shown, ...rest] = replay;
  return { replay: rest, replayShown: shown, replaying: shown !== undefined };
}

// `state` with `server` (a state message) taken in: `change`, the fields that change; `drew`,
// the card the seat drew from the tallone, if it just did; `over`, whether a round ended that the
// log had not told.
export function arrived(state, server) {
  const hand = followHand(state, server);
  const match = matchLines(state, server);
  const held = { ...state, ...hand.change, ...match, server };
  const ended = roundOver(held);
  const { fresh, ...queued } = othersMoves(held, server);
  // New moves are shown at once, the older ones still queued dropped; else the queue goes on.
  const replay = state.replaying && !fresh ? queued : { ...queued, ...nextReplay(queued.replay) };
  // Where the page starts (a fresh page, a reconnection): no line of the log, no meld, is new.
  const start = state.synced ? {} : { heard: UNHEARD, meldsSeen: UNSEEN };
  const change = { server, ...hand.change, ...match, ...(ended ?? {}), ...replay, ...start, synced: true };
  return { change, drew: hand.drew, over: ended !== null };
}
