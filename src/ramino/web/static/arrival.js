// A state from the server, taken in: the pure step from the page's last state to the next.
// The hand is followed card by card, a round just over goes to the log, and the others' moves
// are queued to be shown one after another under the pozzo.

import { followHand } from './hand.js';
import { clause } from './moves.js';
import { roundOver } from './roundend.js';

// The others' moves in `server` not yet queued, as "Name: clause": the computer's turns arrive
// all at once after yours, and this lets one follow them.
export function othersMoves(state, server) {
  const view = server.observation;
  if (!view) return { replay: state.replay, replayed: state.replayed };
  const round = server.round;
  const seen = state.replayed.round === round ? state.replayed.count : 0;
  const names = view.seats.map((seat) => seat.name);
  const moves = [];
  for (const entry of view.history.slice(seen)) {
    const at = entry.indexOf(':');
    const seat = Number(entry.slice(0, at));
    if (seat === view.seat) continue;
    moves.push(`${names[seat] ?? '?'}: ${clause(entry.slice(at + 1).trim(), false)}`);
  }
  return { replay: [...state.replay, ...moves], replayed: { round, count: view.history.length } };
}

// The next of the others' moves to show, if none is being shown: the queue's first.
export function nextReplay(replay) {
  const [shown, ...rest] = replay;
  return { replay: rest, replayShown: shown, replaying: shown !== undefined };
}

// `state` with `server` (a state message) taken in: `change`, the fields that change; `drew`,
// the card the seat drew from the tallone, if it just did; `over`, whether a round ended that the
// log had not told.
export function arrived(state, server) {
  const hand = followHand(state, server);
  const held = { ...state, ...hand.change, server };
  const ended = roundOver(held);
  const queued = othersMoves(held, server);
  const replay = state.replaying ? queued : { ...queued, ...nextReplay(queued.replay) };
  return { change: { server, ...hand.change, ...(ended ?? {}), ...replay }, drew: hand.drew, over: ended !== null };
}
