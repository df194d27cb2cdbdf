import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '#api/errors.ts';
import { usePersonName } from '#components/use-person.ts';
import { productTitle } from '#domain/product-title.ts';
import { productQueries } from '#api/products.ts';
import type { Take } from '#schemas/take.ts';
import { takeQueries } from '#api/takes.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { NotFound } from '#components/not-found.tsx';
import { PortalText } from '#components/portal-text.tsx';
import { RecordStates } from '#components/record-states.tsx';
import { UserLink } from '#components/user-link.tsx';
import { buttonClass } from '#components/button.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { paths } from '#lib/paths.ts';
import { useRouteId } from '#lib/record-id.ts';
import { takeMessages } from './messages.ts';
import { takeDurationMinutes } from './take-duration.ts';
import styles from './take-page.module.css';

export function TakePage() {
  const { raw, id } = useRouteId();
  if (id === null) return <TakeNotFound id={raw} />;
  return <TakeView key={id} takeId={id} />;
}

function TakeNotFound({ id }: { id: string }) {
  const t = useMessages(takeMessages);
  return (
    <NotFound
      title={fill(t.notFoundTitle, { id })}
      body={t.notFoundBody}
      action={
        <Link className={buttonClass('primary')} to={paths.users()}>
          {t.findUser}
        </Link>
      }
    />
  );
}

function TakeView({ takeId }: { takeId: number }) {
  const t = useMessages(takeMessages);
  const options = takeQueries.detail(takeId);
  const query = useQuery(options);
  return (
    <RecordStates
      query={query}
      queryKey={options.queryKey}
      loading={t.loading}
      errorTitle={fill(t.takeTitle, { id: takeId })}
      notFound={<TakeNotFound id={String(takeId)} />}
    >
      {(take) => <TakeDetails take={take} />}
    </RecordStates>
  );
}

function TakeDetails({ take }: { take: Take }) {
  const t = useMessages(takeMessages);
  const format = useFormat();
  const product = useQuery({ ...productQueries.detail(take.take_product_id), staleTime: 10 * 60_000 });
  const user = usePersonName(take.take_user_id);
  const title = product.data ? productTitle(product.data) : null;
  const minutes = takeDurationMinutes(take.take_started_date, take.take_completed_date);
  const status = take.take_completed_date ? 'completed' : take.take_started_date ? 'inProgress' : 'notStarted';
  const statusLabel = { completed: t.completed, inProgress: t.inProgress, notStarted: t.notStarted }[status];

  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{fill(t.takeTitle, { id: take.take_id })}</p>
        <h1>{title ? <PortalText>{title}</PortalText> : fill(t.takeTitle, { id: take.take_id })}</h1>
        <p className={styles.meta}>
          <span className={`badge ${styles[status]}`}>{statusLabel}</span>
          <UserLink userId={take.take_user_id} />
        </p>
      </header>

      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{t.score}</dt>
          <dd>{format.score(take.take_score, t.notScored)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t.status}</dt>
          <dd>{statusLabel}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t.duration}</dt>
          <dd>
            {status === 'inProgress' ? (
              // Not a missing value: the take is going on.
              fill(t.inProgressSince, { date: format.date(take.take_started_date) })
            ) : minutes === null ? (
              <span className={styles.muted}>{status === 'notStarted' ? t.notStarted : t.durationUnknown}</span>
            ) : (
              formatDuration(minutes, format.duration, t)
            )}
          </dd>
        </div>
      </dl>

      <div className={styles.columns}>
        <section aria-labelledby="take-details-title" className="card">
          <h2 id="take-details-title">{t.details}</h2>
          <dl className="properties">
            <dt>{t.product}</dt>
            <dd>
              <Link to={paths.product(take.take_product_id)}>
                {title ? <PortalText>{title}</PortalText> : fill(t.productFallback, { id: take.take_product_id })}
              </Link>
              {product.isError &&
                (isApiError(product.error) && product.error.isNotFound ? (
                  <span className={styles.muted}> · {t.productMissing}</span>
                ) : (
                  <ApiErrorNotice
                    title={t.productLoadFailed}
                    error={product.error}
                    onRetry={() => void product.refetch()}
                  />
                ))}
            </dd>
            <dt>{t.user}</dt>
            <dd>
              <UserLink userId={take.take_user_id} />
              {user?.user_organisation_identifier && (
                <span className={styles.identifier}>
                  {' · '}
                  <PortalText>{user.user_organisation_identifier}</PortalText>
                </span>
              )}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="take-dates-title" className="card">
          <h2 id="take-dates-title">{t.timeline}</h2>
          <dl className="properties">
            <dt>{t.started}</dt>
            <dd>{format.dateTime(take.take_started_date, t.notStarted)}</dd>
            <dt>{t.completedDate}</dt>
            <dd>{format.dateTime(take.take_completed_date, take.take_started_date ? t.inProgress : '—')}</dd>
            <dt>{t.created}</dt>
            <dd>{format.dateTime(take.take_created_date)}</dd>
            <dt>{t.updated}</dt>
            <dd>{format.dateTime(take.take_updated_date)}</dd>
          </dl>
        </section>
      </div>
    </article>
  );
}

/** Minutes as "2 h 5 min", days first beyond a day, "less than a minute" under one. */
function formatDuration(
  minutes: number,
  duration: (minutes: number) => string,
  t: (typeof takeMessages)['en'],
): string {
  if (minutes < 1) return t.lessThanMinute;
  const days = Math.floor(minutes / 1440);
  const rest = minutes % 1440;
  if (days === 0) return duration(minutes);
  const dayText = fill(t.days, { days });
  return rest === 0 ? dayText : `${dayText} ${duration(rest)}`;
}
