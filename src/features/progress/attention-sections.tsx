// "Stalled" and "Below the pass mark": the members to follow up, each section with its count, a
// sortable table (name, e-mail, product, dates, score), "Add these people to a group…" (the bulk add,
// with them chosen, as the members table's bulk action does) and "Download" (the table as CSV).
// A table shows its first rows in the order chosen, and all of them on demand: a large group has
// hundreds of stalled takes, and the page stays light until they are asked for.
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#components/button.tsx';
import { Field } from '#components/field.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { chosenPeopleState } from '#lib/chosen-people.ts';
import { useFormat, useLocale, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { paths } from '#lib/paths.ts';
import type { ReportMember, ReportProduct } from '#schemas/progress-report.ts';
import { AsOf } from './as-of.tsx';
import type { BelowPassMarkRow, StalledRow } from './attention.ts';
import { belowTable, stalledTable, tableCsv, type ReportTable } from './export.ts';
import { fileName, useDownload } from './export-controls.tsx';
import { memberLabel, type ProductNamer } from './labels.ts';
import { progressMessages } from './messages.ts';
import { MAX_STALLED_DAYS } from './progress-params.ts';
import { SortHeader, useSorted, type SortValue } from './sorting.tsx';
import styles from './progress.module.css';

/** The rows a table shows before "Show all". */
const FIRST_ROWS = 10;

interface Props {
  groupId: number;
  nameOf: ProductNamer;
  stalled: StalledRow[];
  stalledDays: number;
  onStalledDays: (days: number) => void;
  below: BelowPassMarkRow[];
}

export function AttentionSections({ groupId, nameOf, stalled, stalledDays, onStalledDays, below }: Props) {
  const t = useMessages(progressMessages);
  const format = useFormat();
  const formatMessage = useMessageFormat();
  return (
    <>
      <AttentionSection
        title={t.stalledTitle}
        count={formatMessage(t.stalledCount, { count: stalled.length, days: stalledDays })}
        controls={<StalledDays days={stalledDays} onChange={onStalledDays} />}
        groupId={groupId}
        rows={stalled}
        file="stalled"
        table={() => stalledTable(stalled, t, nameOf)}
        columns={[
          { header: t.columnStarted, value: (row) => row.started, show: (row) => format.date(row.started) },
          { header: t.columnDays, value: (row) => row.days, show: (row) => format.number(row.days), number: true },
          { header: t.columnScore, value: (row) => row.score, show: (row) => format.score(row.score), number: true },
        ]}
        nameOf={nameOf}
      />
      <AttentionSection
        title={t.belowTitle}
        count={formatMessage(t.belowCount, { count: below.length })}
        groupId={groupId}
        rows={below}
        file="below-pass-mark"
        table={() => belowTable(below, t, nameOf)}
        columns={[
          { header: t.columnStarted, value: (row) => row.started, show: (row) => format.date(row.started) },
          { header: t.columnCompletedOn, value: (row) => row.completed, show: (row) => format.date(row.completed) },
          { header: t.columnScore, value: (row) => row.score, show: (row) => format.score(row.score), number: true },
          {
            header: t.columnPassMark,
            value: (row) => row.passMark,
            show: (row) => format.score(row.passMark),
            number: true,
          },
        ]}
        nameOf={nameOf}
      />
    </>
  );
}

/** The number of days of "Stalled": applied once it is a whole number in range. */
function StalledDays({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const t = useMessages(progressMessages);
  const [text, setText] = useState(String(days));
  const value = Number(text);
  const valid = /^\d+$/.test(text.trim()) && value >= 1 && value <= MAX_STALLED_DAYS;
  return (
    <Field label={t.stalledDays} error={valid ? undefined : t.stalledDaysInvalid} className={styles.daysField}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_STALLED_DAYS}
          step={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const next = Number(event.target.value);
            if (/^\d+$/.test(event.target.value.trim()) && next >= 1 && next <= MAX_STALLED_DAYS) onChange(next);
          }}
        />
      )}
    </Field>
  );
}

