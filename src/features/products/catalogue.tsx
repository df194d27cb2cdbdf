// The catalogue: the products referenced by availability groups, as a virtualised list whose
// rows fetch their product when they scroll into view (six requests at most in flight).
// Filters by type and status apply to the products loaded so far: every product at once when the
// dashboard server gathered the catalogue for the organisation.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { catalogueProgressNow, catalogueQueries, refreshCatalogue, subscribeCatalogueProgress } from '#api/products.ts';
import type { Product } from '#schemas/product.ts';
import { ApiErrorNotice } from '#components/api-error-notice.tsx';
import { QueryLoading } from '#components/query-loading.tsx';
import { Button } from '#components/button.tsx';
import { fill, useFormat, useMessages } from '#lib/i18n.tsx';
import { useMessageFormat } from '#lib/message-format.ts';
import { CatalogueRow } from './catalogue-row.tsx';
import { productMessages, type ProductMessages } from './messages.ts';
import { useLoadedProducts } from './use-loaded-products.ts';
import { productTypeLabel, statusLabel } from '#components/product-values.ts';
import styles from './products-page.module.css';

const ROW_HEIGHT = 72;

export function Catalogue() {
  const t = useMessages(productMessages);
  const options = catalogueQueries.productIds();
  const query = useQuery(options);
  if (query.isPending)
    return (
      <>
        <GatheringProgress />
        <QueryLoading label={t.catalogueFinding} query={query} queryKey={options.queryKey} />
      </>
    );
  if (query.isError)
    return <ApiErrorNotice title={t.catalogueFailed} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      {query.data.gatheredAt && <SharedCatalogueStatus gatheredAt={query.data.gatheredAt} busy={query.isFetching} />}
      {query.data.ids.length === 0 ? (
        <p className={styles.empty}>{t.catalogueEmpty}</p>
      ) : (
        <CatalogueList ids={query.data.ids} everyProductLoaded={query.data.gatheredAt !== null} />
      )}
    </>
  );
}

/** The dashboard server gathering the catalogue for the organisation: how far it is. */
function GatheringProgress() {
  const t = useMessages(productMessages);
  const format = useFormat();
  const progress = useSyncExternalStore(subscribeCatalogueProgress, catalogueProgressNow);
  const id = useId();
  if (!progress || progress.total === null) return null;
  return (
    <div className={styles.gathering}>
      <label htmlFor={id}>
        {fill(t.catalogueGathering, { loaded: format.number(progress.loaded), total: format.number(progress.total) })}
      </label>
      <progress id={id} max={Math.max(1, progress.total)} value={progress.loaded} />
    </div>
  );
}

/** The catalogue's age, as the dashboard server gathered it, and a way to gather it again. */
function SharedCatalogueStatus({ gatheredAt, busy }: { gatheredAt: string; busy: boolean }) {
  const t = useMessages(productMessages);
  const format = useFormat();
  const queryClient = useQueryClient();
  return (
    <div className={styles.sharedStatus}>
      <p className="hint">{fill(t.catalogueShared, { time: format.dateTime(gatheredAt) })}</p>
      <Button kind="quiet" disabled={busy} onClick={() => void refreshCatalogue(queryClient)}>
        {t.catalogueRefresh}
      </Button>
      {busy && <GatheringProgress />}
    </div>
  );
}

function useCatalogueFilters() {
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return {
    type: params.get('catalogue.type') ?? '',
    status: params.get('catalogue.status') ?? '',
    setType: (value: string) => set('catalogue.type', value),
    setStatus: (value: string) => set('catalogue.status', value),
  };
}

