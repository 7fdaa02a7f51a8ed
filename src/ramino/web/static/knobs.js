// House rules: the knobs that bear on the rules in players' words (GET /api/rules, from
// ramino.words.knob_words), section by section, each with the control its values need. Which
// knobs bear on the rules is the server's to say (`applies`, from ramino.house_rules): a knob
// that does not is not shown. The server checks the whole and says what does not go together;
// asked to describe the rules with `drop`, it takes away the changes a later one left bearing
// on nothing, and names them (takeAway).

import { h } from './dom.js';
import { currentLang, said, t } from './i18n.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Open or closed as the person left it, through every redraw of the page.
let opened = false;
// The changes made last, from the drawing's: the page is drawn again from them only once the
// server has said the rules in words, and a change made meanwhile (a number typed, then a
// choice made at once) starts from them, not from the drawing's.
let pending = { from: null, to: null };
// The knobs whose changes were taken away because the last change left them bearing on
// nothing (no jolly left in the deck: its penalty), said until the next change.
let dropped = [];

// The house's `changes` without those of the knobs `names`, which the server took away as
// bearing on nothing under the rules the changes make (its `dropped`); said on the page until
// the next change.
export function takeAway(changes, names) {
  if (!names?.length) return changes;
  const kept = Object.fromEntries(Object.entries(changes).filter(([name]) => !names.includes(name)));
  dropped = [...dropped, ...names.filter((name) => !dropped.includes(name))];
  // A change made on the page drawn before this answer starts from what is kept.
  if (pending.to === changes) pending = { from: pending.from, to: kept };
  return kept;
}

// Another preset chosen: the changes taken away from the last one are no longer news.
export function forgetDropped() {
  dropped = [];
}

// An optional number a choice needs (a fixed number of rounds, their count) goes with it:
// the rules refuse it without the choice as they refuse the choice without it, but where
// another choice keeps it (a target under a fixed number of rounds, an exit score or
// none). By number, the knob of that choice.
function tiesOf(catalogue) {
  const tiedTo = {};
  for (const knob of catalogue) {
    for (const choice of knob.choices ?? []) for (const need of Object.keys(choice.needs ?? {})) tiedTo[need] = knob;
  }
  return tiedTo;
}

// The house's changes from the preset's values `preset` once knob `name` is set to `next`,
// starting from `changed`: the knobs the server's editor changes with it
// (ramino.house_rules.editor_change), a change back to the preset's value being none.
export function knobChange(catalogue, preset, changed, name, next) {
  const changes = { ...changed };
  const value = (knob) => (knob in changes ? changes[knob] : preset[knob]);
  const put = (knob, to) => {
    if (same(to, preset[knob])) delete changes[knob];
    else changes[knob] = to;
  };
  put(name, next);
  // A switch that needs another turns it on with it, and goes off with it.
  const words = Object.fromEntries(catalogue.map((knob) => [knob.name, knob]));
  for (let on = name; next === true && words[on]?.needs_on; on = words[on].needs_on) put(words[on].needs_on, true);
  for (let off = [name]; next === false && off.length; ) {
    off = catalogue.filter((knob) => off.includes(knob.needs_on) && value(knob.name) === true).map((knob) => knob.name);
    for (const knob of off) put(knob, false);
  }
  // Each number follows its choice: given the catalogue's value when the choice needs it
  // and it has none, taken away (typed or given) when the choice is another.
  const tiedTo = tiesOf(catalogue);
  for (const [knob, tie] of Object.entries(tiedTo)) {
    const chosen = tie.choices.find((choice) => choice.value === value(tie.name));
    const needs = chosen?.needs ?? {};
    if (knob in needs) {
      if (value(knob) === null || value(knob) === undefined) put(knob, needs[knob]);
    } else if (!(chosen?.keeps ?? []).includes(knob)) put(knob, null);
  }
  return changes;
}

