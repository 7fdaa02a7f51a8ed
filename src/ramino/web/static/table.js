// A table: sit down with a nickname (or come back with the seat kept in this browser), then
// play over the table's WebSocket (docs/protocol.md). The page shows the seat's own state,
// as the server sends it, and nothing else: it never holds a card its player may not see.
// This module wires the page: one store holds the state (tablestate.js), the socket and the
// moves change it, and every change draws the page again from it (tableview.js).

import { ApiError, call, ensurePlayer, forgetSeat, nonceFor, renamePlayer, savedSeat, saveSeat } from './api.js';
import { createActions, mutedAt } from './actions.js';
import { createAfterRound } from './afterround.js';
import { arrived, nextReplay } from './arrival.js';
import { cardName } from './cards.js';
import * as clock from './clock.js';
import { CLOSE_BAD_TOKEN, openConnection, tableSocketUrl } from './connection.js';
import { keepDealtHand } from './dealcheck.js';
import { showKeys, showRules } from './help.js';
import { currentLang, said, t } from './i18n.js';
import { keyHandler } from './keyboard.js';
import { knocks } from './knocking.js';
import { tell } from './moves.js';
import { showSheet } from './roundend.js';
import { drawTable } from './tableview.js';
import { chatWith, createStore, initialState, myTurn, observation, picked, withEntry } from './tablestate.js';

// How long each of the others' turns stays under the pozzo.
const REPLAY_MS = 900;

