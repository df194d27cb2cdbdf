import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { displayName, useKnownUser } from '../../api/known-users.ts';
import { productQueries } from '../../api/products.ts';
import type { Take } from '../../api/schemas/take.ts';
import { takeQueries } from '../../api/takes.ts';
import { ApiErrorNotice } from '../../components/api-error-notice.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { PortalText } from '../../components/portal-text.tsx';
import { QueryLoading } from '../../components/query-loading.tsx';
import { fill, useFormat, useMessages } from '../../lib/i18n.tsx';
import { takeMessages } from './messages.ts';
import { parseRecordId } from './parse-id.ts';
import { takeDurationMinutes } from './take-duration.ts';
import styles from './take-page.module.css';

export function TakePage() {
  const { id } = useParams();
  const takeId = parseRecordId(id);
  if (takeId === null) return <TakeNotFound id={id ?? ''} />;
  return <TakeView key={takeId} takeId={takeId} />;
}

function TakeNotFound({ id }: { id: string }) {
  const t = useMessages(takeMessages);
  return (
    <NotFound
      title={fill(t.notFoundTitle, { id })}
      body={t.notFoundBody}
      action={
        <Link className="button button-primary" to="/users">
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
  if (isApiError(query.error) && query.error.isNotFound) return <TakeNotFound id={String(takeId)} />;
  if (query.isError) {
    return (
      <section className={styles.page}>
        <h1>{fill(t.takeTitle, { id: takeId })}</h1>
        <ApiErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  if (!query.data) return <QueryLoading label={t.loading} query={query} queryKey={options.queryKey} />;
  return <TakeDetails take={query.data} />;
}

function TakeDetails({ take }: { take: Take }) {
  const t = useMessages(takeMessages);
  const format = useFormat();
  const product = useQuery({ ...productQueries.detail(take.take_product_id), staleTime: 10 * 60_000 });
  const user = useKnownUser(take.take_user_id);
  const productTitle = product.data?.product_i18n_title || product.data?.product_key || null;
  const userName = user ? displayName(user) : '';
  const minutes = takeDurationMinutes(take.take_started_date, take.take_completed_date);
  const status = take.take_completed_date ? 'completed' : take.take_started_date ? 'inProgress' : 'notStarted';
  const statusLabel = { completed: t.completed, inProgress: t.inProgress, notStarted: t.notStarted }[status];

  return (
    <article className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{fill(t.takeTitle, { id: take.take_id })}</p>
        <h1>{productTitle ? <PortalText>{productTitle}</PortalText> : fill(t.takeTitle, { id: take.take_id })}</h1>
        <p className={styles.meta}>
          <span className={`badge ${styles[status]}`}>{statusLabel}</span>
          <Link to={`/users/${take.take_user_id}`}>{userName ? <PortalText>{userName}</PortalText> : fill(t.userFallback, { id: take.take_user_id })}</Link>
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
          <dd>{minutes === null ? <span className={styles.muted}>{t.durationUnknown}</span> : formatDuration(minutes, format.duration, t)}</dd>
        </div>
      </dl>

      <div className={styles.columns}>
        <section aria-labelledby="take-details-title" className="card">
          <h2 id="take-details-title">{t.details}</h2>
          <dl className="properties">
            <dt>{t.product}</dt>
            <dd>
              <Link to={`/products/${take.take_product_id}`}>
                {productTitle ? <PortalText>{productTitle}</PortalText> : fill(t.productFallback, { id: take.take_product_id })}
              </Link>
              {product.isError &&
                (isApiError(product.error) && product.error.isNotFound ? (
                  <span className={styles.muted}> · {t.productMissing}</span>
                ) : (
                  <ApiErrorNotice error={product.error} onRetry={() => void product.refetch()} />
                ))}
            </dd>
            <dt>{t.user}</dt>
            <dd>
              <Link to={`/users/${take.take_user_id}`}>{userName ? <PortalText>{userName}</PortalText> : fill(t.userFallback, { id: take.take_user_id })}</Link>
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
function formatDuration(minutes: number, duration: (minutes: number) => string, t: (typeof takeMessages)['en']): string {
  if (minutes < 1) return t.lessThanMinute;
  const days = Math.floor(minutes / 1440);
  const rest = minutes % 1440;
  if (days === 0) return duration(minutes);
  const dayText = fill(t.days, { days });
  return rest === 0 ? dayText : `${dayText} ${duration(rest)}`;
}
