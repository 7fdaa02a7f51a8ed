// The log of the match: the rounds over, then this round's deal and its moves, one line a
// turn, the newest marked; what is new is said once to a screen reader (#announce), since the
// list itself is drawn anew at every change: of a turn heard before, only its new moves.

import { h } from './dom.js';
import { currentLang, t } from './i18n.js';
import { turnLine, turns } from './moves.js';
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

// Every line of the log, the cards one drew from the tallone named: a string, or a turn's line
// `{ text, seat, clauses, spoken, quiet, sentence }` (moves.js `turns`), which
// `sentence(spoken)` says to a screen reader, whole or in part.
export function logEntries(state) {
  const view = observation(state);
  const round = state.server.round;
  const names = view.seats.map((seat) => seat.name);
  const drew = (i) => state.drewAt.get(`${roundKey(state.server)}:${i}`);
  const sentence = (seat) => (clauses) => turnLine(seat, clauses, names, view.seat);
  return [
    ...state.past.map((line) => line()),
    dealLine(view, round),
    ...[blindLine(view, state.info?.rules?.knobs)].filter(Boolean),
    ...turns(view.history, view.seat, drew, view.table, view.bets).map((turn) => ({
      ...turn,
      text: sentence(turn.seat)(turn.clauses),
      sentence: sentence(turn.seat),
    })),
  ];
}

const textOf = (entry) => (typeof entry === 'string' ? entry : entry.text);

// Every line of the log, as text.
export const logLines = (state) => logEntries(state).map(textOf);

// What a screen reader has heard after these `entries` (logEntries, or plain lines), in `lang`:
// `say`, what is new since the last time (nothing when only the language changed), `fresh`,
// where the new lines begin, and `parts`, each turn's moves as heard. A turn heard before that
// goes on (the same seat's line, its moves heard then still first) says only its new moves,
// and a move said elsewhere (a card drawn from the tallone, table.js) is not said again.
// Nothing heard yet (UNHEARD: a fresh page, a reconnection): the lines there are no news.
export function hear(heard, entries, lang) {
  const lines = entries.map(textOf);
  const parts = entries.map((entry) => (typeof entry === 'string' ? null : { seat: entry.seat, clauses: entry.clauses }));
  if (heard.lines === null) return { lang, lines, parts, fresh: lines.length, say: null };
  const sameLang = heard.lang === lang;
  const told = sameLang ? heard.lines : lines;
  let fresh = 0;
  while (fresh < lines.length && lines[fresh] === told[fresh]) fresh += 1;
  if (fresh === lines.length) return { lang, lines, parts, fresh: heard.fresh, say: null };
  const news = entries
    .slice(fresh)
    .map((entry, i) => newsOf(entry, sameLang ? heard.parts?.[fresh + i] : null))
    .filter(Boolean);
  return { lang, lines, parts, fresh, say: news.length ? news.join(' ') : null };
}

// What `entry` says that `before` (its turn's moves as heard, if heard) did not, its cards in
// words.
function newsOf(entry, before) {
  if (typeof entry === 'string') return entry;
  const { clauses, spoken, quiet = [] } = entry;
  const goesOn =
    before?.seat === entry.seat && before.clauses.length < clauses.length && before.clauses.every((c, i) => c === clauses[i]);
  const from = goesOn ? before.clauses.length : 0;
  const left = spoken.filter((_, i) => i >= from && !quiet.includes(i));
  return left.length ? entry.sentence(left) : null;
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
