// The seat's move buttons, each with the terminal's key: draw, take, lay (or open with the
// round's contract), attach, swap, discard, show; call, raise and fold while bets are made;
// knock and pass where the rules knock (gin rummy), every button then enabled as the legal
// moves allow; a hint; and a way out of choosing a meld.

import { h } from './dom.js';
import { t } from './i18n.js';
import { knocks } from './knocking.js';
import { legal, observation } from './tablestate.js';

export function render(state, actions) {
  const view = observation(state);
  const moves = legal(state);
  const betting = view.phase === 'bet' || moves.some((a) => ['call', 'raise', 'fold'].includes(a));
  const contract = view.contract && !view.seats[view.seat].opened;
  const button = (name, label, key, disabled = false) =>
    h('button', { type: 'button', id: `do-${name}`, onclick: actions[name], 'aria-keyshortcuts': key, disabled }, label);
  let buttons;
  if (betting) buttons = [button('call', t('call'), 'v'), button('raise', t('raise'), '+'), button('fold', t('fold'), 'l')];
  else if (knocks(view)) {
    // No jolly to take back, no closing in one go: a knock ends the hand. Each phase of a
    // knocked hand allows few moves, so a button is there to click only when its move is legal
    // (the phase line says which).
    const off = (name) => !moves.some((move) => move === name || move.startsWith(`${name} `));
    buttons = [
      button('draw', t('draw'), 't', off('draw')),
      button('take', t('take'), 'p', off('take')),
      button('knock', t('knock'), 'b', off('knock')),
      button('lay', t('lay'), 'c', off('lay')),
      button('attach', t('attach'), 'a', off('attach')),
      button('discard', t('discard'), 's', off('discard')),
      button('pass', t('pass'), 'n', off('pass')),
    ];
  } else {
    // Where nothing is laid during the round (pokerato) one goes out only by showing the hand,
    // and where no jolly is dealt none is taken back: those buttons are never offered there.
    // The others are there to click only when their move is legal (the line over them says
    // what the turn asks; the keys still say why a move is refused).
    const knobs = state.info?.rules?.knobs;
    const melds = knobs?.melding_during_play !== false;
    const swaps = melds && knobs?.jokers !== 0 && knobs?.joker_swap !== false;
    const off = (...names) => !moves.some((move) => names.some((name) => move === name || move.startsWith(`${name} `)));
    buttons = [
      button('draw', t('draw'), 't', off('draw')),
      button('take', t('take'), 'p', off('take')),
      melds ? button('lay', contract ? t('open') : t('lay'), 'c', off('lay', 'open')) : null,
      melds ? button('attach', t('attach'), 'a', off('attach')) : null,
      swaps ? button('swap', t('swap'), 'j', off('swap')) : null,
      button('discard', t('discard'), 's', off('discard')),
      button('show', t('show'), 'm', off('show')),
    ];
  }
  return h(
    'div',
    { class: 'controls', role: 'toolbar', 'aria-label': t('keys') },
    buttons,
    button('hint', t('hint'), 'h'),
    state.mode ? h('button', { type: 'button', class: 'quiet', onclick: actions.cancelChoice }, t('cancel')) : null,
  );
}
