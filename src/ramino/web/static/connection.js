// The table's WebSocket (docs/protocol.md): a seat's, with its token, or a spectator's, told what
// the whole table sees. Lost, it is opened again after a growing wait; the server then sends
// the state as it stands, with its version, and the page draws it whole (a resync).

const RECONNECT_WAIT = [500, 1000, 2000, 4000];
export const CLOSE_BAD_TOKEN = 4401;

// The socket's address for `token`, or for watching when there is none.
export function tableSocketUrl(tableId, token) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const base = `${scheme}://${location.host}/api/tables/${tableId}`;
  return token ? `${base}/play?token=${encodeURIComponent(token)}` : `${base}/watch`;
}

// Opens `url` and keeps it open. `onOpen()` on each opening, `onMessage(message)` for each
// message read, `onClose(event)` on each loss: it answers whether to open the socket again.
// `close()` closes it for good (no `onClose`, nothing opened again).
export function openConnection(url, { onOpen, onMessage, onClose }) {
  let socket = null;
  let waits = 0;

  function open() {
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('open', () => {
      waits = 0;
      onOpen();
    });
    current.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(message);
    });
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      socket = null;
      if (!onClose(event)) return;
      const wait = RECONNECT_WAIT[Math.min(waits, RECONNECT_WAIT.length - 1)];
      waits += 1;
      setTimeout(open, wait);
    });
  }

  open();
  return {
    isOpen: () => socket?.readyState === WebSocket.OPEN,
    close() {
      const current = socket;
      socket = null;
      current?.close();
    },
    send(message) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
  };
}
