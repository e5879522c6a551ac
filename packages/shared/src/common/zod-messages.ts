import { config, type $ZodRawIssue } from 'zod/v4/core';

/**
 * Indonesian words for what zod reports when a schema carries no message of its own (query and
 * path parameters mostly): the envelope's `validation` key already names the field, so the
 * message says what is wrong with the value (docs/decisions.md, "Indonesian zod messages").
 */
const subject = 'Nilai';

const typeNames: Record<string, string> = {
  string: 'teks',
  number: 'angka',
  int: 'bilangan bulat',
  bigint: 'angka',
  boolean: 'benar atau salah',
  date: 'tanggal',
  array: 'daftar',
  object: 'objek',
};

const formatNames: Record<string, string> = {
  email: 'email',
  url: 'URL',
  uuid: 'UUID',
  datetime: 'tanggal dan waktu',
  date: 'tanggal',
  time: 'jam',
};

type Issue = $ZodRawIssue;

function sizeUnit(origin: string | undefined): string {
  if (origin === 'string') return ' karakter';
  if (origin === 'array' || origin === 'set') return ' item';
  if (origin === 'file') return ' byte';
  return '';
}

/** The Indonesian message of an issue a schema did not word itself. */
export function indonesianZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return `${subject} tidak boleh kosong`;
      const expected = typeNames[issue.expected] ?? issue.expected;
      return `${subject} harus berupa ${expected}`;
    }
    case 'too_small': {
      const n = issue.minimum.toString();
      const sign = issue.inclusive ? 'lebih dari atau sama dengan' : 'lebih dari';
      return `${subject} harus ${sign} ${n}${sizeUnit(issue.origin)}`;
    }
    case 'too_big': {
      const n = issue.maximum.toString();
      const sign = issue.inclusive ? 'kurang dari atau sama dengan' : 'kurang dari';
      return `${subject} harus ${sign} ${n}${sizeUnit(issue.origin)}`;
    }
    case 'invalid_value':
      return `${subject} harus salah satu dari: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format': {
      const name = formatNames[issue.format];
      return name
        ? `${subject} bukan ${name} yang valid`
        : `Format ${subject.toLowerCase()} tidak valid`;
    }
    case 'not_multiple_of':
      return `${subject} harus kelipatan ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Kolom tidak dikenal: ${issue.keys.join(', ')}`;
    default:
      return `${subject} tidak valid`;
  }
}

// Set once for the server, which sends these messages: `app.ts` imports this module. The apps word
// their forms' messages in the schemas themselves and keep zod off their first screens.
config({ localeError: indonesianZodMessage });
