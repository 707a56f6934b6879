/** A message bus between the tabs of one origin: BroadcastChannel, or `storage` events where it is missing. */
/** Plain functions (no `this`): they are handed around on their own. */
export type CrossTab<M> = {
  post: (message: M) => void;
  subscribe: (listener: (message: M) => void) => () => void;
  close: () => void;
};

export function openCrossTab<M>(name: string): CrossTab<M> {
  const listeners = new Set<(message: M) => void>();
  const deliver = (message: M) => listeners.forEach((listener) => listener(message));
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent<M>) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
      close: () => channel.close(),
    };
  }
  // fallback: a write to localStorage fires `storage` in every other tab of the origin
  const key = `svc-bus:${name}`;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || !event.newValue) return;
    try {
      deliver((JSON.parse(event.newValue) as { message: M }).message);
    } catch {
      /* not ours */
    }
  };
  const canListen = typeof window !== 'undefined';
  if (canListen) window.addEventListener('storage', onStorage);
  return {
    post(message) {
      try {
        localStorage.setItem(key, JSON.stringify({ message, nonce: Math.random() }));
        localStorage.removeItem(key);
      } catch {
        /* no storage: this tab is on its own */
      }
    },
    subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    close: () => canListen && window.removeEventListener('storage', onStorage),
  };
}
