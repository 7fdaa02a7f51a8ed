// The presets as a list to choose from, each game's in its group: ramino's, then gin rummy's
// (GET /api/rules says each preset's game). The home page, the quick match and the
// leaderboards choose with it.

import { h } from './dom.js';
import { t } from './i18n.js';

// A select of `presets` (`value` chosen, `change(value)` told), and `more` options after
// them ([value, label]).
export function presetSelect(id, presets, value, change, more = []) {
  const option = ([key, label]) => h('option', { value: key, selected: key === value }, label);
  const groups = ['ramino', 'gin']
    .map((game) => [game, presets.filter((preset) => (preset.game ?? 'ramino') === game)])
    .filter(([, members]) => members.length)
    .map(([game, members]) =>
      h('optgroup', { label: t(`rules_group_${game}`) }, members.map((preset) => option([preset.name, preset.name]))),
    );
  return h('select', { id, onchange: (event) => change(event.target.value) }, groups, more.map(option));
}
