import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resumeSecond } from '../components/youtube-activity';
import {
  readYoutubeMessage,
  useYoutubeAnswer,
  useYoutubeProgress,
  youtubeAnswerSeconds,
  youtubePlayerUrl,
} from './youtube-bridge';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const embed = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE';

function Player({ onTime }: { onTime: (position: number, duration: number) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useYoutubeProgress(frame, { onTime });
  return <iframe ref={frame} title="Video" src={embed} />;
}

/** A message from the player's frame, as YouTube posts it (a JSON string). */
function fromPlayer(
  frame: HTMLIFrameElement,
  data: unknown,
  origin = 'https://www.youtube-nocookie.com',
) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: JSON.stringify(data),
        origin,
        source: frame.contentWindow,
      }),
    );
  });
}

const info = (currentTime: number, playerState = 1) => ({
  event: 'infoDelivery',
  info: { currentTime, duration: 300, playerState },
});

describe('youtubePlayerUrl', () => {
  it('turns the message channel on and starts at the saved whole second', () => {
    const url = new URL(youtubePlayerUrl(embed, 'http://localhost:3000', 95.7));
    expect(url.searchParams.get('enablejsapi')).toBe('1');
    expect(url.searchParams.get('origin')).toBe('http://localhost:3000');
    expect(url.searchParams.get('start')).toBe('95');
    expect(new URL(youtubePlayerUrl(embed, 'http://x', 0)).searchParams.has('start')).toBe(false);
  });

  it('resumes from the saved position, but from the start once watched to the end', () => {
    expect(resumeSecond(null, null)).toBe(0);
    expect(resumeSecond(95.7, 300)).toBe(95);
    expect(resumeSecond(297, 300)).toBe(0);
  });
});

describe('useYoutubeProgress', () => {
  it('says it listens, then reports the time when play starts, on pause and every ten seconds of play', () => {
    const onTime = vi.fn();
    const { container } = render(<Player onTime={onTime} />);
    const frame = container.querySelector('iframe')!;
    const sent: unknown[] = [];
    vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation((m: unknown) => {
      sent.push(JSON.parse(String(m)));
    });
    frame.dispatchEvent(new Event('load'));
    expect(sent).toContainEqual(expect.objectContaining({ event: 'listening' }));

    // Play starts: reported (the server counts watched seconds from one report to the next).
    fromPlayer(frame, info(0.4));
    expect(onTime).toHaveBeenLastCalledWith(0.4, 300);
    fromPlayer(frame, info(4));
    expect(onTime).toHaveBeenCalledTimes(1);
    fromPlayer(frame, info(10.2));
    expect(onTime).toHaveBeenLastCalledWith(10.2, 300);
    fromPlayer(frame, info(12, 2)); // paused
    expect(onTime).toHaveBeenLastCalledWith(12, 300);
    fromPlayer(frame, info(120)); // a jump
    expect(onTime).toHaveBeenLastCalledWith(120, 300);
    expect(onTime).toHaveBeenCalledTimes(4);
  });

  it('ignores messages from another origin or another frame, and messages that are not JSON', () => {
    const onTime = vi.fn();
    const { container } = render(<Player onTime={onTime} />);
    const frame = container.querySelector('iframe')!;
    fromPlayer(frame, info(50, 2), 'https://evil.example');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify(info(50, 2)),
          origin: 'https://www.youtube-nocookie.com',
          source: window,
        }),
      );
    });
    expect(onTime).not.toHaveBeenCalled();
    expect(readYoutubeMessage('not json')).toBeNull();
    expect(readYoutubeMessage({ info: {} })).toBeNull();
  });
});

function Answer() {
  const frame = useRef<HTMLIFrameElement>(null);
  const answer = useYoutubeAnswer(frame);
  return (
    <>
      <iframe ref={frame} title="Video" src={embed} />
      <p>{answer}</p>
    </>
  );
}

describe('useYoutubeAnswer', () => {
  it('turns silent when the player does not answer in time, and answered when it answers late', () => {
    vi.useFakeTimers();
    const { container, getByText } = render(<Answer />);
    const frame = container.querySelector('iframe')!;
    getByText('waiting');
    act(() => vi.advanceTimersByTime(youtubeAnswerSeconds * 1000 - 1));
    getByText('waiting');
    act(() => vi.advanceTimersByTime(1));
    getByText('silent');
    fromPlayer(frame, { event: 'initialDelivery', info: {} });
    getByText('answered');
  });

  it('stays answered once the player answered, whatever time passes', () => {
    vi.useFakeTimers();
    const { container, getByText } = render(<Answer />);
    const frame = container.querySelector('iframe')!;
    // Another origin does not count as the player.
    fromPlayer(frame, info(1), 'https://evil.example');
    getByText('waiting');
    fromPlayer(frame, info(1));
    getByText('answered');
    act(() => vi.advanceTimersByTime(youtubeAnswerSeconds * 2000));
    getByText('answered');
  });
});
