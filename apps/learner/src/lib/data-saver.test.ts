import { afterEach, describe, expect, it } from 'vitest';
import { connectionWantsSaving, lazyImages, readDataSaver, writeDataSaver } from './data-saver';

const setConnection = (connection: object | undefined) =>
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });

describe('Hemat data', () => {
  afterEach(() => {
    localStorage.clear();
    setConnection(undefined);
  });

  it('is on by default for the browser’s data saver and 2G connections only', () => {
    expect(connectionWantsSaving(undefined)).toBe(false);
    expect(connectionWantsSaving({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(connectionWantsSaving({ effectiveType: 'slow-2g' })).toBe(true);
    expect(connectionWantsSaving({ effectiveType: '2g' })).toBe(true);
    expect(connectionWantsSaving({ effectiveType: '3g' })).toBe(false);
  });

  it('follows the connection until the participant chooses, then keeps the choice', () => {
    setConnection({ saveData: true });
    expect(readDataSaver()).toBe(true);
    writeDataSaver(false);
    expect(readDataSaver()).toBe(false);
    setConnection({ effectiveType: '4g' });
    writeDataSaver(true);
    expect(readDataSaver()).toBe(true);
  });
});

describe('lazyImages', () => {
  it('loads the images of author and chat HTML only as they near the screen', () => {
    expect(lazyImages('<p><img src="/media/a.png" alt="A"></p><IMG src="/media/b.png">')).toBe(
      '<p><img loading="lazy" decoding="async" src="/media/a.png" alt="A"></p><img loading="lazy" decoding="async" src="/media/b.png">',
    );
  });

  it('keeps a loading the author set, and leaves text without images as it is', () => {
    const eager = '<img src="/media/a.png" loading="eager">';
    expect(lazyImages(eager)).toBe(eager);
    expect(lazyImages('<p>Tanpa gambar, <b>img</b></p>')).toBe('<p>Tanpa gambar, <b>img</b></p>');
  });
});
