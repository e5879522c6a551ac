import path from 'node:path/posix';
import { StringDecoder } from 'node:string_decoder';
import type { SaxesParser, SaxesTagPlain } from 'saxes';
import { loadSaxes } from './lazy-modules';
import { entryChunks, entryText, ZipError, type ZipArchive, type ZipEntry } from './zip-read';

/**
 * Reads the rows of an .xlsx sheet as a stream of plain values. Written on a SAX parser instead of
 * ExcelJS's readers because those failed on valid files from other writers (tried: sheets at
 * other part names than `sheetN.xml`, cells without an `r` address, inline strings of several
 * runs, `{sharedString: n}` left in place of text). Resolves parts through the package's
 * relationships, reads shared strings (plain and rich text) before the sheet, takes the cached
 * result of formulas, and keeps memory to the shared strings plus one batch of rows.
 */

/** A cell as read: text, a number, a boolean, or nothing. */
export type CellValue = string | number | boolean | null;

export interface SheetRow {
  /** 1-based row number as Excel shows it. */
  number: number;
  /** Cells by 0-based column; a sparse array (read a hole as `null`). */
  cells: CellValue[];
}

/** Element name without a namespace prefix (`x:row` → `row`). */
function local(name: string): string {
  const i = name.indexOf(':');
  return i === -1 ? name : name.slice(i + 1);
}

/**
 * The attribute whose local name is `name` (relationship ids come with any prefix). The name
 * without a prefix is looked up first: that is every cell's `r` and `t`, and scanning the
 * attributes for them was a third of the time of reading a large sheet.
 */
function attr(tag: SaxesTagPlain, name: string): string | undefined {
  const attributes = tag.attributes;
  const own = attributes[name];
  if (own !== undefined) return own;
  for (const key in attributes) {
    if (local(key) === name) return attributes[key];
  }
  return undefined;
}

async function parser(onError: (message: string) => never): Promise<SaxesParser> {
  const Saxes = await loadSaxes();
  const sax = new Saxes({ xmlns: false, position: false });
  sax.on('error', (error) => onError(error.message));
  return sax;
}

function broken(detail: string): never {
  throw new ZipError('broken', detail);
}

/** Small XML part → its elements with attributes, in document order. */
async function elementsOf(xml: string): Promise<SaxesTagPlain[]> {
  const tags: SaxesTagPlain[] = [];
  const sax = await parser(broken);
  sax.on('opentag', (tag) => tags.push(tag as SaxesTagPlain));
  sax.write(xml.replace(/^\uFEFF/, '')).close();
  return tags;
}

function entry(zip: ZipArchive, name: string): ZipEntry | undefined {
  return zip.entries.get(name.replace(/^\/+/, '').toLowerCase());
}

function relsOf(part: string): string {
  return path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);
}

/** A relationship target resolved against its source part (absolute targets start at the root). */
function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  return path.normalize(path.join(path.dirname(source), target));
}

async function relationships(zip: ZipArchive, part: string) {
  const rels = entry(zip, relsOf(part));
  if (!rels) return [];
  return (await elementsOf(await entryText(zip, rels)))
    .filter((t) => local(t.name) === 'Relationship')
    .map((t) => ({
      id: attr(t, 'Id') ?? '',
      type: attr(t, 'Type') ?? '',
      target: resolveTarget(part, attr(t, 'Target') ?? ''),
    }));
}

/** The workbook part, the first sheet's part and the shared strings part. */
async function locateParts(zip: ZipArchive) {
  const root = await relationships(zip, '');
  const workbook =
    root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbookEntry = entry(zip, workbook);
  if (!workbookEntry) return null;
  const firstSheet = (await elementsOf(await entryText(zip, workbookEntry))).find(
    (t) => local(t.name) === 'sheet',
  );
  if (!firstSheet) return { workbook, sheet: undefined, sharedStrings: undefined };
  const rels = await relationships(zip, workbook);
  const sheetRel = rels.find((r) => r.id === attr(firstSheet, 'id'));
  const sheet = sheetRel?.target ?? 'xl/worksheets/sheet1.xml';
  const sharedStrings =
    rels.find((r) => r.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  return { workbook, sheet: entry(zip, sheet), sharedStrings: entry(zip, sharedStrings) };
}

/** Streams an XML entry through a SAX parser set up by `setup`. */
async function* saxChunks(zip: ZipArchive, part: ZipEntry, sax: SaxesParser) {
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of entryChunks(zip, part)) {
    let text = decoder.write(chunk);
    if (first) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    sax.write(text);
    yield;
  }
  sax.write(decoder.end()).close();
  yield;
}