export function showTable(main, tableId) {
  const sort = localStorage.getItem('ramino.sort') === 'rank' ? 'rank' : 'suit';
  const store = createStore(initialState({ tableId, seat: savedSeat(tableId), sort, muted: mutedAt(tableId) }));
  let link = null;
  const send = (message) => link?.send(message);
  // `aside`: words after the text, shown and not said (a screen reader hears them elsewhere).
  const say = (text, error = false, aside = '') => store.update({ message: text ? { text, error, aside } : null });
  const after = createAfterRound(store, send);
  const actions = createActions({
    store,
    send,
    say,
    isOpen: () => link?.isOpen() ?? false,
    page: {
      showSheet: (roundOver) => showSheet(store.get(), roundOver),
      showRules: () => showRules(store.get().info),
      showKeys: () => showKeys(knocks(observation(store.get())), store.get().info?.rules?.knobs),
      sit,
      watch,
      comeBack,
    },
  });

  // --- the connection ---

  function connect() {
    const { seat, watching } = store.get();
    link = openConnection(tableSocketUrl(tableId, watching ? null : seat.token), {
      onOpen() {
        // Back: the line saying the connection was lost goes (a spectator has no welcome to
        // clear it).
        // The state that comes next is where the page starts again: nothing in it is new.
        store.update({ hinting: false, message: null, synced: false });
        // Moves not answered before the connection was lost: again, under the same ids.
        resend();
        // The last round's sheet read already: the clock need not wait for it (a new server).
        if (!store.get().watching && after.seenRound()) send({ type: 'seen', round: after.seenRound() });
      },
      onMessage: received,
      onClose(event) {
        const state = store.get();
        if (event.code === CLOSE_BAD_TOKEN && !state.watching) {
          forgetSeat(tableId);
          link = null;
          store.update({ seat: null, message: { text: t('bad_token'), error: true } });
          return false;
        }
        // Left (or leaving): nothing is opened again until the player comes back.
        if (state.left) {
          link = null;
          store.update({ left: 'left' });
          return false;
        }
        // Over, the table may still deal a rematch: only one said no ends it.
        if (state.server?.match_over && state.server.rematch?.declined?.length) return false;
        say(t('reconnecting'), true);
        return true;
      },
    });
  }

  function resend() {
    for (const [id, action] of store.get().pending) send({ type: 'act', id, action });
  }

  function received(message) {
    const state = store.get();
    switch (message.type) {
      case 'welcome':
        store.update({ welcome: message, message: null });
        break;
      case 'state':
        tookState(message);
        break;
      case 'ack': {
        const action = state.pending.get(message.id);
        const pending = withEntry(state.pending, message.id, undefined);
        // Cards picked before the draw (or a bet) stay picked: they are the plan.
        if (action && !['draw', 'take', 'knock', 'call', 'fold', 'raise'].includes(action.split(' ')[0])) {
          store.update({ pending, selected: [] });
        } else store.remember({ pending });
        break;
      }
      case 'refused':
        store.remember({ pending: withEntry(state.pending, message.id, undefined) });
        say(said(message.message), true);
        break;
      case 'error':
        // The page's own nonce (offerNonce), sent again after this browser lost the one it
        // gave: the server keeps the first, and the player did nothing to be told of.
        if (message.reason === 'nonce_given') break;
        say(said(message.message), true);
        // Not applied, and the server cannot say which: the move waiting goes again, under
        // its id, so that it is applied once whether or not it was the one refused.
        if (state.pending.size) setTimeout(resend, 1000);
        break;
      case 'notice': {
        // What the table played for the seat, told as the log tells every move. Told while the
        // turn is still the seat's, the moves come in the next state, and the log's news says
        // them: here they are only shown. Told on coming back, the log took them as no news.
        const moves = message.moves ?? [];
        const told = moves.length ? tell(moves.map((move) => `0: ${move}`), [], 0)[0] : '';
        if (myTurn(state)) say(said(message.message), false, told);
        else say(`${said(message.message)} ${told}`.trim(), false);
        break;
      }
      case 'hint':
        store.remember({ hinting: false });
        say((message.lines?.[currentLang()] ?? []).join(' '), false);
        break;
      case 'chat':
        store.update({ chat: chatWith(state.chat, message.lines) });
        break;
      case 'reported':
        say(t('chat_reported'), false);
        break;
      case 'clock':
        clock.paint(main, store.remember({ clock: { ...message, at: performance.now() } }));
        break;
      default:
        break;
    }
  }

  function tookState(server) {
    const before = store.get();
    if (server.round === 0) refreshInfo();
    const { change, drew, over } = arrived(before, server);
    const message = drew ? { text: t('you_drew', { card: cardName(drew, currentLang()) }), error: false } : before.message;
    offerNonce(server);
    keepDealtHand(tableId, server);
    const state = store.update({ ...change, message });
    // Another's turn shown anew: it stays its time before the next (or none) is shown.
    if (state.replayShown !== before.replayShown) replayFor(state);
    // Your turn is said once, when it comes, after the news of this state (if it has any: the
    // news of an earlier one is not said again).
    if (myTurn(state) && !state.turnSaid) {
      document.getElementById('announce').textContent = `${store.get().news ?? ''} ${t('your_turn')}.`.trim();
    }
    store.remember({ turnSaid: myTurn(state) });
    // Left: once the server says the computer plays for the seat, the socket closes.
    if (state.left === 'leaving' && server.away?.includes(state.welcome?.seat)) {
      link?.close();
      link = null;
      store.update({ left: 'left' });
      return;
    }
    after.afterState(over);
  }

  // The seat's part of the next deal, one per commitment (docs/shuffle.md): the server keeps
  // the first it is given for a deal, so after a reload the same one is sent again.
  function offerNonce(server) {
    const next = server.next_commitment;
    if (store.get().watching || !next || store.get().nonceFor === next) return;
    store.remember({ nonceFor: next });
    send({ type: 'nonce', nonce: nonceFor(tableId, next) });
  }

  // One timer shows the others' turns one after another; a state with newer ones starts it anew.
  let replayTimer = null;
  function replayFor(state) {
    clearTimeout(replayTimer);
    replayTimer = state.replaying ? setTimeout(stepReplay, REPLAY_MS) : null;
  }

  function stepReplay() {
    replayFor(store.update((now) => nextReplay(now.replay)));
  }

  function refreshInfo() {
    call('GET', `/api/tables/${tableId}`)
      .then((info) => {
        if (store.get().server?.round === 0) store.update({ info });
        else store.remember({ info });
      })
      .catch(() => {});
  }

  // --- sitting down ---

  async function sit(name) {
    try {
      const mine = nonceFor(tableId, store.get().info.commitment);
      // The seat is this browser's player's: a guest the first time, with the name given.
      const player = await ensurePlayer(name);
      if (player.name !== name) await renamePlayer(name);
      const seat = await call('POST', `/api/tables/${tableId}/seats`, {
        nickname: name,
        nonce: mine,
        player_key: player.key,
      });
      localStorage.setItem('ramino.name', name);
      const kept = { token: seat.token, seat: seat.seat, name };
      saveSeat(tableId, kept);
      store.remember({ seat: kept, message: null });
      start();
      return null;
    } catch (error) {
      return (error instanceof ApiError ? error : new ApiError('unreachable')).text();
    }
  }

  // Back after leaving: a new socket, and the server gives the seat back (docs/protocol.md).
  function comeBack() {
    link?.close();
    link = null;
    store.update({ left: null, message: null });
    connect();
  }

  function watch() {
    store.remember({ watching: true, message: null });
    start();
  }

  function start() {
    draw();
    const { seat, watching } = store.get();
    if ((seat || watching) && !link) connect();
  }

  const draw = () => drawTable(main, store, actions);

  store.subscribe(draw);
  document.addEventListener('keydown', keyHandler(store, actions));
  setInterval(() => clock.paint(main, store.get()), 1000);

  call('GET', `/api/tables/${tableId}`)
    .then((info) => {
      store.remember({ info });
      return call('GET', '/api/rules')
        .then((rulesInfo) => store.remember({ rulesInfo }))
        .catch(() => {});
    })
    // Come to watch (`?watch`, the link a full table gives): as the button to watch does.
    .then(() => (new URLSearchParams(location.search).has('watch') && !store.get().seat ? watch() : start()))
    .catch((error) => {
      say((error instanceof ApiError ? error : new ApiError('unreachable')).text(), true);
    });

  // The seat's state as the page holds it, for the tests: exactly what the server sent.
  window.ramino = {
    page: () => ({ welcome: store.get().welcome, state: store.get().server }),
    // The last clock the server sent, and the cards picked: what the page holds of them.
    clock: () => store.get().clock,
    picked: () => picked(store.get()),
    // The chat's lines the page holds (a muted player's too: the page only hides them).
    chat: () => store.get().chat,
    // Whether the seat left the table ('leaving', 'left'), or null.
    left: () => store.get().left,
  };
  return draw;
}
