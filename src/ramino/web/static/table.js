// A table: sit down with a nickname (or come back with the seat kept in this browser), then
// play over the table's WebSocket (docs/protocol.md). The page shows the seat's own state,
// as the server sends it, and nothing else: it never holds a card its player may not see.
// This module puts the page together: one store holds the state (tablestate.js), each panel
// draws from it, and every change of it draws the page again (patched in place, dom.js).

import { ApiError, call, forgetSeat, guestName, nonceFor, savedSeat, saveSeat } from './api.js';
import { createActions } from './actions.js';
import { createAfterRound } from './afterround.js';
import { arrived, nextReplay } from './arrival.js';
import { cardName } from './cards.js';
import * as centre from './centre.js';
import * as clock from './clock.js';
import { CLOSE_BAD_TOKEN, openConnection, tableSocketUrl } from './connection.js';
import * as controls from './controls.js';
import { keepDealtHand } from './dealcheck.js';
import { h, patch } from './dom.js';
import * as hand from './hand.js';
import { showKeys, showRules } from './help.js';
import { currentLang, said, t } from './i18n.js';
import { keyHandler } from './keyboard.js';
import { joinView, outView, waitingView } from './lobby.js';
import * as log from './log.js';
import * as melds from './melds.js';
import { tell } from './moves.js';
import { showSheet } from './roundend.js';
import * as seats from './seats.js';
import * as tablehead from './tablehead.js';
import { createStore, initialState, myTurn, observation, picked, withEntry } from './tablestate.js';

// How long each of the others' moves stays under the pozzo.
const REPLAY_MS = 900;

const messageBox = (message) =>
  h('p', { id: 'message', class: message?.error ? 'message error' : 'message', role: message?.error ? 'alert' : 'status' }, message?.text ?? '');

export function showTable(main, tableId) {
  const sort = localStorage.getItem('ramino.sort') === 'rank' ? 'rank' : 'suit';
  const store = createStore(initialState({ tableId, seat: savedSeat(tableId), sort }));
  let link = null;
  const send = (message) => link?.send(message);
  const say = (text, error = false) => store.update({ message: text ? { text, error } : null });
  const after = createAfterRound(store, send);
  const actions = createActions({
    store,
    send,
    say,
    isOpen: () => link?.isOpen() ?? false,
    dialogs: {
      showSheet: (roundOver) => showSheet(store.get(), roundOver),
      showRules: () => showRules(store.get().info),
      showKeys,
      sit,
      watch,
    },
  });

  // --- the connection ---

  function connect() {
    const { seat, watching } = store.get();
    link = openConnection(tableSocketUrl(tableId, watching ? null : seat.token), {
      onOpen() {
        store.remember({ hinting: false });
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
        if (state.server?.match_over) return false;
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
        if (action && !['draw', 'take', 'call', 'fold', 'raise'].includes(action.split(' ')[0])) {
          store.update({ pending, selected: [] });
        } else store.remember({ pending });
        break;
      }
      case 'refused':
        store.remember({ pending: withEntry(state.pending, message.id, undefined) });
        say(said(message.message), true);
        break;
      case 'error':
        say(said(message.message), true);
        // Not applied, and the server cannot say which: the move waiting goes again, under
        // its id, so that it is applied once whether or not it was the one refused.
        if (state.pending.size) setTimeout(resend, 1000);
        break;
      case 'notice': {
        // What the table played for the seat, told as the log tells every move.
        const moves = message.moves ?? [];
        const told = moves.length ? ` ${tell(moves.map((move) => `0: ${move}`), [], 0)[0]}` : '';
        say(said(message.message) + told, false);
        break;
      }
      case 'hint':
        store.remember({ hinting: false });
        say((message.lines?.[currentLang()] ?? []).join(' '), false);
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
    if (!before.replaying && state.replaying) setTimeout(stepReplay, REPLAY_MS);
    // Your turn is said once, when it comes (the log's announcement is made anew at each change).
    if (myTurn(state) && !state.myTurn) {
      const box = document.getElementById('announce');
      box.textContent = `${box.textContent} ${t('your_turn')}.`.trim();
    }
    store.remember({ myTurn: myTurn(state) });
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

  function stepReplay() {
    const state = store.update((now) => nextReplay(now.replay));
    if (state.replaying) setTimeout(stepReplay, REPLAY_MS);
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
      const seat = await call('POST', `/api/tables/${tableId}/seats`, { nickname: name, nonce: mine });
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

  function watch() {
    store.remember({ watching: true, message: null });
    start();
  }

  function start() {
    draw();
    const { seat, watching } = store.get();
    if ((seat || watching) && !link) connect();
  }

  // --- the page, drawn from the state ---

  function draw() {
    let state = store.get();
    const focused = document.activeElement?.id;
    if (!state.info) {
      if (!state.message) state = store.remember({ message: { text: t('connecting'), error: false } });
      patch(main, messageBox(state.message), state.message.error ? h('a', { href: '/' }, t('home_link')) : null);
      return;
    }
    if (!state.seat && !state.watching) {
      if (!state.guest) state = store.remember({ guest: guestName() });
      patch(main, tablehead.render(state, actions), joinView(state, actions));
      return;
    }
    if (!observation(state)) {
      const waiting = state.server && state.server.round === 0;
      const rest = waiting ? waitingView(state, actions) : state.server ? outView(state) : null;
      patch(main, tablehead.render(state, actions), messageBox(state.message), rest);
      return;
    }
    const { say: news, ...heard } = log.hear(state.heard, log.logLines(state), currentLang());
    state = store.remember({ heard, meldsSeen: melds.seenMelds(state) });
    if (news) document.getElementById('announce').textContent = news;
    patch(
      main,
      h(
        'div',
        { class: `table${state.mode ? ' choosing' : ''}` },
        tablehead.render(state, actions),
        seats.render(state, actions),
        centre.render(state, actions),
        melds.render(state, actions),
        messageBox(state.message),
        // A spectator has no hand and no move to make.
        state.watching ? h('p', { class: 'watching' }, t('watching')) : controls.render(state, actions),
        state.watching ? null : hand.render(state, actions),
        log.render(state, actions),
      ),
    );
    const area = main.querySelector('.log-area');
    if (area && state.logFollows) area.scrollTop = area.scrollHeight;
    clock.paint(main, state);
    if (focused) refocus(focused);
  }

  // The focus stays where it was; on a card thrown, on the card now at its end of the hand.
  function refocus(id) {
    const again = document.getElementById(id);
    if (again) {
      again.focus();
      return;
    }
    if (id.startsWith('hand-card-')) {
      const cards = main.querySelectorAll('.hand button');
      cards[cards.length - 1]?.focus();
    }
  }

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
    .then(start)
    .catch((error) => {
      say((error instanceof ApiError ? error : new ApiError('unreachable')).text(), true);
    });

  // The seat's state as the page holds it, for the tests: exactly what the server sent.
  window.ramino = {
    page: () => ({ welcome: store.get().welcome, state: store.get().server }),
    // The last clock the server sent, and the cards picked: what the page holds of them.
    clock: () => store.get().clock,
    picked: () => picked(store.get()),
  };
  return draw;
}
