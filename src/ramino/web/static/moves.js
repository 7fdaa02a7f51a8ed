// Moves in the engine's action grammar (docs/protocol.md): read the legal ones the server
// lists, so that picked cards can be matched to them, and tell each one in words. The server
// alone decides what is legal; this only helps to say what was meant.

import { cardLabel, cardName } from './cards.js';
import { currentLang, t } from './i18n.js';

// One move's text → its verb, meld number, cards (a jolly's declaration apart) and groups.
export function readMove(text) {
  const words = String(text).trim().split(/\s+/);
  const verb = words.shift() ?? '';
  const move = { text, verb, meld: null, cards: [], declared: [], groups: [], discard: null };
  if ((verb === 'attach' || verb === 'swap') && words.length) move.meld = Number(words.shift());
  let group = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '|') {
      move.groups.push(group);
      group = [];
    } else if (word.toLowerCase() === 'discard' && verb === 'show') {
      move.discard = words[i + 1] ?? null;
      i += 1;
    } else {
      // "JK=9H": the jolly, standing for the 9♥; "2C=JK": the 2♣ acting as the jolly.
      const [card, stands] = word.split('=');
      move.cards.push(card.toUpperCase());
      group.push(card.toUpperCase());
      if (stands !== undefined) move.declared.push(stands.toUpperCase());
    }
  }
  if (group.length) move.groups.push(group);
  return move;
}

const counted = (cards) => [...cards].sort().join(' ');

// The legal moves of `verb` laying exactly the picked `cards` (on `meld`, if given).
export function matching(legal, verb, cards, meld = null) {
  const wanted = counted(cards);
  return legal
    .map(readMove)
    .filter((move) => move.verb === verb && (meld === null || move.meld === meld))
    .filter((move) => counted(move.cards) === wanted);
}

// A card as the log writes it: 7♥, and the jolly by its name in the page's language. `spoken`:
// as a screen reader is told it, in words («7 di cuori»), whatever its symbols' settings.
const label = (code, spoken = false) => {
  if (code === 'JK') return t('joker_word');
  return spoken ? cardName(code, currentLang()) : cardLabel(code);
};

// Cards in a row; spoken, with a pause between two (a comma).
export const cardsText = (cards, spoken = false) => cards.map((code) => label(code, spoken)).join(spoken ? ', ' : ' ');

// A card alone in a sentence: the jolly with its article, «peschi il jolly dal tallone».
const alone = (code, spoken = false) => (code === 'JK' ? t('the_joker') : label(code, spoken));
const cardsAlone = (cards, spoken = false) => (cards.length === 1 ? alone(cards[0], spoken) : cardsText(cards, spoken));

const between = (spoken) => (spoken ? '; ' : ' · ');
const meldsText = (groups, spoken = false) => groups.map((group) => cardsText(group, spoken)).join(between(spoken));

// Cards laid as one meld, in the meld's order on the table (`meld`, if it is known), each jolly in
// its place, and what it stands for: "J♥ Jolly K♥ A♥ (jolly = Q♥)", as the terminal writes it.
function laidText(cards, meld, spoken = false) {
  if (!meld) return cardsText(cards, spoken);
  const left = [...cards];
  const order = [];
  const stands = [];
  meld.cards.forEach((code, i) => {
    const at = left.indexOf(code);
    if (at < 0) return;
    left.splice(at, 1);
    order.push(code);
    if (code === 'JK' && meld.stands_for[i]) stands.push(label(meld.stands_for[i], spoken));
  });
  order.push(...left);
  const note = stands.length ? ` (${t('jolly_is', { cards: stands.join(', ') })})` : '';
  return cardsText(order, spoken) + note;
}

const groupsText = (groups, melds, spoken = false) =>
  groups.map((group, i) => laidText(group, melds[i], spoken)).join(between(spoken));

// A bet with its chips, as the server tells it (an entry of the view's `bets`): a raise by
// how much and the pot after it, a call what it put in, all-in when it put in all he had.
function betClause(bet, you) {
  const key = (name) => (you ? `${name}_you` : name);
  if (bet.bet === 'fold') return t(key('folds'));
  const pot = t('chips', { n: bet.pot });
  if (bet.bet === 'raise') return t(key(bet.all_in ? 'raises_all_in' : 'raises_by'), { n: bet.raised, pot });
  if (bet.all_in) return t(key('calls_all_in'), { chips: t('chips', { n: bet.paid }) });
  if (bet.paid === 0) return t(key('checks'));
  return t(key('calls_for'), { chips: t('chips', { n: bet.paid }) });
}

