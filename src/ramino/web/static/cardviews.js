// Cards as elements of the page: a face, a back, a hand's back in miniature. The SVG comes from
// cards.js, built from the parsed card alone; these only wrap it for the table's panels.

import { cardBackSvg, cardSvg } from './cards.js';
import { h } from './dom.js';
import { currentLang } from './i18n.js';

const cardOptions = () => ({
  fourColour: document.body.classList.contains('colours'),
  lang: currentLang(),
});

export function cardFace(code, extra = {}) {
  const holder = h('span', { class: `card ${extra.class ?? ''}`.trim(), 'data-card': code });
  holder.innerHTML = cardSvg(code, cardOptions());
  return holder;
}

export function cardBack(label) {
  const holder = h('span', { class: 'card back', role: 'img', 'aria-label': label });
  holder.innerHTML = cardBackSvg();
  holder.firstElementChild?.setAttribute('aria-hidden', 'true');
  return holder;
}

// Another player's hand, as up to 14 small backs.
export const fan = (count) =>
  Array.from({ length: Math.min(count, 14) }, () => h('span', { class: 'mini-back' }));
