// Gin rummy at the table: what the phase of a knocked hand asks of the player (in the second
// person), his deadwood beside the knock's limit, and what a hand came to (the knock, gin, an
// undercut, a hand void) for the end of the hand and the score sheet. Rules knock where the
// state says with how much deadwood (`knock_limit`); the server alone decides what is legal.

import { h } from './dom.js';
import { t } from './i18n.js';
import { legal, observation } from './tablestate.js';

// Whether the round `view` is played under rules with knocking.
export const knocks = (view) => view?.knock_limit !== null && view?.knock_limit !== undefined;

// The seat who knocked in `view`'s round, if one has: the history says `seat: knock`.
export function knocker(view) {
  const entry = [...(view?.history ?? [])].reverse().find((line) => /^\d+:\s*knock\b/.test(line));
  return entry === undefined ? null : Number(entry.slice(0, entry.indexOf(':')));
}

// What the phase asks of the seat to move, said to the reader: his own part in his turn, the
// other's in the other's. Empty where there is nothing to say (a spectator's, a round over).
export function phaseWords(state) {
  const view = observation(state);
  if (!knocks(view) || view.over || view.seat === null || state.watching) return '';
  const moves = legal(state);
  const mine = view.to_play === view.seat;
  const name = (seat) => view.seats[seat]?.name ?? '?';
  const other = view.to_play;
  const by = knocker(view);
  switch (view.phase) {
    case 'draw':
      if (!mine) return upcardOffered(state, view) ? t('ph_their_upcard', { name: name(other) }) : '';
      if (moves.includes('take') && moves.includes('pass')) return t('ph_upcard');
      if (moves.includes('pass')) return t('ph_wall', { may: moves.includes('knock') });
      return moves.includes('take') ? t('ph_draw') : t('ph_stock');
    case 'play':
      return mine ? t('ph_play', { may: moves.includes('knock') }) : '';
    case 'knock':
      if (!mine) return t('ph_their_knock', { name: name(other) });
      return moves.some((move) => move.startsWith('discard ')) ? t('ph_knock_throw') : t('ph_knock_lay');
    case 'lay_off':
      return mine ? t('ph_lay_off', { name: name(by ?? 1 - view.seat) }) : t('ph_their_lay_off', { name: name(other) });
    case 'spread': {
      if (!mine) return t('ph_their_spread', { name: name(other) });
      // A knocker with no card left went gin: nothing is laid off against it.
      const knocked = by ?? 1 - view.seat;
      return t(view.seats[knocked]?.cards === 0 ? 'ph_spread_gin' : 'ph_spread', { name: name(knocked) });
    }
    default:
      return '';
  }
}

// The first upcard is still offered (where the rules offer it): nobody has done anything yet
// but pass it, and not both players have.
function upcardOffered(state, view) {
  if (state.info?.rules?.knobs?.first_upcard_offer === false) return false;
  return view.history.length < 2 && view.history.every((line) => /:\s*pass$/.test(line));
}

// The seat's deadwood beside the knock's limit: after his best throw while he must throw.
export function deadwoodWords(state) {
  const view = observation(state);
  if (!knocks(view) || view.over || view.deadwood === null || view.deadwood === undefined) return '';
  const after = view.to_play === view.seat && (view.phase === 'play' || legal(state).some((move) => move.startsWith('discard ')));
  // The limit matters until someone knocks.
  const limit = ['draw', 'play'].includes(view.phase) ? view.knock_limit : null;
  return t('deadwood', { n: view.deadwood, limit, after });
}

// The line above the move buttons, under rules with knocking: what the phase asks, then the
// deadwood.
export function render(state) {
  if (!knocks(observation(state))) return null;
  return h(
    'p',
    { class: 'knock-line' },
    // Said to a screen reader as it changes: the phase's ask comes with the other's moves.
    h('strong', { id: 'phase-line', 'aria-live': 'polite' }, phaseWords(state)),
    ' ',
    h('span', { id: 'deadwood' }, deadwoodWords(state)),
  );
}

// What a knocked hand came to (`note`, a sheet line's `knock`), said to `me` (a name, or none).
export function handWords(note, rules, me) {
  if (!note) return '';
  if (!note.knocker) return note.kind === 'void' ? t('hand_void') : t(note.kind);
  const names = Object.keys(note.deadwood);
  const defender = names.find((name) => name !== note.knocker) ?? '?';
  const you = me === note.knocker ? 'knocker' : me === defender ? 'defender' : null;
  const values = {
    knocker: note.knocker,
    defender,
    you,
    k: note.deadwood[note.knocker],
    d: note.deadwood[defender],
    won: Math.max(...Object.values(note.points)),
    big: note.kind === 'big_gin',
  };
  const knobs = rules?.knobs ?? {};
  const words = {
    knock: () => t('hand_knock', values),
    gin: () => t('hand_gin', { ...values, bonus: knobs.gin_bonus ?? '' }),
    big_gin: () => t('hand_gin', { ...values, bonus: knobs.big_gin_bonus ?? '' }),
    undercut: () => t('hand_undercut', { ...values, bonus: knobs.undercut_bonus ?? '' }),
    tie: () => t('hand_tie', values),
  }[note.kind];
  return (words ? words() : '') + (note.doubled ? t('hand_doubled') : '');
}

// At the match's last hand, what each player adds for the hands he won and the game.
export function bonusWords(note, me) {
  return Object.entries(note?.bonuses ?? {})
    .filter(([, bonus]) => bonus.box_points || bonus.game_points)
    .map(([name, bonus]) =>
      t('match_bonus', { you: name === me, name, boxes: bonus.boxes, box_points: bonus.box_points, game: bonus.game_points }),
    );
}

// A hand in the sheet's own words, short: «Anna bussa, 6 contro 30», «gin di Anna».
export function whyWords(note) {
  if (!note) return '';
  if (!note.knocker) return note.kind === 'void' ? t('why_void') : t(note.kind);
  const names = Object.keys(note.deadwood);
  const defender = names.find((name) => name !== note.knocker) ?? '?';
  const k = note.deadwood[note.knocker];
  const d = note.deadwood[defender];
  const name = note.kind === 'undercut' ? defender : note.knocker;
  return t(`why_${note.kind}`, { name, k, d });
}