// `catalogue`: the knobs' words; `preset`: the chosen preset's values; `changed`: the knobs the
// house plays differently; `applies`: the names of the knobs that bear on the rules in force
// (every knob while the server has not said); `offered`: for a knob the other knobs hold to
// some of its values, those values (the server's `offered`, from ramino.house_rules): the
// others are not offered, and a knob left one is shown fixed. `onChange` gets the new set of
// changes.
export function knobEditor(catalogue, preset, changed, onChange, applies = null, offered = null) {
  const value = (name, changes = changed) => (name in changes ? changes[name] : preset[name]);
  const emit = (changes) => {
    pending = { from: changed, to: changes };
    dropped = [];
    onChange(changes);
  };
  const bearing = applies ? new Set(applies) : null;
  const words = Object.fromEntries(catalogue.map((knob) => [knob.name, knob]));
  const tiedTo = tiesOf(catalogue);
  const chosenFor = (knob) => {
    const tie = tiedTo[knob];
    return tie?.choices.find((choice) => choice.value === value(tie.name));
  };
  const set = (name, next) =>
    emit(knobChange(catalogue, preset, pending.from === changed ? pending.to : changed, name, next));
  const sections = [];
  for (const knob of catalogue) {
    // A knob changed by the house stays in sight until the server has said it bears on nothing.
    if (bearing && !bearing.has(knob.name) && !(knob.name in changed)) continue;
    let section = sections.at(-1);
    if (!section || section.key !== knob.section) {
      section = { key: knob.section, title: said(knob.section_title), knobs: [] };
      sections.push(section);
    }
    section.knobs.push(knob);
  }
  const count = Object.keys(changed).length;
  return h(
    'details',
    {
      class: 'house-rules',
      open: opened || null,
      ontoggle: (event) => {
        opened = event.target.open;
      },
    },
    h('summary', {}, t('house_rules'), count ? ` (${count})` : ''),
    h('p', {}, t('house_intro')),
    dropped.length
      ? h(
          'p',
          { class: 'note', id: 'knobs-dropped', role: 'status' },
          t('knobs_dropped', { labels: dropped.map((name) => said(words[name]?.label) || name) }),
        )
      : null,
    count
      ? h('button', { type: 'button', class: 'quiet', id: 'reset-knobs', onclick: () => emit({}) }, t('reset_rules'))
      : null,
    sections.map((section) =>
      h(
        'fieldset',
        { class: 'knob-section' },
        h('legend', {}, section.title),
        section.knobs.map((knob) => {
          const keeps = (chosenFor(knob.name)?.keeps ?? []).includes(knob.name);
          const change = (next) => set(knob.name, next);
          const allowed = offered?.[knob.name] ?? null;
          return knobField(knob, value(knob.name), knob.name in changed, change, tiedTo[knob.name], keeps, allowed);
        }),
      ),
    ),
  );
}

// `tie`: the knob of the choice a number goes with, which alone sets it or takes it away,
// unless the choice made `keeps` it: then the number may be there or not. `allowed`: the
// values the other knobs leave it, where they leave only some (null: any).
function knobField(knob, current, isChanged, change, tie = null, keeps = false, allowed = null) {
  const id = `knob-${knob.name}`;
  if (keeps) tie = null;
  const fixed = allowed?.length === 1 && same(allowed[0], current);
  const note = tie ? ` ${t('knob_tied', { label: said(tie.label) })}` : fixed ? ` ${t('knob_fixed')}` : '';
  const help = h('span', { class: 'help', id: `${id}-help` }, said(knob.help), note);
  const numbers = allowed?.filter((v) => typeof v === 'number') ?? [];
  // The numbers the other knobs leave, as the input's bounds.
  const range = numbers.length ? { min: Math.min(...numbers), max: Math.max(...numbers) } : knob.range;
  const label = said(knob.label);
  const wrap = (control) =>
    h(
      'div',
      { class: `knob${isChanged ? ' changed' : ''}` },
      h('label', { for: id, id: `${id}-label` }, label),
      control,
      help,
    );
  switch (knob.kind) {
    case 'bool':
      return h(
        'div',
        { class: `knob check${isChanged ? ' changed' : ''}` },
        h('input', {
          type: 'checkbox',
          id,
          checked: Boolean(current),
          disabled: fixed,
          'aria-describedby': `${id}-help`,
          onchange: (event) => change(event.target.checked),
        }),
        h('label', { for: id }, label),
        help,
      );
    case 'int':
      return wrap(numberInput(id, range, current, change, fixed));
    case 'optional_int': {
      const none = current === null || current === undefined;
      return wrap(
        h(
          'span',
          { class: 'optional' },
          numberInput(id, range, none ? '' : current, change, none || fixed),
          h(
            'label',
            { class: 'check' },
            h('input', {
              type: 'checkbox',
              id: `${id}-none`,
              checked: none,
              // No number, or only a number, where the other knobs leave no choice.
              disabled: Boolean(tie) || fixed || (allowed !== null && !allowed.includes(null)),
              'aria-describedby': `${id}-help`,
              onchange: (event) => change(event.target.checked ? null : range.min),
            }),
            said(knob.none),
          ),
        ),
      );
    }
    case 'choice':
      return wrap(
        h(
          'select',
          { id, disabled: fixed, 'aria-describedby': `${id}-help`, onchange: (event) => change(event.target.value) },
          knob.choices.map((choice) =>
            h(
              'option',
              {
                value: choice.value,
                selected: choice.value === current,
                disabled: allowed !== null && !allowed.includes(choice.value) && choice.value !== current,
              },
              said(choice.label),
            ),
          ),
        ),
      );
    case 'choice_list':
      return wrap(choiceList(id, knob, Array.isArray(current) ? current : [], change));
    case 'by_players':
      return wrap(rowList(id, knob, Array.isArray(current) ? current : [], change));
    default:
      return wrap(h('output', { id, 'aria-describedby': `${id}-help` }, listWords(knob, current)));
  }
}

