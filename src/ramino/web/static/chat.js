// The table's chat: its last lines (a muted player's left out), the line to write with its
// length limit, the ready phrases, and a player's mute and a line's report. Whatever a player
// wrote, his name too, is put on the page as text (dom.js's h), never as markup.

import { h } from './dom.js';
import { phrase, phraseIds, said, t } from './i18n.js';

// The longest line the server takes (ramino.server.chat.MAX_CHAT_CHARS).
export const MAX_CHAT_CHARS = 200;

// A line's words for this reader: a ready phrase in his language, or what was written.
export function lineText(line) {
  if (line.phrase) {
    const words = phrase(line.phrase);
    return words === line.phrase && line.words ? said(line.words) : words;
  }
  return line.text ?? '';
}

// The lines this reader sees: none of a player he muted.
export const shownLines = (state) => state.chat.filter((line) => !state.muted.includes(line.name));

function lineItem(state, actions, line) {
  const mine = !state.watching && line.seat === state.welcome?.seat;
  return h(
    'li',
    { class: mine ? 'chat-line mine' : 'chat-line', 'data-line': line.id },
    h('span', { class: 'chat-name' }, line.name),
    ': ',
    h('span', { class: 'chat-text' }, lineText(line)),
    mine
      ? null
      : h(
          'span',
          { class: 'chat-tools' },
          h('button', { type: 'button', class: 'quiet chat-mute', onclick: () => actions.chatMute(line.name) }, t('chat_mute', { name: line.name })),
          state.watching
            ? null
            : h(
                'button',
                { type: 'button', class: 'quiet chat-report', 'aria-label': t('chat_report_label', { name: line.name }), onclick: () => actions.chatReport(line.id) },
                t('chat_report'),
              ),
        ),
  );
}

function writing(actions) {
  const submit = (event) => {
    event.preventDefault();
    const input = event.target.querySelector('input');
    if (actions.chatSay(input.value)) input.value = '';
  };
  return [
    h(
      'form',
      { class: 'chat-form', onsubmit: submit },
      h('input', {
        id: 'chat-input',
        type: 'text',
        maxlength: MAX_CHAT_CHARS,
        autocomplete: 'off',
        'aria-label': t('chat_input'),
        placeholder: t('chat_input'),
      }),
      h('button', { type: 'submit', id: 'chat-send' }, t('chat_send')),
    ),
    h(
      'div',
      { class: 'chat-phrases', role: 'group', 'aria-label': t('chat_phrases') },
      phraseIds().map((id) => h('button', { type: 'button', class: 'quiet chat-phrase', 'data-phrase': id, onclick: () => actions.chatPhrase(id) }, phrase(id))),
    ),
  ];
}

export function render(state, actions) {
  if (state.info?.chat === false) return null;
  const lines = shownLines(state);
  return h(
    'section',
    { class: 'chat-area', 'aria-labelledby': 'chat-title' },
    h('h2', { id: 'chat-title' }, t('chat')),
    lines.length
      ? h('ol', { class: 'chat', role: 'log', 'aria-live': 'polite' }, lines.map((line) => lineItem(state, actions, line)))
      : h('p', { class: 'chat-none' }, t('chat_empty')),
    state.muted.length
      ? h(
          'p',
          { class: 'chat-muted' },
          t('chat_muted'),
          ' ',
          state.muted.map((name) => h('button', { type: 'button', class: 'quiet chat-unmute', onclick: () => actions.chatUnmute(name) }, t('chat_unmute', { name }))),
        )
      : null,
    state.watching ? h('p', { class: 'watching' }, t('chat_watching')) : writing(actions),
  );
}
