/**
 * The production build's stand-in for zod (decision 014). The contract's schemas (packages/contract)
 * stay the contract: the type check, vitest and the API use real zod. A production build of the web
 * app resolves `zod` to this module (vite.config.ts), so the schemas that parse the API's answers
 * cost about 1 KB gzip instead of zod's 24 KB on every first visit.
 *
 * It is a lighter check, not a no-op: the shape is checked (object, array, string, number, boolean,
 * enum, literal, union, nullable, optional) and unknown object keys are dropped as zod does, so a
 * wrong answer still fails where it would with zod. Refinements on values (min, max, int, regex,
 * refine, url, …) are not checked here: the server's own schemas enforce them, and the web app only
 * parses what the server sent. Only the part of zod's API the contract uses exists (zod-lite.test.ts
 * builds every contract module with it).
 */

type Check = (value: unknown, path: string) => unknown;

export class ZodLiteError extends Error {
  override name = 'ZodError';
}

function fail(path: string, expected: string, value: unknown): never {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  throw new ZodLiteError(`Invalid input at "${path || '(root)'}": expected ${expected}, received ${got}`);
}

type Shape = Record<string, LiteSchema>;

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class LiteSchema {
  constructor(
    readonly check: Check,
    /** Set on object schemas: extend, omit, pick and partial build on it. */
    readonly shape?: Shape,
  ) {}

  parse(value: unknown): unknown {
    return this.check(value, '');
  }

  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: Error } {
    try {
      return { success: true, data: this.check(value, '') };
    } catch (error) {
      return { success: false, error: error as Error };
    }
  }

  optional(): LiteSchema {
    return new LiteSchema((v, p) => (v === undefined ? v : this.check(v, p)));
  }

  nullable(): LiteSchema {
    return new LiteSchema((v, p) => (v === null ? v : this.check(v, p)));
  }

  nullish(): LiteSchema {
    return new LiteSchema((v, p) => (v === null || v === undefined ? v : this.check(v, p)));
  }

  default(fallback: unknown): LiteSchema {
    return new LiteSchema((v, p) => (v === undefined ? fallback : this.check(v, p)));
  }

  array(): LiteSchema {
    return array(this);
  }

  extend(more: Shape): LiteSchema {
    return object({ ...this.shape, ...more });
  }

  omit(keys: Record<string, true>): LiteSchema {
    return object(Object.fromEntries(Object.entries(this.shape ?? {}).filter(([k]) => !keys[k])));
  }

  pick(keys: Record<string, true>): LiteSchema {
    return object(Object.fromEntries(Object.entries(this.shape ?? {}).filter(([k]) => keys[k])));
  }

  partial(): LiteSchema {
    return object(Object.fromEntries(Object.entries(this.shape ?? {}).map(([k, s]) => [k, s.optional()])));
  }
}

/** Constraints on a value's content: not checked in the lighter check (see above). */
const UNCHECKED = [
  'min', 'max', 'length', 'int', 'positive', 'nonnegative', 'negative', 'nonpositive', 'finite',
  'gt', 'gte', 'lt', 'lte', 'multipleOf', 'trim', 'toLowerCase', 'toUpperCase', 'normalize',
  'regex', 'email', 'uuid', 'url', 'startsWith', 'endsWith', 'includes', 'nonempty', 'refine',
  'superRefine', 'describe', 'strict', 'strip', 'passthrough', 'readonly', 'brand', 'meta',
] as const;
type UncheckedMethods = { [K in (typeof UNCHECKED)[number]]: (...args: unknown[]) => LiteSchema };
// The prototype gets them below; this tells the type checker.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface LiteSchema extends UncheckedMethods {}

for (const name of UNCHECKED) {
  Object.defineProperty(LiteSchema.prototype, name, {
    value: function (this: LiteSchema) {
      return this;
    },
  });
}

const typed = (type: 'string' | 'number' | 'boolean') =>
  new LiteSchema((v, p) => (typeof v === type && !(type === 'number' && Number.isNaN(v)) ? v : fail(p, type, v)));

function object(shape: Shape): LiteSchema {
  return new LiteSchema((v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, 'object', v);
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const parsed = schema.check(input[key], p ? `${p}.${key}` : key);
      if (parsed !== undefined || key in input) out[key] = parsed;
    }
    return out;
  }, shape);
}

function array(item: LiteSchema): LiteSchema {
  return new LiteSchema((v, p) => (Array.isArray(v) ? v.map((x, i) => item.check(x, `${p}[${i}]`)) : fail(p, 'array', v)));
}

function union(options: LiteSchema[]): LiteSchema {
  return new LiteSchema((v, p) => {
    for (const option of options) {
      const result = option.safeParse(v);
      if (result.success) return result.data;
    }
    return fail(p, 'one of the union', v);
  });
}

const oneOf = (values: readonly unknown[]) =>
  new LiteSchema((v, p) => (values.includes(v) ? v : fail(p, values.map((x) => JSON.stringify(x)).join(' | '), v)));

export const z = {
  string: () => typed('string'),
  number: () => typed('number'),
  boolean: () => typed('boolean'),
  url: () => typed('string'),
  object,
  array,
  union,
  discriminatedUnion: (_key: string, options: LiteSchema[]) => union(options),
  literal: (value: unknown) => oneOf([value]),
  enum: (values: readonly unknown[] | Record<string, unknown>) => oneOf(Array.isArray(values) ? values : Object.values(values)),
  coerce: {
    number: () => new LiteSchema((v, p) => (Number.isNaN(Number(v)) ? fail(p, 'number', v) : Number(v))),
    string: () => new LiteSchema((v) => String(v)),
  },
};

export default z;