interface Row {
  member: ReportMember;
  product: ReportProduct;
}

interface Column<R> {
  header: string;
  value: (row: R) => SortValue;
  show: (row: R) => string;
  number?: boolean;
}

function AttentionSection<R extends Row>({
  title,
  count,
  controls,
  groupId,
  rows,
  file,
  table,
  columns,
  nameOf,
}: {
  title: string;
  count: string;
  controls?: ReactNode;
  groupId: number;
  rows: R[];
  file: string;
  table: () => ReportTable;
  columns: Column<R>[];
  nameOf: ProductNamer;
}) {
  const t = useMessages(progressMessages);
  const formatMessage = useMessageFormat();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const { state, run } = useDownload();
  const valueOf = (row: R, column: number): SortValue =>
    column === 0
      ? memberLabel(row.member, t)
      : column === 1
        ? row.member.email
        : column === 2
          ? nameOf(row.product)
          : (columns[column - 3]?.value(row) ?? null);
  const { sorted, sort, toggle } = useSorted(rows, valueOf);
  const [all, setAll] = useState(false);
  const shown = all ? sorted : sorted.slice(0, FIRST_ROWS);
  const people = [...new Set(rows.map((row) => row.member.user_id))];
  const headers = [t.columnMember, t.columnEmail, t.columnProduct, ...columns.map((column) => column.header)];

  return (
    // Not a named region itself: its table's scrolling region bears the section's name.
    <section className={styles.attention}>
      <h2 id={`${id}-title`}>{title}</h2>
      <AsOf />
      <p className={styles.attentionCount}>{count}</p>
      {controls}
      {rows.length > 0 && (
        <>
          <div className={styles.attentionActions}>
            <Button
              onClick={() => void navigate(paths.addPeople(), { state: chosenPeopleState(groupId, people) })}
              aria-describedby={`${id}-people`}
            >
              {t.addToGroup}
            </Button>
            <Button
              onClick={() => void run(async () => [fileName(file, groupId, 'csv'), await tableCsv(table(), locale)])}
              aria-disabled={state === 'busy' || undefined}
              aria-describedby={`${id}-title`}
            >
              {t.download}
            </Button>
            <span id={`${id}-people`} className={styles.hint}>
              {formatMessage(t.attentionPeople, { count: people.length })}
            </span>
          </div>
          {state === 'failed' && (
            <p role="alert" className="notice notice-error">
              {t.exportFailed}
            </p>
          )}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus to be scrolled without a mouse */}
          <div className={`${styles.scroll} ${styles.attentionScroll}`} tabIndex={0} role="region" aria-label={title}>
            <table className={styles.table}>
              <caption>{title}</caption>
              <thead className={styles.stickyHead}>
                <tr>
                  {headers.map((label, column) => (
                    <SortHeader key={label} label={label} column={column} sort={sort} onSort={toggle} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => (
                  <tr key={`${row.member.user_id}:${row.product.product_id}`}>
                    <th scope="row" className={styles.personCell}>
                      <Link to={paths.user(row.member.user_id)}>
                        <PortalText>{memberLabel(row.member, t)}</PortalText>
                      </Link>
                      {/* Without an e-mail, the identifier tells two members of the same name apart. */}
                      {row.member.email === null && row.member.user_organisation_identifier && (
                        <span className={styles.personDetail}>
                          <PortalText>{row.member.user_organisation_identifier}</PortalText>
                        </span>
                      )}
                    </th>
                    <td className={styles.emailCell}>
                      <PortalText>{row.member.email ?? ''}</PortalText>
                    </td>
                    <td className={styles.productCell}>
                      <PortalText>{nameOf(row.product)}</PortalText>
                    </td>
                    {columns.map((column) => (
                      <td key={column.header} className={column.number ? styles.number : undefined}>
                        {column.show(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {rows.length > FIRST_ROWS && (
            <Button kind="quiet" aria-expanded={all} onClick={() => setAll(!all)}>
              {all ? t.showFewer : formatMessage(t.showAllRows, { count: rows.length })}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
