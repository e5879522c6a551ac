interface ProgressBarProps {
  value: number;
  /** The text shown above the bar. */
  label: string;
  /** The bar's accessible name when the visible label alone is not enough ('Progres <program>'). */
  name?: string;
}

/** A labelled progress bar of 0…100 percent (role=progressbar with its value). */
export function ProgressBar({ value, label, name }: ProgressBarProps) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress">
      <div className="progress__label" aria-hidden="true">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={name ?? label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
