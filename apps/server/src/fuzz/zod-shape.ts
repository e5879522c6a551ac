import type { z } from 'zod';

/**
 * What the fuzz needs to know of a zod v4 schema, on the input side: the kind of value, its
 * bounds and, for objects, the fields. Read from the schema's definition (`_zod.def`), which is
 * zod v4's public introspection surface (the same `z.toJSONSchema` walks); transforms and
 * refinements are looked through (a preprocess reads as the schema after it).
 */
export type Shape =
  | { kind: 'object'; fields: Record<string, Field> }
  | { kind: 'array'; item: Shape; min?: number; max?: number }
  | { kind: 'string'; min?: number; max?: number; format?: string }
  | { kind: 'number'; min?: number; max?: number; int: boolean }
  | { kind: 'enum'; values: unknown[] }
  | { kind: 'boolean' }
  | { kind: 'record'; value: Shape }
  | { kind: 'union'; options: Shape[] }
  | { kind: 'any' };

export interface Field {
  shape: Shape;
  /** Optional, nullable-with-default or defaulted: may be left out. */
  optional: boolean;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  format?: string;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

function bounds(def: Def) {
  const out: { min?: number; max?: number; int: boolean; format?: string } = { int: false };
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length') out.min = d.minimum;
    if (d.check === 'max_length') out.max = d.maximum;
    if (d.check === 'greater_than') out.min = d.value;
    if (d.check === 'less_than') out.max = d.value;
    if (d.check === 'number_format' && (d.format === 'safeint' || d.format === 'int32')) {
      out.int = true;
    }
    if (d.check === 'string_format') out.format = d.format;
  }
  return out;
}

/** The input shape of a schema, and whether the value may be left out. */
export function fieldOf(schema: z.ZodType | unknown, depth = 0): Field {
  if (depth > 20) return { shape: { kind: 'any' }, optional: true };
  const def = defOf(schema);
  const next = (inner: unknown) => fieldOf(inner, depth + 1);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
      return { shape: next(def.innerType).shape, optional: def.type !== 'nonoptional' };
    case 'nullable':
    case 'readonly':
    case 'catch':
      return next(def.innerType);
    case 'pipe': {
      // A preprocess (transform → schema) reads as its target; a schema → transform as its source.
      const from = defOf(def.in).type === 'transform' ? def.out : def.in;
      return next(from);
    }
    case 'lazy':
      return next((def.getter as () => unknown)());
    case 'object': {
      const fields: Record<string, Field> = {};
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        fields[key] = next(value);
      }
      return { shape: { kind: 'object', fields }, optional: false };
    }
    case 'array': {
      const b = bounds(def);
      return {
        shape: { kind: 'array', item: next(def.element).shape, min: b.min, max: b.max },
        optional: false,
      };
    }
    case 'string': {
      const b = bounds(def);
      const format = (def.format as string | undefined) ?? b.format;
      return { shape: { kind: 'string', min: b.min, max: b.max, format }, optional: false };
    }
    case 'number':
    case 'bigint': {
      const b = bounds(def);
      return { shape: { kind: 'number', min: b.min, max: b.max, int: b.int }, optional: false };
    }
    case 'enum':
      return {
        shape: { kind: 'enum', values: Object.values(def.entries as object) },
        optional: false,
      };
    case 'literal':
      return { shape: { kind: 'enum', values: def.values as unknown[] }, optional: false };
    case 'boolean':
      return { shape: { kind: 'boolean' }, optional: false };
    case 'record':
      return { shape: { kind: 'record', value: next(def.valueType).shape }, optional: false };
    case 'union': {
      const options = (def.options as unknown[]).map((o) => next(o));
      return {
        shape: { kind: 'union', options: options.map((o) => o.shape) },
        optional: options.some((o) => o.optional),
      };
    }
    default:
      // transform, custom, unknown, any, null, intersection…: anything may be sent.
      return { shape: { kind: 'any' }, optional: true };
  }
}
