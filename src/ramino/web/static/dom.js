// Elements built from values, never from markup: whatever a player typed stays text. A page is
// drawn again by patching what is on screen into the new drawing (`patch`), never by throwing it
// away: the element under the pointer, the focus, what is being typed and a list's scroll stay.

export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) listen(element, name.slice(2), value);
    else if (name === 'class') element.className = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

// One listener per event type, calling the element's current handler: a patch swaps the
// handler (a new closure over the new state) and keeps the element.
function listen(element, type, handler) {
  if (!element.handlers) element.handlers = {};
  if (!(type in element.handlers)) {
    element.addEventListener(type, (event) => element.handlers[type]?.(event));
  }
  element.handlers[type] = handler;
}

function append(element, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

// `element`'s children become `children`, patched in place where an element of the same tag
// (and id) stands at the same place.
export function patch(element, ...children) {
  const fresh = document.createElement(element.tagName);
  append(fresh, children);
  patchChildren(element, fresh);
  return element;
}

const same = (a, b) =>
  a.nodeType === b.nodeType &&
  (a.nodeType !== Node.ELEMENT_NODE || (a.tagName === b.tagName && a.id === b.id));

function patchChildren(old, fresh) {
  const wanted = [...fresh.childNodes];
  wanted.forEach((node, i) => {
    const there = old.childNodes[i];
    if (!there) old.append(node);
    else if (!same(there, node)) there.replaceWith(node);
    else patchNode(there, node);
  });
  while (old.childNodes.length > wanted.length) old.lastChild.remove();
}

function patchNode(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  // A drawing (a card's face) is taken whole or kept whole.
  if (old.namespaceURI !== fresh.namespaceURI || fresh instanceof SVGElement) {
    if (!old.isEqualNode(fresh)) old.replaceWith(fresh);
    return;
  }
  for (const { name } of [...old.attributes]) {
    // A details' open state is the reader's, unless the drawing says it.
    if (name === 'open' && old.tagName === 'DETAILS') continue;
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of [...fresh.attributes]) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (old.tagName === 'DETAILS' && fresh.hasAttribute('open')) old.open = true;
  const handlers = fresh.handlers ?? {};
  for (const type of Object.keys(old.handlers ?? {})) if (!(type in handlers)) old.handlers[type] = null;
  for (const [type, handler] of Object.entries(handlers)) listen(old, type, handler);
  patchChildren(old, fresh);
  patchValue(old, fresh);
}

// What a control shows follows the drawing, except in the control being typed in.
function patchValue(old, fresh) {
  if (old.tagName === 'INPUT') {
    if (old.type === 'checkbox' || old.type === 'radio') old.checked = fresh.hasAttribute('checked');
    else if (old !== document.activeElement) old.value = fresh.getAttribute('value') ?? '';
    old.disabled = fresh.hasAttribute('disabled');
  } else if (old.tagName === 'SELECT') {
    const chosen = [...fresh.options].findIndex((option) => option.hasAttribute('selected'));
    if (chosen >= 0) old.selectedIndex = chosen;
    old.disabled = fresh.hasAttribute('disabled');
  }
}
