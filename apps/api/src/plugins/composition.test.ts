import { describe, expect, it } from 'vitest';
import { Composition, CompositionError } from './composition.ts';

interface Parts {
  a: string;
  b: string;
  c: string;
  later: () => string;
}

describe('the composition root', () => {
  it('makes every part after the parts it is made from, whatever the order of declaration', () => {
    const parts = new Composition<Parts>()
      .add('c', ['b'], (p) => `${p.b}c`)
      .add('b', ['a'], (p) => `${p.a}b`)
      .add('a', [], () => 'a')
      .build();
    expect(parts.c).toBe('abc');
  });

  it('refuses a cycle and names it', () => {
    const composition = new Composition<Parts>()
      .add('a', ['c'], (p) => p.c)
      .add('b', ['a'], (p) => p.a)
      .add('c', ['b'], (p) => p.b);
    expect(() => composition.order()).toThrow(CompositionError);
    expect(() => composition.order()).toThrow('the parts form a cycle: a -> c -> b -> a');
  });

  it('refuses a dependency that is not declared', () => {
    const composition = new Composition<Parts>().add('a', ['b'], (p) => p.b);
    expect(() => composition.build()).toThrow('a is made from b, which is not declared');
  });

  it('refuses a part that reaches one it did not declare, also from a closure called later', () => {
    expect(() =>
      new Composition<Parts>()
        .add('a', [], () => 'a')
        .add('b', [], (p) => p.a)
        .build(),
    ).toThrow('b uses a without declaring it');
    const parts = new Composition<Parts>()
      .add('a', [], () => 'a')
      .add('later', [], (p) => () => p.a)
      .build();
    expect(() => parts.later()).toThrow('later uses a without declaring it');
  });
});
