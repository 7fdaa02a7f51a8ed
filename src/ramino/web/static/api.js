// The lobby's HTTP calls (docs/protocol.md), each refusal turned into a sentence.

import { t, said } from './i18n.js';

export class ApiError extends Error {
  constructor(sentence, status) {
    super(typeof sentence === 'string' ? sentence : sentence.it);
    this.sentence = sentence;
    this.status = status;
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

export async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
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
  if (!response.ok) throw new ApiError(refusal(response.status, data?.detail), response.status);
  return data;
}

// A guest's name, for whoever has not given one ("Ospite 42"): in the name's field, to change.
export function guestName() {
  // Not from crypto: a name is no secret, and the deal's nonces alone draw on it.
  const number = 10 + Math.floor(Math.random() * 90);
  return t('guest_name', { n: number });
}

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
