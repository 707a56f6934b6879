import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Paginated } from '../../contract/pagination.ts';

/** A cursor-paged list that grows with "load more"; loads its first page on the first `load()`. */
export class PagedList<T> implements ReactiveController {
  items: T[] = [];
  next: string | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error?: unknown;
  private abort?: AbortController;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Paginated<T>>,
  ) {
    host.addController(this);
  }

  hostDisconnected() {
    this.abort?.abort();
  }

  /** The first page (once), or with `more` the page after the last one loaded. */
  async load(more = false) {
    if (this.status === 'loading' || (!more && this.status !== 'idle' && this.status !== 'error')) return;
    const abort = (this.abort = new AbortController());
    this.status = 'loading';
    this.host.requestUpdate();
    try {
      const page = await this.fetchPage(more ? this.next ?? undefined : undefined, abort.signal);
      this.items = more ? [...this.items, ...page.results] : page.results;
      this.next = page.next_cursor;
      this.status = 'ready';
    } catch (error) {
      if (abort.signal.aborted) return;
      this.error = error;
      this.status = 'error';
    }
    this.host.requestUpdate();
  }

  /** Forget everything (another customer signed in). */
  reset() {
    this.abort?.abort();
    Object.assign(this, { items: [], next: null, status: 'idle', error: undefined });
  }
}
