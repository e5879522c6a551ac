/** Texts of the preview that tests and several components share. */
export const previewTexts = {
  banner: 'Mode pratinjau — jawaban tidak disimpan',
  button: 'Pratinjau',
} as const;
