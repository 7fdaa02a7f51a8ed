// The table's page, drawn from the state: which view the state calls for (connecting, the form
// to sit down, the waiting room, the match as it stands, or the round), and the round's panels
// in their order. Drawn anew at each change of the state, patched into what is on screen.

import { guestName } from './api.js';
import { sentenceParts } from './cards.js';
import * as centre from './centre.js';
import * as chat from './chat.js';
import * as clock from './clock.js';
import * as controls from './controls.js';
import { h, patch } from './dom.js';
import * as hand from './hand.js';
import { currentLang, t } from './i18n.js';
import { landing } from './keyboard.js';
import { joinView, leftView, outView, waitingView } from './lobby.js';
import * as knocking from './knocking.js';
import * as log from './log.js';
import * as melds from './melds.js';
import * as seats from './seats.js';
import * as tablehead from './tablehead.js';
import * as turnline from './turnline.js';
import { observation } from './tablestate.js';

// The message under the table: said as it changes, but for its `aside` (heard elsewhere);
// its cards are said by name, their suit symbols shown only.
const messageBox = (message) =>
  h(
    'p',
    { id: 'message', class: message?.error ? 'message error' : 'message', role: message?.error ? 'alert' : 'status' },
    sentenceParts(message?.text ?? '', currentLang()).map(({ text, said }) =>
      said === null
        ? text
        : h('span', {}, h('span', { 'aria-hidden': 'true' }, text), h('span', { class: 'visually-hidden' }, said)),
    ),
    message?.aside ? h('span', { 'aria-hidden': 'true' }, ` ${message.aside}`) : null,
  );

// The round's panels, top to bottom. A spectator has no hand and no move to make.
const roundPanels = (state, actions) => [
  tablehead.render(state, actions),
  seats.render(state, actions),
  centre.render(state, actions),
  melds.render(state, actions),
  // What a turn is played with: the message, the move buttons and the hand. On a phone they
  // stay at the foot of the screen while the rest scrolls; elsewhere the box is not drawn.
  h(
    'div',
    { class: 'dock' },
    messageBox(state.message),
    state.watching ? null : (knocking.render(state) ?? turnline.render(state)),
    state.watching ? h('p', { class: 'watching' }, t('watching')) : controls.render(state, actions),
    state.watching ? null : hand.render(state, actions),
  ),
  log.render(state, actions),
  chat.render(state, actions),
];

export function drawTable(main, store, actions) {
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
  if (state.left) {
    patch(main, tablehead.render(state, actions), messageBox(state.message), leftView(state, actions));
    return;
  }
  if (!observation(state)) {
    const waiting = state.server && state.server.round === 0;
    const rest = waiting ? waitingView(state, actions) : state.server ? outView(state, actions) : null;
    // The chat is there before the deal and after the match too.
    const talk = state.server ? chat.render(state, actions) : null;
    patch(main, tablehead.render(state, actions), messageBox(state.message), rest, talk);
    return;
  }
  // What the log and the melds have shown so far: the new lines are said, the new melds marked.
  // A round turned near its cap is said once too, after the moves that brought it there.
  const { say: moves, ...heard } = log.hear(state.heard, log.logEntries(state), currentLang());
  const cap = tablehead.capNews(state, state.capSaid);
  const news = [moves, cap.say].filter(Boolean).join(' ') || null;
  // `news`: what this drawing said, for «tocca a te» to follow it (table.js), and nothing older.
  state = store.remember({ heard, meldsSeen: melds.seenMelds(state), news, capSaid: cap.said });
  if (news) document.getElementById('announce').textContent = news;
  // A seat's table has a line more, over the buttons: what the turn asks (turnline.js; gin
  // rummy's phases, knocking.js).
  const gin = state.watching ? '' : ' with-knock';
  patch(main, h('div', { class: `table${gin}${state.mode ? ' choosing' : ''}` }, roundPanels(state, actions)));
  const area = main.querySelector('.log-area');
  if (area && state.logFollows) area.scrollTop = area.scrollHeight;
  melds.showMore(main.querySelector('.table .melds'));
  fitDock(main);
  clock.paint(main, state);
  refocus(main, store, focused);
}

// On a phone the dock (the message, the buttons, the hand) sticks to the screen's foot, over the
// page: it grows only up to where the pozzo ends with the page at its top (style.css reads
// --above-dock), so that it never covers the tallone nor the pozzo; a longer hand scrolls in it.
// Measured where the melds begin, which never stick: the centre above them may be stuck.
function fitDock(main) {
  const table = main.querySelector('.table');
  const melds = table?.querySelector('.melds');
  if (!melds) return;
  const top = Math.ceil(melds.getBoundingClientRect().top + window.scrollY);
  table.style.setProperty('--above-dock', `${top}px`);
  if (!fitDock.watching) {
    fitDock.watching = true;
    window.addEventListener('resize', () => fitDock(main));
  }
}

// The focus stays where it was, if that is still there to press; else (a card thrown or laid,
// a move's button disabled by the move, a move by key with the focus nowhere) it lands where
// the turn goes on (keyboard.js), so that a keyboard goes on from there.
function refocus(main, store, id) {
  const state = store.get();
  const keyed = state.keyedAt !== null && state.server.version > state.keyedAt;
  if (keyed) store.remember({ keyedAt: null });
  const nowhere = !id || id === 'main';
  const again = nowhere ? null : document.getElementById(id);
  if (again && !again.disabled) {
    again.focus();
    return;
  }
  if (nowhere && !keyed) return;
  const enabled = [...main.querySelectorAll('.controls button[id^="do-"]:not([disabled])')].map((button) => button.id);
  const to = landing(state, id, main.querySelectorAll('.hand button').length, enabled);
  if (to) document.getElementById(to)?.focus();
}