// One move of the history (`seat: action [card]`) as a clause, for `you` or another player;
// `melds`: the table's melds the move laid, as they stand now, when they are known; `bet`: a
// bet's chips, when the server tells them; `spoken`: its cards in words (`label`).
export function clause(text, you, melds = [], bet = null, spoken = false) {
  const move = readMove(text);
  const key = (name) => (you ? `${name}_you` : name);
  const last = move.cards[move.cards.length - 1];
  if (bet && ['call', 'raise', 'fold'].includes(move.verb)) return betClause(bet, you);
  switch (move.verb) {
    case 'draw':
      return you ? t('draws_you', { card: last ? alone(last, spoken) : '' }) : t('draws');
    case 'take':
      return t(key('takes'), { card: last ? alone(last, spoken) : '?' });
    case 'lay':
      return t(key('lays'), { cards: laidText(move.cards, melds[0], spoken) });
    case 'attach':
      return t(key('attaches'), { cards: cardsAlone(move.cards, spoken), n: move.meld + 1 });
    case 'swap':
      return t(key('swaps'), { cards: cardsText(move.cards, spoken), n: move.meld + 1 });
    case 'discard':
      return t(key('discards'), { card: alone(move.cards[0], spoken) });
    case 'show': {
      const shown = t(key('shows'), { melds: melds.length ? groupsText(move.groups, melds, spoken) : meldsText(move.groups, spoken) });
      // The card thrown with the show goes to the pozzo: said, as every other discard is.
      return move.discard ? shown + t('and') + t(key('discards'), { card: alone(move.discard.toUpperCase(), spoken) }) : shown;
    }
    case 'open':
      return t(key('opens'), { melds: melds.length ? groupsText(move.groups, melds, spoken) : meldsText(move.groups, spoken) });
    case 'knock':
      return t(key('knocks'), { card: last ? label(last, spoken) : '' });
    case 'pass':
      return t(key('passes'));
    case 'call':
      return t(key('calls'));
    case 'raise':
      return t(key('raises'));
    case 'fold':
      return t(key('folds'));
    default:
      return text;
  }
}

// The round's history as turns, `{ seat, clauses, spoken, quiet }`, one a turn: each clause
// one move in words, as shown and as a screen reader is told it (`spoken`). `drew(i)`: the card the seat drew at the history's place `i`, when the page saw it
// come; `quiet`, the places of the clauses said elsewhere, those draws (the message under the
// table names the card, table.js); `table`: the round's melds, in the order laid (each lay,
// opening or show adds its melds at the end); `bets`: the view's bets, each with its chips and
// its place in the history.
export function turns(history, mySeat, drew = () => undefined, table = [], bets = []) {
  const chips = new Map((bets ?? []).map((bet) => [bet.at, bet]));
  const told = [];
  let current = null;
  let laid = 0;
  history.forEach((entry, i) => {
    const at = entry.indexOf(':');
    const seat = Number(entry.slice(0, at));
    let move = entry.slice(at + 1).trim();
    const card = seat === mySeat && move === 'draw' ? drew(i) : undefined;
    if (card) move = `draw ${card}`;
    const read = readMove(move);
    const count = read.verb === 'lay' ? 1 : ['open', 'show'].includes(read.verb) ? read.groups.length : 0;
    const melds = table.slice(laid, laid + count);
    laid += count;
    if (!current || current.seat !== seat) {
      current = { seat, clauses: [], spoken: [], quiet: [] };
      told.push(current);
    }
    if (card) current.quiet.push(current.clauses.length);
    const laidNow = melds.length === count ? melds : [];
    current.clauses.push(clause(move, seat === mySeat, laidNow, chips.get(i)));
    current.spoken.push(clause(move, seat === mySeat, laidNow, chips.get(i), true));
  });
  return told;
}

// A turn's clauses (all of them, or the new ones) as a line: "Bruno pesca dal tallone e
// scarta 9♦", "Scarti 9♦".
export function turnLine(seat, clauses, names, mySeat) {
  const joined = joinClauses(clauses);
  if (seat === mySeat) return t('you_did', { what: joined });
  return t('they_did', { who: names[seat] ?? '?', what: joined });
}

// The round's history as lines of the log: one line per turn, clause after clause (`turns`).
export function tell(history, names, mySeat, drew = () => undefined, table = [], bets = []) {
  return turns(history, mySeat, drew, table, bets).map(({ seat, clauses }) => turnLine(seat, clauses, names, mySeat));
}

// Clauses of one turn as one phrase: "pesca dal tallone, cala … e scarta 9♦".
const joinClauses = (clauses) =>
  clauses.length > 1 ? clauses.slice(0, -1).join(', ') + t('and') + clauses.at(-1) : clauses[0];

// Another player's turn (`moves`, its actions in order; `bets`, a bet's chips by its place in
// `moves`) as the line under the pozzo says it, in the page's language of the moment: "Bruno:
// pesca dal tallone e scarta 9♦".
export const turnText = (name, moves, bets = {}) =>
  `${name}: ${joinClauses(moves.map((move, i) => clause(move, false, [], bets[i])))}`;
