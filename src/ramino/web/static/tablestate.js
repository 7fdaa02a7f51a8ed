// The table page's one state value and the store that holds it: what the server last sent
// (the table's details, the welcome, the seat's state, the clock) and what the page keeps of
// its own (the hand as cards one can tell apart, the picks, the log told so far, the message).
// Panels draw from a state they are given; only `update` makes a new one.

// What the log has said before anything was heard, and the melds before any was seen: the
// first lines and melds drawn (a fresh page, a reconnection) are where the page starts, not news.
export const UNHEARD = Object.freeze({ lang: null, lines: null, parts: null, fresh: 0 });
export const UNSEEN = Object.freeze({ round: null, keys: null, fresh: new Set(), version: null });

// The state before the table has said anything. `seat`: the seat kept in this browser, if any.
export function initialState({ tableId, seat, sort, muted = [] }) {
  return Object.freeze({
    tableId,
    // From the server: GET /api/tables/ID, GET /api/rules, then the socket's messages.
    info: null,
    rulesInfo: null,
    welcome: null,
    server: null,
    clock: null,
    // The seat: kept in this browser, or none and `watching` as a spectator.
    seat,
    watching: false,
    watched: 0,
    guest: null,
    message: null,
    // The hand as cards one can tell apart (twins of two decks too): each a key and a code,
    // kept from state to state; the picks are keys of cards in it, never codes.
    cards: [],
    cardsOf: null,
    keys: 0,
    selected: [],
    drawn: null,
    // The cards one drew from the tallone, by round and place in its history: the log says them.
    drewAt: new Map(),
    sort,
    // A meld to choose next ('attach' or 'swap'), and the hand's card with the Tab stop.
    mode: null,
    cursor: 0,
    // The version of the state a move by key was sent from, the focus on nothing: the drawing
    // of its answer puts the focus where the turn goes on (keyboard.js).
    keyedAt: null,
    dragging: null,
    // Moves sent and not yet answered, by id; the ids made so far.
    pending: new Map(),
    ids: 0,
    hinting: false,
    // Whether "your turn" was said for the turn now being played.
    turnSaid: false,
    // The log: the lines of rounds over, what a screen reader has heard of it, and whether
    // the list follows the newest moves.
    // `logMatch` is the match the log tells (a rematch's lines begin under a line naming it).
    past: [],
    logMatch: null,
    heard: UNHEARD,
    // What the last drawing of the round said to a screen reader (#announce), if anything, and
    // the round whose nearness to a cap it said last (tablehead.js).
    news: null,
    capSaid: null,
    logFollows: true,
    shownEnded: 0,
    meldsSeen: UNSEEN,
    // Whether a state came since the socket opened: the first is where the page starts.
    synced: false,
    // The others' turns still to show under the pozzo ({ seat, moves }), the one shown, and how
    // far into which round (`match:round`) they were taken.
    replay: [],
    replayShown: undefined,
    replaying: false,
    replayed: { round: null, count: 0 },
    // The last commitment given a nonce, and each round's deal as checked.
    nonceFor: null,
    fair: new Map(),
    // The chat: its last lines by id, oldest first, and the names this reader muted (kept in
    // this browser for this table).
    chat: [],
    muted,
    // The seat left the table (the leave button): 'leaving' until the server's state says the
    // computer plays for it, then 'left' (the socket closed); null while the seat is played.
    left: null,
  });
}

// A store of one state value. `update(change)` makes the next state from the last (`change`
// is the fields that change, or a function of the last state giving them) and tells every
// subscriber; `remember(change)` makes it too but tells no one: for what the page must know and
// need not draw again (where the focus is, what is being dragged).
export function createStore(initial) {
  let state = initial;
  const subscribers = new Set();
  const next = (change) => {
    const fields = typeof change === 'function' ? change(state) : change;
    const previous = state;
    state = Object.freeze({ ...state, ...fields });
    return previous;
  };
  return {
    get: () => state,
    update(change) {
      const previous = next(change);
      for (const subscriber of subscribers) subscriber(state, previous);
      return state;
    },
    remember(change) {
      next(change);
      return state;
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}

// A copy of `map` with `key` set, or deleted when `value` is undefined: a Map in the state is
// never changed in place.
export function withEntry(map, key, value) {
  const copy = new Map(map);
  if (value === undefined) copy.delete(key);
  else copy.set(key, value);
  return copy;
}

// The most chat lines the page keeps.
export const CHAT_KEPT = 100;

// The chat's lines after `lines` came (new ones, or the last ones again on connecting): one
// line an id, oldest first, the last CHAT_KEPT.
export function chatWith(chat, lines) {
  const byId = new Map(chat.map((line) => [line.id, line]));
  for (const line of lines ?? []) byId.set(line.id, line);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
}

// Which round of which match a state message is of: a rematch's rounds count from 1 again.
export const roundKey = (server) => `${server.match ?? 1}:${server.round}`;

// The seat's round view in `state`, if a round is being played.
export const observation = (state) => state.server?.observation ?? null;

// The legal moves the server listed for the seat.
export const legal = (state) => observation(state)?.legal_actions ?? [];

// The codes of the picked cards, in the order picked.
export const picked = (state) =>
  state.selected.map((key) => state.cards.find((card) => card.key === key)?.code);

// Whether the seat may leave the table now: a seat's (not a spectator's) at a match being
// played, not left already. The server does the same for a `leave` at any other time: nothing.
export function mayLeave(state) {
  const server = state.server;
  return Boolean(state.seat && !state.watching && !state.left && server && server.round > 0 && !server.match_over);
}

// Whether the seat is to move now.
export function myTurn(state) {
  const view = observation(state);
  return Boolean(view && !view.over && view.seat !== null && view.to_play === view.seat);
}
