// The log of the match: the rounds over, then this round's deal and its moves, one line a
// turn, the newest marked; what is new is said once to a screen reader (#announce), since the
// list itself is drawn anew at every change.

import { h } from './dom.js';
import { currentLang, t } from './i18n.js';
import { tell } from './moves.js';
import { observation, roundKey } from './tablestate.js';

// Of one's own deal in the second person, as every line of one's own moves: «distribuisci tu».
export const dealLine = (view, round) =>
  t(view.dealer === view.seat ? 'deal_line_you' : 'deal_line', { n: round, dealer: view.seats[view.dealer]?.name ?? '?' });

// Pokerato's blind, posted before any card is seen by the player after the dealer (every seat
// of a round is dealt in; one who cannot post the blind is out of the match): its line of the
// log, or null where nobody bets. `knobs`: the table's rules.
export function blindLine(view, knobs) {
  if (!knobs || (knobs.betting ?? 'none') === 'none' || !view.seats.length) return null;
  const seat = (view.dealer + 1) % view.seats.length;
  const chips = t('chips', { n: knobs.blind });
  if (seat === view.seat) return t('blind_line_you', { chips });
  return t('blind_line', { name: view.seats[seat]?.name ?? '?', chips });
}

// Words of the log kept for later (`state.past` holds such functions, one a line): said again
// in the language of the moment, `make()` running once a language.
export function inEachLang(make) {
  const said = new Map();
  return () => {
    const lang = currentLang();
    if (!said.has(lang)) said.set(lang, make());
    return said.get(lang);
  };
}

// The lines of `make()` (a list), each kept as a line of `state.past`.
export function keptLines(make) {
  const lines = inEachLang(make);
  return lines().map((_, i) => () => lines()[i]);
}

// A match the log has not told yet (a rematch just dealt, or the page just opened): its rounds
// count from 1 again, so its lines begin under a line that names it.
export function matchLines(state, server) {
  const match = server.match ?? 1;
  if (state.logMatch === match) return {};
  const named = match > 1 ? [inEachLang(() => t('match_line', { n: match }))] : [];
  return { logMatch: match, shownEnded: 0, past: [...state.past, ...named] };
}

// Every line of the log, the cards one drew from the tallone named.
export function logLines(state) {
  const view = observation(state);
  const round = state.server.round;
  const names = view.seats.map((seat) => seat.name);
  const drew = (i) => state.drewAt.get(`${roundKey(state.server)}:${i}`);
  return [
    ...state.past.map((line) => line()),
    dealLine(view, round),
    ...[blindLine(view, state.info?.rules?.knobs)].filter(Boolean),
    ...tell(view.history, names, view.seat, drew, view.table, view.bets),
  ];
}

// What a screen reader has heard after these `lines`, in `lang`: `say`, the lines new since
// the last time (none when only the language changed), and `fresh`, where the new ones begin.
// Nothing heard yet (UNHEARD: a fresh page, a reconnection): the lines there are no news.
export function hear(heard, lines, lang) {
  if (heard.lines === null) return { lang, lines, fresh: lines.length, say: null };
  const told = heard.lang === lang ? heard.lines : lines;
  let fresh = 0;
  while (fresh < lines.length && lines[fresh] === told[fresh]) fresh += 1;
  if (fresh < lines.length) return { lang, lines, fresh, say: lines.slice(fresh).join(' ') };
  return { lang, lines, fresh: heard.fresh, say: null };
}

export function render(state, actions) {
  const lines = state.heard.lines;
  const first = Math.max(0, lines.length - 40);
  return h(
    'section',
    {
      class: 'log-area',
      'aria-labelledby': 'log-title',
      // The list follows the newest moves, unless one scrolled up to read older ones.
      onscroll: (event) => {
        const area = event.target;
        actions.logScrolled(area.scrollTop + area.clientHeight >= area.scrollHeight - 8);
      },
    },
    h('h2', { id: 'log-title' }, t('log')),
    h(
      'ol',
      // Heard through #announce instead: this list is drawn anew at every change.
      { class: 'log', role: 'log', 'aria-live': 'off', start: first + 1 },
      lines.slice(first).map((line, i) => h('li', { class: first + i >= state.heard.fresh ? 'fresh' : null }, line)),
    ),
  );
}
