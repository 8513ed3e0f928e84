/**
 * The composition root's graph (issue 42): every part of the API names the parts it is made from,
 * and is made after them. A part reaches only what it declared, now or later (a closure that runs
 * after start-up goes through the same check), so the declared graph is the real one; a cycle in
 * it is refused with its path before anything is made.
 */
export class CompositionError extends Error {
  override readonly name = 'CompositionError';
}

interface Definition<P> {
  deps: ReadonlyArray<keyof P & string>;
  make: (parts: P) => unknown;
}

export class Composition<P extends object> {
  private readonly definitions = new Map<keyof P & string, Definition<P>>();

  /** Declares `name`, made by `make` from the parts in `deps` (and only those). */
  add<K extends keyof P & string>(name: K, deps: ReadonlyArray<keyof P & string>, make: (parts: P) => P[K]): this {
    if (this.definitions.has(name)) throw new CompositionError(`${name} is declared twice`);
    this.definitions.set(name, { deps, make });
    return this;
  }

  /** The declared parts and what each is made from. */
  graph(): Map<string, readonly string[]> {
    return new Map([...this.definitions].map(([name, d]) => [name, [...d.deps]]));
  }

  /** Every part after the parts it is made from; a cycle or an undeclared dependency is refused. */
  order(): Array<keyof P & string> {
    const order: Array<keyof P & string> = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: keyof P & string, path: string[]) => {
      const seen = state.get(name);
      if (seen === 'done') return;
      if (seen === 'visiting') {
        const cycle = [...path.slice(path.indexOf(name)), name];
        throw new CompositionError(`the parts form a cycle: ${cycle.join(' -> ')}`);
      }
      const definition = this.definitions.get(name);
      if (!definition) throw new CompositionError(`${path.at(-1) ?? '?'} is made from ${name}, which is not declared`);
      state.set(name, 'visiting');
      for (const dep of definition.deps) visit(dep, [...path, name]);
      state.set(name, 'done');
      order.push(name);
    };
    for (const name of this.definitions.keys()) visit(name, []);
    return order;
  }

  /** Makes every part in dependency order. */
  build(): P {
    const built = {} as Record<string, unknown>;
    for (const name of this.order()) {
      const { deps, make } = this.definitions.get(name)!;
      const allowed = new Set<string>(deps);
      const view = new Proxy(built, {
        get: (target, key) => {
          if (typeof key !== 'string' || !allowed.has(key)) {
            throw new CompositionError(`${name} uses ${String(key)} without declaring it`);
          }
          return target[key];
        },
      }) as P;
      built[name] = make(view);
    }
    return built as P;
  }
}
