import type { RecordedRoute } from '../test/route-recorder';
import { asText, encodeLoose, fieldPaths, MB, valuesFor, type FuzzValue } from './fuzz-values';
import { fieldOf, type Shape } from './zod-shape';

/** A valid request of a route (from the authorization matrix's row), the fuzz's starting point. */
export interface BaseRequest {
  method: string;
  url: string;
  payload?: unknown;
  headers: Record<string, string>;
}

export interface BuiltRequest {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

export interface FuzzCase {
  /** `body.title: NUL`, `params.id: 2^31`, `query: repeated page`… */
  label: string;
  badText: boolean;
  build: (base: BaseRequest) => BuiltRequest;
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

function setAt(target: Record<string, unknown>, path: string[], v: FuzzValue) {
  let node: Record<string, unknown> = target;
  for (const key of path.slice(0, -1)) {
    const child = node[key];
    if (typeof child !== 'object' || child === null || Array.isArray(child)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (v.missing) delete node[last];
  else node[last] = v.value;
}

function splitUrl(url: string) {
  const [path, query = ''] = url.split('?');
  return { path: path!, query: [...new URLSearchParams(query).entries()] };
}

function joinUrl(path: string, query: [string, string][]) {
  if (query.length === 0) return path;
  return `${path}?${query.map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`).join('&')}`;
}

function jsonRequest(base: BaseRequest, url: string, payload: unknown): BuiltRequest {
  return {
    method: base.method,
    url,
    headers: { ...base.headers, 'content-type': 'application/json' },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  };
}

/** The base request as it is, with only the URL changed. */
function withUrl(base: BaseRequest, url: string): BuiltRequest {
  if (Buffer.isBuffer(base.payload)) {
    return { method: base.method, url, headers: base.headers, payload: base.payload };
  }
  return jsonRequest(base, url, base.payload);
}

function paramCases(route: RecordedRoute): FuzzCase[] {
  if (!route.params) return [];
  const pattern = route.url.split('/');
  const shape = fieldOf(route.params).shape;
  const fields = shape.kind === 'object' ? shape.fields : {};
  const cases: FuzzCase[] = [];
  pattern.forEach((segment, index) => {
    const name = segment === '*' ? '*' : segment.startsWith(':') ? segment.slice(1) : null;
    if (name === null) return;
    const values: FuzzValue[] = [
      ...valuesFor(fields[name]?.shape ?? { kind: 'string' }, 4096).filter(
        (v) => typeof v.value === 'string' || typeof v.value === 'number',
      ),
      { name: 'malformed escape', value: '%E0%A4%A' },
      { name: 'encoded NUL', value: '%00', badText: true },
      { name: 'encoded slash', value: '..%2F..%2Fetc' },
      { name: 'encoded dot dot', value: '%2e%2e' },
    ];
    for (const v of values) {
      // Values that are escapes already go in as they are; the rest is encoded. In a URL only NUL
      // is bad text: a lone surrogate has no UTF-8 form, its bytes decode to U+FFFD.
      const raw = typeof v.value === 'string' && v.name.startsWith('encoded') ? v.value : null;
      const text =
        raw ?? (v.name === 'malformed escape' ? String(v.value) : encodeLoose(asText(v.value)));
      cases.push({
        label: `params.${name}: ${v.name}`,
        badText: Boolean(v.badText) && /\0|%00/.test(asText(v.value)),
        build: (base) => {
          const { path, query } = splitUrl(base.url);
          const segments = path.split('/');
          const replaced =
            name === '*'
              ? [...segments.slice(0, index), text]
              : segments.map((s, i) => (i === index ? text : s));
          if (text === '' && name !== '*') replaced[index] = '';
          return withUrl(base, joinUrl(replaced.join('/'), query));
        },
      });
    }
  });
  return cases;
}

function queryCases(route: RecordedRoute): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const shape: Shape = route.query ? fieldOf(route.query).shape : { kind: 'object', fields: {} };
  const fields = shape.kind === 'object' ? shape.fields : {};
  const edit = (
    label: string,
    badText: boolean,
    change: (q: [string, string][]) => [string, string][],
  ) =>
    cases.push({
      label: `query.${label}`,
      // Only NUL survives a URL (see paramCases).
      badText: badText && change([]).some(([, v]) => v.includes('\0')),
      build: (base) => {
        const { path, query } = splitUrl(base.url);
        return withUrl(base, joinUrl(path, change(query)));
      },
    });
  for (const [name, field] of Object.entries(fields)) {
    for (const v of valuesFor(field.shape, 64 * 1024)) {
      const others = (q: [string, string][]) => q.filter(([k]) => k !== name);
      if (Array.isArray(v.value)) {
        const items = v.value.slice(0, 50).map((x): [string, string] => [name, asText(x)]);
        edit(`${name}: ${v.name} (repeated key)`, Boolean(v.badText), (q) => [
          ...others(q),
          ...items,
        ]);
      } else {
        edit(`${name}: ${v.name}`, Boolean(v.badText), (q) => [
          ...others(q),
          [name, asText(v.value)],
        ]);
      }
    }
    edit(`${name}: repeated`, false, (q) => [...q, [name, 'a'], [name, 'b']]);
  }
  edit('extra NUL param', true, (q) => [...q, ['zzz', '\u0000']]);
  edit('extra huge param', false, (q) => [...q, ['zzz', 'a'.repeat(100_000)]]);
  edit('bracket key', false, (q) => [...q, ['page[$gt]', '1']]);
  return cases;
}

function bodyCases(route: RecordedRoute, base: BaseRequest, bodySchema: unknown): FuzzCase[] {
  if (Buffer.isBuffer(base.payload)) return multipartCases(base);
  if (base.method === 'GET' || (!bodySchema && base.payload === undefined)) return [];
  const cases: FuzzCase[] = [];
  const shape: Shape = bodySchema
    ? fieldOf(bodySchema).shape
    : {
        kind: 'object',
        fields: Object.fromEntries(
          Object.keys((base.payload ?? {}) as object).map((k) => [
            k,
            { shape: { kind: 'any' }, optional: true },
          ]),
        ),
      };
  for (const field of fieldPaths(shape)) {
    const values = [...valuesFor(field.shape, MB)];
    if (!field.optional) values.push({ name: 'missing', value: undefined, missing: true });
    for (const v of values) {
      cases.push({
        label: `body.${field.path.join('.')}: ${v.name}`,
        badText: Boolean(v.badText),
        build: (b) => {
          const body = (clone(b.payload) ?? {}) as Record<string, unknown>;
          if (typeof body !== 'object' || body === null || Array.isArray(body))
            return jsonRequest(b, b.url, body);
          setAt(body, field.path, v);
          return jsonRequest(b, b.url, body);
        },
      });
    }
  }
  const whole = (label: string, badText: boolean, make: (b: BaseRequest) => BuiltRequest) =>
    cases.push({ label: `body: ${label}`, badText, build: make });
  whole('null', false, (b) => jsonRequest(b, b.url, null));
  whole('array of the body', false, (b) => jsonRequest(b, b.url, [b.payload ?? {}]));
  whole('string', false, (b) => jsonRequest(b, b.url, 'teks'));
  whole('number', false, (b) => jsonRequest(b, b.url, 2 ** 53));
  whole('empty object', false, (b) => jsonRequest(b, b.url, {}));
  whole('extra fields', false, (b) =>
    jsonRequest(b, b.url, {
      ...(b.payload as object),
      zzz: 'x',
      id: '00000000-0000-0000-0000-000000000000',
      created_at: 'kemarin',
    }),
  );
  whole('extra NUL field', true, (b) =>
    jsonRequest(b, b.url, { ...(b.payload as object), zzz: '\u0000' }),
  );
  whole('deep nesting', false, (b) => ({
    ...jsonRequest(b, b.url, undefined),
    payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  }));
  whole('broken JSON', false, (b) => ({ ...jsonRequest(b, b.url, undefined), payload: '{"a":' }));
  whole('escaped lone surrogate', true, (b) => ({
    ...jsonRequest(b, b.url, undefined),
    payload: '{"a":"\\ud800"}',
  }));
  whole('form encoded', false, (b) => ({
    method: b.method,
    url: b.url,
    headers: { ...b.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'a=1',
  }));
  whole('text/plain', false, (b) => ({
    method: b.method,
    url: b.url,
    headers: { ...b.headers, 'content-type': 'text/plain' },
    payload: 'teks',
  }));
  whole('2 MB + 1', false, (b) => jsonRequest(b, b.url, { a: 'x'.repeat(2 * MB) }));
  return cases;
}

/** Raw bytes spliced into the base multipart body: file name and every text field. */
function spliceMultipart(body: Buffer, target: 'filename' | 'field', bytes: Buffer): Buffer {
  const text = body.toString('latin1');
  const re = target === 'filename' ? /filename="([^"]*)"/g : /name="[^"]*"\r\n\r\n([^\r]*)\r\n/g;
  let out = text;
  for (const m of text.matchAll(re)) {
    if (target === 'field' && m[0].includes('filename=')) continue;
    out = out.replace(m[0], m[0].replace(m[1]!, bytes.toString('latin1')));
  }
  return Buffer.from(out, 'latin1');
}

function multipartCases(base: BaseRequest): FuzzCase[] {
  const hasField = /name="[^"]*"\r\n\r\n/.test((base.payload as Buffer).toString('latin1'));
  const names: [string, Buffer, boolean][] = [
    ['NUL', Buffer.from('tugas\u0000.pdf'), true],
    [
      'lone surrogate (WTF-8)',
      Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x2e, 0x70, 0x64, 0x66]),
      false,
    ],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe, 0x2e, 0x70, 0x6e, 0x67]), false],
    ['emoji', Buffer.from('😀😀.pdf'), false],
    ['rtl override', Buffer.from('\u202efdp.exe'), false],
    ['10k chars', Buffer.from(`${'a'.repeat(10_000)}.pdf`), false],
    ['traversal', Buffer.from('../../../etc/passwd'), false],
    ['empty', Buffer.alloc(0), false],
  ];
  const cases: FuzzCase[] = [];
  for (const target of hasField ? (['filename', 'field'] as const) : (['filename'] as const)) {
    for (const [name, bytes, badText] of names) {
      cases.push({
        label: `multipart ${target}: ${name}`,
        // Routes read their multipart parts and apply the shared text rule to names and fields.
        badText,
        build: (b) => ({
          method: b.method,
          url: b.url,
          headers: b.headers,
          payload: spliceMultipart(b.payload as Buffer, target, bytes),
        }),
      });
    }
  }
  const raw = (label: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    cases.push({
      label: `multipart: ${label}`,
      badText: false,
      build: (b) => ({
        method: b.method,
        url: b.url,
        headers: { ...b.headers, ...headers },
        payload,
      }),
    });
  raw('JSON body', '{"file":"x"}', { 'content-type': 'application/json' });
  raw('no boundary', 'x', { 'content-type': 'multipart/form-data' });
  raw(
    'truncated',
    Buffer.from(
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
    ),
    { 'content-type': 'multipart/form-data; boundary=abc' },
  );
  raw('empty', Buffer.alloc(0));
  return cases;
}

/**
 * Every case of a route: path parameters, query and body (or multipart body). `bodySchema`
 * stands in for a route that reads its body itself (a form that is JSON or multipart).
 */
export function casesFor(
  route: RecordedRoute,
  base: BaseRequest,
  bodySchema?: unknown,
): FuzzCase[] {
  return [
    ...paramCases(route),
    ...queryCases(route),
    ...bodyCases(route, base, bodySchema ?? route.body),
  ];
}

/** The request a case made, as the starting point of the next case (JSON bodies only). */
function asBase(built: BuiltRequest): BaseRequest | null {
  if (Buffer.isBuffer(built.payload)) return { ...built };
  if (built.payload === undefined) return { ...built, payload: undefined };
  try {
    return { ...built, payload: JSON.parse(built.payload) as unknown };
  } catch {
    return null;
  }
}

/**
 * `count` cases that each apply 2 to 4 field cases one after the other (several fields broken
 * at once), picked with the seeded PRNG: the bench's cases beyond the single-field ones.
 */
export function combinedCases(cases: FuzzCase[], count: number, random: () => number): FuzzCase[] {
  const fields = cases.filter((c) => /^(params|query|body)\.[^:]+:/.test(c.label));
  if (fields.length < 2) return [];
  return Array.from({ length: count }, () => {
    const parts = Array.from(
      { length: 2 + Math.floor(random() * 3) },
      () => fields[Math.floor(random() * fields.length)]!,
    );
    return {
      label: parts.map((p) => p.label).join(' + '),
      // Refused NUL is asserted on single cases; a combination only has to stay below 500.
      badText: false,
      build: (base: BaseRequest) => {
        let current = base;
        let built = parts[0]!.build(current);
        for (const part of parts.slice(1)) {
          const next = asBase(built);
          if (!next) break;
          current = next;
          built = part.build(current);
        }
        return built;
      },
    };
  });
}
