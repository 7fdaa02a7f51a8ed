// The page's dialogs, one at a time: a question, the score sheet, the rules, the keys. Modal,
// so that nothing under them is clicked by mistake; closed, the focus goes back where it was.

import { h } from './dom.js';
import { t } from './i18n.js';

let open = null;

export const dialogOpen = () => open !== null;

// `buttons`: [label, what it does, id, its name for a screen reader]; `focus`: the one to
// press first (the last, Avanti or Chiudi, unless said otherwise).
export function dialog(title, body, buttons, { printable = false, onclose, focus = buttons.length - 1 } = {}) {
  open?.close();
  const before = document.activeElement?.id;
  const element = h(
    'dialog',
    { class: `dialog${printable ? ' printable' : ''}`, 'aria-labelledby': 'dialog-title' },
    h('h2', { id: 'dialog-title' }, title),
    body,
    h('p', { class: 'clock', id: 'dialog-clock', 'aria-hidden': 'true' }),
    h(
      'div',
      { class: 'dialog-buttons' },
      buttons.map(([label, act, id, name], i) =>
        h(
          'button',
          {
            type: 'button',
            id,
            autofocus: i === focus,
            'aria-label': name,
            onclick: () => {
              element.close();
              act?.();
            },
          },
          label,
        ),
      ),
    ),
  );
  element.addEventListener('close', () => {
    element.remove();
    if (open === element) open = null;
    onclose?.();
    // Back where it was before the dialog, or at the top of the page.
    if (open === null) (document.getElementById(before) ?? document.getElementById('main'))?.focus();
  });
  document.body.append(element);
  open = element;
  element.showModal();
  return element;
}

// A question with a button for each choice ([label, what it does, its name]), and Annulla.
export function ask(question, choices) {
  const buttons = choices.map(([label, act, name], i) => [label, act, `choice-${i}`, name]);
  dialog(question, null, [...buttons, [t('cancel'), null, 'choice-cancel']], { focus: 0 });
}
