// "Download report": the workbook (members and products), or one table as a CSV file, each a
// download of its own name (a browser asks before several files from one click).
import { useState } from 'react';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { productValueMessages } from '#components/product-values.ts';
import { downloadBlob } from '#lib/download.ts';
import { useLocale, useMessages } from '#lib/i18n.tsx';
import type { ProgressFigures } from './aggregate.ts';
import { membersTable, productsTable, reportWorkbook, tableCsv } from './export.ts';
import type { ProductNamer } from './labels.ts';
import { progressMessages } from './messages.ts';
import styles from './progress.module.css';

type FileChoice = 'xlsx' | 'csv-members' | 'csv-products';

/** `<what>-group-<id>-<YYYY-MM-DD>.<ext>`: named for what it holds, the group and the day. */
export const fileName = (what: string, groupId: number, extension: string) =>
  `${what}-group-${groupId}-${new Date().toISOString().slice(0, 10)}.${extension}`;

/** Runs a download, with the state of the last one (a second click while busy does nothing). */
export function useDownload() {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async (make: () => Promise<[string, Blob]>) => {
    if (state === 'busy') return;
    setState('busy');
    try {
      downloadBlob(...(await make()));
      setState('idle');
    } catch (error) {
      console.error('progress report: export failed', error);
      setState('failed');
    }
  };
  return { state, run };
}

export function ExportControls({
  figures,
  groupId,
  nameOf,
}: {
  figures: ProgressFigures;
  groupId: number;
  nameOf: ProductNamer;
}) {
  const t = useMessages(progressMessages);
  const words = useMessages(productValueMessages);
  const { locale } = useLocale();
  const [choice, setChoice] = useState<FileChoice>('xlsx');
  const { state, run } = useDownload();

  const download = () =>
    run(async () => {
      if (choice === 'csv-members')
        return [fileName('progress-members', groupId, 'csv'), await tableCsv(membersTable(figures, t, nameOf), locale)];
      if (choice === 'csv-products')
        return [
          fileName('progress-products', groupId, 'csv'),
          await tableCsv(productsTable(figures, t, nameOf, words), locale),
        ];
      const tables = [membersTable(figures, t, nameOf), productsTable(figures, t, nameOf, words)];
      return [fileName('progress', groupId, 'xlsx'), await reportWorkbook(tables)];
    });

  return (
    <section aria-labelledby="progress-export" className={styles.export}>
      <h2 id="progress-export">{t.exportTitle}</h2>
      <div className={styles.exportRow}>
        <Field label={t.exportFormat}>
          {(control) => (
            <select {...control} value={choice} onChange={(event) => setChoice(event.target.value as FileChoice)}>
              <option value="xlsx">{t.formatXlsx}</option>
              <option value="csv-members">{t.formatCsvMembers}</option>
              <option value="csv-products">{t.formatCsvProducts}</option>
            </select>
          )}
        </Field>
        <Button onClick={() => void download()} aria-disabled={state === 'busy' || undefined}>
          {t.downloadReport}
        </Button>
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
