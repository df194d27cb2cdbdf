// A progress bar for work that counts (rows imported, people looked up, groups exported): a
// `progressbar` named by `label`, its value read out as `valueText` ("41 of 1,000"), or as
// indeterminate while `done` is unknown.
import styles from './progress-bar.module.css';

interface ProgressBarProps {
  label: string;
  /** Done so far; undefined while unknown (the bar then says nothing of a value). */
  done: number | undefined;
  total: number;
  /** What a screen reader says for the value, in the page's words. */
  valueText?: string;
  className?: string;
}

export function ProgressBar({ label, done, total, valueText, className }: ProgressBarProps) {
  // Work of no items is complete; an unknown value draws an empty bar.
  const percent = done === undefined ? 0 : total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
  return (
    <div
      className={className ? `${styles.track} ${className}` : styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={valueText}
    >
      {/* A style property set from script, not an inline style attribute: allowed by the CSP. */}
      <div className={styles.bar} style={{ width: `${percent}%` }} />
    </div>
  );
}