/** The shared string table: each `<si>` is its `<t>` texts joined, phonetic runs left out. */
async function readSharedStrings(zip: ZipArchive, part: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!part) return strings;
  const sax = await parser(broken);
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  sax.on('opentag', (tag) => {
    const name = local(tag.name);
    if (name === 'si') current = [];
    else if (name === 'rPh') phonetic += 1;
    else if (name === 't' && phonetic === 0) inText = !tag.isSelfClosing;
  });
  const onText = (text: string) => {
    if (inText && current) current.push(text);
  };
  sax.on('text', onText);
  sax.on('cdata', onText);
  sax.on('closetag', (tag) => {
    const name = local(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') phonetic -= 1;
    else if (name === 'si' && current) {
      strings.push(current.join(''));
      current = null;
    }
  });
  for await (const _ of saxChunks(zip, part, sax)) {
    // the handlers above fill `strings`
  }
  return strings;
}

/** `B12` → 1; `null` when the reference is absent or not a cell address. */
function columnOf(ref: string | undefined): number | null {
  if (!ref) return null;
  const match = /^\$?([A-Za-z]{1,3})\$?\d*$/.exec(ref);
  if (!match) return null;
  let col = 0;
  for (const ch of match[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col - 1;
}

interface CellState {
  col: number;
  type: string;
  value: string[];
  inline: string[];
  hasValue: boolean;
}

function cellValue(cell: CellState, strings: string[]): CellValue {
  const v = cell.value.join('');
  switch (cell.type) {
    case 's': {
      const index = Number.parseInt(v, 10);
      return Number.isInteger(index) ? (strings[index] ?? null) : null;
    }
    case 'inlineStr':
      return cell.inline.length > 0 ? cell.inline.join('') : v;
    case 'str':
    case 'e':
    case 'd':
      return v;
    case 'b':
      return cell.hasValue ? v.trim() === '1' || v.trim().toLowerCase() === 'true' : null;
    default: {
      if (!cell.hasValue || v.trim() === '') return null;
      const n = Number(v);
      return Number.isFinite(n) ? n : v;
    }
  }
}

export interface XlsxSheet {
  /** The first sheet's rows in batches, empty rows included as far as the file lists them. */
  rows(): AsyncGenerator<SheetRow[]>;
}

/**
 * Opens the first sheet of an .xlsx package (an opened zip). Answers `null` when the package has
 * no workbook (not a spreadsheet) and throws `ZipError` when a part is broken.
 */
export async function openFirstSheet(zip: ZipArchive): Promise<XlsxSheet | null | 'no-sheet'> {
  const parts = await locateParts(zip);
  if (!parts) return null;
  const sheet = parts.sheet;
  if (!sheet) return 'no-sheet';
  const strings = await readSharedStrings(zip, parts.sharedStrings);

  return {
    async *rows() {
      const sax = await parser(broken);
      let batch: SheetRow[] = [];
      let row: SheetRow | null = null;
      let lastRow = 0;
      let cell: CellState | null = null;
      let lastCol = -1;
      let target: 'value' | 'inline' | null = null;
      let inInline = false;
      let phonetic = 0;

      sax.on('opentag', (tag) => {
        switch (local(tag.name)) {
          case 'row': {
            const r = Number.parseInt(attr(tag, 'r') ?? '', 10);
            lastRow = Number.isInteger(r) && r > 0 ? r : lastRow + 1;
            row = { number: lastRow, cells: [] };
            lastCol = -1;
            break;
          }
          case 'c': {
            const col = columnOf(attr(tag, 'r')) ?? lastCol + 1;
            lastCol = col;
            cell = { col, type: attr(tag, 't') ?? 'n', value: [], inline: [], hasValue: false };
            break;
          }
          case 'v':
            if (cell) {
              cell.hasValue = true;
              target = 'value';
            }
            break;
          case 'is':
            inInline = true;
            break;
          case 'rPh':
            phonetic += 1;
            break;
          case 't':
            if (cell && inInline && phonetic === 0) target = 'inline';
            break;
        }
      });
      const onText = (text: string) => {
        if (!cell || !target) return;
        if (target === 'value') cell.value.push(text);
        else cell.inline.push(text);
      };
      sax.on('text', onText);
      sax.on('cdata', onText);
      sax.on('closetag', (tag) => {
        switch (local(tag.name)) {
          case 'v':
          case 't':
            target = null;
            break;
          case 'is':
            inInline = false;
            break;
          case 'rPh':
            phonetic -= 1;
            break;
          case 'c':
            if (row && cell) {
              // Sparse on purpose: a cell far right (XFD) must not allocate the columns before it.
              row.cells[cell.col] = cellValue(cell, strings);
            }
            cell = null;
            break;
          case 'row':
            if (row) batch.push(row);
            row = null;
            break;
        }
      });

      for await (const _ of saxChunks(zip, sheet, sax)) {
        if (batch.length > 0) {
          yield batch;
          batch = [];
        }
      }
    },
  };
}
