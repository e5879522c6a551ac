import { describe, expect, it } from 'vitest';
import { textToMessageHtml } from './message-text';

describe('textToMessageHtml', () => {
  it('keeps typed markup as text and line breaks as breaks', () => {
    expect(textToMessageHtml('  <b>tebal</b> & <script>alert(1)</script>\nbaris 2 ')).toBe(
      '&lt;b&gt;tebal&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;<br>baris 2',
    );
  });
});
