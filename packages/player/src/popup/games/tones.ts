/** Colours of an answer: chosen, right, wrong, or plain. */
export type Tone = 'primary' | 'success' | 'error' | 'none';

const tints: Record<Tone, string> = {
  primary: 'rgba(13, 71, 161, 0.08)',
  success: 'rgba(46, 125, 50, 0.10)',
  error: 'rgba(211, 47, 47, 0.08)',
  none: 'transparent',
};

export function toneStyles(tone: Tone) {
  return {
    borderColor: tone === 'none' ? 'divider' : `${tone}.main`,
    backgroundColor: tone === 'none' ? 'background.paper' : tints[tone],
  };
}
