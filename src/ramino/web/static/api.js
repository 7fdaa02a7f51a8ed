// The lobby's HTTP calls (docs/protocol.md), each refusal turned into a sentence.

import { t, said } from './i18n.js';

export class ApiError extends Error {
  constructor(sentence, status, reason = null) {
    super(typeof sentence === 'string' ? sentence : sentence.it);
    this.sentence = sentence;
    this.status = status;
    // The server's reason code, when it sent one (`player_name_taken`).
    this.reason = reason;
  }

  // The reason in the page's language.
  text() {
    return typeof this.sentence === 'string' ? t(this.sentence) : said(this.sentence);
  }
}

// What the server's refusal means for a person: its own sentence when it sends one.
function refusal(status, detail) {
  if (detail && typeof detail === 'object' && detail.message) return detail.message;
  if (status === 404) return 'no_table';
  if (status === 409) return detail === 'nickname already at the table' ? 'name_taken' : 'no_seat';
  if (status === 422) return 'bad_name';
  return 'unreachable';
}

export async function call(method, path, body, key) {
  let response;
  const headers = body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (key) headers['X-Player-Key'] = key;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('unreachable', 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    // A proxy's page, not the server's answer.
  }
  if (!response.ok) throw new ApiError(refusal(response.status, data?.detail), response.status, data?.detail?.reason ?? null);
  return data;
}

// A guest's name, for whoever has not given one ("Ospite 4821"): in the name's field, to change.
export function guestName() {
  // Not from crypto: a name is no secret, and the deal's nonces alone draw on it.
  const number = 1000 + Math.floor(Math.random() * 9000);
  return t('guest_name', { n: number });
}

// This browser's player: his public id, his name and his key (docs/protocol.md, Players). The
// key is his identity at the site: kept here, shown on /player to carry to another device.
export function savedPlayer() {
  try {
    const player = JSON.parse(localStorage.getItem('ramino.player') ?? 'null');
    return player && typeof player.key === 'string' && typeof player.id === 'string' ? player : null;
  } catch {
    return null;
  }
}

export function savePlayer(player) {
  localStorage.setItem('ramino.player', JSON.stringify({ id: player.id, key: player.key, name: player.name }));
  localStorage.setItem('ramino.name', player.name);
}

// The player of this browser, created as a guest named `name` the first time it is needed (a
// name another player holds: a guest named by the server, the seat taking `name` all the same).
export async function ensurePlayer(name) {
  const kept = savedPlayer();
  if (kept) return kept;
  const made = await call('POST', '/api/players', { name, unless_held: true });
  savePlayer(made);
  return made;
}

// The player's new name, kept by the server (and here), if this browser has a player. With
// `unlessHeld`, a name another player holds leaves his as it is (the player returned has his
// own); without, it is refused (ApiError, reason `player_name_taken`). Nothing changes then.
export async function changeName(name, unlessHeld = false) {
  const kept = savedPlayer();
  if (!kept || kept.name === name) return kept;
  const renamed = await call('PUT', '/api/players/me', { name, unless_held: unlessHeld }, kept.key);
  if (renamed.name === kept.name) return kept;
  const player = { ...kept, name: renamed.name };
  savePlayer(player);
  return player;
}

// The player's name follows the name he sits down with, unless another player holds it: then
// his seat has it and he keeps his own.
export const renamePlayer = (name) => changeName(name, true);

// The table id in an invitation link: `…/t/ID` or `…/api/tables/ID`, or the id alone.
export function tableOfLink(link) {
  const text = String(link).trim();
  const match = /(?:^|\/)(?:t|api\/tables)\/([A-Za-z0-9_-]{1,64})\/?(?:[?#].*)?$/.exec(text);
  if (match) return match[1];
  return /^[A-Za-z0-9_-]{16,64}$/.test(text) ? text : null;
}

export const inviteLink = (table) => `${location.origin}/t/${table}`;

// This browser's seat at a table: kept so that a reload comes back to it.
export function savedSeat(table) {
  try {
    const seat = JSON.parse(localStorage.getItem(`ramino.seat.${table}`) ?? 'null');
    return seat && typeof seat.token === 'string' ? seat : null;
  } catch {
    return null;
  }
}

export function saveSeat(table, seat) {
  localStorage.setItem(`ramino.seat.${table}`, JSON.stringify(seat));
}

export function forgetSeat(table) {
  localStorage.removeItem(`ramino.seat.${table}`);
}

// A random nonce for a deal, in hex (docs/shuffle.md: 16 bytes are plenty).
function nonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The seat's nonce for the deal of `commitment` at `table`, made once and kept: the server
// keeps the first nonce a seat gives for a deal, and the sheet checks that one was used.
export function nonceFor(table, commitment) {
  const key = `ramino.nonce.${table}.${commitment}`;
  const mine = localStorage.getItem(key) ?? nonce();
  localStorage.setItem(key, mine);
  return mine;
}
