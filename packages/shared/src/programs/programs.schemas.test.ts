import { describe, expect, it } from 'vitest';
import { canChangeProgramStatus, showDiscountHint } from './programs.constants';
import { programBodySchema, richTextHasContent } from './programs.schemas';

describe('program rules', () => {
  it('allows only draft|archive → publish and publish → archive', () => {
    expect(canChangeProgramStatus('draft', 'publish')).toBe(true);
    expect(canChangeProgramStatus('archive', 'publish')).toBe(true);
    expect(canChangeProgramStatus('publish', 'archive')).toBe(true);
    expect(canChangeProgramStatus('draft', 'archive')).toBe(false);
    expect(canChangeProgramStatus('publish', 'draft')).toBe(false);
    expect(canChangeProgramStatus('publish', 'publish')).toBe(false);
  });

  it('treats an empty editor as empty rich text', () => {
    expect(richTextHasContent('<p></p>')).toBe(false);
    expect(richTextHasContent('<p><br></p><p>&nbsp;</p>')).toBe(false);
    expect(richTextHasContent('<p>Isi</p>')).toBe(true);
    expect(richTextHasContent('<p><img src="/media/a.png"></p>')).toBe(true);
  });

  it('does not count an image without an address (what the sanitizer leaves of a bad one)', () => {
    expect(richTextHasContent('<p><img /></p>')).toBe(false);
    expect(richTextHasContent('<img src="" alt="x">')).toBe(false);
    expect(richTextHasContent("<img alt='x' src='a.png'>")).toBe(true);
  });

  it('reads a long run of unclosed tags in linear time', () => {
    const started = performance.now();
    expect(richTextHasContent('<'.repeat(50_000))).toBe(true);
    expect(richTextHasContent('<img '.repeat(10_000))).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('hints when Harga Coret is not above Harga Jual', () => {
    expect(showDiscountHint(100, 200)).toBe(true);
    expect(showDiscountHint(300, 200)).toBe(false);
    expect(showDiscountHint(null, 200)).toBe(false);
  });

  it('reads prices typed as text and drops empty selling link rows', () => {
    const parsed = programBodySchema.parse({
      title: 'A',
      program_benefits: '<p>x</p>',
      learning_targets: {
        studies: { id: '5f1c7b8e-6c44-4b8e-9d1e-1a2b3c4d5e6f', title: 'Kuliner' },
        competence: ['Memasak'],
      },
      program_information: {
        selling_price: ' 15000 ',
        discount_price: '',
        selling_link: [{ title: '', url: '' }],
      },
    });
    expect(parsed.program_information).toEqual({
      cover: null,
      selling_price: 15000,
      discount_price: null,
      selling_link: [],
    });
    expect(parsed.fasilitator).toEqual([]);
    expect(parsed.status).toBeUndefined();
  });
});
