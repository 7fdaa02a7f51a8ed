// The melds on the table: each with its number, its kind and who laid it, its cards and what
// each jolly stands for; a button to choose it (to attach or take a jolly back) and a place to
// drop cards on. A meld laid or changed by the last change of the table stands out.

import { cardLabel, cardName, parseCode } from './cards.js';
import { cardFace } from './cardviews.js';
import { h } from './dom.js';
import { currentLang, t } from './i18n.js';
import { observation, roundKey } from './tablestate.js';

const meldKey = (meld) => `${meld.owner}|${meld.cards.join(' ')}`;

// The melds seen drawn so far, with the last state's new ones: the computer's turns arrive all
// at once, and this is where they played. The same value while the version stays.
// None seen yet (UNSEEN: a fresh page, a reconnection): the melds there are no news.
export function seenMelds(state) {
  const { version } = state.server;
  const round = roundKey(state.server);
  let seen = state.meldsSeen;
  if (seen.version === version && seen.round === round) return seen;
  const now = observation(state).table.map(meldKey);
  if (seen.keys === null) return { round, keys: new Set(now), fresh: new Set(), version };
  if (seen.round !== round) seen = { round, keys: new Set(), fresh: new Set(), version: null };
  return { round, keys: new Set(now), fresh: new Set(now.filter((k) => !seen.keys.has(k))), version };
}

export const kindWord = (meld) => t(meld.kind === 'set' && meld.cards.length >= 4 ? 'poker' : meld.kind);

function meldLabel(meld, number) {
  const jokers = meld.cards
    .map((code, i) => (parseCode(code).joker ? meld.stands_for[i] : null))
    .filter((code) => code);
  return [
    t('meld_n', { n: number + 1 }),
    t('meld_of', { kind: kindWord(meld), owner: meld.owner }),
    meld.cards.map((code) => cardName(code, currentLang())).join(', '),
    jokers.length ? t('jolly_is', { cards: jokers.map((c) => cardName(c, currentLang())).join(', ') }) : '',
  ]
    .filter(Boolean)
    .join(': ');
}

function meldItem(state, actions, meld, number) {
  const fresh = state.meldsSeen.fresh.has(meldKey(meld));
  return h(
    'li',
    {},
    h(
      'button',
      {
        type: 'button',
        class: `meld${state.mode ? ' choosing' : ''}${fresh ? ' fresh' : ''}`,
        id: `meld-${number}`,
        'aria-label': meldLabel(meld, number),
        onclick: () => actions.chooseMeld(number),
        ondragover: actions.dragOver,
        ondrop: (event) => actions.drop(event, () => actions.chooseMeld(number, 'attach')),
      },
      h(
        'span',
        { class: 'meld-head', 'aria-hidden': 'true' },
        `${number + 1} · ${t('meld_of', { kind: kindWord(meld), owner: meld.owner })}`,
      ),
      h(
        'span',
        { class: 'meld-cards', 'aria-hidden': 'true' },
        meld.cards.map((code, i) =>
          h(
            'span',
            { class: 'meld-card' },
            cardFace(code),
            parseCode(code).joker ? h('span', { class: 'stands' }, `= ${cardLabel(meld.stands_for[i])}`) : null,
          ),
        ),
      ),
    ),
  );
}

export function render(state, actions) {
  const melds = observation(state).table.map((meld, number) => meldItem(state, actions, meld, number));
  return h(
    'section',
    { class: 'melds', 'aria-labelledby': 'melds-title', onscroll: (event) => showMore(event.currentTarget) },
    h('h2', { id: 'melds-title' }, t('melds')),
    melds.length ? h('ol', {}, melds) : h('p', {}, t('no_melds')),
    // Where the box scrolls (a laptop's screen), what is below it: see showMore. It takes no
    // room, so that showing or hiding it never moves what is scrolled.
    h(
      'div',
      { class: 'more-melds' },
      h('button', { type: 'button', id: 'more-melds', hidden: true, onclick: (event) => scrollOn(event.currentTarget.closest('.melds')) }),
    ),
  );
}

// The melds not wholly in sight at the box's foot (the cue fades those above it, but they
// are seen).
function below(box) {
  const edge = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
  return [...box.querySelectorAll('ol > li')].filter((item) => item.getBoundingClientRect().bottom > edge + 1);
}

// The cue at the foot of the box of melds, once it is drawn, scrolled or resized: shown while
// melds are out of sight below, with how many, gone at the end of the box (or where it does
// not scroll: a phone's page scrolls whole).
export function showMore(box) {
  const cue = box?.querySelector('#more-melds');
  if (!cue) return;
  if (!box.resizeWatched) {
    box.resizeWatched = new ResizeObserver(() => showMore(box));
    box.resizeWatched.observe(box);
  }
  const hidden = below(box);
  cue.hidden = !hidden.length;
  if (!hidden.length) return;
  cue.replaceChildren(h('span', { 'aria-hidden': 'true' }, '↓ '), t('more_melds', { n: hidden.length }));
}

// The cue clicked: the first meld out of sight comes to the top of the box.
function scrollOn(box) {
  const [first] = below(box);
  if (first) box.scrollTop += first.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop;
  showMore(box);
}