function CatalogueList({ ids, everyProductLoaded }: { ids: number[]; everyProductLoaded: boolean }) {
  const t = useMessages(productMessages);
  const formatMessage = useMessageFormat();
  const queryClient = useQueryClient();
  const filters = useCatalogueFilters();
  const [loadingAll, setLoadingAll] = useState(false);
  const { products, version } = useLoadedProducts();
  const filtering = filters.type !== '' || filters.status !== '';
  // Recomputed when a product loads (at most once a frame) or a filter changes, not on every render.
  const { loadedProducts, visibleIds } = useMemo(() => {
    const loaded = ids.flatMap((id) => {
      const product = products.get(id);
      return product ? [product] : [];
    });
    const matching = (p: Product) =>
      (!filters.type || p.product_type_id === filters.type) && (!filters.status || p.product_status === filters.status);
    return { loadedProducts: loaded, visibleIds: filtering ? loaded.filter(matching).map((p) => p.product_id) : ids };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the map's content
  }, [ids, products, version, filtering, filters.type, filters.status]);
  const missing = ids.length - loadedProducts.length;

  const loadRemaining = () => {
    setLoadingAll(true);
    const have = new Set(loadedProducts.map((p) => p.product_id));
    const pending = ids.filter((id) => !have.has(id));
    void Promise.all(pending.map((id) => queryClient.prefetchQuery(catalogueQueries.product(id)))).finally(() =>
      setLoadingAll(false),
    );
  };

  return (
    <div className={styles.catalogue}>
      <div className={styles.catalogueBar}>
        <p className={styles.count}>
          {formatMessage(t.catalogueCount, { total: ids.length, loaded: loadedProducts.length })}
        </p>
        <FilterSelect
          label={t.filterType}
          value={filters.type}
          onChange={filters.setType}
          options={distinct(loadedProducts, 'product_type_id', filters.type, (v) => productTypeLabel(v, t))}
          t={t}
        />
        <FilterSelect
          label={t.filterStatus}
          value={filters.status}
          onChange={filters.setStatus}
          options={distinct(loadedProducts, 'product_status', filters.status, (v) => statusLabel(v, t))}
          t={t}
        />
      </div>
      <p className="hint">{everyProductLoaded ? t.filterHintAll : t.filterHint}</p>
      {filtering && (
        <div className={`notice notice-info ${styles.filterNotice}`} role="status">
          <p>
            {missing > 0
              ? formatMessage(t.filterMatches, { shown: visibleIds.length, missing })
              : formatMessage(t.filterAllLoaded, { shown: visibleIds.length })}
          </p>
          <div className={styles.filterButtons}>
            {missing > 0 && (
              <Button onClick={loadRemaining} disabled={loadingAll}>
                {loadingAll ? t.loadingRemaining : formatMessage(t.loadRemaining, { n: missing })}
              </Button>
            )}
            <Button
              kind="quiet"
              onClick={() => {
                filters.setType('');
                filters.setStatus('');
              }}
            >
              {t.clearFilters}
            </Button>
          </div>
        </div>
      )}
      {visibleIds.length === 0 ? (
        <p className={styles.empty}>{t.noMatch}</p>
      ) : (
        <VirtualList ids={visibleIds} label={t.catalogueList} />
      )}
    </div>
  );
}

// Memoised: a product loading re-renders its own row, not the whole list.
const VirtualList = memo(function VirtualList({ ids, label }: { ids: number[]; label: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read only in this render
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
  });
  return (
    <div ref={scrollRef} className={styles.scroller} data-testid="catalogue-scroller">
      <ul aria-label={label} className={styles.list} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index] ?? 0;
          return (
            <li
              key={id}
              className={styles.row}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              aria-setsize={ids.length}
              aria-posinset={item.index + 1}
            >
              <CatalogueRow id={id} />
            </li>
          );
        })}
      </ul>
    </div>
  );
});

interface Option {
  value: string;
  label: string;
}

function distinct(
  products: Product[],
  field: 'product_type_id' | 'product_status',
  current: string,
  label: (v: string) => string,
): Option[] {
  const values = new Set<string>();
  for (const product of products) {
    const value = product[field];
    if (value) values.add(value);
  }
  if (current) values.add(current);
  return [...values].map((value) => ({ value, label: label(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Option[];
  t: ProductMessages;
}) {
  return (
    <label className={styles.filter}>
      <span>{props.label}</span>
      <select value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        <option value="">{props.t.filterAll}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
