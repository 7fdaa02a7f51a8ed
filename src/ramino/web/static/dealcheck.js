// The check of a deal once its round is revealed (docs/shuffle.md): the commitment, the seed
// and the order (fair.js), this seat's nonce among the nonces, and the hand it was dealt among
// the cards the revealed deck gave it. The hand is kept in the browser from the deal on.

import { cardOfId, deckOfSize, dealLayout, dealtHands, verifyProof } from './fair.js';
import { t } from './i18n.js';

const dealtKey = (table, round) => `ramino.dealt.${table}.${round}`;

// A deal's name at its table: its round, and its match after the first (a rematch's rounds
// count from 1 again).
export const dealLabel = ({ match, round }) => ((match ?? 1) > 1 ? `${match}.${round}` : round);

// Keep the seat's hand as dealt: its view of a round before its own first move.
export function keepDealtHand(table, state) {
  const view = state?.observation;
  if (!view || view.seat === null) return;
  const key = dealtKey(table, dealLabel(state));
  const moved = view.history.some((entry) => Number(entry.split(':')[0]) === view.seat);
  if (!moved && localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify(view.hand));
}

// Whether the kept hand is what the revealed order dealt this player (`null`: nothing to check).
function dealtMatches(proof, table, name, knobs) {
  const kept = localStorage.getItem(dealtKey(table, dealLabel(proof)));
  const seat = proof.players?.indexOf(name);
  if (kept === null || seat === undefined || seat < 0 || !knobs) return null;
  try {
    const deck = deckOfSize(proof.deck_size);
    const layout = dealLayout(knobs, proof.players.length, proof.dealer);
    const dealt = dealtHands(proof.order, layout).hands[seat].map((id) => cardOfId(id, deck));
    return JSON.stringify([...dealt].sort()) === JSON.stringify([...JSON.parse(kept)].sort());
  } catch {
    return false;
  }
}

// The sentence that says how the check of `proof` went, for the seat `welcome` names at the
// table whose rules have `knobs`.
export async function dealChecked(proof, table, welcome, knobs) {
  if (!globalThis.crypto?.subtle) return t('fair_unavailable');
  const result = await verifyProof(proof);
  const mine = localStorage.getItem(`ramino.nonce.${table}.${proof.commitment}`);
  const counted = mine === null || proof.nonces?.[welcome?.seat] === mine;
  const hand = result.ok && counted ? dealtMatches(proof, table, welcome?.name, knobs) : null;
  if (!result.ok || !counted || hand === false) {
    const why = !result.ok ? (result.failed ?? 'order') : !counted ? 'nonce' : 'hand';
    return t('fair_bad', { n: proof.round, why: t(`fair_why_${why}`) });
  }
  return t('fair_ok', { n: proof.round }) + (hand ? t('fair_hand') : '');
}
