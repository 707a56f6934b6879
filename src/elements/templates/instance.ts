/** What a rendered template is made of: its instances (a scope's bindings and action state) and their host. */
import type { Scope } from './path.ts';

export type Update = (scope: Scope) => void;

/** State an action leaves on its scope: `busy` while it runs, `error` the buyer-facing message of its failure. */
export type ActionState = { busy: boolean; error: string };

/** One rendered copy of a template's content (a context's, or a repeated entry's), bound to its scope. */
export class Instance {
  readonly updates: Update[] = [];
  readonly state: ActionState = { busy: false, error: '' };
  /** Actions of this scope under way. */
  running = 0;
  scope?: Scope;

  update(scope: Scope) {
    scope.values.busy = this.state.busy;
    scope.values.error = this.state.error;
    this.scope = scope;
    for (const update of this.updates) update(scope);
  }
}

/** What the element that renders a template gives its bindings. */
export type Host = {
  /** One console warning per problem of the merchant's markup (a refused binding, a path that does not parse). */
  warn(message: string): void;
  /** A control (an action, an option, a quantity) and the instance whose scope it acts in. */
  control(element: Element, instance: Instance): void;
};

/** The server's DOM is not what this template renders: the element renders afresh. */
export class Mismatch extends Error {}

/** What a walk of a template's content binds into: the instance whose scope it acts in, its updates, its host. */
export type Walk = { owner: Instance; updates: Update[]; host: Host };
