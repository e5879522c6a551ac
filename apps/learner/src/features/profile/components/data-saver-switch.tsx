import { useDataSaver } from '../../../lib/data-saver';

/**
 * 'Hemat data' on the profile: videos at their lowest quality, nothing loaded before 'play', no
 * program covers.
 */
export function DataSaverSwitch() {
  const [on, setOn] = useDataSaver();
  return (
    <div className="stack" style={{ gap: '0.25rem' }}>
      <label className="push-switch">
        <span>Hemat data</span>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby="data-saver-hint"
          onChange={(event) => setOn(event.target.checked)}
        />
      </label>
      <span id="data-saver-hint" className="muted">
        Video diputar dengan kualitas terendah dan baru dimuat saat Anda menekan putar. Gambar
        sampul program tidak dimuat.
      </span>
    </div>
  );
}
