/**
 * A change made from this console that other views of the same data must
 * hear at once (an unban refreshes the banned list and the status), whether
 * or not the server also announces it over realtime.
 */
export function createChangeSignal() {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of [...listeners]) listener();
    },
    /** Hears every change until the returned function is called. */
    listen(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type ChangeSignal = ReturnType<typeof createChangeSignal>;