// Carioca's contracts: one choice per hand, in the order played.
function choiceList(id, knob, values, change) {
  const set = (i, value) => change(values.map((old, j) => (j === i ? value : old)));
  return h(
    'div',
    { class: 'knob-list', id, role: 'group', 'aria-labelledby': `${id}-label`, 'aria-describedby': `${id}-help` },
    values.length ? null : h('span', {}, said(knob.empty)),
    h(
      'ol',
      {},
      values.map((value, i) =>
        h(
          'li',
          {},
          h(
            'select',
            { id: `${id}-${i}`, 'aria-label': `${said(knob.label)} ${i + 1}`, onchange: (event) => set(i, event.target.value) },
            knob.choices.map((choice) => h('option', { value: choice.value, selected: choice.value === value }, said(choice.label))),
          ),
          h(
            'button',
            { type: 'button', class: 'quiet', 'aria-label': `${t('remove')}: ${i + 1}`, onclick: () => change(values.filter((_, j) => j !== i)) },
            t('remove'),
          ),
        ),
      ),
    ),
    h('button', { type: 'button', class: 'quiet', id: `${id}-add`, onclick: () => change([...values, knob.choices[0].value]) }, t('add')),
  );
}

// Decks or hands by number of players: a row of numbers for each table size.
function rowList(id, knob, rows, change) {
  const fields = knob.fields ?? [];
  const set = (i, name, value) => change(rows.map((row, j) => (j === i ? { ...row, [name]: value } : row)));
  const fresh = Object.fromEntries(fields.map((field) => [field.name, field.range.min]));
  return h(
    'div',
    { class: 'knob-list', id, role: 'group', 'aria-labelledby': `${id}-label`, 'aria-describedby': `${id}-help` },
    rows.length ? null : h('span', {}, said(knob.empty)),
    h(
      'ol',
      {},
      rows.map((row, i) =>
        h(
          'li',
          {},
          fields.map((field) =>
            h(
              'label',
              { class: 'row-field' },
              h('span', {}, said(field.label)),
              numberInput(`${id}-${i}-${field.name}`, field.range, row[field.name], (value) => set(i, field.name, value)),
            ),
          ),
          h(
            'button',
            { type: 'button', class: 'quiet', 'aria-label': `${t('remove')}: ${i + 1}`, onclick: () => change(rows.filter((_, j) => j !== i)) },
            t('remove'),
          ),
        ),
      ),
    ),
    h('button', { type: 'button', class: 'quiet', id: `${id}-add`, onclick: () => change([...rows, fresh]) }, t('add')),
  );
}

function numberInput(id, range, current, change, disabled = false) {
  return h('input', {
    type: 'number',
    id,
    min: range.min,
    max: range.max,
    value: current,
    disabled,
    inputmode: 'numeric',
    'aria-describedby': `${id}-help`,
    onchange: (event) => {
      const read = Math.round(Number(event.target.value));
      if (event.target.value === '' || !Number.isFinite(read)) return;
      const kept = Math.min(Math.max(read, range.min), range.max);
      event.target.value = String(kept);
      change(kept);
    },
  });
}

function listWords(knob, current) {
  if (!Array.isArray(current) || current.length === 0) return said(knob.empty);
  if (knob.kind === 'choice_list') {
    const words = Object.fromEntries(knob.choices.map((choice) => [choice.value, said(choice.label)]));
    return current.map((value) => words[value] ?? value).join(', ');
  }
  const lang = currentLang();
  return current
    .map((row) =>
      (knob.fields ?? [])
        .map((field) => `${said(field.label)}: ${row[field.name]}`)
        .join(', '),
    )
    .join(lang === 'en' ? '; ' : '; ');
}
