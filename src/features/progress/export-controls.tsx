// "Download report": a file format and the button.
import { useId, useState } from 'react';
import { useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import type { ProgressFigures } from './aggregate.ts';
import { reportCsv, reportTables, reportWorkbook, saveFile } from './export.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

export function ExportControls({ figures, groupId }: { figures: ProgressFigures; groupId: number }) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const { locale } = useLocale();
  const id = useId();
  const [fileFormat, setFileFormat] = useState<'csv' | 'xlsx'>('csv');
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const download = async () => {
    if (state === 'busy') return;
    setState('busy');
    try {
      const tables = reportTables(figures, t, format);
      const day = new Date().toISOString().slice(0, 10);
      const name = `progress-group-${groupId}-${day}.${fileFormat}`;
      const blob =
        fileFormat === 'csv'
          ? await reportCsv(tables, locale)
          : await reportWorkbook(tables, [t.sheetProducts, t.sheetMembers]);
      saveFile(name, blob);
      setState('idle');
    } catch (error) {
      console.error('progress report: export failed', error);
      setState('failed');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.export}>
      <h2 id={`${id}-title`}>{t.exportTitle}</h2>
      <div className={styles.exportRow}>
        <div className="field">
          <label htmlFor={`${id}-format`}>{t.exportFormat}</label>
          <select
            id={`${id}-format`}
            value={fileFormat}
            onChange={(event) => setFileFormat(event.target.value === 'xlsx' ? 'xlsx' : 'csv')}
          >
            <option value="csv">{t.formatCsv}</option>
            <option value="xlsx">{t.formatXlsx}</option>
          </select>
        </div>
        <button
          type="button"
          className="button"
          onClick={() => void download()}
          aria-disabled={state === 'busy' || undefined}
        >
          {t.downloadReport}
        </button>
      </div>
      {state === 'busy' && <p role="status">{t.exporting}</p>}
      {state === 'failed' && (
        <p role="alert" className="notice notice-error">
          {t.exportFailed}
        </p>
      )}
    </section>
  );
}
