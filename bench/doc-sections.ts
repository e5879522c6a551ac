/**
 * docs/benchmarks.md is written by several benches and annotated by hand ("Reading these
 * figures"). A run replaces only the `## ` sections it measured, matched by their heading up to
 * the first '(' or ':', keeps every other section where it is, and puts a new section before the
 * hand-written notes. The title block is the run's when it measured everything, else the file's.
 */
export function mergeSections(existing: string, generated: string[], fullRun: boolean): string {
  const split = (text: string) => {
    const parts = text.split(/^(?=## )/m);
    const head = parts[0]?.startsWith('## ') ? '' : (parts.shift() ?? '');
    return { head, sections: parts.map((p) => `${p.trimEnd()}\n`) };
  };
  const key = (section: string) =>
    (section.split('\n')[0] ?? '').replace(/^## /, '').split(/[(:]/)[0]!.trim().toLowerCase();
  const old = split(existing);
  const fresh = split(generated.join('\n'));
  const replaced = new Set<string>();
  const sections = old.sections.map((s) => {
    const match = fresh.sections.find((f) => key(f) === key(s));
    if (!match) return s;
    replaced.add(key(s));
    return match;
  });
  const added = fresh.sections.filter((f) => !replaced.has(key(f)));
  const notes = sections.findIndex((s) => key(s).startsWith('reading these figures'));
  sections.splice(notes < 0 ? sections.length : notes, 0, ...added);
  const head = fullRun || !old.head ? fresh.head : old.head;
  return `${head.trimEnd()}\n\n${sections.join('\n')}`;
}
