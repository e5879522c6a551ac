import type { Shape } from './zod-shape';

/** One value to put somewhere, with a name for the report. */
export interface FuzzValue {
  name: string;
  value: unknown;
  /** NUL or a lone surrogate: the shared text rule refuses it with 400. */
  badText?: boolean;
  /** Leave the field out instead of sending `value`. */
  missing?: boolean;
}

/** mulberry32: a small seeded PRNG, so a failing case can be run again from its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MB = 1024 * 1024;

/** Text every string field gets: sizes, scripts, control characters, injection shapes. */
function textValues(huge: number): FuzzValue[] {
  return [
    { name: 'empty', value: '' },
    { name: 'blank', value: '   ' },
    { name: `huge ${huge} chars`, value: 'a'.repeat(huge) },
    { name: 'emoji', value: '😀👍🏽👨‍👩‍👧'.repeat(20) },
    { name: 'rtl', value: '\u202eمرحبا שלום' },
    { name: 'combining', value: `Z${'\u0301\u0302\u0303'.repeat(200)}` },
    { name: 'zero width', value: 'a\u200b\u200d\ufeffb' },
    { name: 'NUL', value: 'a\u0000b', badText: true },
    { name: 'lone high surrogate', value: 'a\ud800b', badText: true },
    { name: 'lone low surrogate', value: '\udfff', badText: true },
    { name: 'control chars', value: '\u0001\u0008\u001b[31m\r\n\t' },
    { name: 'sql quote', value: "' OR 1=1 --" },
    { name: 'html', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
    { name: 'path traversal', value: '../../../../etc/passwd' },
    { name: 'percent', value: '%00%zz%' },
    { name: 'like wildcards', value: '%_\\' },
  ];
}

const wrongTypes: FuzzValue[] = [
  { name: 'null', value: null },
  { name: 'true', value: true },
  { name: 'number', value: 12345 },
  { name: 'array', value: ['x'] },
  { name: 'object', value: { a: 1 } },
  { name: 'empty array', value: [] },
  { name: 'empty object', value: {} },
];

function numberValues(shape: Extract<Shape, { kind: 'number' }>): FuzzValue[] {
  const values: FuzzValue[] = [
    { name: '0', value: 0 },
    { name: '-1', value: -1 },
    { name: '2^31', value: 2 ** 31 },
    { name: '-2^31-1', value: -(2 ** 31) - 1 },
    { name: '2^53', value: 2 ** 53 },
    { name: '2^53-1', value: 2 ** 53 - 1 },
    { name: '1e308', value: 1e308 },
    { name: '-1e308', value: -1e308 },
    { name: '1.5', value: 1.5 },
    { name: '"NaN"', value: 'NaN' },
    { name: '"Infinity"', value: 'Infinity' },
    { name: '"1e309"', value: '1e309' },
    { name: '"0x10"', value: '0x10' },
    { name: '"99999999999999999999"', value: '99999999999999999999' },
    { name: 'fullwidth digit', value: '１２' },
    { name: '"-0"', value: '-0' },
  ];
  if (shape.min !== undefined) values.push({ name: 'min-1', value: shape.min - 1 });
  if (shape.max !== undefined) values.push({ name: 'max+1', value: shape.max + 1 });
  return values;
}

function stringValues(shape: Extract<Shape, { kind: 'string' }>, huge: number): FuzzValue[] {
  const values = textValues(huge);
  if (shape.max !== undefined && shape.max < huge) {
    values.push({ name: 'max+1', value: 'x'.repeat(shape.max + 1) });
    values.push({ name: 'max emoji', value: '😀'.repeat(shape.max) });
  }
  if (shape.min !== undefined && shape.min > 1) {
    values.push({ name: 'min-1', value: 'x'.repeat(shape.min - 1) });
  }
  if (shape.format === 'uuid' || shape.format === 'guid') {
    values.push(
      { name: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
      { name: 'max uuid', value: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
      { name: 'not a uuid', value: 'bukan-uuid' },
      { name: 'uuid + NUL', value: '5d0c7a52-7d52-4a8e-9d6f-2f1f4c8a9b01\u0000', badText: true },
      { name: 'number id', value: '2147483648' },
    );
  }
  if (shape.format === 'email') {
    values.push({ name: 'long email', value: `${'a'.repeat(300)}@contoh.id` });
  }
  if (shape.format === 'date' || shape.format === 'datetime') {
    values.push(
      { name: 'feb 30', value: '2024-02-30' },
      { name: 'year 0', value: '0000-01-01' },
      { name: 'year 275760', value: '275760-09-14' },
      { name: 'month 13', value: '2024-13-01' },
    );
  }
  return values;
}

/** Values to try in place of a field of this shape. */
export function valuesFor(shape: Shape, huge: number, depth = 0): FuzzValue[] {
  switch (shape.kind) {
    case 'string':
      return [...stringValues(shape, huge), ...wrongTypes];
    case 'number':
      return [...numberValues(shape), ...textValues(64).slice(0, 10), ...wrongTypes];
    case 'enum':
      return [
        { name: 'unknown member', value: 'zzz' },
        { name: 'upper case', value: String(shape.values[0]).toUpperCase() },
        { name: 'enum NUL', value: `${String(shape.values[0])}\u0000`, badText: true },
        ...wrongTypes,
      ];
    case 'boolean':
      return [
        { name: '"true"', value: 'true' },
        { name: '1', value: 1 },
        { name: '"yes"', value: 'yes' },
        ...wrongTypes,
      ];
    case 'array': {
      const item = depth < 3 ? valuesFor(shape.item, 256, depth + 1).slice(0, 6) : [];
      return [
        { name: 'object for array', value: { 0: 'a' } },
        { name: 'string for array', value: 'a,b' },
        { name: 'null', value: null },
        { name: 'empty', value: [] },
        { name: '10001 items', value: Array.from({ length: 10_001 }, (_, i) => `x${i}`) },
        ...(shape.max !== undefined && shape.max < 5000
          ? [{ name: 'max+1 items', value: Array.from({ length: shape.max + 1 }, () => null) }]
          : []),
        ...item.map((v) => ({ ...v, name: `[${v.name}]`, value: [v.value] })),
      ];
    }
    case 'object':
    case 'record':
      return [
        { name: 'array for object', value: [{ a: 1 }] },
        { name: 'string for object', value: 'x' },
        { name: 'null', value: null },
        { name: 'empty object', value: {} },
        { name: 'proto key', value: JSON.parse('{"__proto__":{"polluted":1},"constructor":{}}') },
        { name: 'NUL key', value: { 'a\u0000': 1 }, badText: true },
      ];
    case 'union':
      return shape.options.flatMap((o) => valuesFor(o, huge, depth + 1)).slice(0, 40);
    case 'any':
      return [...textValues(1024).slice(0, 9), ...wrongTypes];
  }
}

/** `name[.child]` paths of every field of an object shape, with their shapes (nested objects). */
export function fieldPaths(
  shape: Shape,
  prefix: string[] = [],
  depth = 0,
): { path: string[]; shape: Shape; optional: boolean }[] {
  if (shape.kind !== 'object' || depth > 4) return [];
  return Object.entries(shape.fields).flatMap(([key, field]) => [
    { path: [...prefix, key], shape: field.shape, optional: field.optional },
    ...fieldPaths(field.shape, [...prefix, key], depth + 1),
  ]);
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate becomes its three WTF-8 bytes
 * (`%ED%A0%80`) instead of throwing, so such text can be put in a URL at all.
 */
export function encodeLoose(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** A value as query or path text (objects and arrays as JSON: a client could send that too). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
